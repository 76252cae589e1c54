/**
 * Secrets of the local stack: random values kept in files of its data folder, so that what they
 * sign or encrypt outlives a restart (AWS keeps them in Secrets Manager: `secret-value.ts`). Used by
 * the log upload URLs' secret and the webhook secrets' key.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * A local secret kept in the file `path`: read from it, or made (32 random bytes, base64url) and
 * written there (mode 600, its folder created) when it does not exist yet.
 * @returns the secret (the file's content, trimmed)
 * @throws the file system's error other than a missing file
 */
export async function localSecretFile(path: string): Promise<string> {
  try {
    return (await readFile(path, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dirname(path), { recursive: true });
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
