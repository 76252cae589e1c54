/**
 * Smart charging end to end on the local stack, driven by the table's change stream as on AWS:
 * real OCPP clients (strict schemas, 1.6 and 2.0.1) receive the charging profiles that enforce the
 * site's limits when a session starts, a limit is set or deleted, an override is set, and a charger
 * reconnects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../../lib/local/stack';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { pollUntil } from '../support/ocpp';
import { connectSmartCharger, txProfileOf, type ReceivedCall, type SmartCharger } from '../support/smart-charger';
import { responseValidator } from '../../support/openapi';
import { tableChangesOf, type TableChange } from '../../../shared/db/table-changes';
import { reallocationsOf, TRIGGERING_ENTITIES } from '../../../shared/site-power/triggers';

let stack: LocalStack;
let validate: ReturnType<typeof responseValidator>;
/** The batches of changes the stream handed to smart charging's trigger, in order. */
const triggerBatches: TableChange[][] = [];

beforeAll(async () => {
  stack = await startTestStack({
    smartCharging: true,
    streamObservers: [
      {
        name: 'trigger-batches',
        entities: TRIGGERING_ENTITIES,
        handler: async (event) => {
          triggerBatches.push(tableChangesOf(event));
        },
      },
    ],
  });
  validate = responseValidator((await api(stack, '/api/openapi.json')).body);
});
afterAll(async () => stack?.close());

const isTx = (call: ReceivedCall) => call.action === 'SetChargingProfile' && txProfileOf(call).purpose === 'TxProfile';
const isDefault = (call: ReceivedCall) =>
  call.action === 'SetChargingProfile' && txProfileOf(call).purpose === 'TxDefaultProfile';

/**
 * A depot: a 1.6 DCFC charger with 2 ports of 150 kW and a 2.0.1 Level 2 charger (A, 11.5 kW, 240 V
 * single phase), or a 2.1 one (`acProtocol`).
 */
async function depot(acProtocol: 'ocpp2.0.1' | 'ocpp2.1' = 'ocpp2.0.1'): Promise<{
  tenant: Tenant;
  dc: SmartCharger;
  ac: SmartCharger;
  ids: { dc: string; ac: string };
}> {
  const ids = { dc: uniqueOcppId('SCDC'), ac: uniqueOcppId('SCAC') };
  const tenant = await createTenant(stack, [
    {
      ocppId: ids.dc,
      name: 'DC',
      type: 'DCFC',
      ports: [
        { connectorType: 'CCS1', maximumPowerKw: 150 },
        { connectorType: 'CCS1', maximumPowerKw: 150 },
      ],
    },
    { ocppId: ids.ac, name: 'AC', type: 'Level 2', ports: [{ connectorType: 'J1772', maximumPowerKw: 11.5 }] },
  ]);
  const dc = await connectSmartCharger(stack, ids.dc, 'ocpp1.6', 2, { rateUnits: ['W'] });
  const ac = await connectSmartCharger(stack, ids.ac, acProtocol, 1, { rateUnits: ['A'] });
  return { tenant, dc, ac, ids };
}

const call = (tenant: Tenant, method: string, path: string, body?: unknown) =>
  api(stack, path, { key: tenant.apiKey, method, body });

describe('charging profiles', () => {
  it("sends every session a TxProfile within the cost limit, in the charger's unit, for its transaction, and a TxDefaultProfile", async () => {
    const { tenant, dc, ac } = await depot();
    expect(
      (
        await call(tenant, 'POST', `/api/site/${tenant.siteId}/limits`, {
          sitePowerLimitSchedule: { type: 'cost', limit: 100_000, chargingRateUnit: 'W' },
        })
      ).status,
    ).toBe(201);
    const [tx1, tx2] = [await dc.start(1, 'TAG-1', 150_000), await dc.start(2, 'TAG-2', 150_000)];
    const txAc = await ac.start(1, 'TAG-3', 11_000);

    const dc1 = txProfileOf(
      await dc.waitFor(
        (c) => isTx(c) && txProfileOf(c).connector === 1 && txProfileOf(c).transactionId === Number(tx1),
        'DC port 1 TxProfile',
      ),
    );
    const dc2 = txProfileOf(
      await dc.waitFor(
        (c) => isTx(c) && txProfileOf(c).connector === 2 && txProfileOf(c).transactionId === Number(tx2),
        'DC port 2 TxProfile',
      ),
    );
    const acp = txProfileOf(await ac.waitFor((c) => isTx(c) && txProfileOf(c).transactionId === txAc, 'AC TxProfile'));
    expect(dc1.unit).toBe('W');
    expect(acp.unit).toBe('A');
    // Whatever the order sessions started in, the last allocation holds all three within 100 kW.
    const allocation = await pollUntil(
      async () => (await call(tenant, 'GET', `/api/site/${tenant.siteId}/power-allocation`)).body,
      (body) =>
        body.data?.ports?.length === 3 &&
        body.data.ports.every((p: { profileStatus: string }) => p.profileStatus === 'Accepted'),
      'an allocation of the three sessions, all accepted',
    );
    expect(validate('/api/site/{siteId}/power-allocation', 'GET', 200, allocation)).toEqual([]);
    expect(allocation.data.allocatedTotal).toBeLessThanOrEqual(100_000);
    expect(allocation.data.costLimit).toBe(100_000);
    // What the chargers hold now (the last TxProfile of each port) is the allocation, within the limit.
    const last = (charger: SmartCharger, connector: number) =>
      txProfileOf(charger.calls.filter((c) => isTx(c) && txProfileOf(c).connector === connector).at(-1)!);
    const held = last(dc, 1).limit + last(dc, 2).limit + last(ac, 1).limit * 240;
    expect(held).toBeLessThanOrEqual(100_000);
    expect(held).toBeGreaterThan(95_000); // work-conserving: the vehicles can take it all
    expect([dc1.unit, dc2.unit, acp.unit]).toEqual(['W', 'W', 'A']);
    await dc.waitFor(isDefault, 'a TxDefaultProfile on the DC charger');
    await Promise.all([dc.close(), ac.close()]);
  });

  it("sends a 2.1 station its TxProfile as a 2.0.1 one's, schema-valid for 2.1, and shows it accepted", async () => {
    const { tenant, dc, ac } = await depot('ocpp2.1');
    const limits = { sitePowerLimitSchedule: { type: 'cost', limit: 100_000, chargingRateUnit: 'W' } };
    expect((await call(tenant, 'POST', `/api/site/${tenant.siteId}/limits`, limits)).status).toBe(201);
    const tx = await ac.start(1, 'TAG-21', 11_000);
    // The strict 2.1 client took the CALL: it is valid against 2.1's SetChargingProfile schema.
    const profile = txProfileOf(await ac.waitFor((c) => isTx(c) && txProfileOf(c).transactionId === tx, 'TxProfile'));
    expect(profile.unit).toBe('A');
    const allocation = await pollUntil(
      async () => (await call(tenant, 'GET', `/api/site/${tenant.siteId}/power-allocation`)).body,
      (body) => body.data?.ports?.some((p: { profileStatus: string }) => p.profileStatus === 'Accepted'),
      "an allocation with the 2.1 station's profile accepted",
    );
    expect(validate('/api/site/{siteId}/power-allocation', 'GET', 200, allocation)).toEqual([]);
    await Promise.all([dc.close(), ac.close()]);
  });

  it('clears the profiles when the limit is deleted', async () => {
    const { tenant, dc, ac } = await depot();
    const set = await call(tenant, 'POST', `/api/site/${tenant.siteId}/limits`, {
      sitePowerLimitSchedule: { type: 'cost', limit: 60_000, chargingRateUnit: 'W' },
    });
    await dc.start(1, 'TAG-1', 150_000);
    await dc.waitFor(isTx, 'a TxProfile');
    const from = dc.calls.length;
    expect(
      (await call(tenant, 'DELETE', `/api/site/${tenant.siteId}/limits/${set.body.sitePowerLimitScheduleId}`)).status,
    ).toBe(204);
    const clears = await pollUntil(
      async () =>
        dc.calls
          .slice(from)
          .filter((c) => c.action === 'ClearChargingProfile')
          .map((c) => c.params.chargingProfilePurpose),
      (purposes) => purposes.includes('TxProfile') && purposes.includes('TxDefaultProfile'),
      'ClearChargingProfile of both purposes',
    );
    expect(clears).toEqual(expect.arrayContaining(['TxProfile', 'TxDefaultProfile']));
    await Promise.all([dc.close(), ac.close()]);
  });

  it('lets an override exceed the cost limit on its port', async () => {
    const { tenant, dc, ac } = await depot();
    await call(tenant, 'POST', `/api/site/${tenant.siteId}/limits`, {
      sitePowerLimitSchedule: { type: 'cost', limit: 20_000, chargingRateUnit: 'W' },
    });
    await dc.start(1, 'TAG-1', 150_000);
    const first = txProfileOf(await dc.waitFor(isTx, 'a TxProfile'));
    expect(first.limit).toBeLessThanOrEqual(20_000);
    const portId = tenant.chargers[0]!.ports[0]!.id;
    const from = dc.calls.length;
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    const override = await call(tenant, 'PUT', `/api/ports/${portId}/charging-override`, {
      chargingOverride: { limit: 120_000, chargingRateUnit: 'W', expiresAt },
    });
    expect(override.status).toBe(200);
    expect(validate('/api/ports/{portId}/charging-override', 'PUT', 200, override.body)).toEqual([]);
    const raised = txProfileOf(await dc.waitFor(isTx, "the override's TxProfile", from));
    expect(raised.limit).toBe(120_000);
    expect((await call(tenant, 'DELETE', `/api/ports/${portId}/charging-override`)).status).toBe(204);
    const lowered = txProfileOf(await dc.waitFor(isTx, 'the TxProfile after the override', dc.calls.length));
    expect(lowered.limit).toBeLessThanOrEqual(20_000);
    await Promise.all([dc.close(), ac.close()]);
  });

  it('sends the profiles again when a charger reconnects', async () => {
    const { tenant, dc, ac, ids } = await depot();
    await call(tenant, 'POST', `/api/site/${tenant.siteId}/limits`, {
      sitePowerLimitSchedule: { type: 'capacity', limit: 80_000, chargingRateUnit: 'W' },
    });
    const tx = await dc.start(1, 'TAG-1', 150_000);
    const before = txProfileOf(await dc.waitFor(isTx, 'a TxProfile'));
    await dc.close();
    const again = await connectSmartCharger(stack, ids.dc, 'ocpp1.6', 2, { rateUnits: ['W'] });
    const resent = txProfileOf(await again.waitFor(isTx, 'the TxProfile on the new connection'));
    expect(resent).toMatchObject({ transactionId: Number(tx), limit: before.limit, unit: 'W' });
    await again.waitFor(isDefault, 'the TxDefaultProfile on the new connection');
    await Promise.all([again.close(), ac.close()]);
  });
});

describe('triggers and faults', () => {
  it('coalesces a burst of 50 changes of one site: at most one request and one allocation per stream batch naming the site', async () => {
    const { tenant, dc, ac } = await depot();
    await dc.start(1, 'TAG-1', 150_000);
    const state = async () =>
      (await stack.db.siteAllocationState.get({ siteId: tenant.siteId }).go({ consistent: true })).data;
    const sequence = async () =>
      (await stack.db.siteAllocation.get({ siteId: tenant.siteId }).go({ consistent: true })).data?.sequence ?? 0;
    /** No allocation running, and every request allocated. */
    const settled = (data: Awaited<ReturnType<typeof state>>) =>
      data !== null && data.leaseUntil === undefined && (data.requested ?? 0) === (data.allocated ?? 0);
    await pollUntil(sequence, (n) => n >= 1, 'the first allocation');
    // The batches from here on; the requests counted from a settled state read after it.
    const from = triggerBatches.length;
    const before = {
      requested: (await pollUntil(state, settled, 'the first allocation to settle'))?.requested ?? 0,
      sequence: await sequence(),
    };
    // 50 writes of the site's cost limit at once (straight to the table: through HTTP the local
    // gateway takes seconds for 50 requests), each a change on the stream.
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        stack.db.sitePowerLimit
          .put({
            siteId: tenant.siteId,
            type: 'cost',
            scheduleId: `cost-burst-${i}`,
            organizationId: tenant.organizationId,
            limit: 50_000 + i,
            chargingRateUnit: 'W',
            source: 'api',
            createdAt: new Date().toISOString(),
          })
          .go(),
      ),
    );
    const burstIn = (batch: TableChange[]) =>
      batch.map((change) => String(change.newImage?.scheduleId)).filter((id) => id.startsWith('cost-burst-'));
    // Every change of the burst handed to the trigger, and whatever it caused allocated.
    await pollUntil(
      async () => new Set(triggerBatches.slice(from).flatMap(burstIn)).size,
      (n) => n === 50,
      'the burst handed to the trigger',
    );
    await pollUntil(sequence, (n) => n > before.sequence, 'an allocation after the burst');
    const after = await pollUntil(state, settled, 'the burst to settle');
    // Measured against the batches the stream handed on, however the burst fell into windows: the
    // trigger asks for the site once per batch that names it (not once per change), and an
    // allocation covers every request made before it starts (never one run per change).
    const batches = triggerBatches.slice(from);
    const naming = batches.filter((batch) => {
      const { siteIds, organizationIds } = reallocationsOf(batch);
      return siteIds.has(tenant.siteId) || organizationIds.has(tenant.organizationId);
    }).length;
    const burstBatches = batches.filter((batch) => burstIn(batch).length > 0).length;
    const requests = (after?.requested ?? 0) - before.requested;
    const allocations = (await sequence()) - before.sequence;
    expect(burstBatches).toBeGreaterThanOrEqual(1);
    expect(burstBatches).toBeLessThan(50); // batched: a batch per change would leave nothing to coalesce
    expect(naming).toBeGreaterThanOrEqual(burstBatches);
    expect(requests).toBeGreaterThanOrEqual(1);
    expect(requests).toBeLessThanOrEqual(naming);
    expect(allocations).toBeGreaterThanOrEqual(1);
    expect(allocations).toBeLessThanOrEqual(requests);
    await Promise.all([dc.close(), ac.close()]);
  });

  it('counts a charger that rejects its profile as uncontrolled (the others share what remains) until it reconnects', async () => {
    const ids = { dc: uniqueOcppId('SCRJ'), ok: uniqueOcppId('SCOK') };
    const tenant = await createTenant(stack, [
      { ocppId: ids.dc, name: 'Refuses', type: 'DCFC', ports: [{ connectorType: 'CCS1', maximumPowerKw: 50 }] },
      { ocppId: ids.ok, name: 'Obeys', type: 'DCFC', ports: [{ connectorType: 'CCS1', maximumPowerKw: 150 }] },
    ]);
    const refuses = await connectSmartCharger(stack, ids.dc, 'ocpp1.6', 1, { answer: 'Rejected' });
    const obeys = await connectSmartCharger(stack, ids.ok, 'ocpp2.0.1', 1);
    await call(tenant, 'POST', `/api/site/${tenant.siteId}/limits`, {
      sitePowerLimitSchedule: { type: 'capacity', limit: 120_000, chargingRateUnit: 'W' },
    });
    await refuses.start(1, 'TAG-1', 50_000);
    await obeys.start(1, 'TAG-2', 150_000);
    const allocation = await pollUntil(
      async () => (await call(tenant, 'GET', `/api/site/${tenant.siteId}/power-allocation`)).body.data,
      (data) => data.ports.length === 2 && data.ports.some((p: { reason: string }) => p.reason === 'uncontrolled'),
      'the refusing charger counted as uncontrolled',
    );
    const obeying = allocation.ports.find((p: { chargerId: number }) => p.chargerId === tenant.chargers[1]!.id);
    // 120 kW capacity, the uncontrolled 50 kW port counted at its maximum: 70 kW for the other.
    expect(obeying.limitW).toBeLessThanOrEqual(70_000);
    expect(
      txProfileOf(
        await obeys.waitFor((c) => isTx(c) && txProfileOf(c).limit <= 70_000, 'a TxProfile within what remains'),
      ).unit,
    ).toBe('W');
    const { data: charger } = await stack.db.charger.get({ chargerId: tenant.chargers[0]!.id }).go();
    expect(charger?.smartChargingRefusedOn).toBe(charger?.currentConnectionId);
    await Promise.all([refuses.close(), obeys.close()]);
  });

  it('keeps a charger controlled when it rejects a profile for a transaction that ended on its way', async () => {
    const ocppId = uniqueOcppId('SCEN');
    const tenant = await createTenant(stack, [
      {
        ocppId,
        name: 'Ends',
        type: 'DCFC',
        ports: [
          { connectorType: 'CCS1', maximumPowerKw: 150 },
          { connectorType: 'CCS1', maximumPowerKw: 150 },
        ],
      },
    ]);
    let ended = false;
    // The first TxProfile finds its transaction ending: the charger stops it, then rejects the profile.
    const charger = await connectSmartCharger(stack, ocppId, 'ocpp1.6', 2, {
      beforeAnswer: async (params, client) => {
        if (ended || params.csChargingProfiles.chargingProfilePurpose !== 'TxProfile') return undefined;
        ended = true;
        const { transactionId } = params.csChargingProfiles;
        await client.call('StopTransaction', { transactionId, meterStop: 2000, timestamp: new Date().toISOString() });
        return 'Rejected';
      },
    });
    await call(tenant, 'POST', `/api/site/${tenant.siteId}/limits`, {
      sitePowerLimitSchedule: { type: 'capacity', limit: 100_000, chargingRateUnit: 'W' },
    });
    await charger.start(1, 'TAG-1', 50_000);
    await pollUntil(async () => ended, Boolean, 'the first session ended as its profile arrived');
    await charger.start(2, 'TAG-2', 50_000);
    const profile = await charger.waitFor(
      (c) => isTx(c) && c.params.connectorId === 2 && c.answeredAt !== undefined,
      "the second session's TxProfile",
    );
    expect(txProfileOf(profile).limit).toBeLessThanOrEqual(100_000);
    const allocation = await pollUntil(
      async () => (await call(tenant, 'GET', `/api/site/${tenant.siteId}/power-allocation`)).body.data,
      (data) => data.ports.some((p: { profileStatus: string }) => p.profileStatus === 'Accepted'),
      "the second session's profile accepted",
    );
    expect(allocation.ports.map((p: { reason: string }) => p.reason)).not.toContain('uncontrolled');
    const { data: stored } = await stack.db.charger.get({ chargerId: tenant.chargers[0]!.id }).go();
    expect(stored?.smartChargingRefusedOn).toBeUndefined();
    await charger.close();
  });
});

describe('bad input', () => {
  it.each([
    ['a negative limit', { limit: -1, chargingRateUnit: 'W', expiresAt: 'in1h' }, 'body.chargingOverride.limit'],
    [
      'an unknown unit',
      { limit: 1000, chargingRateUnit: 'kW', expiresAt: 'in1h' },
      'body.chargingOverride.chargingRateUnit',
    ],
    [
      'an expiry more than 24 h ahead',
      { limit: 1000, chargingRateUnit: 'W', expiresAt: 'in25h' },
      'body.chargingOverride.expiresAt',
    ],
    [
      'an expiry in the past',
      { limit: 1000, chargingRateUnit: 'W', expiresAt: 'ago1h' },
      'body.chargingOverride.expiresAt',
    ],
    [
      'A on a DCFC port',
      { limit: 100, chargingRateUnit: 'A', expiresAt: 'in1h' },
      'body.chargingOverride.chargingRateUnit',
    ],
  ])('refuses an override with %s (400 naming the field) and stores nothing', async (_name, body, path) => {
    const { tenant, dc, ac } = await depot();
    await dc.start(1, 'TAG-1');
    const at = { in1h: 3_600_000, in25h: 25 * 3_600_000, ago1h: -3_600_000 }[body.expiresAt as 'in1h'];
    const portId = tenant.chargers[0]!.ports[0]!.id;
    const answer = await call(tenant, 'PUT', `/api/ports/${portId}/charging-override`, {
      chargingOverride: { ...body, expiresAt: new Date(Date.now() + at).toISOString() },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    const { data: port } = await stack.db.port.get({ chargerId: tenant.chargers[0]!.id, portNumber: 1 }).go();
    expect(port?.chargingOverride).toBeUndefined();
    await Promise.all([dc.close(), ac.close()]);
  });

  it("answers 404 for another organization's port and site, and 409 without a session", async () => {
    const { tenant, dc, ac } = await depot();
    const other = await createTenant(stack);
    const portId = tenant.chargers[0]!.ports[0]!.id;
    const body = {
      chargingOverride: {
        limit: 1000,
        chargingRateUnit: 'W',
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
    };
    expect((await call(other, 'PUT', `/api/ports/${portId}/charging-override`, body)).status).toBe(404);
    expect((await call(other, 'GET', `/api/site/${tenant.siteId}/power-allocation`)).status).toBe(404);
    expect((await call(tenant, 'PUT', `/api/ports/${portId}/charging-override`, body)).status).toBe(409);
    await Promise.all([dc.close(), ac.close()]);
  });
});
