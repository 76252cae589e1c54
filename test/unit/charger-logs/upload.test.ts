/**
 * The upload function (lambdas/logs/upload.ts) behind our short upload URL: on AWS (S3 PutObject,
 * the secret from Secrets Manager; both SDK clients mocked) and on the local stack (the data
 * folder). A token that grants no upload is 403 and writes nothing; PUT, multipart POST and a file
 * name after the token are stored; a body over the limit is 413 and writes nothing; a token whose
 * file is stored is 410 and replaces nothing.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { handler } from '../../../lambdas/logs/upload';
import { storageKeyOf } from '../../../shared/charger-logs/log-storage';
import { signToken } from '../../../shared/charger-logs/tokens';
import { AWS_UPLOAD_MAX_BYTES } from '../../../shared/charger-logs/upload-limits';
import { MULTIPART_CONTENT_TYPE, multipartBody } from '../../support/multipart';

const KEY = storageKeyOf(3, 42, 1001);
const SECRET = 'the-url-secret';
const BUCKET = 'charger-logs-bucket';
const SECRET_ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:LogUrlSecret-upload-test';

/** An HTTP API event (payload 2.0) as API Gateway makes it: a binary body base64-encoded. */
function eventOf(
  method: string,
  path: string,
  body: Buffer,
  headers: Record<string, string> = { 'content-type': 'application/octet-stream' },
): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: `${method} /uploads/{token}`,
    rawPath: path,
    rawQueryString: '',
    headers,
    requestContext: { http: { method, path } } as APIGatewayProxyEventV2['requestContext'],
    body: body.length ? body.toString('base64') : undefined,
    isBase64Encoded: body.length > 0,
  };
}

const multipart = multipartBody;
const MULTIPART = { 'content-type': MULTIPART_CONTENT_TYPE };

describe('the upload function on AWS', () => {
  const s3 = mockClient(S3Client);
  const secretsManager = mockClient(SecretsManagerClient);

  beforeEach(() => {
    vi.stubEnv('AWS_REGION', 'eu-west-1');
    vi.stubEnv('LOG_BUCKET_NAME', BUCKET);
    vi.stubEnv('LOG_URL_SECRET_ARN', SECRET_ARN);
    vi.stubEnv('LOG_URL_SECRET', '');
    vi.stubEnv('ORIGIN_VERIFY_SECRET', '');
    s3.reset();
    s3.on(PutObjectCommand).resolves({});
    secretsManager.on(GetSecretValueCommand, { SecretId: SECRET_ARN }).resolves({ SecretString: SECRET });
  });
  afterEach(() => vi.unstubAllEnvs());
  afterAll(() => {
    s3.restore();
    secretsManager.restore();
  });

  const put = () => s3.commandCalls(PutObjectCommand).map((call) => call.args[0].input);

  it('stores a PUT body at the key of the token: 201', async () => {
    const token = signToken(SECRET, 'upload', KEY, 60);
    const result = await handler(eventOf('PUT', `/uploads/${token}`, Buffer.from('line 1\nline 2\n')));
    expect(result.statusCode).toBe(201);
    expect(put()).toHaveLength(1);
    expect(put()[0]).toMatchObject({ Bucket: BUCKET, Key: KEY, ContentLength: 14 });
    expect(Buffer.from(put()[0]!.Body as Buffer).toString()).toBe('line 1\nline 2\n');
  });

  it('stores the first file part of a multipart POST, also with a file name after the token', async () => {
    const token = signToken(SECRET, 'upload', KEY, 60);
    const result = await handler(eventOf('POST', `/uploads/${token}/diag.log`, multipart('a\r\nb'), MULTIPART));
    expect(result.statusCode).toBe(201);
    expect(Buffer.from(put()[0]!.Body as Buffer).toString()).toBe('a\r\nb');
  });

  it.each([
    ['expired', () => signToken(SECRET, 'upload', KEY, -1)],
    ['a download token', () => signToken(SECRET, 'download', KEY, 60)],
    ['signed with another secret', () => signToken('another', 'upload', KEY, 60)],
    ['not a token', () => 'garbage'],
  ])('refuses a token %s: 403 problem, nothing stored', async (_, token) => {
    const result = await handler(eventOf('PUT', `/uploads/${token()}`, Buffer.from('x')));
    expect(result.statusCode).toBe(403);
    expect(result.headers?.['content-type']).toBe('application/problem+json');
    expect(JSON.parse(result.body!)).toMatchObject({ type: '/problems/forbidden', status: 403 });
    expect(put()).toHaveLength(0);
  });

  it('refuses a body one byte over 4 MiB: 413 problem naming the limit, nothing stored', async () => {
    const token = signToken(SECRET, 'upload', KEY, 60);
    const result = await handler(eventOf('PUT', `/uploads/${token}`, Buffer.alloc(AWS_UPLOAD_MAX_BYTES + 1, 1)));
    expect(result.statusCode).toBe(413);
    expect(JSON.parse(result.body!)).toMatchObject({
      type: '/problems/payload-too-large',
      detail: `The request body exceeds ${AWS_UPLOAD_MAX_BYTES} bytes`,
    });
    expect(put()).toHaveLength(0);
    const atLimit = await handler(eventOf('PUT', `/uploads/${token}`, Buffer.alloc(AWS_UPLOAD_MAX_BYTES, 1)));
    expect(atLimit.statusCode).toBe(201);
  });

  it('refuses a multipart body with no part: 400 naming body, nothing stored', async () => {
    const token = signToken(SECRET, 'upload', KEY, 60);
    const result = await handler(eventOf('POST', `/uploads/${token}`, Buffer.from('no parts here'), MULTIPART));
    expect(result.statusCode).toBe(400);
    expect(JSON.parse(result.body!).errors).toEqual([{ path: 'body', message: expect.any(String) }]);
    expect(put()).toHaveLength(0);
  });

  it('refuses a request that did not come through CloudFront: 403, nothing stored', async () => {
    vi.stubEnv('ORIGIN_VERIFY_SECRET', 'origin-secret');
    const token = signToken(SECRET, 'upload', KEY, 60);
    expect((await handler(eventOf('PUT', `/uploads/${token}`, Buffer.from('x')))).statusCode).toBe(403);
    const through = { 'content-type': 'text/plain', 'x-origin-verify': 'origin-secret' };
    expect((await handler(eventOf('PUT', `/uploads/${token}`, Buffer.from('x'), through))).statusCode).toBe(201);
    expect(put()).toHaveLength(1);
  });

  it('stores a file once: a replay is 410 and the stored object is not replaced (a create-only PutObject)', async () => {
    const token = signToken(SECRET, 'upload', KEY, 60);
    expect((await handler(eventOf('PUT', `/uploads/${token}`, Buffer.from('first')))).statusCode).toBe(201);
    expect(put()[0]).toMatchObject({ Key: KEY, IfNoneMatch: '*' });
    // S3 refuses a create-only PutObject of a key that exists (412), or racing one in flight (409).
    for (const [name, status] of [
      ['PreconditionFailed', 412],
      ['ConditionalRequestConflict', 409],
    ] as const) {
      s3.on(PutObjectCommand).rejects(Object.assign(new Error(name), { name, $metadata: { httpStatusCode: status } }));
      const replay = await handler(eventOf('PUT', `/uploads/${token}/diag.log`, Buffer.from('replaced')));
      expect(replay.statusCode).toBe(410);
      expect(JSON.parse(replay.body!)).toMatchObject({ type: '/problems/upload-link-used', status: 410 });
    }
  });

  it('reads the secret once per process', () => {
    expect(secretsManager.commandCalls(GetSecretValueCommand)).toHaveLength(1);
  });
});

describe('the upload function on the local stack', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'upload-test-'));
  });
  beforeEach(() => {
    vi.stubEnv('LOG_BUCKET_NAME', '');
    vi.stubEnv('LOG_DIR', dir);
    vi.stubEnv('LOG_URL_SECRET', SECRET);
    vi.stubEnv('ORIGIN_VERIFY_SECRET', '');
  });
  afterEach(() => vi.unstubAllEnvs());
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('stores a multipart POST in the data folder', async () => {
    const token = signToken(SECRET, 'upload', KEY, 60);
    const result = await handler(eventOf('POST', `/uploads/${token}/diag.log`, multipart('local'), MULTIPART));
    expect(result.statusCode).toBe(201);
    expect(await readFile(join(dir, KEY), 'utf8')).toBe('local');
  });

  it('stores a file once: a replay of the token is 410 and the file is untouched', async () => {
    const key = storageKeyOf(3, 42, 1002);
    const token = signToken(SECRET, 'upload', key, 60);
    expect((await handler(eventOf('PUT', `/uploads/${token}`, Buffer.from('first')))).statusCode).toBe(201);
    const replay = await handler(eventOf('POST', `/uploads/${token}/diag.log`, multipart('replaced'), MULTIPART));
    expect(replay.statusCode).toBe(410);
    expect(JSON.parse(replay.body!)).toMatchObject({ type: '/problems/upload-link-used', status: 410 });
    expect(await readFile(join(dir, key), 'utf8')).toBe('first');
    expect((await readdir(join(dir, 'logs/3/42'))).sort()).toEqual(['1001', '1002']);
  });

  it('answers 405 with Allow for another method', async () => {
    const token = signToken(SECRET, 'upload', KEY, 60);
    const result = await handler(eventOf('DELETE', `/uploads/${token}`, Buffer.alloc(0)));
    expect(result.statusCode).toBe(405);
    expect(result.headers?.Allow).toBe('PUT, POST');
  });
});
