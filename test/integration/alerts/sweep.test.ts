/**
 * The alert sweep against real OCPP clients (ocpp-rpc, strict mode) on the local stack: a charger
 * that stops answering raises `offlineCharger` after the probe, one that answers the probe (even
 * Rejected) raises nothing, a charger never booted raises nothing; a disconnected charger raises
 * after the threshold, keeps one alert while it flaps and clears once back for the clear period; a
 * port Faulted past the grace raises `chargerFaulted` and clears when it leaves Faulted; an alert
 * under a maintenance window is muted. The sweep is called with a time ahead instead of waiting;
 * each scenario has its own organization.
 */
import type { RPCClient } from 'ocpp-rpc';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../../lib/local/stack';
import { sweepOrganization } from '../../../shared/alerts/sweep';
import { LastMessageRecorder } from '../../../shared/chargers/last-message';
import { ocppChargerCommands } from '../../../shared/ocpp/commands/charger-commands';
import { PROBE_COMMANDS } from '../../../shared/ocpp/commands/charger-operations';
import { connectCharger, pollUntil, type OcppProtocol } from '../support/ocpp';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';

let stack: LocalStack;
const clients: RPCClient[] = [];
const MIN = 60_000;
const ROUTE = '/api/alerts';

beforeAll(async () => {
  stack = await startTestStack();
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close({ force: true }).catch(() => undefined)));
});
afterAll(async () => stack?.close());

/** The probe waits 3 s here (20 s in production). */
const commands = () => ocppChargerCommands(stack.db, PROBE_COMMANDS, { deadlineMs: 3000 });
const sweep = (tenant: Tenant, at: number) => sweepOrganization(stack.db, commands(), tenant.organizationId, at);

/** An organization with one charger of `protocol`. */
const tenantWith = (protocol: OcppProtocol) =>
  createTenant(stack, [
    {
      ocppId: uniqueOcppId(protocol === 'ocpp1.6' ? 'AL16' : 'AL201'),
      name: 'Bay 1',
      type: 'Level 2',
      ports: [{ connectorType: 'J1772' }],
    },
  ]);

/** Connects the tenant's charger and boots it; `trigger` answers TriggerMessage (never, when it hangs). */
async function bootCharger(tenant: Tenant, protocol: OcppProtocol, trigger: () => Promise<Record<string, unknown>>) {
  const charger = tenant.chargers[0]!;
  const client = await connectCharger(stack, charger.ocppId!, protocol, undefined, (c) =>
    c.handle('TriggerMessage', trigger),
  );
  clients.push(client);
  await client.call(
    'BootNotification',
    protocol === 'ocpp1.6'
      ? { chargePointVendor: 'V', chargePointModel: 'M' }
      : { reason: 'PowerUp', chargingStation: { vendorName: 'V', model: 'M' } },
  );
  return client;
}

/** Every alert of the tenant, muted ones too, as the API lists them (newest first). */
async function alertsOf(tenant: Tenant): Promise<any[]> {
  const response = await api(stack, `${ROUTE}?includeMuted=true`, { key: tenant.apiKey });
  expect(response.status).toBe(200);
  return response.body.data;
}

/** The charger item, read until `done` holds. */
const chargerUntil = (tenant: Tenant, done: (c: any) => boolean, what: string) =>
  pollUntil(
    async () => (await stack.db.charger.get({ chargerId: tenant.chargers[0]!.id }).go({ consistent: true })).data,
    (c) => c !== null && done(c),
    what,
  );

describe('offlineCharger', () => {
  it('a charger that stops answering raises it after the unanswered probe, once', async () => {
    const tenant = await tenantWith('ocpp1.6');
    let probes = 0;
    await bootCharger(tenant, 'ocpp1.6', () => {
      probes++;
      return new Promise(() => undefined); // never answers
    });
    const now = Date.now();
    expect(await sweep(tenant, now + 9 * MIN)).toMatchObject({ probed: 0, raised: 0 });
    expect(await sweep(tenant, now + 11 * MIN)).toMatchObject({ probed: 1, raised: 1 });
    expect(probes).toBe(1);
    const [alert] = await alertsOf(tenant);
    expect(alert).toMatchObject({
      type: 'offlineCharger',
      offlineCharger: { thresholdMinutes: 10 },
      endTimestamp: null,
      muted: false,
      charger: { id: tenant.chargers[0]!.id, name: 'Bay 1' },
      site: { id: tenant.siteId, name: 'Depot' },
      port: null,
    });
    expect(alert.startTimestamp).toBe(new Date(now + 11 * MIN).toISOString());
    // Still silent a minute later: the same alert, no second probe.
    expect(await sweep(tenant, now + 12 * MIN)).toMatchObject({ probed: 0, raised: 0 });
    expect(await alertsOf(tenant)).toHaveLength(1);
  });

  it.each([
    ['ocpp1.6', 'Rejected'],
    ['ocpp2.0.1', 'Accepted'],
  ] as const)('an %s charger that answers the probe (%s) raises nothing', async (protocol, status) => {
    const tenant = await tenantWith(protocol);
    await bootCharger(tenant, protocol, async () => ({ status }));
    const now = Date.now();
    expect(await sweep(tenant, now + 11 * MIN)).toMatchObject({ probed: 1, raised: 0 });
    expect(await alertsOf(tenant)).toEqual([]);
    // The answer counts as a message: no probe until the threshold has passed again.
    expect(await sweep(tenant, now + 15 * MIN)).toMatchObject({ probed: 0, raised: 0 });
  });

  it('a charger never booted raises nothing and is never sent anything', async () => {
    const tenant = await tenantWith('ocpp1.6');
    expect(await sweep(tenant, Date.now() + 600 * MIN)).toEqual({ probed: 0, raised: 0, updated: 0, cleared: 0 });
    expect(await alertsOf(tenant)).toEqual([]);
  });

  it('a disconnected charger raises after the threshold, keeps one alert while it flaps, clears once back for the clear period', async () => {
    const tenant = await tenantWith('ocpp1.6');
    const answer = async () => ({ status: 'Accepted' });
    const first = await bootCharger(tenant, 'ocpp1.6', answer);
    await first.close();
    const dropped = await chargerUntil(tenant, (c) => c.connectionStatus?.status === 'Disconnected', 'disconnected');
    const droppedAt = Date.parse(dropped!.connectionStatus!.timestamp);
    // A drop shorter than the threshold raises nothing.
    expect(await sweep(tenant, droppedAt + 20_000)).toMatchObject({ raised: 0 });
    expect(await sweep(tenant, droppedAt + 9 * MIN)).toMatchObject({ raised: 0 });
    // As if it had dropped 10 minutes earlier (the sweep's own time stays before the reconnections below).
    const earlier = new Date(droppedAt - 10 * MIN).toISOString();
    await stack.db.charger
      .patch({ chargerId: tenant.chargers[0]!.id })
      .set({ connectionStatus: { status: 'Disconnected', timestamp: earlier } })
      .go();
    expect(await sweep(tenant, droppedAt)).toMatchObject({ probed: 0, raised: 1 });
    // Back, then gone again within the clear period, then back: still the one alert.
    const again = await bootCharger(tenant, 'ocpp1.6', answer);
    const back = await chargerUntil(tenant, (c) => c.connectionStatus?.status === 'Connected', 'connected');
    const backAt = Date.parse(back!.connectionStatus!.timestamp);
    expect(await sweep(tenant, backAt + 2 * MIN)).toMatchObject({ raised: 0, cleared: 0 });
    await again.close();
    await chargerUntil(tenant, (c) => c.connectionStatus?.status === 'Disconnected', 'disconnected again');
    await bootCharger(tenant, 'ocpp1.6', answer);
    const third = await chargerUntil(
      tenant,
      (c) => c.connectionStatus?.status === 'Connected' && Date.parse(c.connectionStatus.timestamp) > backAt,
      'connected again',
    );
    const thirdAt = Date.parse(third!.connectionStatus!.timestamp);
    expect(await sweep(tenant, thirdAt + 4 * MIN)).toMatchObject({ raised: 0, cleared: 0 });
    expect(await alertsOf(tenant)).toHaveLength(1);
    // Connected and talking for the clear period (5 min): cleared.
    expect(await sweep(tenant, thirdAt + 5 * MIN)).toMatchObject({ raised: 0, cleared: 1 });
    const [alert] = await alertsOf(tenant);
    expect(alert.endTimestamp).toBe(new Date(thirdAt + 5 * MIN).toISOString());
    const active = await api(stack, `${ROUTE}?active=true`, { key: tenant.apiKey });
    expect(active.body.data).toEqual([]);
  });

  it('an alert raised during a maintenance window of the charger is muted', async () => {
    const tenant = await tenantWith('ocpp2.0.1');
    const window = await api(stack, '/api/maintenance-windows', {
      key: tenant.apiKey,
      method: 'POST',
      body: {
        chargerId: tenant.chargers[0]!.id,
        startTimestamp: new Date().toISOString(),
        endTimestamp: new Date(Date.now() + 120 * MIN).toISOString(),
      },
    });
    expect(window.status).toBe(201);
    const client = await bootCharger(tenant, 'ocpp2.0.1', async () => ({ status: 'Accepted' }));
    await client.close();
    const dropped = await chargerUntil(tenant, (c) => c.connectionStatus?.status === 'Disconnected', 'disconnected');
    expect(await sweep(tenant, Date.parse(dropped!.connectionStatus!.timestamp) + 11 * MIN)).toMatchObject({
      raised: 1,
    });
    const [alert] = await alertsOf(tenant);
    expect(alert).toMatchObject({ type: 'offlineCharger', muted: true });
    expect((await api(stack, ROUTE, { key: tenant.apiKey })).body.data).toEqual([]);
  });
});

describe('chargerFaulted', () => {
  it.each(['ocpp1.6', 'ocpp2.0.1'] as const)(
    'an %s port Faulted past the grace raises it, with its error; it clears when the port leaves Faulted',
    async (protocol) => {
      const tenant = await tenantWith(protocol);
      const client = await bootCharger(tenant, protocol, async () => ({ status: 'Accepted' }));
      const v16 = protocol === 'ocpp1.6';
      const status = (value: string) =>
        client.call(
          'StatusNotification',
          v16
            ? {
                connectorId: 1,
                status: value,
                errorCode: value === 'Faulted' ? 'GroundFailure' : 'NoError',
                vendorErrorCode: value === 'Faulted' ? 'E42' : undefined,
                info: value === 'Faulted' ? 'RCD tripped' : undefined,
                timestamp: new Date().toISOString(),
              }
            : { timestamp: new Date().toISOString(), connectorStatus: value, evseId: 1, connectorId: 1 },
        );
      await status('Faulted');
      const port = tenant.chargers[0]!.ports[0]!;
      const faulted = await pollUntil(
        async () =>
          (await stack.db.port.get({ chargerId: tenant.chargers[0]!.id, portNumber: 1 }).go({ consistent: true })).data,
        (p) => p?.ocppStatus?.status === 'Faulted',
        'the Faulted status',
      );
      const since = Date.parse(faulted!.ocppStatus!.timestamp);
      expect(await sweep(tenant, since + 4 * MIN)).toMatchObject({ raised: 0 });
      expect(await sweep(tenant, since + 5 * MIN)).toMatchObject({ raised: 1 });
      const [alert] = await alertsOf(tenant);
      expect(alert).toMatchObject({
        type: 'chargerFaulted',
        chargerFaulted: {
          ocppErrorCode: v16 ? 'GroundFailure' : null,
          ocppVendorErrorCode: v16 ? 'E42' : null,
          ocppInfo: v16 ? 'RCD tripped' : null,
          faultedSince: faulted!.ocppStatus!.timestamp,
        },
        offlineCharger: null,
        port: { id: port.id, name: 'Port 1' },
        endTimestamp: null,
      });
      expect(await sweep(tenant, since + 6 * MIN)).toMatchObject({ raised: 0, updated: 0 });
      await status('Available');
      await pollUntil(
        async () =>
          (await stack.db.port.get({ chargerId: tenant.chargers[0]!.id, portNumber: 1 }).go({ consistent: true })).data,
        (p) => p?.ocppStatus?.status === 'Available',
        'the Available status',
      );
      expect(await sweep(tenant, since + 7 * MIN)).toMatchObject({ cleared: 1 });
      const [cleared] = await alertsOf(tenant);
      expect(cleared).toMatchObject({ id: alert.id, endTimestamp: new Date(since + 7 * MIN).toISOString() });
    },
  );
});

describe("the connection's lastMessageAt", () => {
  it('is written at most every 5 minutes per connection, never onto a closed connection', async () => {
    const tenant = await tenantWith('ocpp1.6');
    const client = await bootCharger(tenant, 'ocpp1.6', async () => ({ status: 'Accepted' }));
    const charger = await chargerUntil(tenant, (c) => c.connectionStatus?.status === 'Connected', 'connected');
    const connectionId = charger!.currentConnectionId!;
    const read = async () => (await stack.db.connection.get({ connectionId }).go({ consistent: true })).data;
    const { connectedAt } = (await read())!;
    const at = (minutes: number) => new Date(Date.parse(connectedAt) + minutes * MIN).toISOString();
    const recorder = new LastMessageRecorder();
    expect(await recorder.received(stack.db, connectionId, connectedAt, at(4.9))).toBe(false);
    expect(await recorder.received(stack.db, connectionId, connectedAt, at(5))).toBe(true);
    expect((await read())!.lastMessageAt).toBe(at(5));
    expect(await recorder.received(stack.db, connectionId, connectedAt, at(9))).toBe(false);
    expect(await recorder.received(stack.db, connectionId, connectedAt, at(10))).toBe(true);
    expect((await read())!.lastMessageAt).toBe(at(10));
    await client.close();
    await pollUntil(read, (c) => c === null, 'the connection item deleted');
    await recorder.received(stack.db, connectionId, connectedAt, at(20));
    expect(await read()).toBeNull();
  });
});
