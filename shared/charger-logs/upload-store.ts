/**
 * Where the upload function stores what a charger sends to our upload URL (`uploads.ts`), chosen
 * by the environment as `storage.ts` chooses: `LOG_BUCKET_NAME` (AWS: S3 PutObject, the secret from
 * Secrets Manager, the body limit of a Lambda behind API Gateway), else `LOG_DIR` and
 * `LOG_URL_SECRET` (the local stack's data folder).
 */
import { storeLocalFile } from './local-storage';
import { putLogObject } from './s3-upload';
import { LogStorageNotConfiguredError } from './storage';
import type { UploadStore } from './uploads';
import { AWS_UPLOAD_MAX_BYTES, LOCAL_UPLOAD_MAX_BYTES } from './upload-limits';
import { logUrlSecret } from './url-secret';

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
