/**
 * The console's static files on the local gateway (lib/local/static-files.ts): the console at `/`,
 * the API reference at `/api/docs`, both with the security and cache headers CloudFront sends (the
 * OpenID provider's origin allowed to the console's calls);
 * the API still answers everything else under `/api`; nothing outside the build is served; and a
 * missing build is made on the first page request.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleContentSecurityPolicy } from '../../../lib/console/headers';
import type { LocalStack } from '../../../lib/local/stack';
import { createStaticFileHandler } from '../../../lib/local/static-files';
import { startTestStack } from '../support/stack';

let stack: LocalStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => stack?.close());

const get = (path: string, init: RequestInit = {}) => fetch(`${stack.url}${path}`, init);

describe('console files on the local gateway', () => {
  it('serves the console at / with the security and cache headers', async () => {
    const response = await get('/');

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    // This origin, and the local OpenID provider's, which the console calls to sign people in.
    const identityOrigin = new URL(stack.identityIssuer).origin;
    expect(response.headers.get('content-security-policy')).toBe(consoleContentSecurityPolicy([identityOrigin]));
    expect(response.headers.get('content-security-policy')).toContain(`connect-src 'self' ${identityOrigin};`);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(await response.text()).toContain('<script type="module" src="/console.js"></script>');
  });

  it('serves its script and stylesheet with their types, and answers a revalidation with 304', async () => {
    const script = await get('/console.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await get('/console.css')).headers.get('content-type')).toBe('text/css; charset=utf-8');

    const again = await get('/console.js', { headers: { 'if-none-match': script.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect((await get('/console.js', { method: 'HEAD' })).headers.get('content-length')).toBe(
      script.headers.get('content-length'),
    );
  });

  it('serves its icon, also at /favicon.ico (no page logs a 404 for it)', async () => {
    expect(await (await get('/')).text()).toContain('<link rel="icon" href="/favicon.svg"');
    for (const path of ['/favicon.svg', '/favicon.ico']) {
      const icon = await get(path);
      expect(icon.status).toBe(200);
      expect(icon.headers.get('content-type')).toBe('image/svg+xml');
      expect(await icon.text()).toMatch(/^<svg /);
    }
  });

  it.each(['/api/docs', '/api/docs/'])('serves the API reference at %s, Swagger UI beside it', async (path) => {
    const page = await get(path);

    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/api/docs/swagger-ui-bundle.js');
    expect((await get('/api/docs/swagger-ui-bundle.js')).status).toBe(200);
    expect((await get('/api/docs/swagger-ui.css')).headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('leaves the API to the API: openapi.json, authentication, unknown /api paths', async () => {
    expect((await get('/api/openapi.json')).headers.get('content-type')).toMatch(/json/);
    expect((await get('/api/sites')).status).toBe(401);
    const unknown = await get('/api/docs/nope');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toBe('application/problem+json');
  });

  it.each(['/package.json', '/%2e%2e/package.json', '/api/docs/../../package.json', '/..%2fpackage.json', '/nope.js'])(
    'serves nothing outside the build: %s is a 404 problem',
    async (path) => {
      const response = await get(path);

      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
    },
  );

  it("answers only GET and HEAD: POST / is the gateway's 404", async () => {
    const response = await get('/', { method: 'POST', body: '{}' });
    expect(response.status).toBe(404);
  });
});

describe('console files, building', () => {
  const root = join(mkdtempSync(join(tmpdir(), 'console-static-')), 'console');
  let server: Server;
  let url: string;
  beforeAll(async () => {
    const handler = createStaticFileHandler({ root });
    server = createServer((req, res) => {
      void handler(req, res, new URL(req.url ?? '/', 'http://localhost').pathname).then((served) => {
        if (!served) res.writeHead(404).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(join(root, '..'), { recursive: true, force: true });
  });

  it('builds the console on the first page or icon request when there is no build', async () => {
    expect(existsSync(root)).toBe(false);
    expect((await fetch(`${url}/console.js`)).status).toBe(404);

    // A browser opening the API's JSON first asks for /favicon.ico before any console page.
    const icon = await fetch(`${url}/favicon.ico`);
    expect([icon.status, icon.headers.get('content-type')]).toEqual([200, 'image/svg+xml']);
    const page = await fetch(`${url}/`);

    expect(page.status).toBe(200);
    expect(existsSync(join(root, 'console.js'))).toBe(true);
    expect((await fetch(`${url}/console.js`)).status).toBe(200);
  });
});
