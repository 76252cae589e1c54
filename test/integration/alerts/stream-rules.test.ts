/**
 * The stream-raised alerts end to end on the local stack, with smart charging and the alert rules
 * driven by the table's change stream as on AWS, and real OCPP 1.6 clients (strict schemas): a late
 * van raises `lateCharging` and clears it when its departure moves later; a low SoC at plug-in
 * raises `lowBattery`; reaching the target raises `chargingCompleted`; a fault during charging and
 * an early end raise `chargingSessionError`; a maintenance window mutes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RPCClient } from 'ocpp-rpc';
import type { LocalStack } from '../../../lib/local/stack';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { pollUntil } from '../support/ocpp';
import { connectSmartCharger, type SmartCharger } from '../support/smart-charger';
import type { AlertItem } from '../../../shared/alerts/store';

let stack: LocalStack;

beforeAll(async () => {
  stack = await startTestStack({ smartCharging: true, alerts: true });
});
afterAll(async () => stack?.close());

const HOUR = 3_600_000;
const now = () => new Date().toISOString();
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
const call = (tenant: Tenant, method: string, path: string, body?: unknown) =>
  api(stack, path, { key: tenant.apiKey, method, body });

/** The organization's alerts, as stored (oldest first). */
async function alertsOf(tenant: Tenant): Promise<AlertItem[]> {
  const { data } = await stack.db.alert.query.byOrganization({ organizationId: tenant.organizationId }).go({
    pages: 'all',
  });
  return (data as AlertItem[]).sort((a, b) => a.alertId - b.alertId);
}

/** Waits for the organization's alerts to satisfy `done`. */
const alertsUntil = (tenant: Tenant, done: (alerts: AlertItem[]) => boolean, what: string) =>
  pollUntil(() => alertsOf(tenant), done, what, 30_000);

const ofType = (alerts: AlertItem[], type: string) => alerts.filter((a) => a.type === type);

/** A tenant with one 1.6 DCFC charger of one 150 kW port, connected. */
async function depot(name: string): Promise<{ tenant: Tenant; charger: SmartCharger }> {
  const ocppId = uniqueOcppId(name);
  const tenant = await createTenant(stack, [
    { ocppId, name: `DC ${name}`, type: 'DCFC', ports: [{ connectorType: 'CCS1', maximumPowerKw: 150 }] },
  ]);
  return { tenant, charger: await connectSmartCharger(stack, ocppId, 'ocpp1.6', 1, { rateUnits: ['W'] }) };
}

/** A 1.6 MeterValues of connector 1 with the SoC, %, and the power drawn. */
const reportSoc = (client: RPCClient, transactionId: string, soc: number, powerW = 50_000) =>
  client.call('MeterValues', {
    connectorId: 1,
    transactionId: Number(transactionId),
    meterValue: [
      {
        timestamp: now(),
        sampledValue: [
          { value: String(soc), measurand: 'SoC', unit: 'Percent' },
          { value: String(powerW), measurand: 'Power.Active.Import', unit: 'W' },
        ],
      },
    ],
  });

const stop = (client: RPCClient, transactionId: string, reason: string) =>
  client.call('StopTransaction', { transactionId: Number(transactionId), meterStop: 2000, timestamp: now(), reason });

describe('lateCharging', () => {
  it('raises for a van predicted to miss its departure under the site limit, and clears when the departure moves later', async () => {
    const { tenant, charger } = await depot('LATE');
    const vehicle = await call(tenant, 'POST', '/api/vehicles', {
      vehicle: { name: 'Van L', accessIds: [{ ocppIdTag: 'LATE-1' }] },
    });
    expect(vehicle.status).toBe(201);
    const vehicleId = vehicle.body.vehicle.id as number;
    const limit = { sitePowerLimitSchedule: { type: 'cost', limit: 10_000, chargingRateUnit: 'W' } };
    expect((await call(tenant, 'POST', `/api/site/${tenant.siteId}/limits`, limit)).status).toBe(201);
    const tx = await charger.start(1, 'LATE-1', 150_000);
    await reportSoc(charger.client, tx, 30);
    // The session's own allocation done (the site then on the schedule): a departure change
    // re-allocates the organization's scheduled sites.
    const allocation = async () => (await call(tenant, 'GET', `/api/site/${tenant.siteId}/power-allocation`)).body;
    await pollUntil(
      allocation,
      (body) => body.data?.ports?.[0]?.profileStatus === 'Accepted',
      "the session's allocation",
      30_000,
    );
    // 30 → 90 % of an 80 kWh van (48 kWh) in one hour at 10 kW: hours late.
    const departure = inHours(1);
    const plan = (departureTime: string) => ({ vehicleId, departureTimes: [{ departureTime, targetSoc: 90 }] });
    expect((await call(tenant, 'POST', '/api/departure-times/vehicle', plan(departure))).status).toBe(200);
    const listed = await pollUntil(
      allocation,
      (body) => body.data?.lateVehicles?.length === 1,
      'the van listed late',
      30_000,
    );
    expect(listed.data.lateVehicles[0]).toMatchObject({ vehicleId, eta: expect.any(String) });
    // The same ETA on the port's line, with what the vehicle is heading for.
    expect(listed.data.ports[0]).toMatchObject({
      vehicleId,
      socPercent: 30,
      targetSoc: 90,
      eta: listed.data.lateVehicles[0].eta,
    });
    const [late] = ofType(
      await alertsUntil(tenant, (alerts) => ofType(alerts, 'lateCharging').length > 0, 'a lateCharging alert'),
      'lateCharging',
    );
    expect(late).toMatchObject({
      vehicleId,
      vehicleName: 'Van L',
      chargerId: tenant.chargers[0]!.id,
      portNumber: 1,
      muted: false,
      episodeKey: `lateCharging:session:${late!.sessionId}`,
    });
    expect(late!.endTimestamp).toBeUndefined();
    const details = late!.details as Record<string, string>;
    expect(Date.parse(details.originalDepartureTime!)).toBe(Date.parse(departure));
    expect(details.currentDepartureTime).toBe(details.originalDepartureTime);
    expect(Date.parse(details.originalEta!)).toBeGreaterThan(Date.parse(departure) + HOUR);
    // The allocation's ETA, rounded up to the minute (the allocation may have run again since).
    expect(Date.parse(details.originalEta!) - Date.parse(listed.data.lateVehicles[0].eta)).toBeLessThan(5 * 60_000);

    // The departure moves 20 hours out: on time, the alert clears (one alert, never raised again).
    expect((await call(tenant, 'POST', '/api/departure-times/vehicle', plan(inHours(20)))).status).toBe(200);
    const after = await alertsUntil(
      tenant,
      (alerts) => ofType(alerts, 'lateCharging')[0]?.endTimestamp !== undefined,
      'the lateCharging alert cleared',
    );
    expect(ofType(after, 'lateCharging')).toHaveLength(1);
    expect(ofType(after, 'lowBattery')).toEqual([]);
    await charger.close();
  }, 120_000);
});

describe('lowBattery and chargingCompleted', () => {
  it('raises lowBattery at a low plug-in SoC, chargingCompleted once at the default target, and clears both at the end', async () => {
    const { tenant, charger } = await depot('SOC');
    const tx = await charger.start(1, 'SOC-1', 50_000);
    await reportSoc(charger.client, tx, 12);
    const [low] = ofType(
      await alertsUntil(tenant, (alerts) => ofType(alerts, 'lowBattery').length > 0, 'a lowBattery alert'),
      'lowBattery',
    );
    expect(low).toMatchObject({ details: { socThreshold: 20, socPercent: 12 }, portNumber: 1, muted: false });
    await reportSoc(charger.client, tx, 85);
    await reportSoc(charger.client, tx, 91);
    await reportSoc(charger.client, tx, 92);
    const alerts = await alertsUntil(
      tenant,
      (all) => ofType(all, 'chargingCompleted').length > 0,
      'a chargingCompleted alert',
    );
    expect(ofType(alerts, 'chargingCompleted')).toEqual([
      expect.objectContaining({ details: { socThreshold: 90, socPercent: 91 }, sessionId: low!.sessionId }),
    ]);
    await stop(charger.client, tx, 'Local');
    const ended = await alertsUntil(
      tenant,
      (all) => all.length >= 2 && all.every((a) => a.endTimestamp !== undefined),
      'both alerts cleared',
    );
    expect(ended.map((a) => a.type).sort()).toEqual(['chargingCompleted', 'lowBattery']);
    await charger.close();
  });
});

describe('chargingSessionError', () => {
  it('raises a fault during charging with its OCPP error, once, and clears it when the session ends', async () => {
    const { tenant, charger } = await depot('FLT');
    const tx = await charger.start(1, 'FLT-1', 50_000);
    await charger.client.call('StatusNotification', {
      connectorId: 1,
      status: 'Faulted',
      errorCode: 'GroundFailure',
      vendorErrorCode: 'E12',
      info: 'RCD tripped',
      timestamp: now(),
    });
    const [raised] = await alertsUntil(tenant, (alerts) => alerts.length > 0, 'a chargingSessionError alert');
    expect(raised).toMatchObject({
      type: 'chargingSessionError',
      muted: false,
      details: {
        status: 'Faulted',
        ocppErrorCode: 'GroundFailure',
        ocppVendorErrorCode: 'E12',
        ocppInfo: 'RCD tripped',
        errorContext: 'Charger faulted during charging',
      },
    });
    expect(raised!.endTimestamp).toBeUndefined();
    await stop(charger.client, tx, 'PowerLoss');
    const alerts = await alertsUntil(
      tenant,
      (all) => all[0]?.endTimestamp !== undefined,
      'the chargingSessionError cleared',
    );
    expect(alerts).toHaveLength(1);
    await charger.close();
  });

  it('raises (and clears at once) a session that ended early', async () => {
    const { tenant, charger } = await depot('EARLY');
    const tx = await charger.start(1, 'EARLY-1', 50_000);
    await reportSoc(charger.client, tx, 50);
    await stop(charger.client, tx, 'EVDisconnected');
    const [early] = await alertsUntil(
      tenant,
      (alerts) => ofType(alerts, 'chargingSessionError')[0]?.endTimestamp !== undefined,
      'a chargingSessionError alert, cleared',
    ).then((alerts) => ofType(alerts, 'chargingSessionError'));
    expect(early).toMatchObject({
      details: { status: 'EVDisconnected', errorContext: 'Charging ended early', ocppErrorCode: null },
    });
    expect(early!.endTimestamp).toBe(early!.startTimestamp);
    await charger.close();
  });

  it('raises the alerts of a charger under a maintenance window muted', async () => {
    const { tenant, charger } = await depot('MNT');
    const window = await call(tenant, 'POST', '/api/maintenance-windows', {
      chargerId: tenant.chargers[0]!.id,
      startTimestamp: now(),
      endTimestamp: inHours(2),
      comment: 'Cable swap',
    });
    expect(window.status).toBe(201);
    const tx = await charger.start(1, 'MNT-1', 50_000);
    await charger.client.call('StatusNotification', {
      connectorId: 1,
      status: 'Faulted',
      errorCode: 'GroundFailure',
      timestamp: now(),
    });
    const [muted] = await alertsUntil(tenant, (alerts) => alerts.length > 0, 'a muted alert');
    expect(muted).toMatchObject({ type: 'chargingSessionError', muted: true });
    await stop(charger.client, tx, 'Local');
    await charger.close();
  });
});
