/**
 * OCPP 2.0.1 smart charging from the station's side, end to end on the local stack with a real
 * strict-schema client: external limits (NotifyChargingLimit / ClearedChargingLimit) move power
 * between EVSEs, a vehicle's own ISO 15118 needs (NotifyEVChargingNeeds) rank it by its departure,
 * the schedule it chose and the station's profile report are kept, and bad values are refused
 * without storing anything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../../lib/local/stack';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { pollUntil } from '../support/ocpp';
import { connectSmartCharger, txProfileOf, type ReceivedCall, type SmartCharger } from '../support/smart-charger';
import { responseValidator } from '../../support/openapi';

let stack: LocalStack;
let validate: ReturnType<typeof responseValidator>;

beforeAll(async () => {
  stack = await startTestStack({ smartCharging: true });
  validate = responseValidator((await api(stack, '/api/openapi.json')).body);
});
afterAll(async () => stack?.close());

const call = (tenant: Tenant, method: string, path: string, body?: unknown) =>
  api(stack, path, { key: tenant.apiKey, method, body });

interface PortLine {
  portId: number;
  limitW: number;
  reason: string;
  externalLimitW: number | null;
  externalLimitSource: string | null;
  departureSource: string | null;
  departureTime: string | null;
  evChargingSchedule: { chargingRateUnit: string; limit: number; startTime: string } | null;
}

/** A 2.0.1 DC station with `evses` EVSEs of 150 kW on a site under a cost limit, each with a session drawing 150 kW. */
async function station(evses: number, costLimitW: number, tags: string[] = []) {
  const ocppId = uniqueOcppId('SS');
  const ports = Array.from({ length: evses }, () => ({ connectorType: 'CCS1' as const, maximumPowerKw: 150 }));
  const tenant = await createTenant(stack, [{ ocppId, name: 'Station', type: 'DCFC', ports }]);
  const limit = { sitePowerLimitSchedule: { type: 'cost', limit: costLimitW, chargingRateUnit: 'W' } };
  expect((await call(tenant, 'POST', `/api/site/${tenant.siteId}/limits`, limit)).status).toBe(201);
  const charger = await connectSmartCharger(stack, ocppId, 'ocpp2.0.1', evses, { rateUnits: ['W'] });
  const transactions: string[] = [];
  for (let evse = 1; evse <= evses; evse++)
    transactions.push(await charger.start(evse, tags[evse - 1] ?? `TAG-${evse}`, 150_000));
  return { tenant, charger, transactions, portIds: tenant.chargers[0]!.ports.map((p) => p.id) };
}

/** The allocation once `done` holds for its ports. */
async function allocationWhen(tenant: Tenant, done: (ports: PortLine[]) => boolean, what: string) {
  return pollUntil(
    async () => (await call(tenant, 'GET', `/api/site/${tenant.siteId}/power-allocation`)).body,
    (body) => Array.isArray(body.data?.ports) && done(body.data.ports),
    what,
  );
}

/** The last TxProfile limit each EVSE received, W. */
function heldLimits(charger: SmartCharger, evses: number): number[] {
  const isTx = (c: ReceivedCall) => c.action === 'SetChargingProfile' && txProfileOf(c).purpose === 'TxProfile';
  return Array.from({ length: evses }, (_, i) => {
    const last = charger.calls.filter((c) => isTx(c) && txProfileOf(c).connector === i + 1).at(-1);
    return last ? txProfileOf(last).limit : NaN;
  });
}

const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

describe('external limits (NotifyChargingLimit / ClearedChargingLimit)', () => {
  it('gives the power an EMS takes from one EVSE to the others, and back when it clears', async () => {
    const { tenant, charger, portIds } = await station(3, 90_000);
    await allocationWhen(
      tenant,
      (ports) => ports.length === 3 && ports.every((p) => p.limitW === 30_000),
      'an equal share',
    );
    await pollUntil(
      async () => heldLimits(charger, 3),
      (held) => held.every((l) => l === 30_000),
      '30 kW held on each EVSE',
    );

    const schedule = { id: 1, chargingRateUnit: 'W', chargingSchedulePeriod: [{ startPeriod: 0, limit: 10_000 }] };
    const notify = { evseId: 1, chargingLimit: { chargingLimitSource: 'EMS' }, chargingSchedule: [schedule] };
    expect(await charger.client.call('NotifyChargingLimit', notify)).toEqual({});
    const limited = await allocationWhen(
      tenant,
      (ports) => ports.find((p) => p.portId === portIds[0])?.externalLimitW === 10_000,
      'EVSE 1 held to the EMS limit',
    );
    expect(validate('/api/site/{siteId}/power-allocation', 'GET', 200, limited)).toEqual([]);
    const byPort = new Map(limited.data.ports.map((p: PortLine) => [p.portId, p]));
    expect(byPort.get(portIds[0]!)).toMatchObject({ limitW: 10_000, reason: 'external', externalLimitSource: 'EMS' });
    expect(byPort.get(portIds[1]!)).toMatchObject({ limitW: 40_000, externalLimitW: null });
    expect(byPort.get(portIds[2]!)).toMatchObject({ limitW: 40_000 });
    // The freed power reaches EVSEs 2 and 3 as SetChargingProfile frames.
    await pollUntil(
      async () => heldLimits(charger, 3),
      (held) => held[1] === 40_000 && held[2] === 40_000,
      '40 kW on EVSEs 2 and 3',
    );

    expect(await charger.client.call('ClearedChargingLimit', { evseId: 1, chargingLimitSource: 'EMS' })).toEqual({});
    await allocationWhen(
      tenant,
      (ports) => ports.every((p) => p.limitW === 30_000 && p.externalLimitW === null),
      'the share again',
    );
    await pollUntil(
      async () => heldLimits(charger, 3),
      (held) => held.every((l) => l === 30_000),
      '30 kW back on each EVSE',
    );
    await charger.close();
  });

  it('splits a whole-station limit across its EVSEs, and a clearing from another source leaves it', async () => {
    const { tenant, charger } = await station(2, 200_000);
    const schedule = { id: 2, chargingRateUnit: 'W', chargingSchedulePeriod: [{ startPeriod: 0, limit: 50_000 }] };
    await charger.client.call('NotifyChargingLimit', {
      chargingLimit: { chargingLimitSource: 'SO', isGridCritical: true },
      chargingSchedule: [schedule],
    });
    const limited = await allocationWhen(
      tenant,
      (ports) => ports.length === 2 && ports.reduce((sum, p) => sum + p.limitW, 0) <= 50_000,
      'both EVSEs within the station limit',
    );
    expect(limited.data.ports.map((p: PortLine) => p.limitW)).toEqual([25_000, 25_000]);
    await charger.client.call('ClearedChargingLimit', { chargingLimitSource: 'EMS' });
    const { data } = await stack.db.charger.get({ chargerId: tenant.chargers[0]!.id }).go();
    expect(data?.externalChargingLimit).toMatchObject({ source: 'SO', isGridCritical: true });
    await charger.client.call('ClearedChargingLimit', { chargingLimitSource: 'SO' });
    await allocationWhen(tenant, (ports) => ports.every((p) => p.limitW === 100_000), 'the site limit alone again');
    await charger.close();
  });
});

describe("the vehicle's own needs (NotifyEVChargingNeeds, NotifyEVChargingSchedule)", () => {
  it('ranks a vehicle with no API departure by the departure it reports: it gets more than one leaving later', async () => {
    const tags = [`LATER-${Date.now()}`, `SOON-${Date.now()}`];
    const { tenant, charger, portIds } = await stationWithVehicle(tags);
    const needs = {
      evseId: 2,
      chargingNeeds: {
        requestedEnergyTransfer: 'DC',
        departureTime: inHours(1),
        dcChargingParameters: { evMaxCurrent: 200, evMaxVoltage: 800, energyAmount: 50_000, evMaxPower: 150_000 },
      },
    };
    expect(await charger.client.call('NotifyEVChargingNeeds', needs)).toEqual({ status: 'Accepted' });
    const ranked = await allocationWhen(
      tenant,
      (ports) => ports.find((p) => p.portId === portIds[1])?.departureSource === 'vehicle',
      "the vehicle's own departure used",
    );
    const [later, soon] = portIds.map((id) => ranked.data.ports.find((p: PortLine) => p.portId === id) as PortLine);
    expect(later!.departureSource).toBe('api');
    expect(soon!.departureTime).toBe(needs.chargingNeeds.departureTime);
    // 60 kW for two: an equal share (30 kW) would leave the soon-leaving vehicle 20 kWh short.
    expect(soon!.limitW).toBeGreaterThanOrEqual(50_000);
    expect(soon!.limitW).toBeGreaterThan(later!.limitW);
    await pollUntil(
      async () => heldLimits(charger, 2),
      (held) => held[1]! >= 50_000,
      'the larger TxProfile on EVSE 2',
    );

    const chosen = {
      id: 7,
      chargingRateUnit: 'W',
      chargingSchedulePeriod: [
        { startPeriod: 0, limit: 48_000 },
        { startPeriod: 1800, limit: 20_000 },
      ],
    };
    const timeBase = new Date().toISOString();
    expect(
      await charger.client.call('NotifyEVChargingSchedule', { timeBase, evseId: 2, chargingSchedule: chosen }),
    ).toEqual({ status: 'Accepted' });
    const { data: port } = await stack.db.port.get({ chargerId: tenant.chargers[0]!.id, portNumber: 2 }).go();
    expect(port?.currentChargingSession?.evChargingSchedule).toMatchObject({
      limit: 48_000,
      chargingRateUnit: 'W',
      periodCount: 2,
    });
    await charger.close();
  });

  it('counts the energy a vehicle asks for from when it asks, not from the session start', async () => {
    const { tenant, charger, transactions } = await station(1, 60_000);
    const update = (register: number, soc: number) =>
      charger.client.call('TransactionEvent', {
        eventType: 'Updated',
        timestamp: new Date().toISOString(),
        triggerReason: 'MeterValuePeriodic',
        seqNo: 10 + soc,
        transactionInfo: { transactionId: transactions[0] },
        evse: { id: 1, connectorId: 1 },
        meterValue: [
          {
            timestamp: new Date().toISOString(),
            sampledValue: [
              { value: register, measurand: 'Energy.Active.Import.Register', unitOfMeasure: { unit: 'Wh' } },
              { value: soc, measurand: 'SoC', unitOfMeasure: { unit: 'Percent' } },
            ],
          },
        ],
      });
    await update(500_000, 30);
    await update(510_000, 40); // 10 kWh delivered before the vehicle asks
    const needs = {
      evseId: 1,
      chargingNeeds: {
        requestedEnergyTransfer: 'DC',
        departureTime: inHours(0.5),
        dcChargingParameters: {
          evMaxCurrent: 400,
          evMaxVoltage: 800,
          energyAmount: 40_000,
          stateOfCharge: 40,
          evEnergyCapacity: 80_000,
        },
      },
    };
    expect(await charger.client.call('NotifyEVChargingNeeds', needs)).toEqual({ status: 'Accepted' });
    // 40 kWh in 30 min needs 80 kW: more than the 60 kW site, so the vehicle is late for SoC 40 + 40/80 = 90 %.
    const late = await pollUntil(
      async () => (await call(tenant, 'GET', `/api/site/${tenant.siteId}/power-allocation`)).body.data,
      (data) => data?.lateVehicles?.length === 1,
      'the vehicle predicted late',
    );
    expect(late.lateVehicles[0]).toMatchObject({ departureSource: 'vehicle', targetSoc: 90 });
    await charger.close();
  });

  it('answers Rejected when no session is in progress on the EVSE, and stores nothing', async () => {
    const ocppId = uniqueOcppId('SSN');
    const tenant = await createTenant(stack, [
      { ocppId, name: 'Idle', type: 'DCFC', ports: [{ connectorType: 'CCS1', maximumPowerKw: 150 }] },
    ]);
    const charger = await connectSmartCharger(stack, ocppId, 'ocpp2.0.1', 1);
    const needs = {
      evseId: 1,
      chargingNeeds: { requestedEnergyTransfer: 'DC', dcChargingParameters: { evMaxCurrent: 100, evMaxVoltage: 500 } },
    };
    expect(await charger.client.call('NotifyEVChargingNeeds', needs)).toMatchObject({ status: 'Rejected' });
    const { data: port } = await stack.db.port.get({ chargerId: tenant.chargers[0]!.id, portNumber: 1 }).go();
    expect(port?.currentChargingSession).toBeUndefined();
    await charger.close();
  });
});

/** A two-EVSE station under 60 kW: EVSE 1's vehicle leaves in 10 h (departure-times API), EVSE 2's vehicle has no API departure. */
async function stationWithVehicle(tags: string[]) {
  const ocppId = uniqueOcppId('SSV');
  const ports = [1, 2].map(() => ({ connectorType: 'CCS1' as const, maximumPowerKw: 150 }));
  const tenant = await createTenant(stack, [{ ocppId, name: 'Depot', type: 'DCFC', ports }]);
  for (const [i, tag] of tags.entries()) {
    const vehicle = await call(tenant, 'POST', '/api/vehicles', {
      vehicle: { name: `Van ${tag}`, accessIds: [{ ocppIdTag: tag }] },
    });
    expect(vehicle.status).toBe(201);
    if (i === 0) {
      const plan = {
        vehicleId: vehicle.body.vehicle.id,
        departureTimes: [{ departureTime: inHours(10), targetSoc: 80 }],
      };
      expect((await call(tenant, 'POST', '/api/departure-times/vehicle', plan)).status).toBe(200);
    }
  }
  const limit = { sitePowerLimitSchedule: { type: 'cost', limit: 60_000, chargingRateUnit: 'W' } };
  expect((await call(tenant, 'POST', `/api/site/${tenant.siteId}/limits`, limit)).status).toBe(201);
  const charger = await connectSmartCharger(stack, ocppId, 'ocpp2.0.1', 2, { rateUnits: ['W'] });
  for (const [i, tag] of tags.entries()) await charger.start(i + 1, tag, 150_000);
  return { tenant, charger, portIds: tenant.chargers[0]!.ports.map((p) => p.id) };
}

describe('reports and bad values', () => {
  it("keeps the station's last ReportChargingProfiles on the charger", async () => {
    const { tenant, charger } = await station(1, 50_000);
    const profile = {
      id: 42,
      stackLevel: 0,
      chargingProfilePurpose: 'ChargingStationMaxProfile',
      chargingProfileKind: 'Absolute',
      chargingSchedule: [
        {
          id: 1,
          startSchedule: new Date().toISOString(),
          chargingRateUnit: 'W',
          chargingSchedulePeriod: [{ startPeriod: 0, limit: 300_000 }],
        },
      ],
    };
    const report = { requestId: 5, chargingLimitSource: 'CSO', evseId: 0, chargingProfile: [profile] };
    expect(await charger.client.call('ReportChargingProfiles', report)).toEqual({});
    const { data } = await stack.db.charger.get({ chargerId: tenant.chargers[0]!.id }).go();
    expect(data?.chargingProfilesReport).toMatchObject({
      requestId: 5,
      profileCount: 1,
      profiles: [{ id: 42, chargingProfilePurpose: 'ChargingStationMaxProfile' }],
    });
    await charger.close();
  });

  const period = (limit: number, startPeriod = 0) => ({ startPeriod, limit });
  const limitFor = (evseId: number, periods: unknown[]) => ({
    evseId,
    chargingLimit: { chargingLimitSource: 'EMS' },
    chargingSchedule: [{ id: 1, chargingRateUnit: 'W', chargingSchedulePeriod: periods }],
  });
  const dcNeeds = (parameters: Record<string, unknown>, departureTime?: string) => ({
    evseId: 1,
    chargingNeeds: {
      requestedEnergyTransfer: 'DC',
      ...(departureTime ? { departureTime } : {}),
      dcChargingParameters: { evMaxCurrent: 100, evMaxVoltage: 500, ...parameters },
    },
  });

  it.each([
    [
      'a limit for an EVSE the station does not have',
      'NotifyChargingLimit',
      limitFor(7, [period(1000)]),
      'PropertyConstraintViolation',
      'evseId',
    ],
    [
      'a negative limit',
      'NotifyChargingLimit',
      limitFor(1, [period(-5)]),
      'PropertyConstraintViolation',
      'chargingSchedule.0.chargingSchedulePeriod.0.limit',
    ],
    [
      'an absurd limit',
      'NotifyChargingLimit',
      limitFor(1, [period(1e300)]),
      'PropertyConstraintViolation',
      'chargingSchedule.0.chargingSchedulePeriod.0.limit',
    ],
    [
      'a schedule of 1,000 periods',
      'NotifyChargingLimit',
      limitFor(
        1,
        Array.from({ length: 1000 }, (_, i) => period(1000, i * 60)),
      ),
      'OccurrenceConstraintViolation',
      'chargingSchedule.0.chargingSchedulePeriod',
    ],
    [
      'periods out of order',
      'NotifyChargingLimit',
      limitFor(1, [period(1000, 60), period(1000, 0)]),
      'PropertyConstraintViolation',
      'chargingSchedule.0.chargingSchedulePeriod.1.startPeriod',
    ],
    [
      'a departure in the past',
      'NotifyEVChargingNeeds',
      dcNeeds({}, new Date(Date.now() - 60_000).toISOString()),
      'PropertyConstraintViolation',
      'chargingNeeds.departureTime',
    ],
    [
      'an energy request of 0',
      'NotifyEVChargingNeeds',
      dcNeeds({ energyAmount: 0 }),
      'PropertyConstraintViolation',
      'chargingNeeds.dcChargingParameters.energyAmount',
    ],
    [
      'an energy request above 1 MWh',
      'NotifyEVChargingNeeds',
      dcNeeds({ energyAmount: 2_000_000 }),
      'PropertyConstraintViolation',
      'chargingNeeds.dcChargingParameters.energyAmount',
    ],
  ])(
    'refuses %s with a CALLERROR naming the field; nothing stored, the allocation unchanged',
    async (_name, action, payload, code, field) => {
      const { tenant, charger } = await station(2, 60_000);
      const before = await allocationWhen(
        tenant,
        (ports) => ports.length === 2 && ports.every((p) => p.limitW === 30_000),
        'an equal share',
      );
      await expect(charger.client.call(action, payload)).rejects.toMatchObject({
        rpcErrorCode: code,
        details: { field },
      });
      const { data } = await stack.db.port.query.primary({ chargerId: tenant.chargers[0]!.id }).go();
      expect(data.map((p) => [p.externalChargingLimit, p.currentChargingSession?.evChargingNeeds])).toEqual([
        [undefined, undefined],
        [undefined, undefined],
      ]);
      const after = (await call(tenant, 'GET', `/api/site/${tenant.siteId}/power-allocation`)).body;
      expect(after.data.ports.map((p: PortLine) => [p.portId, p.limitW])).toEqual(
        before.data.ports.map((p: PortLine) => [p.portId, p.limitW]),
      );
      await charger.close();
    },
  );
});
