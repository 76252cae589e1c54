/**
 * Log files on the local stack: a folder of its data directory (`<data dir>/logs/`), filled by
 * the local gateway's upload path and read by its download path (`lib/local/log-files.ts`). As S3's
 * presigned URLs, each URL carries a token (`tokens.ts`) that grants one thing: one method (upload
 * or download) on one key (one log request of one charger), until it expires, signed with
 * `LOG_URL_SECRET` (random, kept in the folder: {@link localUrlSecret}).
 */
import { link, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { localSecretFile } from '../local-secret-file';
import { isStorageKey, type LogStorage } from './log-storage';
import { signToken, uploadUrlOf } from './tokens';

/** Where the local storage keeps files and how it signs URLs. */
export interface LocalStorageConfig {
  /** The folder under the data directory. */
  dir: string;
  /** The local gateway's URL (`http://127.0.0.1:3000`). */
  baseUrl: string;
  secret: string;
}

/** The file of `key` under `dir` (keys are digits and slashes only: no way out of `dir`). */
export function localPathOf(dir: string, key: string): string {
  if (!isStorageKey(key)) throw new RangeError(`not a log storage key: ${key}`);
  return join(dir, key);
}

/**
 * Stores `body` under `key` unless a file is there already: written to a temporary file, then
 * hard-linked to its name, which fails when the name exists (so a reader never sees half a file,
 * and of two uploads of one key only the first is kept).
 * @returns false when a file was already stored under `key` (nothing written)
 */
export async function storeLocalFile(dir: string, key: string, body: Buffer): Promise<boolean> {
  const path = localPathOf(dir, key);
  await mkdir(dirname(path), { recursive: true });
  const partial = `${path}.partial-${process.pid}-${Date.now()}`;
  await writeFile(partial, body);
  try {
    await link(partial, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await rm(partial, { force: true });
  }
}

/** The local storage of `config`. */
export function localLogStorage(config: LocalStorageConfig): LogStorage {
  return {
    uploadUrl: async (key, expiresIn) => uploadUrlOf(config.baseUrl, config.secret, key, expiresIn),
    downloadUrl: async (key, expiresIn, fileName) =>
      `${config.baseUrl}/downloads/${signToken(config.secret, 'download', key, expiresIn, fileName)}`,
    async stat(key) {
      try {
        const info = await stat(localPathOf(config.dir, key));
        return { sizeBytes: info.size, storedAt: info.mtime.toISOString() };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
  };
}

/** The file of `dir` holding its URL secret (kept with the files, so links outlive a restart and the CLI can sign). */
export const SECRET_FILE = '.url-secret';

/** The URL secret of a local log folder: read from {@link SECRET_FILE}, or made (32 random bytes) and written there (mode 600). */
export async function localUrlSecret(dir: string): Promise<string> {
  return localSecretFile(join(dir, SECRET_FILE));
}
