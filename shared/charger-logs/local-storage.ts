/**
 * Log files on the local stack: a folder of its data directory (`<data dir>/logs/`), filled by
 * the local gateway's upload path and read by its download path (`lib/local/log-files.ts`). As S3's
 * presigned URLs, each URL carries a token that grants one thing: one method (upload or download)
 * on one key (one log request of one charger), until it expires. The token is
 * `<payload>.<signature>`, base64url, signed with HMAC-SHA256 and `LOG_URL_SECRET` (random, kept
 * in the folder: {@link localUrlSecret}): unguessable, and nothing in it can be changed without the secret.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { isStorageKey, type LogStorage } from './log-storage';

/** What a token grants: `upload` (PUT or POST) or `download` (GET). */
export type TokenPurpose = 'upload' | 'download';

/** A token's content. */
interface TokenPayload {
  /** purpose */
  p: TokenPurpose;
  /** key */
  k: string;
  /** expiry, epoch seconds */
  e: number;
  /** download file name */
  n?: string;
}

/** Where the local storage keeps files and how it signs URLs. */
export interface LocalStorageConfig {
  /** The folder under the data directory. */
  dir: string;
  /** The local gateway's URL (`http://127.0.0.1:3000`). */
  baseUrl: string;
  secret: string;
}

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

/** A token granting `purpose` on `key` for `expiresInSeconds`. */
export function signToken(
  secret: string,
  purpose: TokenPurpose,
  key: string,
  expiresInSeconds: number,
  fileName?: string,
): string {
  const payload: TokenPayload = { p: purpose, k: key, e: Math.floor(Date.now() / 1000) + expiresInSeconds };
  if (fileName) payload.n = fileName;
  const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${encoded}.${sign(secret, encoded)}`;
}

/**
 * What a token grants, if it is ours, for `purpose`, and not expired.
 * @returns the key (and the download's file name); undefined for any other token
 */
export function verifyToken(
  secret: string,
  token: string,
  purpose: TokenPurpose,
  now = Date.now(),
): { key: string; fileName?: string } | undefined {
  const [encoded, signature, extra] = token.split('.');
  if (!encoded || !signature || extra !== undefined) return undefined;
  const expected = Buffer.from(sign(secret, encoded));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  let payload: TokenPayload;
  try {
    payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as TokenPayload;
  } catch {
    return undefined;
  }
  if (payload.p !== purpose || typeof payload.k !== 'string' || !isStorageKey(payload.k)) return undefined;
  if (typeof payload.e !== 'number' || payload.e * 1000 < now) return undefined;
  return { key: payload.k, ...(payload.n ? { fileName: payload.n } : {}) };
}

/** The file of `key` under `dir` (keys are digits and slashes only: no way out of `dir`). */
export function localPathOf(dir: string, key: string): string {
  if (!isStorageKey(key)) throw new RangeError(`not a log storage key: ${key}`);
  return join(dir, key);
}

/** Stores `body` under `key` (written to a temporary file, then renamed: a reader never sees half a file). */
export async function storeLocalFile(dir: string, key: string, body: Buffer): Promise<void> {
  const path = localPathOf(dir, key);
  await mkdir(dirname(path), { recursive: true });
  const partial = `${path}.partial-${process.pid}-${Date.now()}`;
  await writeFile(partial, body);
  await rename(partial, path);
}

/** The local storage of `config`. */
export function localLogStorage(config: LocalStorageConfig): LogStorage {
  return {
    uploadUrl: async (key, expiresIn) =>
      `${config.baseUrl}/uploads/${signToken(config.secret, 'upload', key, expiresIn)}`,
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
  const path = join(dir, SECRET_FILE);
  try {
    return (await readFile(path, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    await writeFile(path, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    // Made meanwhile by another process: theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return (await readFile(path, 'utf8')).trim();
    throw error;
  }
}
