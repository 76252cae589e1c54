/**
 * Where chargers' log files are kept (docs/charger-logs.md): on AWS a private S3 bucket, the
 * charger uploading to a presigned S3 PUT URL, or to our short upload URL when the presigned one is
 * too long for it, and the API handing out presigned GET URLs (`s3-storage.ts`); on the local stack
 * a folder of its data directory, the charger uploading to a path of the local gateway with a
 * signed, expiring token (`local-storage.ts`). Chosen by the environment: `LOG_BUCKET_NAME` (AWS;
 * the S3 storage given by {@link storeLogsInS3}, with `LOG_UPLOAD_BASE_URL` and a reader of the URL
 * secret short upload URLs), else `LOG_DIR` with `LOG_UPLOAD_BASE_URL` and `LOG_URL_SECRET` (the
 * local stack sets them).
 */
import { localLogStorage } from './local-storage';
import type { LogStorage } from './log-storage';
import type { s3LogStorage } from './s3-storage';

export { isStorageKey, storageKeyOf, type LogStorage, type StoredFile } from './log-storage';

/** Thrown when neither `LOG_BUCKET_NAME` nor `LOG_DIR` is set. */
export class LogStorageNotConfiguredError extends Error {
  /** @param reason what is missing @default the environment of either storage */
  constructor(reason = 'set LOG_BUCKET_NAME (AWS) or LOG_DIR, LOG_UPLOAD_BASE_URL and LOG_URL_SECRET') {
    super(`No log storage is configured: ${reason}`);
  }
}

/** The S3 storage of this process, and how it reads the URL secret for short upload URLs. */
let s3: { storage: typeof s3LogStorage; readSecret?: () => Promise<string> } | undefined;

/**
 * Lets this process keep log files in S3 (`LOG_BUCKET_NAME`). Called once by each entry point that
 * issues upload or download URLs or reads what was uploaded (the operation worker, the sweep, the
 * operations' reads, the operator CLI) with `s3LogStorage` (`s3-storage.ts`), the functions granted
 * the S3 actions on the log objects: the functions that ask for operations reach the log kind's
 * code without ever running it, and refuse if they did. With `readSecret` (`logUrlSecret` of `url-secret.ts`; the worker, which
 * signs upload URLs), a presigned upload URL too long for the charger is replaced by our short one
 * (`<LOG_UPLOAD_BASE_URL>/uploads/<token>`), and only that bundle holds the Secrets Manager client.
 * @param storage `s3LogStorage`
 * @param readSecret reads the URL secret (cached by the reader); unset, presigned URLs only
 */
export function storeLogsInS3(storage: typeof s3LogStorage, readSecret?: () => Promise<string>): void {
  s3 = { storage, readSecret };
}

/**
 * The storage the environment names, read on each call (the local stack sets it after start).
 * @throws LogStorageNotConfiguredError when none is, or `LOG_BUCKET_NAME` is set in a process that
 *   was given no S3 storage ({@link storeLogsInS3})
 */
export function logStorage(): LogStorage {
  const { LOG_BUCKET_NAME: bucket, LOG_UPLOAD_BASE_URL: baseUrl } = process.env;
  if (bucket) {
    if (!s3) throw new LogStorageNotConfiguredError('this process keeps no log files in S3 (storeLogsInS3)');
    const { storage, readSecret } = s3;
    return storage(
      bucket,
      undefined,
      baseUrl && readSecret ? { baseUrl: baseUrl.replace(/\/+$/, ''), secret: readSecret } : undefined,
    );
  }
  const { LOG_DIR: dir, LOG_URL_SECRET: secret } = process.env;
  if (dir && baseUrl && secret) return localLogStorage({ dir, baseUrl, secret });
  throw new LogStorageNotConfiguredError();
}
