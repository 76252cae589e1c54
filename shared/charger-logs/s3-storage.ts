/**
 * Log files in S3 (`lib/constructs/charger-logs.ts`: a private, encrypted bucket whose objects
 * expire): the charger uploads with HTTP PUT to a presigned PutObject URL, and the API hands out
 * presigned GetObject URLs. Presigning is local (no request to S3): it signs with the function's
 * role credentials, so the function needs `s3:PutObject` (upload URLs) or `s3:GetObject`
 * (download URLs) on the objects itself. `stat` is a HeadObject (`s3:GetObject`).
 */
import { GetObjectCommand, HeadObjectCommand, NotFound, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { localEndpointConfig, processClient } from '../aws-clients';
import type { LogStorage } from './log-storage';

/** The process's S3 client (`S3_ENDPOINT` points it elsewhere, e.g. a local S3 for tests). */
const s3 = processClient(
  () => process.env.S3_ENDPOINT,
  (endpoint) => new S3Client(endpoint ? { ...localEndpointConfig(endpoint), forcePathStyle: true } : {}),
);

/** The storage of one bucket. */
export function s3LogStorage(bucket: string, client: () => S3Client = s3): LogStorage {
  return {
    uploadUrl: (key, expiresIn) =>
      getSignedUrl(client(), new PutObjectCommand({ Bucket: bucket, Key: key }), { expiresIn }),
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
