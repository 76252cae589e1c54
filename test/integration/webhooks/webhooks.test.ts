/**
 * Webhook endpoints and signed delivery through the local gateway: CRUD,
 * bad input (each a 400 naming the field, nothing stored), scoping; and a real HTTP receiver in
 * the test that verifies every signature with `standardwebhooks`: a test event, retries (500 three
 * times then 200: four attempts), 410 disables, a hanging receiver cut, a 2 MB answer, a redirect
 * not followed, both signatures during a rotation, a manual retry, and the stream's fan-out
 * (once per event and endpoint). Every answer is checked against the OpenAPI document.
 *
 * The local stack's queue runs the retry schedule 1,000 times faster (`WEBHOOK_RETRY_DELAY_SCALE`)
 * and an attempt is cut after 1 s (`WEBHOOK_TIMEOUT_MS`) instead of 15.
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { connectCharger, pollUntil } from '../support/ocpp';
import type { LocalStack } from '../../../lib/local/stack';
import { checkedApi, type CheckedCall } from '../support/checked-api';
import { createApiKey } from '../../../shared/api/api-keys';
import { fanOutEvents } from '../../../shared/webhooks/fan-out';
import { deliveryQueue } from '../../../shared/webhooks/queue';
import type { NotificationEvent } from '../../../shared/events/types';

process.env.WEBHOOK_ALLOW_HTTP_LOCALHOST = 'true';
process.env.WEBHOOK_RETRY_DELAY_SCALE = '0.001';
process.env.WEBHOOK_TIMEOUT_MS = '1000';

/** A request the receiver got. */
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let stack: LocalStack;
let tenant: Tenant;
let other: Tenant;
let checked: CheckedCall;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
/** How the receiver answers a path: the nth request (0-based) of that path gets `answers(n, res)`. */
const behaviours = new Map<string, (n: number, res: ServerResponse) => void>();

const ROUTE = '/api/webhook-endpoints';
let key: string;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const n = received.filter((r) => r.path === path).length;
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const behave = behaviours.get(path);
      if (behave) behave(n, res);
      else res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  stack = await startTestStack({ webhooks: true });
  tenant = await createTenant(stack, []);
  other = await createTenant(stack, []);
  checked = await checkedApi(stack, () => key);
});
afterAll(async () => {
  await stack?.close();
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
});
beforeEach(async () => {
  key = (await createApiKey(stack.db, { organizationId: tenant.organizationId, scope: 'organization' })).apiKey;
});

/** A request whose answer must be `status` and valid against the OpenAPI document. */
const call: CheckedCall = (...args) => checked(...args);

/** Creates an endpoint at `path` of the receiver. */
async function create(path: string, fields: Record<string, unknown> = {}) {
  return (
    await call('POST', ROUTE, ROUTE, 201, {
      body: { webhookEndpoint: { url: `${receiverUrl}${path}`, eventTypes: ['alert.raised'], ...fields } },
    })
  ).data as { id: number; secret: string; url: string };
}

/** The endpoint's deliveries. */
async function deliveries(endpointId: number) {
  return (await call('GET', `${ROUTE}/${endpointId}/deliveries`, `${ROUTE}/{id}/deliveries`, 200)).data as any[];
}

/** Waits for the endpoint's only delivery to satisfy `done`. */
async function waitForDelivery(endpointId: number, done: (delivery: any) => boolean, what: string) {
  const list = await pollUntil(
    () => deliveries(endpointId),
    (l) => l.length > 0 && done(l[0]),
    what,
  );
  return list[0];
}

/** The requests the receiver got at `path`. */
const at = (path: string) => received.filter((r) => r.path === path);

/** Verifies a request's signature with `secret` (throws when it does not verify). */
function verify(request: Received, secret: string): unknown {
  return new Webhook(secret).verify(request.body, request.headers as Record<string, string>);
}

describe('webhook endpoints', () => {
  it('are created with a secret shown once, read, listed, changed and deleted', async () => {
    const created = await create('/crud', { description: 'Dispatch', eventTypes: ['alert.raised', 'session.ended'] });
    expect(created).toMatchObject({
      url: `${receiverUrl}/crud`,
      description: 'Dispatch',
      eventTypes: ['alert.raised', 'session.ended'],
      enabled: true,
      disabledReason: null,
    });
    expect(created.secret).toMatch(/^whsec_/);
    const read = (await call('GET', `${ROUTE}/${created.id}`, `${ROUTE}/{id}`, 200)).data;
    expect(read).not.toHaveProperty('secret');
    const { secret: _secret, ...shown } = created;
    expect(read).toEqual(shown);
    const list = await call('GET', ROUTE, ROUTE, 200);
    expect(list.data.map((e: { id: number }) => e.id)).toContain(created.id);
    expect(JSON.stringify(list)).not.toContain('whsec_');
    const changed = (
      await call('PATCH', `${ROUTE}/${created.id}`, `${ROUTE}/{id}`, 200, {
        body: { webhookEndpoint: { description: null, enabled: false, eventTypes: ['charger.connected'] } },
      })
    ).data;
    expect(changed).toMatchObject({ description: null, enabled: false, eventTypes: ['charger.connected'] });
    await call('DELETE', `${ROUTE}/${created.id}`, `${ROUTE}/{id}`, 204);
    await call('GET', `${ROUTE}/${created.id}`, `${ROUTE}/{id}`, 404);
  });

  it('refuses bad URLs, event types and descriptions with a 400 naming the field, storing nothing', async () => {
    const before = (await call('GET', ROUTE, ROUTE, 200)).data.length;
    const refused = async (webhookEndpoint: Record<string, unknown>, field: string) => {
      const body = await call('POST', ROUTE, ROUTE, 400, {
        body: { webhookEndpoint: { eventTypes: ['alert.raised'], ...webhookEndpoint } },
      });
      expect(body.errors.map((e: { path: string }) => e.path)).toContain(field);
    };
    const url = 'body.webhookEndpoint.url';
    await refused({ url: 'http://example.com/hook' }, url);
    await refused({ url: 'https://10.0.0.1/hook' }, url);
    await refused({ url: 'https://169.254.169.254/latest/meta-data' }, url);
    await refused({ url: 'https://[fd00:ec2::254]/' }, url);
    // IPv6 forms carrying a loopback IPv4 address (IPv4-compatible, mapped, NAT64), and port 0.
    await refused({ url: 'https://[::7f00:1]/' }, url);
    await refused({ url: 'https://[::127.0.0.1]/' }, url);
    await refused({ url: 'https://[::ffff:127.0.0.1]/' }, url);
    await refused({ url: 'https://[64:ff9b::a9fe:a9fe]/' }, url);
    await refused({ url: 'https://93.184.216.34:0/' }, url);
    await refused({ url: `https://93.184.215.14/${'a'.repeat(3000)}` }, url);
    await refused({ url: 'not a url' }, url);
    await refused(
      { url: 'https://93.184.215.14/', eventTypes: ['alert.exploded'] },
      'body.webhookEndpoint.eventTypes.0',
    );
    await refused({ url: 'https://93.184.215.14/', eventTypes: [] }, 'body.webhookEndpoint.eventTypes');
    await refused({ url: 'https://93.184.215.14/', description: 'x'.repeat(501) }, 'body.webhookEndpoint.description');
    // Without the development setting, loopback receivers are refused too, by name or address.
    delete process.env.WEBHOOK_ALLOW_HTTP_LOCALHOST;
    try {
      await refused({ url: 'https://localhost/hook' }, url);
      await refused({ url: 'https://127.0.0.1/hook' }, url);
      await refused({ url: `${receiverUrl}/hook` }, url);
    } finally {
      process.env.WEBHOOK_ALLOW_HTTP_LOCALHOST = 'true';
    }
    const created = await create('/patched');
    await call('PATCH', `${ROUTE}/${created.id}`, `${ROUTE}/{id}`, 400, {
      body: { webhookEndpoint: { url: 'https://192.168.1.10/' } },
    });
    await call('PATCH', `${ROUTE}/${created.id}`, `${ROUTE}/{id}`, 400, {
      body: { webhookEndpoint: { url: 'https://93.184.216.34:0/' } },
    });
    expect((await call('GET', `${ROUTE}/${created.id}`, `${ROUTE}/{id}`, 200)).data.url).toBe(`${receiverUrl}/patched`);
    expect((await call('GET', ROUTE, ROUTE, 200)).data.length).toBe(before + 1);
  });

  it("answers 404 for another organization's endpoint and delivery, and 400 to a site-scoped key", async () => {
    const created = await create('/scoped');
    const test = (await call('POST', `${ROUTE}/${created.id}/test`, `${ROUTE}/{id}/test`, 202)).data;
    const otherKey = other.apiKey;
    await call('GET', `${ROUTE}/${created.id}`, `${ROUTE}/{id}`, 404, { key: otherKey });
    await call('PATCH', `${ROUTE}/${created.id}`, `${ROUTE}/{id}`, 404, {
      key: otherKey,
      body: { webhookEndpoint: { enabled: false } },
    });
    await call('DELETE', `${ROUTE}/${created.id}`, `${ROUTE}/{id}`, 404, { key: otherKey });
    await call('POST', `${ROUTE}/${created.id}/rotate-secret`, `${ROUTE}/{id}/rotate-secret`, 404, { key: otherKey });
    await call('GET', `${ROUTE}/${created.id}/deliveries`, `${ROUTE}/{id}/deliveries`, 404, { key: otherKey });
    await call('POST', `/api/webhook-deliveries/${test.id}/retry`, '/api/webhook-deliveries/{id}/retry', 404, {
      key: otherKey,
    });
    expect((await call('GET', ROUTE, ROUTE, 200, { key: otherKey })).data).toEqual([]);
    const siteKey = (
      await createApiKey(stack.db, { organizationId: tenant.organizationId, scope: 'site', siteId: tenant.siteId })
    ).apiKey;
    const body = await call('GET', ROUTE, ROUTE, 400, { key: siteKey });
    expect(body.errors[0].path).toBe('headers.authorization');
  });
});

describe('signed delivery', () => {
  it('delivers a test event, signed (Standard Webhooks), with the delivery log showing it', async () => {
    const endpoint = await create('/test-event');
    const queued = (await call('POST', `${ROUTE}/${endpoint.id}/test`, `${ROUTE}/{id}/test`, 202)).data;
    expect(queued).toMatchObject({ status: 'pending', eventType: 'webhook.test', attempts: 0 });
    const delivery = await waitForDelivery(endpoint.id, (d) => d.status === 'succeeded', 'the test delivery');
    expect(delivery).toMatchObject({ id: queued.id, attempts: 1, lastResponseCode: 204, nextAttemptAt: null });
    const [request] = at('/test-event');
    expect(request!.headers).toMatchObject({ 'webhook-id': queued.id, 'content-type': 'application/json' });
    expect(verify(request!, endpoint.secret)).toMatchObject({
      id: queued.eventId,
      type: 'webhook.test',
      data: { webhookEndpointId: endpoint.id },
    });
    expect(JSON.parse(request!.body)).not.toHaveProperty('organizationId');
  });

  it('retries a receiver that answers 500 three times, then 200: four attempts, succeeded', async () => {
    behaviours.set('/flaky', (n, res) => res.writeHead(n < 3 ? 500 : 200).end('ok'));
    const endpoint = await create('/flaky');
    await call('POST', `${ROUTE}/${endpoint.id}/test`, `${ROUTE}/{id}/test`, 202);
    const delivery = await waitForDelivery(endpoint.id, (d) => d.status === 'succeeded', 'four attempts');
    expect(delivery.attempts).toBe(4);
    expect(delivery.attemptLog.map((a: { responseCode: number }) => a.responseCode)).toEqual([500, 500, 500, 200]);
    expect(delivery.attemptLog.map((a: { error: string | null }) => a.error)).toEqual([
      'HTTP 500',
      'HTTP 500',
      'HTTP 500',
      null,
    ]);
    const requests = at('/flaky');
    expect(requests).toHaveLength(4);
    // Every attempt carries the same webhook-id and body, each signed anew.
    expect(new Set(requests.map((r) => r.headers['webhook-id']))).toEqual(new Set([delivery.id]));
    for (const request of requests) verify(request, endpoint.secret);
  });

  it('disables an endpoint whose receiver answers 410 Gone, and re-enabling clears the reason', async () => {
    behaviours.set('/gone', (_n, res) => res.writeHead(410).end());
    const endpoint = await create('/gone');
    await call('POST', `${ROUTE}/${endpoint.id}/test`, `${ROUTE}/{id}/test`, 202);
    const delivery = await waitForDelivery(endpoint.id, (d) => d.status === 'failed', 'the 410');
    expect(delivery).toMatchObject({ attempts: 1, lastResponseCode: 410, nextAttemptAt: null });
    expect((await call('GET', `${ROUTE}/${endpoint.id}`, `${ROUTE}/{id}`, 200)).data).toMatchObject({
      enabled: false,
      disabledReason: 'gone',
    });
    const enabled = await call('PATCH', `${ROUTE}/${endpoint.id}`, `${ROUTE}/{id}`, 200, {
      body: { webhookEndpoint: { enabled: true } },
    });
    expect(enabled.data).toMatchObject({ enabled: true, disabledReason: null });
  });

  it('cuts a receiver that does not answer, reads a 2 MB answer no further, follows no redirect', async () => {
    behaviours.set('/hang', () => {});
    behaviours.set('/big', (_n, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(2 << 20)));
    behaviours.set('/redirect', (_n, res) => res.writeHead(302, { location: `${receiverUrl}/redirected` }).end());
    const [hang, big, redirect] = [await create('/hang'), await create('/big'), await create('/redirect')];
    for (const endpoint of [hang, big, redirect])
      await call('POST', `${ROUTE}/${endpoint.id}/test`, `${ROUTE}/{id}/test`, 202);
    const cut = await waitForDelivery(hang.id, (d) => d.attempts >= 1, 'the hanging attempt');
    expect(cut.attemptLog[0]).toMatchObject({ responseCode: null, error: 'no complete answer within 1 s' });
    expect(cut.lastResponseCode).toBeNull();
    await waitForDelivery(big.id, (d) => d.status === 'succeeded', 'the 2 MB answer');
    const redirected = await waitForDelivery(redirect.id, (d) => d.attempts >= 1, 'the redirect');
    expect(redirected.attemptLog[0]).toMatchObject({ responseCode: 302, error: 'HTTP 302' });
    expect(at('/redirected')).toHaveLength(0);
  });

  it('signs with both secrets for a day after a rotation, each verifying', async () => {
    const endpoint = await create('/rotated');
    const rotated = (await call('POST', `${ROUTE}/${endpoint.id}/rotate-secret`, `${ROUTE}/{id}/rotate-secret`, 200))
      .data;
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(endpoint.secret);
    await call('POST', `${ROUTE}/${endpoint.id}/test`, `${ROUTE}/{id}/test`, 202);
    await waitForDelivery(endpoint.id, (d) => d.status === 'succeeded', 'the rotated delivery');
    const [request] = at('/rotated');
    const signatures = String(request!.headers['webhook-signature']).split(' ');
    expect(signatures).toHaveLength(2);
    for (const signature of signatures) expect(signature).toMatch(/^v1,/);
    verify(request!, rotated.secret);
    verify(request!, endpoint.secret);
    expect(() => verify(request!, `whsec_${Buffer.alloc(24, 1).toString('base64')}`)).toThrow();
  });

  it('makes a new attempt of a delivery on request, whatever its status, even to a disabled endpoint', async () => {
    const endpoint = await create('/retried');
    const test = (await call('POST', `${ROUTE}/${endpoint.id}/test`, `${ROUTE}/{id}/test`, 202)).data;
    await waitForDelivery(endpoint.id, (d) => d.status === 'succeeded', 'the first attempt');
    await call('PATCH', `${ROUTE}/${endpoint.id}`, `${ROUTE}/{id}`, 200, {
      body: { webhookEndpoint: { enabled: false } },
    });
    const retried = await call(
      'POST',
      `/api/webhook-deliveries/${test.id}/retry`,
      '/api/webhook-deliveries/{id}/retry',
      202,
    );
    expect(retried.data).toMatchObject({ id: test.id, status: 'pending' });
    const delivery = await waitForDelivery(endpoint.id, (d) => d.attempts === 2, 'the second attempt');
    expect(delivery.status).toBe('succeeded');
    expect(at('/retried')).toHaveLength(2);
    await call('POST', '/api/webhook-deliveries/msg_nope/retry', '/api/webhook-deliveries/{id}/retry', 400);
  });

  it("delivers the stream's events to the subscribed, enabled endpoints, once per event and endpoint", async () => {
    const subscribed = await create('/connected', { eventTypes: ['charger.connected'] });
    const unsubscribed = await create('/alerts-only', { eventTypes: ['alert.raised'] });
    const disabled = await create('/disabled', { eventTypes: ['charger.connected'], enabled: false });
    const event: NotificationEvent = {
      id: `evt_${Date.now()}`,
      type: 'charger.connected',
      timestamp: new Date().toISOString(),
      organizationId: tenant.organizationId,
      siteId: tenant.siteId,
      data: { chargerId: 1 },
    };
    // The same batch handled twice (a stream batch retried): one delivery.
    expect(await fanOutEvents(stack.db, deliveryQueue(), [event])).toBe(1);
    expect(await fanOutEvents(stack.db, deliveryQueue(), [event])).toBe(1);
    const delivery = await waitForDelivery(subscribed.id, (d) => d.status === 'succeeded', 'the event');
    expect(delivery).toMatchObject({ eventId: event.id, eventType: 'charger.connected', attempts: 1 });
    expect(await deliveries(subscribed.id)).toHaveLength(1);
    expect(verify(at('/connected')[0]!, subscribed.secret)).toMatchObject({ id: event.id, data: { chargerId: 1 } });
    expect(await deliveries(unsubscribed.id)).toEqual([]);
    expect(await deliveries(disabled.id)).toEqual([]);
    expect(at('/connected')).toHaveLength(1);
  });

  it('delivers charger.connected end to end when a charger connects (the stream, the fan-out, the queue)', async () => {
    const ocppId = uniqueOcppId('WH');
    const fleet = await createTenant(stack, [
      { ocppId, name: 'Webhook charger', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
    ]);
    const endpoint = (
      await call('POST', ROUTE, ROUTE, 201, {
        key: fleet.apiKey,
        body: { webhookEndpoint: { url: `${receiverUrl}/e2e`, eventTypes: ['charger.connected'] } },
      })
    ).data;
    const client = await connectCharger(stack, ocppId, 'ocpp1.6');
    try {
      const request = await pollUntil(
        async () => at('/e2e')[0],
        (r) => r !== undefined,
        'charger.connected at the receiver',
        20_000,
      );
      expect(verify(request!, endpoint.secret)).toMatchObject({ type: 'charger.connected' });
    } finally {
      await client.close({ force: true });
    }
  });
});
