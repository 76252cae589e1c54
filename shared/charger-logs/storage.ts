/**
 * Where chargers' log files are kept (docs/charger-logs.md): on AWS a private S3 bucket, the
 * charger uploading to a presigned S3 PUT URL, or to our short upload URL when the presigned one is
 * too long for it, and the API handing out presigned GET URLs (`s3-storage.ts`); on the local stack
 * a folder of its data directory, the charger uploading to a path of the local gateway with a
 * signed, expiring token (`local-storage.ts`). Chosen by the environment: `LOG_BUCKET_NAME` (AWS;
 * with `LOG_UPLOAD_BASE_URL` and a reader of the URL secret given by {@link signShortUploadsWith},
 * short upload URLs), else `LOG_DIR` with `LOG_UPLOAD_BASE_URL` and `LOG_URL_SECRET` (the local
 * stack sets them).
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

/** How the S3 storage reads the URL secret for short upload URLs; unset, it issues presigned URLs only. */
let urlSecretReader: (() => Promise<string>) | undefined;

/**
 * Lets the S3 storage issue short upload URLs of ours (`<LOG_UPLOAD_BASE_URL>/uploads/<token>`)
 * when a presigned URL is too long for the charger. Called once by the entry point that signs
 * upload URLs (the operation worker) with `logUrlSecret` (`url-secret.ts`), so that only its bundle
 * holds the Secrets Manager client.
 * @param readSecret reads the URL secret (cached by the reader)
 */
export function signShortUploadsWith(readSecret: () => Promise<string>): void {
  urlSecretReader = readSecret;
}

/**
 * The storage the environment names, read on each call (the local stack sets it after start).
 * @throws LogStorageNotConfiguredError when none is
 */
export function logStorage(): LogStorage {
  const { LOG_BUCKET_NAME: bucket, LOG_UPLOAD_BASE_URL: baseUrl } = process.env;
  if (bucket) {
    return s3LogStorage(
      bucket,
      undefined,
      baseUrl && urlSecretReader ? { baseUrl: baseUrl.replace(/\/+$/, ''), secret: urlSecretReader } : undefined,
    );
  }
  const { LOG_DIR: dir, LOG_URL_SECRET: secret } = process.env;
  if (dir && baseUrl && secret) return localLogStorage({ dir, baseUrl, secret });
  throw new LogStorageNotConfiguredError();
}
