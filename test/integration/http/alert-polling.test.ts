/**
 * Polling for new alerts (docs/alerts.md, "Polling"): an alert's `startTimestamp` is when it was
 * raised (written), never the earlier moment its condition was seen (`detectedTimestamp`: the
 * offline probe sent, the fault reported), so a poller using `startTimestampAfter=<its previous
 * poll>` sees an alert detected before that poll and raised after it; and a poller following
 * `pollCursor` sees every alert exactly once, oldest first, while alerts are raised in bursts,
 * some detected 20 s before they are raised (as the offline probe does), more than a page at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../../lib/local/stack';
import { episodeKey, raiseAlert } from '../../../shared/alerts/store';
import { checkedApi, type CheckedCall } from '../support/checked-api';
import { createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';

let stack: LocalStack;
let call: CheckedCall;
const ROUTE = '/api/alerts';

beforeAll(async () => {
  stack = await startTestStack();
  call = await checkedApi(stack, () => {
    throw new Error('each call names its key');
  });
});
afterAll(async () => stack?.close());

const newTenant = () =>
  createTenant(stack, [
    { ocppId: uniqueOcppId('POLL'), name: 'Bay 1', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
  ]);

/** Raises an `offlineCharger` alert of the tenant's charger, episode `id`, its condition seen `detectedMsAgo` earlier. */
async function raiseOffline(tenant: Tenant, id: number, detectedMsAgo = 0) {
  const charger = tenant.chargers[0]!;
  const { alert } = await raiseAlert(stack.db, {
    organizationId: tenant.organizationId,
    siteId: tenant.siteId,
    siteName: 'Depot',
    chargerId: charger.id,
    chargerName: 'Bay 1',
    type: 'offlineCharger',
    // Episodes of made-up chargers: each raise is a new alert.
    episodeKey: episodeKey('offlineCharger', 'charger', 1_000_000 + id),
    details: { thresholdMinutes: 10 },
    at: new Date(Date.now() - detectedMsAgo).toISOString(),
  });
  return alert.alertId;
}

/** Raises `count` alerts, `parallel` at a time. */
async function raiseMany(tenant: Tenant, first: number, count: number, parallel: number, detectedMsAgo: number) {
  const ids: number[] = [];
  for (let i = 0; i < count; i += parallel) {
    const wave = Array.from({ length: Math.min(parallel, count - i) }, (_, j) =>
      raiseOffline(tenant, first + i + j, detectedMsAgo),
    );
    ids.push(...(await Promise.all(wave)));
  }
  return ids;
}

describe('startTimestampAfter', () => {
  it('a poller using its previous poll time sees an alert detected before that poll and raised after it', async () => {
    const tenant = await newTenant();
    const previousPoll = new Date().toISOString();
    const before = await call('GET', `${ROUTE}?startTimestampAfter=${previousPoll}`, ROUTE, 200, {
      key: tenant.apiKey,
    });
    expect(before.data).toEqual([]);
    // As the offline sweep raises: the probe went out 20 s before the alert is written.
    const id = await raiseOffline(tenant, 1, 20_000);
    const after = await call('GET', `${ROUTE}?startTimestampAfter=${previousPoll}`, ROUTE, 200, {
      key: tenant.apiKey,
    });
    expect(after.data.map((a: { id: number }) => a.id)).toEqual([id]);
    const [alert] = after.data;
    expect(Date.parse(alert.startTimestamp)).toBeGreaterThan(Date.parse(previousPoll));
    expect(Date.parse(alert.detectedTimestamp)).toBeLessThan(Date.parse(previousPoll));
    expect(Date.parse(alert.startTimestamp) - Date.parse(alert.detectedTimestamp)).toBeGreaterThanOrEqual(20_000);
  });
});

describe('pollCursor', () => {
  it('a poller sees every alert exactly once, oldest first, while alerts are raised', async () => {
    const tenant = await newTenant();
    const seen: { id: number; startTimestamp: string }[] = [];
    let cursor = new Date().toISOString();
    let polls = 0;
    let raising = true;
    const raised: number[] = [];
    const raiser = (async () => {
      try {
        raised.push(...(await raiseMany(tenant, 0, 6, 3, 0)));
        raised.push(...(await raiseMany(tenant, 100, 6, 3, 20_000)));
        // More than a page (50) at once.
        raised.push(...(await raiseMany(tenant, 200, 55, 11, 5_000)));
        raised.push(...(await raiseMany(tenant, 300, 4, 1, 20_000)));
      } finally {
        raising = false;
      }
    })();
    // Poll until everything raised has been seen and a poll after that found nothing more.
    for (;;) {
      const done = !raising && seen.length >= raised.length;
      const page = await call('GET', `${ROUTE}?pollCursor=${encodeURIComponent(cursor)}`, ROUTE, 200, {
        key: tenant.apiKey,
      });
      polls++;
      seen.push(...page.data);
      expect(page.pagination.nextPageCursor).toBeNull();
      cursor = page.pagination.pollCursor;
      if (done && page.data.length === 0) break;
      // Within the key's 200 requests a minute, however long the raising takes.
      if (!page.pagination.hasNextPage) await new Promise((resolve) => setTimeout(resolve, 400));
    }
    await raiser;
    const ids = seen.map((a) => a.id);
    expect(ids).toHaveLength(71);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => a - b)).toEqual([...raised].sort((a, b) => a - b));
    // Oldest first: by startTimestamp, then ID.
    const order = (a: { id: number; startTimestamp: string }) => `${a.startTimestamp}#${String(a.id).padStart(16)}`;
    expect(seen.map(order)).toEqual(seen.map(order).sort());
    expect(polls).toBeGreaterThan(2);
  }, 60_000);

  it('a poll started at a time lists nothing raised before it; its filters are the ones of the cursor', async () => {
    const tenant = await newTenant();
    const earlier = await raiseOffline(tenant, 1);
    const start = new Date(Date.now() + 1).toISOString();
    const first = await call(
      'GET',
      `${ROUTE}?pollCursor=${encodeURIComponent(start)}&types=offlineCharger`,
      ROUTE,
      200,
      {
        key: tenant.apiKey,
      },
    );
    expect(first.data.map((a: { id: number }) => a.id)).not.toContain(earlier);
    const cursor = encodeURIComponent(first.pagination.pollCursor);
    const changed = await call('GET', `${ROUTE}?pollCursor=${cursor}&types=chargerFaulted`, ROUTE, 400, {
      key: tenant.apiKey,
    });
    expect(changed.errors.map((e: { path: string }) => e.path)).toEqual(['queryStringParameters.pollCursor']);
    const other = await newTenant();
    const foreign = await call('GET', `${ROUTE}?pollCursor=${cursor}&types=offlineCharger`, ROUTE, 400, {
      key: other.apiKey,
    });
    expect(foreign.errors.map((e: { path: string }) => e.path)).toEqual(['queryStringParameters.pollCursor']);
  });

  it.each([
    ['garbage', 'pollCursor=not-a-cursor'],
    ['with startTimestampAfter', 'pollCursor=2026-11-01T00:00:00Z&startTimestampAfter=2026-11-01T00:00:00Z'],
    ['with nextPageCursor', 'pollCursor=2026-11-01T00:00:00Z&nextPageCursor=abc'],
    ['a time without offset', 'pollCursor=2026-11-01T00:00:00'],
  ])('refuses a pollCursor %s: 400 naming it', async (_, query) => {
    const tenant = await newTenant();
    const problem = await call('GET', `${ROUTE}?${query}`, ROUTE, 400, { key: tenant.apiKey });
    expect(problem.errors.map((e: { path: string }) => e.path)).toContain('queryStringParameters.pollCursor');
  });
});
