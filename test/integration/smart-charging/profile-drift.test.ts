/**
 * The drift check end to end on the local stack (smart charging and the alert rules on the table's
 * stream, as on AWS), with strict OCPP clients: after each TxProfile accepted, one
 * GetCompositeSchedule; a composite schedule above the profile raises `profileDrift` and the
 * profile is sent again once; a later check that matches clears it; a charger whose composite
 * matches raises nothing; one that answers NotSupported is not asked again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRPCError } from 'ocpp-rpc';
import type { LocalStack } from '../../../lib/local/stack';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { pollUntil } from '../support/ocpp';
import { connectSmartCharger, txProfileOf, type ReceivedCall, type SmartCharger } from '../support/smart-charger';
import type { AlertItem } from '../../../shared/alerts/store';
import { startSimulator } from '../../../lib/simulator';

let stack: LocalStack;

beforeAll(async () => {
  stack = await startTestStack({ smartCharging: true, alerts: true });
});
afterAll(async () => stack?.close());

const call = (tenant: Tenant, method: string, path: string, body?: unknown) =>
  api(stack, path, { key: tenant.apiKey, method, body });

const capacity = (tenant: Tenant, limit: number) =>
  call(tenant, 'POST', `/api/site/${tenant.siteId}/limits`, {
    sitePowerLimitSchedule: { type: 'capacity', limit, chargingRateUnit: 'W' },
  });

const isTx = (c: ReceivedCall) => c.action === 'SetChargingProfile' && txProfileOf(c).purpose === 'TxProfile';

async function driftAlerts(tenant: Tenant): Promise<AlertItem[]> {
  const { data } = await stack.db.alert.query.byOrganization({ organizationId: tenant.organizationId }).go({
    pages: 'all',
  });
  return (data as AlertItem[]).filter((a) => a.type === 'profileDrift');
}

/** A 1.6 answer holding the last profile's schedule, each limit raised by `extraW`. */
function composite16(params: { connectorId: number }, last: any, extraW: number) {
  const schedule = last.csChargingProfiles.chargingSchedule;
  return {
    status: 'Accepted',
    connectorId: params.connectorId,
    scheduleStart: schedule.startSchedule,
    chargingSchedule: {
      duration: 3600,
      chargingRateUnit: schedule.chargingRateUnit,
      chargingSchedulePeriod: schedule.chargingSchedulePeriod.map((p: { startPeriod: number; limit: number }) => ({
        startPeriod: p.startPeriod,
        limit: p.limit + extraW,
      })),
    },
  };
}

/** A 2.0.1 answer holding the last profile's schedule as it is. */
function composite201(params: { evseId: number }, last: any) {
  const schedule = last.chargingProfile.chargingSchedule[0];
  return {
    status: 'Accepted',
    schedule: {
      evseId: params.evseId,
      duration: 3600,
      scheduleStart: schedule.startSchedule,
      chargingRateUnit: schedule.chargingRateUnit,
      chargingSchedulePeriod: schedule.chargingSchedulePeriod,
    },
  };
}

describe('the drift check', () => {
  it('raises profileDrift when the composite schedule is above the profile, sends it again once, and clears on a match', async () => {
    const ocppId = uniqueOcppId('DRIFT');
    const tenant = await createTenant(stack, [
      { ocppId, name: 'Drifting DC', type: 'DCFC', ports: [{ connectorType: 'CCS1', maximumPowerKw: 150 }] },
    ]);
    let extraW = 20_000;
    const dc: SmartCharger = await connectSmartCharger(stack, ocppId, 'ocpp1.6', 1, {
      rateUnits: ['W'],
      compositeSchedule: (params, last) => composite16(params, last, extraW),
    });
    expect((await capacity(tenant, 60_000)).status).toBe(201);
    await dc.start(1, 'TAG-1', 150_000);
    const first = await dc.waitFor(isTx, 'a TxProfile');
    const ask = await dc.waitFor((c) => c.action === 'GetCompositeSchedule', 'GetCompositeSchedule');
    expect(ask.params).toEqual({ connectorId: 1, duration: 3600, chargingRateUnit: 'W' });
    const askedAt = dc.calls.indexOf(ask);
    // The repair: the same profile sent again, once, after the check.
    const again = await dc.waitFor(isTx, 'the profile sent again', askedAt + 1);
    expect(again.params).toEqual(first.params);
    const planned = txProfileOf(first).limit;
    const [alert] = await pollUntil(
      () => driftAlerts(tenant),
      (alerts) => alerts.length === 1,
      'a profileDrift alert',
      30_000,
    );
    expect(alert).toMatchObject({
      episodeKey: expect.stringMatching(/^profileDrift:port:/),
      details: {
        source: 'compositeSchedule',
        chargingRateUnit: 'W',
        plannedLimit: planned,
        compositeLimit: planned + 20_000,
        resentStatus: 'Accepted',
      },
    });
    expect(alert!.endTimestamp).toBeUndefined();
    const view = (await call(tenant, 'GET', `/api/alerts/${alert!.alertId}`)).body.data;
    expect(view).toMatchObject({ type: 'profileDrift', severity: 'warning', profileDrift: { plannedLimit: planned } });
    // One check per profile change: the repair is not checked again.
    expect(dc.calls.filter((c) => c.action === 'GetCompositeSchedule')).toHaveLength(1);

    extraW = 0;
    const from = dc.calls.length;
    expect((await capacity(tenant, 40_000)).status).toBe(201);
    await dc.waitFor((c) => c.action === 'GetCompositeSchedule', 'the next check', from);
    const cleared = await pollUntil(
      () => driftAlerts(tenant),
      (alerts) => alerts.length === 1 && alerts[0]!.endTimestamp !== undefined,
      'the alert cleared',
      30_000,
    );
    expect(cleared).toHaveLength(1);
    await dc.close();
  });

  it('raises nothing for a charger whose composite schedule matches (2.0.1, in A)', async () => {
    const ocppId = uniqueOcppId('NODRIFT');
    const tenant = await createTenant(stack, [
      { ocppId, name: 'Faithful AC', type: 'Level 2', ports: [{ connectorType: 'J1772', maximumPowerKw: 11.5 }] },
    ]);
    const ac = await connectSmartCharger(stack, ocppId, 'ocpp2.0.1', 1, {
      rateUnits: ['A'],
      compositeSchedule: composite201,
    });
    expect((await capacity(tenant, 5_000)).status).toBe(201);
    await ac.start(1, 'TAG-2', 7_000);
    const ask = await ac.waitFor((c) => c.action === 'GetCompositeSchedule', 'GetCompositeSchedule');
    expect(ask.params).toEqual({ evseId: 1, duration: 3600, chargingRateUnit: 'A' });
    const allocation = await pollUntil(
      async () => (await call(tenant, 'GET', `/api/site/${tenant.siteId}/power-allocation`)).body.data,
      (data) => data?.ports?.[0]?.profileDrift?.drifted === false,
      'the check recorded on the allocation',
    );
    expect(allocation.ports[0].profileDrift).toMatchObject({ drifted: false, checkedAt: expect.any(String) });
    expect(ac.calls.filter(isTx)).toHaveLength(1);
    expect(await driftAlerts(tenant)).toEqual([]);
    await ac.close();
  });

  it('does not ask a charger that answered NotSupported again (until it boots)', async () => {
    const ocppId = uniqueOcppId('NOCOMP');
    const tenant = await createTenant(stack, [
      { ocppId, name: 'Old DC', type: 'DCFC', ports: [{ connectorType: 'CCS1', maximumPowerKw: 150 }] },
    ]);
    const dc = await connectSmartCharger(stack, ocppId, 'ocpp1.6', 1, {
      rateUnits: ['W'],
      compositeSchedule: () => {
        throw createRPCError('NotSupported', 'no composite schedule');
      },
    });
    expect((await capacity(tenant, 60_000)).status).toBe(201);
    await dc.start(1, 'TAG-3', 150_000);
    await dc.waitFor((c) => c.action === 'GetCompositeSchedule', 'GetCompositeSchedule');
    const charger = tenant.chargers[0]!;
    await pollUntil(
      async () => (await stack.db.charger.get({ chargerId: charger.id }).go({ consistent: true })).data,
      (item) => item?.smartCharging?.compositeSchedule === 'unsupported',
      'the charger remembered as not answering',
    );
    const from = dc.calls.length;
    expect((await capacity(tenant, 30_000)).status).toBe(201);
    await dc.waitFor((c) => isTx(c) && txProfileOf(c).limit <= 30_000, 'a TxProfile under the new limit', from);
    // The next profile's allocation is stored after its delivery: no check came with it.
    await pollUntil(
      async () => (await call(tenant, 'GET', `/api/site/${tenant.siteId}/power-allocation`)).body.data,
      (data) => data?.capacityLimit === 30_000,
      'the allocation under the new limit',
    );
    expect(dc.calls.filter((c) => c.action === 'GetCompositeSchedule')).toHaveLength(1);
    expect(await driftAlerts(tenant)).toEqual([]);
    await dc.close();
  });

  it.each(['ocpp1.6', 'ocpp2.0.1'] as const)(
    'finds no drift on the %s simulator (its composite is its profiles)',
    async (protocol) => {
      const ocppId = uniqueOcppId('SIMDRIFT');
      const tenant = await createTenant(stack, [
        { ocppId, name: 'Sim', type: 'Level 2', ports: [{ connectorType: 'J1772', maximumPowerKw: 11.5 }] },
      ]);
      expect((await capacity(tenant, 5_000)).status).toBe(201);
      const simulator = await startSimulator({
        ocppId,
        protocol,
        url: stack.ocppUrl,
        freeVend: true,
        currentType: 'AC',
      });
      try {
        await simulator.plugInAndStart();
        const allocation = await pollUntil(
          async () => (await call(tenant, 'GET', `/api/site/${tenant.siteId}/power-allocation`)).body.data,
          (data) => data?.ports?.[0]?.profileDrift !== null && data?.ports?.[0]?.profileDrift !== undefined,
          'a drift check on the allocation',
          30_000,
        );
        expect(allocation.ports[0].profileDrift).toMatchObject({ drifted: false });
        expect(await driftAlerts(tenant)).toEqual([]);
      } finally {
        await simulator.close();
      }
    },
  );

  it('counts a profile the station holds that this CSMS did not send (2.0.1 GetChargingProfiles → ReportChargingProfiles)', async () => {
    const ocppId = uniqueOcppId('FOREIGN');
    const tenant = await createTenant(stack, [
      { ocppId, name: 'Shared AC', type: 'Level 2', ports: [{ connectorType: 'J1772', maximumPowerKw: 11.5 }] },
    ]);
    let above = true;
    let holdsForeign = true;
    const report = (client: any, requestId: number) =>
      setTimeout(() => {
        void client.call('ReportChargingProfiles', {
          requestId,
          chargingLimitSource: 'EMS',
          evseId: 1,
          chargingProfile: [
            {
              id: 77,
              stackLevel: 2,
              chargingProfilePurpose: 'TxDefaultProfile',
              chargingProfileKind: 'Absolute',
              chargingSchedule: [
                {
                  id: 1,
                  startSchedule: new Date().toISOString(),
                  chargingRateUnit: 'A',
                  chargingSchedulePeriod: [{ startPeriod: 0, limit: 32 }],
                },
              ],
            },
          ],
        });
      }, 50);
    const ac = await connectSmartCharger(stack, ocppId, 'ocpp2.0.1', 1, {
      rateUnits: ['A'],
      compositeSchedule: (params, last) => {
        const answer = composite201(params, last) as { schedule: { chargingSchedulePeriod: { limit: number }[] } };
        if (above) for (const p of answer.schedule.chargingSchedulePeriod) p.limit += 10;
        return answer;
      },
      chargingProfiles: (params, client) => {
        if (!holdsForeign) return { status: 'NoProfiles' };
        report(client, params.requestId);
        return { status: 'Accepted' };
      },
    });
    expect((await capacity(tenant, 5_000)).status).toBe(201);
    await ac.start(1, 'TAG-4', 7_000);
    const asked = await ac.waitFor((c) => c.action === 'GetChargingProfiles', 'GetChargingProfiles after the drift');
    expect(asked.params).toEqual({ requestId: expect.any(Number), evseId: 1, chargingProfile: {} });
    await pollUntil(
      async () => (await stack.db.charger.get({ chargerId: tenant.chargers[0]!.id }).go({ consistent: true })).data,
      (item) => item?.chargingProfilesReport?.profiles?.[0]?.id === 77,
      'the report stored',
    );
    // The next profile change: the composite matches now, the EMS profile is still there.
    above = false;
    expect((await capacity(tenant, 4_000)).status).toBe(201);
    const foreign = await pollUntil(
      () => driftAlerts(tenant),
      (alerts) => alerts[0]?.details?.source === 'unknownProfile',
      'the alert naming the unknown profile',
      30_000,
    );
    expect(foreign).toHaveLength(1);
    expect(foreign[0]!.details).toMatchObject({ unknownProfileId: 77, unknownProfileSource: 'EMS' });
    expect(foreign[0]!.endTimestamp).toBeUndefined();
    // The EMS lets go: the next check asks again, NoProfiles, and the alert clears.
    holdsForeign = false;
    expect((await capacity(tenant, 4_500)).status).toBe(201);
    await pollUntil(
      () => driftAlerts(tenant),
      (alerts) => alerts.length === 1 && alerts[0]!.endTimestamp !== undefined,
      'the alert cleared',
      30_000,
    );
    await ac.close();
  });
});
