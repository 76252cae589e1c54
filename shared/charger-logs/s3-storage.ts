/**
 * Log files in S3 (`lib/aws/charger-logs.ts`: a private, encrypted bucket whose objects
 * expire): the charger uploads with HTTP PUT to a presigned PutObject URL, and the API hands out
 * presigned GetObject URLs. Presigning is local (no request to S3): it signs with the function's
 * role credentials, so the function needs `s3:PutObject` (upload URLs) or `s3:GetObject`
 * (download URLs) on the objects itself. `stat` is a HeadObject (`s3:GetObject`).
 *
 * A presigned URL carries the role's session token and is then longer than 2.0.1's 512
 * characters; when the charger takes less than the presigned URL's length, and short uploads are
 * configured, the upload URL is ours instead: `https://<domain>/uploads/<token>`, taken by the
 * upload function, which writes the object itself ({@link putLogObject}; docs/charger-logs.md,
 * "URL length").
 */
import { GetObjectCommand, HeadObjectCommand, NotFound, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { localEndpointConfig, processClient } from '../aws-clients';
import type { LogStorage } from './log-storage';
import { uploadUrlOf } from './tokens';

/** The process's S3 client (`S3_ENDPOINT` points it elsewhere, e.g. a local S3 for tests). */
const s3 = /* @__PURE__ */ processClient(
  () => process.env.S3_ENDPOINT,
  (endpoint) => new S3Client(endpoint ? { ...localEndpointConfig(endpoint), forcePathStyle: true } : {}),
);

/** Our short upload URLs, issued when a presigned one is too long for the charger. */
export interface ShortUploads {
  /** `https://<the CloudFront domain, or the custom domain>` (no trailing slash). */
  baseUrl: string;
  /** The URL secret (`url-secret.ts`). */
  secret: () => Promise<string>;
}

/**
 * The storage of one bucket.
 * @param client the S3 client (tests pass one with fixed credentials)
 * @param shortUploads when given, an upload URL for a charger that takes fewer characters than the
 *   presigned URL has is our short one; without, the presigned URL whatever its length
 */
export function s3LogStorage(bucket: string, client: () => S3Client = s3, shortUploads?: ShortUploads): LogStorage {
  return {
    async uploadUrl(key, expiresIn, maxLength) {
      const presigned = await getSignedUrl(client(), new PutObjectCommand({ Bucket: bucket, Key: key }), {
        expiresIn,
      });
      if (!shortUploads || maxLength === undefined || presigned.length <= maxLength) return presigned;
      return uploadUrlOf(shortUploads.baseUrl, await shortUploads.secret(), key, expiresIn);
    },
    downloadUrl: (key, expiresIn, fileName) =>
      getSignedUrl(
        client(),
        new GetObjectCommand({
          Bucket: bucket,
          Key: key,
          ...(fileName
            ? { ResponseContentDisposition: `attachment; filename="${fileName.replace(/["\\\r\n]/g, '_')}"` }
            : {}),
        }),
        { expiresIn },
      ),
    async stat(key) {
      try {
        const head = await client().send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return {
          sizeBytes: head.ContentLength ?? 0,
          storedAt: (head.LastModified ?? new Date()).toISOString(),
        };
      } catch (error) {
        if (error instanceof NotFound || (error as { name?: string }).name === 'NotFound') return undefined;
        throw error;
      }
    },
  };
}

/** S3's answers to a create-only PutObject whose key exists (412) or is being written by another (409). */
const KEY_TAKEN = new Set(['PreconditionFailed', 'ConditionalRequestConflict']);

/**
 * Writes a log file to the bucket unless an object is there already (1 PutObject with
 * `If-None-Match: *`, S3's conditional write; `s3:PutObject` on the key): what the upload function
 * does with a file a charger sent to our short upload URL.
 * @returns false when the key already holds an object (nothing written)
 */
export async function putLogObject(
  bucket: string,
  key: string,
  file: Buffer,
  client: () => S3Client = s3,
): Promise<boolean> {
  try {
    await client().send(
      new PutObjectCommand({ Bucket: bucket, Key: key, Body: file, ContentLength: file.length, IfNoneMatch: '*' }),
    );
    return true;
  } catch (error) {
    if (KEY_TAKEN.has((error as { name?: string }).name ?? '')) return false;
    throw error;
  }
}
