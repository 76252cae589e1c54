/**
 * Where chargers' log files are kept (docs/charger-logs.md): on AWS a private S3 bucket, the
 * charger uploading to a presigned S3 PUT URL and the API handing out presigned GET URLs
 * (`s3-storage.ts`); on the local stack a folder of its data directory, the charger uploading to a
 * path of the local gateway with a signed, expiring token (`local-storage.ts`). Chosen by the
 * environment: `LOG_BUCKET_NAME` (AWS), else `LOG_DIR` with `LOG_UPLOAD_BASE_URL` and
 * `LOG_URL_SECRET` (the local stack sets them).
 */
import { localLogStorage } from './local-storage';
import type { LogStorage } from './log-storage';
import { s3LogStorage } from './s3-storage';

export { isStorageKey, storageKeyOf, type LogStorage, type StoredFile } from './log-storage';

/** Thrown when neither `LOG_BUCKET_NAME` nor `LOG_DIR` is set. */
export class LogStorageNotConfiguredError extends Error {
  constructor() {
    super('No log storage is configured: set LOG_BUCKET_NAME (AWS) or LOG_DIR, LOG_UPLOAD_BASE_URL and LOG_URL_SECRET');
  }
}

/**
 * The storage the environment names, read on each call (the local stack sets it after start).
 * @throws LogStorageNotConfiguredError when none is
 */
export function logStorage(): LogStorage {
  const bucket = process.env.LOG_BUCKET_NAME;
  if (bucket) return s3LogStorage(bucket);
  const { LOG_DIR: dir, LOG_UPLOAD_BASE_URL: baseUrl, LOG_URL_SECRET: secret } = process.env;
  if (dir && baseUrl && secret) return localLogStorage({ dir, baseUrl, secret });
  throw new LogStorageNotConfiguredError();
}
