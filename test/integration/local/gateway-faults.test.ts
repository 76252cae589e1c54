/**
 * The local API Gateway under bad input: frames API Gateway would refuse, oversize URLs and
 * headers, and clients that vanish mid-handshake. Each must be answered as API Gateway does while
 * the gateway keeps serving every other charger and the HTTP API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import WebSocket from 'ws';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { connectRaw, pollUntil } from '../support/ocpp';
import type { LocalStack } from '../../../lib/local/stack';

let stack: LocalStack;
let tenant: Tenant;
const ids = {
  utf8: uniqueOcppId('UTF8'),
  big: uniqueOcppId('BIG'),
  bystander: uniqueOcppId('BY'),
  vanish: uniqueOcppId('GONE'),
};

beforeAll(async () => {
  stack = await startTestStack();
  tenant = await createTenant(
    stack,
    Object.values(ids).map((ocppId) => ({
      ocppId,
      name: ocppId,
      type: 'Level 2' as const,
      ports: [{ connectorType: 'J1772' as const }],
    })),
  );
});
afterAll(async () => stack?.close());

const charger = async (ocppId: string) =>
  (await api(stack, `/api/chargers/by-ocpp-id/${ocppId}`, { key: tenant.apiKey })).body.data;

/** The gateway still answers a charger that was connected all along, and the HTTP API. */
async function expectStillServing(): Promise<void> {
  const bystander = await connectRaw(stack, ids.bystander, 'ocpp1.6');
  expect(await bystander.exchange('[2, "alive", "Heartbeat", {}]')).toEqual([
    3,
    'alive',
    { currentTime: expect.any(String) },
  ]);
  await bystander.close();
  expect((await api(stack, '/api/sites', { key: tenant.apiKey })).status).toBe(200);
}

describe('a bad WebSocket frame closes only its own connection', () => {
  it.each([
    ['a text frame that is not UTF-8', ids.utf8, Buffer.from('5b322c22fffe225d', 'hex'), 1007],
    ['a message over 128 KB', ids.big, Buffer.alloc(128 * 1024 + 1, 'a'), 1009],
  ])(
    '%s: closed with its code, $disconnect runs, other chargers and HTTP are served',
    async (_name, id, frame, code) => {
      const raw = await connectRaw(stack, id, 'ocpp1.6');
      raw.ws.on('error', () => undefined); // the close code is what is asserted
      expect((await charger(id)).connectionStatus.status).toBe('Connected');
      const closed = new Promise<number>((resolve) => raw.ws.once('close', (closeCode) => resolve(closeCode)));
      raw.ws.send(frame, { binary: false });
      expect(await closed).toBe(code);
      await pollUntil(
        () => charger(id),
        (c) => c.connectionStatus.status === 'Disconnected',
        'Disconnected',
      );
      expect(stack.gateway.connections.size).toBe(0);
      await expectStillServing();
    },
  );
});

describe('a client that resets during $connect', () => {
  it('does not take the gateway down', async () => {
    const socket = connect({ port: stack.gateway.port, host: '127.0.0.1' });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      `GET /ocpp/${ids.vanish} HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n' +
        'Sec-WebSocket-Protocol: ocpp1.6\r\n\r\n',
    );
    socket.resetAndDestroy();
    // $connect recorded the connection, so its $disconnect must follow even though no WebSocket ever opened.
    await pollUntil(
      () => charger(ids.vanish),
      (c) => c.connectionStatus?.status === 'Disconnected',
      '$disconnect',
    );
    await expectStillServing();
  });
});

/** A problem document as the API's others: `application/problem+json` with type/title/status/detail/error. */
function expectProblem(response: { status: number; headers: Headers; body: any }, status: number): void {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(response.body).toEqual({
    type: expect.any(String),
    title: expect.any(String),
    status,
    detail: expect.any(String),
    error: expect.any(String),
  });
}

describe('request line and header limits (API Gateway HTTP API: 10240 bytes; CloudFront: 8192-byte URLs)', () => {
  it('answers a 20 KB query string with 414 as a problem document', async () => {
    expectProblem(await api(stack, `/api/sites?q=${'a'.repeat(20 * 1024)}`, { key: tenant.apiKey }), 414);
  });

  it('answers a head beyond what the HTTP parser buffers (1 MB URL) with a 431 problem, not a reset', async () => {
    expectProblem(await api(stack, `/api/sites?q=${'a'.repeat(1024 * 1024)}`, { key: tenant.apiKey }), 431);
  });

  it('answers header values over 10240 bytes with 431 as a problem document', async () => {
    expectProblem(
      await api(stack, '/api/sites', { key: tenant.apiKey, headers: { 'x-padding': 'a'.repeat(10 * 1024) } }),
      431,
    );
  });

  it('passes a request just inside the limits to the handler', async () => {
    const response = await api(stack, `/api/sites?q=${'a'.repeat(8000)}`, {
      headers: { 'x-padding': 'a'.repeat(1000) },
    });
    expect(response.status).toBe(401); // the handler's answer: no key
  });

  it('answers a management API call for a malformed connectionId 410 Gone, as for an unknown one', async () => {
    const response = await api(stack, '/@connections/%E0', { method: 'GET' });
    expect(response.status).toBe(410);
    expect(response.headers.get('x-amzn-errortype')).toBe('GoneException');
  });

  it('refuses a WebSocket URL over 4096 characters (the WebSocket API limit) with 414', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const ws = new WebSocket(`${stack.ocppUrl}/${ids.bystander}?pad=${'a'.repeat(4096)}`, ['ocpp1.6']);
      ws.on('unexpected-response', (_req, res) => {
        resolve(res.statusCode ?? 0);
        ws.terminate();
      });
      ws.on('open', () => {
        resolve(101);
        ws.close();
      });
      ws.on('error', (error) => (/Unexpected server response/.test(error.message) ? undefined : reject(error)));
    });
    expect(status).toBe(414);
    await expectStillServing();
  });
});

describe('keep-alive: a client may reuse an idle connection', () => {
  /** GET `path` through `agent`: the status, the Keep-Alive header, and whether an idle connection was reused. */
  const get = (agent: Agent, path: string) =>
    new Promise<{ status: number; keepAlive: string | undefined; reused: boolean }>((resolve, reject) => {
      const req = request(`${stack.url}${path}`, { agent }, (res) => {
        res.resume();
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            keepAlive: res.headers['keep-alive'] as string | undefined,
            reused: req.reusedSocket,
          }),
        );
      });
      req.on('error', reject);
      req.end();
    });

  it('announces a keep-alive of 65 s, and serves a request on a connection idle longer than Node’s default 5 s', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await get(agent, '/api/openapi.json');
      expect(first).toEqual({ status: 200, keepAlive: 'timeout=65', reused: false });
      // The one wait of this file: longer than Node's default keepAliveTimeout (5 s), after which a
      // server closes an idle connection (a client reusing it just then gets "other side closed").
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      const second = await get(agent, '/api/openapi.json');
      expect(second).toEqual({ status: 200, keepAlive: 'timeout=65', reused: true });
    } finally {
      agent.destroy();
    }
  });
});
