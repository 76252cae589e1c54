/**
 * The check that a request came through CloudFront (the secret origin header), in the helper and
 * in the four places that receive requests from outside: every HTTP function (httpHandler), the
 * OpenAPI function and the HTTP `$default` fallback (each without it), and OCPP `$connect`. The
 * refusals happen before any table access.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import {
  cameThroughCloudFront,
  ORIGIN_VERIFY_ENV,
  ORIGIN_VERIFY_HEADER,
  VIEWER_CERT_VERIFY_ENV,
  viewerCertificateHeadersTrusted,
} from '../../../lambdas/lib/origin-verify';
import { openApiRoutes } from '../../../shared/api/routes/openapi';
import { httpHandler } from '../../../lambdas/http/lib/http-handler';
import { handler as fallback } from '../../../lambdas/http/fallback';
import { handler as openApiDocument } from '../../../lambdas/http/openapi';
import { handler as connect } from '../../../lambdas/ocpp/connect';
import type { Db } from '../../../shared/db';

const SECRET = 'origin-secret-value-0123456789';

describe('cameThroughCloudFront', () => {
  const env = { [ORIGIN_VERIFY_ENV]: SECRET };

  it('passes everything when no secret is configured (the local stack)', () => {
    expect(cameThroughCloudFront({}, {})).toBe(true);
    expect(cameThroughCloudFront(undefined, {})).toBe(true);
  });

  it('passes the right value under any header letter case', () => {
    expect(cameThroughCloudFront({ [ORIGIN_VERIFY_HEADER]: SECRET }, env)).toBe(true);
    expect(cameThroughCloudFront({ 'X-Origin-Verify': SECRET }, env)).toBe(true);
  });

  it('refuses a missing, empty, wrong or longer value', () => {
    const values = [undefined, '', 'guess', `${SECRET}x`];
    for (const headers of values.map((value) => (value === undefined ? {} : { [ORIGIN_VERIFY_HEADER]: value }))) {
      expect(cameThroughCloudFront(headers, env), JSON.stringify(headers)).toBe(false);
    }
    expect(cameThroughCloudFront(null, env)).toBe(false);
  });
});

describe('viewerCertificateHeadersTrusted (whose CloudFront-Viewer-Cert-* headers $connect reads)', () => {
  it('believes none when no secret is configured, unlike cameThroughCloudFront', () => {
    expect(viewerCertificateHeadersTrusted({ [ORIGIN_VERIFY_HEADER]: 'anything' }, {})).toBe(false);
    expect(viewerCertificateHeadersTrusted({}, {})).toBe(false);
  });

  it("believes CloudFront's secret on AWS, and the local TLS listener's locally", () => {
    expect(viewerCertificateHeadersTrusted({ 'X-Origin-Verify': SECRET }, { [ORIGIN_VERIFY_ENV]: SECRET })).toBe(true);
    expect(
      viewerCertificateHeadersTrusted({ [ORIGIN_VERIFY_HEADER]: SECRET }, { [VIEWER_CERT_VERIFY_ENV]: SECRET }),
    ).toBe(true);
  });

  it('refuses a missing, wrong or longer value', () => {
    const env = { [VIEWER_CERT_VERIFY_ENV]: SECRET };
    for (const value of [undefined, '', 'guess', `${SECRET}x`])
      expect(viewerCertificateHeadersTrusted(value === undefined ? {} : { [ORIGIN_VERIFY_HEADER]: value }, env)).toBe(
        false,
      );
  });
});

describe('handlers behind CloudFront', () => {
  beforeEach(() => {
    process.env[ORIGIN_VERIFY_ENV] = SECRET;
  });
  afterEach(() => {
    delete process.env[ORIGIN_VERIFY_ENV];
  });

  function httpEvent(headers: Record<string, string>): APIGatewayProxyEventV2 {
    return {
      version: '2.0',
      routeKey: 'GET /api/openapi.json',
      rawPath: '/api/openapi.json',
      rawQueryString: '',
      headers,
      isBase64Encoded: false,
      requestContext: { http: { method: 'GET', path: '/api/openapi.json' } } as never,
    };
  }
  // A public route served without the table: only the origin check stands between the caller and it.
  const openapi = httpHandler(
    openApiRoutes,
    {
      'GET /api/openapi.json': async () => ({ body: { ok: true } }),
      'GET /api/sign-in': async () => ({ body: { ok: true } }),
    },
    { db: () => ({}) as Db },
  );
  type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<unknown>;
  const call = async (fn: Handler, headers: Record<string, string>) =>
    (await fn(httpEvent(headers), {} as Context)) as APIGatewayProxyStructuredResultV2;

  it('httpHandler answers 403 as a problem document without the header, and serves with it', async () => {
    const refused = await call(openapi, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.headers?.['content-type']).toBe('application/problem+json');
    expect(JSON.parse(refused.body!)).toMatchObject({ status: 403, type: '/problems/forbidden' });

    expect((await call(openapi, { [ORIGIN_VERIFY_HEADER]: SECRET })).statusCode).toBe(200);
  });

  it('the OpenAPI function answers 403 without the header, and the document with it', async () => {
    expect((await call(openApiDocument, { [ORIGIN_VERIFY_HEADER]: 'wrong' })).statusCode).toBe(403);
    const served = await call(openApiDocument, { [ORIGIN_VERIFY_HEADER]: SECRET });
    expect(served.statusCode).toBe(200);
    expect(served.headers?.['content-type']).toBe('application/json');
    expect(JSON.parse(served.body!)).toMatchObject({ openapi: '3.1.0', paths: { '/api/openapi.json': {} } });
  });

  it('the fallback answers 403 instead of its 404 without the header', async () => {
    expect((await call(fallback, { [ORIGIN_VERIFY_HEADER]: 'wrong' })).statusCode).toBe(403);
    expect((await call(fallback, { [ORIGIN_VERIFY_HEADER]: SECRET })).statusCode).toBe(404);
  });

  it('$connect refuses the handshake with 403 before looking up the charger', async () => {
    const event = {
      headers: { 'Sec-WebSocket-Protocol': 'ocpp1.6' },
      queryStringParameters: { ocppId: 'CP-1' },
      requestContext: { connectionId: 'c1', routeKey: '$connect' },
    };
    // No TABLE_NAME is set: reaching the data layer would throw instead of answering.
    expect(await connect(event as never)).toMatchObject({ statusCode: 403 });
  });
});
