/**
 * The upload function's write of a log file to S3 (`lib/aws/charger-logs.ts`): a file a charger
 * sent to our short upload URL (docs/charger-logs.md, "URL length"). Apart from the S3 log storage
 * (`s3-storage.ts`, URLs and HeadObject with the SigV4 signer alone) because a PutObject with a body
 * and a conditional write is the S3 client's work, and only the upload function's bundle holds it.
 */
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { localEndpointConfig, processClient } from '../aws-clients';

/** The process's S3 client (`S3_ENDPOINT` points it elsewhere, e.g. a local S3 for tests). */
const s3 = /* @__PURE__ */ processClient(
  () => process.env.S3_ENDPOINT,
  (endpoint) => new S3Client(endpoint ? { ...localEndpointConfig(endpoint), forcePathStyle: true } : {}),
);

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
