/**
 * The console's API client (lib/console/src/api.ts) and hash routes (lib/console/src/route.ts),
 * against a `fetch` that answers like the API.
 */
import { describe, expect, it, vi } from 'vitest';
import { ApiError, callApi, isWellFormedKey, nextPageCursorOf, type Fetch } from '../../../lib/console/src/api';
import { CHARGER_TABS, hrefOf, parseRoute } from '../../../lib/console/src/route';

const KEY = `cnk_${'a'.repeat(43)}`;

function answering(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Fetch & { calls: [string, RequestInit][] } {
  const calls: [string, RequestInit][] = [];
  const fetchImpl = async (input: string, init: RequestInit) => {
    calls.push([input, init]);
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return new Response(status === 204 ? null : text, { status, headers });
  };
  return Object.assign(fetchImpl, { calls });
}

const problem = (status: number, detail: string, errors?: unknown) => ({
  type: '/problems/x',
  title: 'T',
  status,
  detail,
  error: detail,
  errors,
});

describe('callApi', () => {
  it('sends the key as a Bearer header only (no cookie, no key in the URL) and returns the JSON', async () => {
    const fetchImpl = answering(200, { data: [] });
    await expect(callApi('/api/sites', KEY, {}, fetchImpl)).resolves.toEqual({ data: [] });
    const [url, init] = fetchImpl.calls[0]!;

    expect(url).toBe('/api/sites');
    expect((init.headers as Record<string, string>).authorization).toBe(`Bearer ${KEY}`);
    expect(init.credentials).toBe('omit');
  });

  it('sends JSON bodies with their content type, and reads an empty 204', async () => {
    const fetchImpl = answering(204, '');
    await expect(callApi('/api/x', KEY, { method: 'POST', body: { a: 1 } }, fetchImpl)).resolves.toBeUndefined();
    expect(fetchImpl.calls[0]![1]).toMatchObject({
      method: 'POST',
      body: '{"a":1}',
      headers: { 'content-type': 'application/json' },
    });
  });

  it("says the key was refused on a 401, with the API's detail", async () => {
    const error = await callApi('/api/sites', KEY, {}, answering(401, problem(401, 'Invalid API key'))).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'unauthorized',
      status: 401,
      message: 'The API refused this key (401 Unauthorized: Invalid API key).',
    });
  });

  it('says it is rate-limited on a 429, with Retry-After (60 s when absent or bad)', async () => {
    const error = await callApi(
      '/api/sites',
      KEY,
      {},
      answering(429, problem(429, 'Too many'), { 'retry-after': '17' }),
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'rateLimited', retryAfterSeconds: 17 });
    expect((error as Error).message).toContain('Rate-limited (429)');
    const without = await callApi('/api/sites', KEY, {}, answering(429, 'nope', { 'retry-after': 'soon' })).catch(
      (e: unknown) => e,
    );
    expect(without).toMatchObject({ kind: 'rateLimited', retryAfterSeconds: 60 });
  });

  it('names the invalid fields of a 400', async () => {
    const errors = [{ path: 'body.sitePowerLimitSchedule.limit', message: 'must not be negative' }];
    const error = await callApi(
      '/api/x',
      KEY,
      { method: 'POST', body: {} },
      answering(400, problem(400, 'Invalid body', errors)),
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'client', status: 400, fieldErrors: errors });
  });

  it('says the API is not reachable when fetch fails, and that it failed on a 5xx that is not JSON', async () => {
    const down: Fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(callApi('/api/sites', KEY, {}, down)).rejects.toMatchObject({ kind: 'unreachable', status: 0 });
    await expect(callApi('/api/sites', KEY, {}, answering(502, '<html>Bad gateway</html>'))).rejects.toMatchObject({
      kind: 'server',
      status: 502,
    });
    await expect(callApi('/api/sites', KEY, {}, answering(200, '<html>'))).rejects.toMatchObject({ kind: 'server' });
  });

  it('refuses a key that cannot be sent in a header without calling the API', async () => {
    const fetchImpl = vi.fn<Fetch>();
    for (const key of ['', 'has space', 'clé', 'a\nb', 'x'.repeat(8193)]) {
      expect(isWellFormedKey(key)).toBe(false);
      await expect(callApi('/api/sites', key, {}, fetchImpl)).rejects.toMatchObject({
        kind: 'unauthorized',
        status: 0,
      });
    }
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(isWellFormedKey(KEY)).toBe(true);
    expect(isWellFormedKey('x'.repeat(201))).toBe(false);
  });

  it("sends a person's access token, longer than any key, as the bearer", async () => {
    const token = `${'a'.repeat(200)}.${'b'.repeat(600)}.${'c'.repeat(342)}`;
    const fetchImpl = vi.fn<Fetch>(async () => new Response('{"data":[]}', { status: 200 }));
    await callApi('/api/sites', token, {}, fetchImpl);
    expect(fetchImpl.mock.calls[0]![1].headers).toMatchObject({ authorization: `Bearer ${token}` });
  });

  it('passes an abort through as an AbortError', async () => {
    const aborting: Fetch = async () => {
      throw new DOMException('aborted', 'AbortError');
    };
    await expect(callApi('/api/sites', KEY, {}, aborting)).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('list pages', () => {
  it("reads the next page's cursor from pagination, or from the top", () => {
    expect(nextPageCursorOf({ pagination: { nextPageCursor: 'a' } })).toBe('a');
    expect(nextPageCursorOf({ pagination: { nextPageCursor: null }, nextPageCursor: 'b' })).toBe('b');
    expect(nextPageCursorOf({ nextPageCursor: 'c' })).toBe('c');
    expect(nextPageCursorOf({})).toBeNull();
  });
});

describe('hash routes', () => {
  it.each([
    ['', { page: 'sites' }],
    ['#/', { page: 'sites' }],
    ['#/sites', { page: 'sites' }],
    ['#/vehicles', { page: 'vehicles' }],
    ['#/firmware', { page: 'firmware' }],
    ['#/alerts', { page: 'alerts' }],
    ['#/webhooks', { page: 'webhooks' }],
    ['#/alerts/1', { page: 'notFound', hash: '/alerts/1' }],
    ['#/sites/12/power', { page: 'sitePower', siteId: 12 }],
    ['#/chargers/3', { page: 'charger', chargerId: 3, tab: 'overview' }],
    ['#/chargers/3/message-log', { page: 'charger', chargerId: 3, tab: 'message-log' }],
    ['#/chargers/3/firmware-and-logs', { page: 'charger', chargerId: 3, tab: 'firmware-and-logs' }],
    ['#/chargers/3/logs', { page: 'notFound', hash: '/chargers/3/logs' }],
    ['#/chargers/0', { page: 'notFound', hash: '/chargers/0' }],
    ['#/chargers/1234567890123456', { page: 'notFound', hash: '/chargers/1234567890123456' }],
    ['#/chargers/abc', { page: 'notFound', hash: '/chargers/abc' }],
  ])('reads %j', (hash, route) => {
    expect(parseRoute(hash)).toEqual(route);
  });

  it('writes the hash each page reads back', () => {
    for (const route of [
      { page: 'sites' },
      { page: 'vehicles' },
      { page: 'alerts' },
      { page: 'webhooks' },
      { page: 'sitePower', siteId: 4 },
      ...CHARGER_TABS.map(([tab]) => ({ page: 'charger', chargerId: 9, tab }) as const),
    ] as const) {
      expect(parseRoute(hrefOf(route))).toEqual(route);
    }
    // The overview is the charger's own address, as links made before the tabs wrote it.
    expect(hrefOf({ page: 'charger', chargerId: 9, tab: 'overview' })).toBe('#/chargers/9');
  });
});
