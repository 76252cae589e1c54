import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Sha256 } from '@smithy/core/checksum';
import { SignatureV4 } from '@smithy/signature-v4';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { s3LogStorage, type S3Access } from '../../../shared/charger-logs/s3-storage';
import { localPathOf } from '../../../shared/charger-logs/local-storage';
import { storageKeyOf } from '../../../shared/charger-logs/log-storage';
import { LogStorageNotConfiguredError, logStorage, storeLogsInS3 } from '../../../shared/charger-logs/storage';
import { signToken, verifyToken } from '../../../shared/charger-logs/tokens';
import { firstFilePart } from '../../../shared/charger-logs/multipart';
import { MULTIPART_CONTENT_TYPE, multipartBody } from '../../support/multipart';

const KEY = storageKeyOf(3, 42, 1001);

/** Fixed credentials in eu-west-1: presigning is local, nothing is sent. */
const client = (sessionToken?: string) => (): S3Access => ({
  region: 'eu-west-1',
  credentials: {
    accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
    secretAccessKey: 'secret',
    ...(sessionToken ? { sessionToken } : {}),
  },
});

describe('S3 log storage', () => {
  it('issues a presigned PUT URL for the key only, expiring as asked', async () => {
    const url = new URL(await s3LogStorage('charger-logs-bucket', client()).uploadUrl(KEY, 3600));
    expect(url.hostname).toBe('charger-logs-bucket.s3.eu-west-1.amazonaws.com');
    expect(url.pathname).toBe('/logs/3/42/1001');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('3600');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('host');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(url.searchParams.get('x-id')).toBe('PutObject');
  });

  it('issues a presigned GET URL that names the file', async () => {
    const url = new URL(await s3LogStorage('charger-logs-bucket', client()).downloadUrl(KEY, 900, 'diag "1".zip'));
    expect(url.searchParams.get('response-content-disposition')).toBe('attachment; filename="diag _1_.zip"');
    expect(url.searchParams.get('x-id')).toBe('GetObject');
  });

  it("is within 2.0.1's 512 characters with long-term keys, and past them with a role's session token", async () => {
    // Why the kind checks the length (docs/charger-logs.md, "URL length"): a Lambda role signs with
    // temporary credentials, whose session token travels in the URL.
    const plain = await s3LogStorage('charger-logs-bucket-0123456789ab', client()).uploadUrl(KEY, 3600);
    expect(plain.length).toBeLessThanOrEqual(512);
    const withToken = await s3LogStorage('charger-logs-bucket-0123456789ab', client('T'.repeat(800))).uploadUrl(
      KEY,
      3600,
    );
    expect(withToken.length).toBeGreaterThan(512);
  });
});

describe('S3 log storage, as the S3 client would do it', () => {
  const AT = new Date('2026-12-06T10:20:30.000Z');
  /**
   * The S3 client of the same access, for what its presigner makes: with the checksums S3 requires
   * only, else a presigned PUT carries the CRC32 of the empty body it was signed without, which no
   * charger's file matches (aws-sdk-js-v3 since 3.729: `x-amz-checksum-crc32=AAAAAA==`), and a GET
   * asks for checksum headers (`x-amz-checksum-mode`) that a download in a browser never checks.
   */
  const sdkClient = ({ region, credentials }: S3Access) =>
    new S3Client({
      region,
      credentials,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  afterEach(() => vi.useRealTimers());

  it.each([
    ['eu-west-1, long-term keys', { ...client()(), region: 'eu-west-1' }],
    ['us-east-1, a session token', { ...client('FQoGZXIvYXdzE+/='.repeat(40))(), region: 'us-east-1' }],
  ])('presigns the same PUT and GET URLs as the S3 client, to the byte (%s)', async (_, access) => {
    vi.useFakeTimers({ now: AT, toFake: ['Date'] });
    const storage = s3LogStorage('charger-logs-bucket-0123456789ab', () => access);
    const bucket = { Bucket: 'charger-logs-bucket-0123456789ab', Key: KEY };
    expect(await storage.uploadUrl(KEY, 3600)).toBe(
      await getSignedUrl(sdkClient(access), new PutObjectCommand(bucket), { expiresIn: 3600 }),
    );
    expect(await storage.downloadUrl(KEY, 900, 'diag "1" (ü).zip')).toBe(
      await getSignedUrl(
        sdkClient(access),
        new GetObjectCommand({ ...bucket, ResponseContentDisposition: 'attachment; filename="diag _1_ (ü).zip"' }),
        { expiresIn: 900 },
      ),
    );
    expect(await storage.downloadUrl(KEY, 900)).toBe(
      await getSignedUrl(sdkClient(access), new GetObjectCommand(bucket), { expiresIn: 900 }),
    );
  });

  describe('HeadObject (stat), on a stand-in S3 endpoint', () => {
    let server: Server;
    let endpoint: string;
    /** What the stand-in answers, in turn; the last one for good. */
    let answer: { status: number; headers: Record<string, string> }[];
    const received: IncomingMessage[] = [];
    beforeAll(async () => {
      server = createServer((request, response) => {
        received.push(request);
        const { status, headers } = (answer.length > 1 ? answer.shift() : answer[0])!;
        response.writeHead(status, headers).end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    const storage = () => s3LogStorage('bucket', () => ({ ...client('session')(), endpoint }));

    it('asks for the object path-style, signed as S3 checks it, and reads its size and time', async () => {
      answer = [
        { status: 200, headers: { 'content-length': '1234', 'last-modified': 'Sun, 06 Dec 2026 10:00:00 GMT' } },
      ];
      expect(await storage().stat(KEY)).toEqual({ sizeBytes: 1234, storedAt: '2026-12-06T10:00:00.000Z' });
      const request = received.at(-1)!;
      expect(request.method).toBe('HEAD');
      expect(request.url).toBe(`/bucket/${KEY}`);
      const headers = request.headers as Record<string, string>;
      expect(headers['x-amz-security-token']).toBe('session');
      expect(headers['x-amz-content-sha256']).toBe(createHash('sha256').update('').digest('hex'));
      // What S3 does with the request as it arrived: signs it again with the same key and date.
      const amzDate = headers['x-amz-date']!;
      const signingDate = new Date(
        amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
      );
      const signedHeaders = /SignedHeaders=([^,]+)/.exec(headers.authorization!)![1]!.split(';');
      expect(signedHeaders).toEqual(['host', 'x-amz-content-sha256', 'x-amz-date', 'x-amz-security-token']);
      const expected = await new SignatureV4({
        service: 's3',
        region: 'eu-west-1',
        sha256: Sha256,
        credentials: client('session')().credentials,
        uriEscapePath: false,
      }).sign(
        {
          method: 'HEAD',
          protocol: 'http:',
          hostname: '127.0.0.1',
          path: request.url!,
          query: {},
          headers: Object.fromEntries(signedHeaders.map((name) => [name, headers[name]!])),
        },
        { signingDate },
      );
      expect(headers.authorization).toBe(expected.headers.authorization);
    });

    it('asks again after an S3 error (5xx), as the S3 client would, and throws when every attempt failed', async () => {
      const before = received.length;
      answer = [500, 503, 200].map((status) => ({ status, headers: { 'content-length': '7' } }));
      expect((await storage().stat(KEY))?.sizeBytes).toBe(7);
      expect(received.length - before).toBe(3);
      answer = [500, 500, 500, 200].map((status) => ({ status, headers: {} }));
      await expect(storage().stat(KEY)).rejects.toThrow(/HTTP 500/);
      expect(received.length - before).toBe(6);
    });

    it('answers nothing stored for a 404, and throws for any other refusal', async () => {
      answer = [{ status: 404, headers: {} }];
      expect(await storage().stat(KEY)).toBeUndefined();
      answer = [{ status: 403, headers: { 'x-amz-error-code': 'AccessDenied' } }];
      await expect(storage().stat(KEY)).rejects.toThrow(/HTTP 403 AccessDenied/);
    });
  });
});

describe('S3 log storage, for a charger that takes a short URL (2.0.1: 512 characters)', () => {
  const secret = 'url-secret';
  const shortUploads = { baseUrl: 'https://d1a2b3c4d5e6f7.cloudfront.net', secret: async () => secret };
  const BUCKET = 'chargingnetwork-chargerlogsbucket1a2b3c4d-0123456789ab';
  /** A role's credentials: a session token as long as Lambda's usually are. */
  const roleClient = client('T'.repeat(900));

  it('issues our short URL when the presigned one is longer, its token granting the upload of that key', async () => {
    const storage = s3LogStorage(BUCKET, roleClient, shortUploads);
    expect((await storage.uploadUrl(KEY, 3600)).length).toBeGreaterThan(512);
    const url = await storage.uploadUrl(KEY, 3600, 512);
    expect(url.length).toBeLessThan(512);
    const parsed = new URL(url);
    expect(parsed.origin).toBe(shortUploads.baseUrl);
    const token = /^\/uploads\/([A-Za-z0-9_.-]+)$/.exec(parsed.pathname)?.[1];
    expect(verifyToken(secret, token!, 'upload')).toEqual({ key: KEY });
    expect(verifyToken(secret, token!, 'upload', Date.now() + 3601_000)).toBeUndefined();
  });

  it('leaves room for any domain name (253 characters at most) with the largest keys', async () => {
    // docs/charger-logs.md, "URL length": 161 characters for a typical key on a CloudFront domain.
    const typical = await s3LogStorage(BUCKET, roleClient, shortUploads).uploadUrl(
      storageKeyOf(12, 345, 67890),
      3600,
      512,
    );
    expect(typical.length).toBe(161);
    const largest = storageKeyOf(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
    const longestDomain = `https://${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`;
    const url = await s3LogStorage(BUCKET, roleClient, { ...shortUploads, baseUrl: longestDomain }).uploadUrl(
      largest,
      3600,
      512,
    );
    expect(url.startsWith(`${longestDomain}/uploads/`)).toBe(true);
    expect(url.length).toBeLessThan(512);
  });

  it('keeps the presigned URL when it fits, or the charger takes any length (1.6)', async () => {
    const secretRead = vi.fn(shortUploads.secret);
    const fits = await s3LogStorage(BUCKET, client(), { ...shortUploads, secret: secretRead }).uploadUrl(
      KEY,
      3600,
      512,
    );
    expect(new URL(fits).hostname).toBe(`${BUCKET}.s3.eu-west-1.amazonaws.com`);
    const unlimited = await s3LogStorage(BUCKET, roleClient, { ...shortUploads, secret: secretRead }).uploadUrl(
      KEY,
      3600,
      Number.MAX_SAFE_INTEGER,
    );
    expect(new URL(unlimited).searchParams.get('x-id')).toBe('PutObject');
    expect(secretRead).not.toHaveBeenCalled();
  });

  it('keeps the presigned URL, however long, when no short uploads are configured (the caller refuses it)', async () => {
    const url = await s3LogStorage(BUCKET, roleClient).uploadUrl(KEY, 3600, 512);
    expect(url.length).toBeGreaterThan(512);
    expect(new URL(url).searchParams.get('x-id')).toBe('PutObject');
  });
});

describe('log URL tokens', () => {
  const secret = 'test-secret';

  it('grants one purpose on one key until it expires', () => {
    const token = signToken(secret, 'upload', KEY, 60);
    expect(verifyToken(secret, token, 'upload')).toEqual({ key: KEY });
    expect(verifyToken(secret, token, 'download')).toBeUndefined();
    expect(verifyToken('another-secret', token, 'upload')).toBeUndefined();
    expect(verifyToken(secret, token, 'upload', Date.now() + 61_000)).toBeUndefined();
  });

  it('refuses a token whose content was changed', () => {
    const [payload, signature] = signToken(secret, 'download', KEY, 60, 'a.log').split('.');
    const changed = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), k: 'logs/4/42/1001' }),
    ).toString('base64url');
    expect(verifyToken(secret, `${changed}.${signature}`, 'download')).toBeUndefined();
    expect(verifyToken(secret, `${payload}.${signature}`, 'download')).toEqual({ key: KEY, fileName: 'a.log' });
    expect(verifyToken(secret, 'garbage', 'download')).toBeUndefined();
  });

  it('keeps files under its folder', () => {
    expect(localPathOf('/data/logs', KEY)).toBe('/data/logs/logs/3/42/1001');
    expect(() => localPathOf('/data/logs', '../../etc/passwd')).toThrow(RangeError);
  });
});

describe('multipart uploads', () => {
  it('takes the first part that carries a file', () => {
    const body = multipartBody('line 1\r\nline 2');
    expect(firstFilePart(body, MULTIPART_CONTENT_TYPE)?.toString()).toBe('line 1\r\nline 2');
    expect(firstFilePart(body, 'multipart/form-data')).toBeUndefined();
  });
});

describe('the storage the environment names, on AWS', () => {
  const secretsManager = mockClient(SecretsManagerClient);
  const ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:LogUrlSecret-storage-test';
  afterEach(() => vi.unstubAllEnvs());
  afterAll(() => secretsManager.restore());

  // It imports the log requests' operation worker (its whole module graph): seconds on a loaded machine, so a
  // bound of its own above the unit default of 5 s (not a figure it asserts).
  it('issues the short URL to a 2.0.1 charger once the log worker has given it the secret, the presigned one to 1.6', {
    timeout: 60_000,
  }, async () => {
    vi.stubEnv('AWS_REGION', 'eu-west-1');
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'ASIAIOSFODNN7EXAMPLE');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
    vi.stubEnv('AWS_SESSION_TOKEN', 'T'.repeat(900));
    vi.stubEnv('LOG_BUCKET_NAME', 'charger-logs-bucket');
    vi.stubEnv('LOG_UPLOAD_BASE_URL', 'https://d1a2b3c4d5e6f7.cloudfront.net/');
    vi.stubEnv('LOG_URL_SECRET_ARN', ARN);
    vi.stubEnv('LOG_URL_SECRET', '');
    secretsManager.on(GetSecretValueCommand, { SecretId: ARN }).resolves({ SecretString: 'aws-secret' });
    // A process given no S3 storage (the functions that only ask for operations) refuses.
    expect(() => logStorage()).toThrow(LogStorageNotConfiguredError);
    // Without the secret reader (the sweep, the operations' reads): the presigned URL, however long.
    storeLogsInS3(s3LogStorage);
    expect((await logStorage().uploadUrl(KEY, 3600, 512)).length).toBeGreaterThan(512);

    await import('../../../lambdas/operations/perform-logs');
    const url = await logStorage().uploadUrl(KEY, 3600, 512);
    const token = /^https:\/\/d1a2b3c4d5e6f7\.cloudfront\.net\/uploads\/([A-Za-z0-9_.-]+)$/.exec(url)?.[1];
    expect(verifyToken('aws-secret', token!, 'upload')).toEqual({ key: KEY });
    const v16 = await logStorage().uploadUrl(KEY, 3600, Number.MAX_SAFE_INTEGER);
    expect(new URL(v16).hostname).toBe('charger-logs-bucket.s3.eu-west-1.amazonaws.com');
  });
});
