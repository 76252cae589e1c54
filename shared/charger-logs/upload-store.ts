/**
 * Where the upload function stores what a charger sends to our upload URL (`uploads.ts`), chosen
 * by the environment as `storage.ts` chooses: `LOG_BUCKET_NAME` (AWS: S3 PutObject, the secret from
 * Secrets Manager, the body limit of a Lambda behind API Gateway), else `LOG_DIR` and
 * `LOG_URL_SECRET` (the local stack's data folder).
 */
import { storeLocalFile } from './local-storage';
import { putLogObject } from './s3-storage';
import { LogStorageNotConfiguredError } from './storage';
import type { UploadStore } from './uploads';
import { logUrlSecret } from './url-secret';

/**
 * Largest upload body on AWS: 4 MiB (4,194,304 bytes). API Gateway hands a binary body to Lambda
 * base64-encoded (4/3 of its size: 5,592,408 characters), inside an event whose whole JSON must
 * stay within Lambda's synchronous request payload limit of 6 MB (6,291,456 bytes); the 699,048
 * bytes left hold the event's headers (at most 10,240 bytes for the request line and headers, HTTP
 * API quota, repeated in a few fields) and its request context. The edge refuses a larger declared
 * `Content-Length` before it reaches API Gateway (`lib/edge/upload-size-limit.js`).
 */
export const AWS_UPLOAD_MAX_BYTES = 4 * 1024 * 1024;

/** Largest upload body on the local stack (no Lambda payload limit there): 64 MiB. */
export const LOCAL_UPLOAD_MAX_BYTES = 64 * 1024 * 1024;

/**
 * The upload store the environment names, read on each call.
 * @throws LogStorageNotConfiguredError when neither `LOG_BUCKET_NAME` nor `LOG_DIR` with `LOG_URL_SECRET` is set
 */
export function logUploadStore(): UploadStore {
  const bucket = process.env.LOG_BUCKET_NAME;
  if (bucket) {
    return {
      maxBytes: AWS_UPLOAD_MAX_BYTES,
      secret: () => logUrlSecret(),
      put: (key, file) => putLogObject(bucket, key, file),
    };
  }
  const { LOG_DIR: dir, LOG_URL_SECRET: secret } = process.env;
  if (!dir || !secret) throw new LogStorageNotConfiguredError();
  return {
    maxBytes: LOCAL_UPLOAD_MAX_BYTES,
    secret: async () => secret,
    put: (key, file) => storeLocalFile(dir, key, file),
  };
}
