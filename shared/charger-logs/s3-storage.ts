/**
 * Log files in S3 (`lib/aws/charger-logs.ts`: a private, encrypted bucket whose objects
 * expire): the charger uploads with HTTP PUT to a presigned PutObject URL, and the API hands out
 * presigned GetObject URLs. Presigning is local (no request to S3): it signs with the function's
 * role credentials, so the function needs `s3:PutObject` (upload URLs) or `s3:GetObject`
 * (download URLs) on the objects itself. `stat` is a HeadObject (`s3:GetObject`).
 *
 * Without the S3 client: the URLs are presigned, and the HeadObject signed, by the SDK's own SigV4
 * signer (`@smithy/signature-v4`, as the S3 client's presigner does it: S3's unescaped path, an
 * unsigned payload), and the HeadObject is sent with `fetch`. The S3 client with its middleware and
 * checksums is 150–170 KiB of a bundle (its XML protocol and middleware with it), and the functions that read operations, settle them or
 * ask chargers for logs would hold it for these three requests (docs/architecture.md, "Runtime");
 * the signer is in every bundle already (the DynamoDB client signs with it). The URLs are the ones
 * the S3 client's presigner makes, to the byte (`test/unit/charger-logs/storage.test.ts`).
 *
 * A presigned URL carries the role's session token and is then longer than 2.0.1's 512
 * characters; when the charger takes less than the presigned URL's length, and short uploads are
 * configured, the upload URL is ours instead: `https://<domain>/uploads/<token>`, taken by the
 * upload function, which writes the object itself (`putLogObject` of `s3-upload.ts`;
 * docs/charger-logs.md, "URL length").
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';
import { Sha256 } from '@smithy/core/checksum';
import { buildQueryString } from '@smithy/core/protocols';
import { SignatureV4 } from '@smithy/signature-v4';
import { localEndpointConfig } from '../aws-clients';
import { withRetry } from '../db/retry';
import type { LogStorage } from './log-storage';
import { uploadUrlOf } from './tokens';

/** Where and as whom the storage reaches S3. */
export interface S3Access {
  /** The bucket's region (the function's own, `AWS_REGION`). */
  region: string;
  /** The function's role credentials (from its environment, as every Lambda function gets them). */
  credentials: ConstructorParameters<typeof SignatureV4>[0]['credentials'];
  /** Another S3 (e.g. a local one for tests), addressed path-style: `<endpoint>/<bucket>/<key>`. */
  endpoint?: string;
}

/**
 * A Lambda function's access: `S3_ENDPOINT` (with the local stand-in credentials), else AWS's S3 in
 * `AWS_REGION` with the role credentials of the environment. The operator CLI, which runs with a
 * profile's, gives its own (`bin/admin-logs.ts`).
 */
export function processS3Access(): S3Access {
  const endpoint = process.env.S3_ENDPOINT;
  if (endpoint) return localEndpointConfig(endpoint);
  return { region: process.env.AWS_REGION ?? 'us-east-1', credentials: fromEnv() };
}

/** Our short upload URLs, issued when a presigned one is too long for the charger. */
export interface ShortUploads {
  /** `https://<the CloudFront domain, or the custom domain>` (no trailing slash). */
  baseUrl: string;
  /** The URL secret (`url-secret.ts`). */
  secret: () => Promise<string>;
}

/** The SHA-256 S3 is told for a presigned URL (the body is the charger's or S3's, not signed). */
const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';

/** One object's request as the signer takes it: virtual-hosted on AWS (`<bucket>.s3.<region>.amazonaws.com`). */
function objectRequest(access: S3Access, bucket: string, key: string, method: string, query: Record<string, string>) {
  const url = new URL(
    access.endpoint
      ? `${access.endpoint.replace(/\/+$/, '')}/${bucket}/${key}`
      : `https://${bucket}.s3.${access.region}.amazonaws.com/${key}`,
  );
  return {
    method,
    protocol: url.protocol,
    hostname: url.hostname,
    ...(url.port ? { port: Number(url.port) } : {}),
    path: url.pathname,
    query,
    headers: { host: url.host } as Record<string, string>,
  };
}

/** S3's SigV4 signer: the path is signed as it is sent (S3 does not escape it twice). */
const signerOf = (access: S3Access) =>
  new SignatureV4({
    service: 's3',
    region: access.region,
    sha256: Sha256,
    credentials: access.credentials,
    uriEscapePath: false,
    applyChecksum: true,
  });

/** A presigned URL of one object's request, as `getSignedUrl` of `@aws-sdk/s3-request-presigner` makes it. */
async function presignedUrl(
  access: S3Access,
  bucket: string,
  key: string,
  method: 'GET' | 'PUT',
  query: Record<string, string>,
  expiresIn: number,
): Promise<string> {
  const request = objectRequest(access, bucket, key, method, query);
  // Hoisted into the query as the presigner hoists it (its case is the presigner's: it is signed).
  request.headers['X-Amz-Content-Sha256'] = UNSIGNED_PAYLOAD;
  const signed = await signerOf(access).presign(request, {
    expiresIn,
    unsignableHeaders: new Set(['content-type']),
  });
  return `${urlOf(signed)}?${buildQueryString(signed.query ?? {})}`;
}

/** A signed request's URL without its query. */
function urlOf(request: { protocol: string; hostname: string; port?: number; path: string }): string {
  return `${request.protocol}//${request.hostname}${request.port ? `:${request.port}` : ''}${request.path}`;
}

/** The error of an S3 answer that is not a success: the operation, the HTTP status and S3's error code. */
function s3StatusError(what: string, response: Response): Error {
  return new Error(`${what}: HTTP ${response.status} ${response.headers.get('x-amz-error-code') ?? ''}`.trim());
}

/** How long one HeadObject may take, ms: a hung connection is given up and tried again, not waited on for minutes. */
const HEAD_TIMEOUT_MS = 3000;

/**
 * A HeadObject's answer, sent again (twice at most, after about 100 then 200 ms) on a network
 * error, a timeout or S3's 5xx (503 SlowDown included), as the S3 client's standard retries would: a read of
 * an operation should not fail on one S3 hiccup. Through the project's one retry helper.
 * @returns the first answer under 500
 * @throws Error naming the HTTP status after the last 5xx, or the last network error
 */
function withS3Retries(what: string, send: () => Promise<Response>): Promise<Response> {
  return withRetry(
    async () => {
      const response = await send();
      if (response.status >= 500) throw s3StatusError(what, response);
      return response;
    },
    { retries: 2, minTimeoutMs: 100, maxTimeoutMs: 400 },
  );
}

/**
 * The storage of one bucket.
 * @param access where and as whom, read for each request (tests pass fixed credentials; the CLI its
 *   profile's, resolved by the SDK) @default {@link processS3Access}
 * @param shortUploads when given, an upload URL for a charger that takes fewer characters than the
 *   presigned URL has is our short one; without, the presigned URL whatever its length
 */
export function s3LogStorage(
  bucket: string,
  access: () => S3Access | Promise<S3Access> = processS3Access,
  shortUploads?: ShortUploads,
): LogStorage {
  return {
    async uploadUrl(key, expiresIn, maxLength) {
      const presigned = await presignedUrl(await access(), bucket, key, 'PUT', { 'x-id': 'PutObject' }, expiresIn);
      if (!shortUploads || maxLength === undefined || presigned.length <= maxLength) return presigned;
      return uploadUrlOf(shortUploads.baseUrl, await shortUploads.secret(), key, expiresIn);
    },
    downloadUrl: async (key, expiresIn, fileName) =>
      presignedUrl(
        await access(),
        bucket,
        key,
        'GET',
        {
          ...(fileName
            ? { 'response-content-disposition': `attachment; filename="${fileName.replace(/["\\\r\n]/g, '_')}"` }
            : {}),
          'x-id': 'GetObject',
        },
        expiresIn,
      ),
    async stat(key) {
      const target = await access();
      const request = objectRequest(target, bucket, key, 'HEAD', {});
      const signed = await signerOf(target).sign(request);
      const what = `HeadObject ${bucket}/${key}`;
      const response = await withS3Retries(what, () =>
        fetch(urlOf(signed), { method: 'HEAD', headers: signed.headers, signal: AbortSignal.timeout(HEAD_TIMEOUT_MS) }),
      );
      if (response.status === 404) return undefined;
      if (!response.ok) throw s3StatusError(what, response);
      const lastModified = response.headers.get('last-modified');
      return {
        sizeBytes: Number(response.headers.get('content-length') ?? 0),
        storedAt: (lastModified ? new Date(lastModified) : new Date()).toISOString(),
      };
    },
  };
}
