/**
 * Decreases before increases, always (docs/smart-charging.md, "The profiles"): under a capacity
 * limit, the limits in force on the chargers never add up to more than the capacity at any
 * instant, when a second session joins a charger whose first port holds all of it, with a charger
 * that answers each SetChargingProfile after 3 s, and with one that stops answering. Real OCPP
 * clients (strict schemas, 1.6 and 2.0.1) on the local stack, driven by the table's stream.
 *
 * "In force" is counted the worst way: from when a charger receives a profile until it answers it,
 * its port counts at the higher of the limit it held and the new one; a profile it never answers
 * never replaces the old one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../../lib/local/stack';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { pollUntil } from '../support/ocpp';
import { connectSmartCharger, txProfileOf, type ReceivedCall, type SmartCharger } from '../support/smart-charger';

// A charger that does not answer is given up after 8 s here (20 s by default; two queued CALLs of the
// 3 s charger fit in it).
process.env.OCPP_COMMAND_TIMEOUT_MS = '8000';

const CAPACITY_W = 20_000;

let stack: LocalStack;
beforeAll(async () => {
  stack = await startTestStack({ smartCharging: true });
});
afterAll(async () => stack?.close());

/** A 20 kW capacity site with the given DCFC chargers (150 kW ports). */
async function site(chargers: { ocppId: string; ports: number }[]): Promise<Tenant> {
  const tenant = await createTenant(
    stack,
    chargers.map(({ ocppId, ports }) => ({
      ocppId,
      name: ocppId,
      type: 'DCFC' as const,
      ports: Array.from({ length: ports }, () => ({ connectorType: 'CCS1' as const, maximumPowerKw: 150 })),
    })),
  );
  const limit = { sitePowerLimitSchedule: { type: 'capacity', limit: CAPACITY_W, chargingRateUnit: 'W' } };
  const set = await api(stack, `/api/site/${tenant.siteId}/limits`, {
    key: tenant.apiKey,
    method: 'POST',
    body: limit,
  });
  expect(set.status).toBe(201);
  return tenant;
}

/** The site's stored allocation (read from the table: polling the API would meet its rate limit). */
async function allocationOf(tenant: Tenant) {
  return (await stack.db.siteAllocation.get({ siteId: tenant.siteId }).go()).data;
}

/** One profile as a port sees it: what it limits to, when it arrived and when (if ever) it was answered. */
interface Change {
  readonly port: string;
  readonly purpose: string;
  readonly limitW: number;
  readonly receivedAt: number;
  readonly answeredAt?: number;
}

/** The profiles each port received (a TxDefaultProfile on connector 0 stands for every port of its charger). */
function changes(charger: SmartCharger, name: string, ports: number): Change[] {
  return charger.calls
    .filter((c: ReceivedCall) => c.action === 'SetChargingProfile')
    .flatMap((c) => {
      const { connector, limit, purpose } = txProfileOf(c);
      const targets = connector === 0 ? Array.from({ length: ports }, (_, i) => i + 1) : [connector];
      return targets.map((n) => ({
        port: `${name}/${n}`,
        purpose,
        limitW: limit,
        receivedAt: c.receivedAt!,
        ...(c.answeredAt !== undefined ? { answeredAt: c.answeredAt } : {}),
      }));
    });
}

/**
 * The most the limits in force add up to at any instant from `from` on (see the module's
 * documentation): a port's accepted TxProfile, else its accepted TxDefaultProfile, else (no
 * profile) `unlimitedW`, and the higher of that and any profile it has received but not answered.
 */
function peakInForce(all: readonly Change[], ports: readonly string[], from: number, unlimitedW: number): number {
  const instants = [from, ...all.flatMap((c) => [c.receivedAt, c.answeredAt ?? Infinity])].filter(
    (t) => t >= from && t < Infinity,
  );
  let peak = 0;
  for (const at of instants) {
    const total = ports.reduce((sum, port) => {
      const mine = all.filter((c) => c.port === port);
      const accepted = (purpose: string) =>
        mine.filter((c) => c.purpose === purpose && c.answeredAt !== undefined && c.answeredAt <= at).at(-1);
      const held = (accepted('TxProfile') ?? accepted('TxDefaultProfile'))?.limitW ?? unlimitedW;
      const pending = mine.filter((c) => c.receivedAt <= at && !(c.answeredAt !== undefined && c.answeredAt <= at));
      return sum + Math.max(held, ...pending.map((c) => c.limitW));
    }, 0);
    peak = Math.max(peak, total);
  }
  return peak;
}

const isTx = (port: number) => (c: ReceivedCall) =>
  c.action === 'SetChargingProfile' && txProfileOf(c).purpose === 'TxProfile' && txProfileOf(c).connector === port;

// The two run at once (each on its own site): most of their time is waiting on a slow or silent charger.
describe.concurrent('decreases before increases', () => {
  it('lowers the port holding the capacity before it raises a new session, with a charger that answers after 3 s', async () => {
    const ocppId = uniqueOcppId('DF');
    const tenant = await site([{ ocppId, ports: 2 }]);
    const charger = await connectSmartCharger(stack, ocppId, 'ocpp1.6', 2, { answerDelayMs: 3000 });
    await charger.start(1, 'TAG-1', 150_000);
    const first = await pollUntil(
      async () =>
        charger.calls.find((c) => isTx(1)(c) && c.answeredAt !== undefined && txProfileOf(c).limit === 20_000),
      (c) => c !== undefined,
      'port 1 holding the whole 20 kW',
      45_000,
    );
    await charger.start(2, 'TAG-2', 150_000);
    await pollUntil(
      () => allocationOf(tenant),
      (data) =>
        data?.ports.length === 2 && data.ports.every((p) => p.profileStatus === 'Accepted' && p.limitW === 10_000),
      'both ports at 10 kW, accepted',
      45_000,
    );
    const all = changes(charger, ocppId, 2);
    const down = all.find((c) => c.port === `${ocppId}/1` && c.limitW === 10_000)!;
    const up = all.find((c) => c.port === `${ocppId}/2` && c.limitW === 10_000)!;
    expect(up.receivedAt).toBeGreaterThanOrEqual(down.answeredAt!);
    // From when both ports hold a profile of this CSMS (port 2 its TxDefaultProfile of 0).
    const port2Holds = Math.min(...all.filter((c) => c.port === `${ocppId}/2`).map((c) => c.answeredAt ?? Infinity));
    const from = Math.max(first!.answeredAt!, port2Holds);
    expect(peakInForce(all, [`${ocppId}/1`, `${ocppId}/2`], from, 150_000)).toBeLessThanOrEqual(CAPACITY_W);
    await charger.close();
  }, 90_000);

  it('never raises another charger while one that stopped answering may still hold its old limit', async () => {
    const [silentId, otherId] = [uniqueOcppId('DFS'), uniqueOcppId('DFO')];
    const tenant = await site([
      { ocppId: silentId, ports: 1 },
      { ocppId: otherId, ports: 1 },
    ]);
    // It answers its first TxDefaultProfile and first TxProfile, then nothing.
    const silent = await connectSmartCharger(stack, silentId, 'ocpp1.6', 1, { answersFirst: 2 });
    const other = await connectSmartCharger(stack, otherId, 'ocpp2.0.1', 1);
    await silent.start(1, 'TAG-S', 150_000);
    const first = await pollUntil(
      async () => silent.calls.find((c) => isTx(1)(c) && c.answeredAt !== undefined && txProfileOf(c).limit === 20_000),
      (c) => c !== undefined,
      'the silent charger holding the whole 20 kW',
    );
    await other.start(1, 'TAG-O', 150_000);
    const settled = await pollUntil(
      () => allocationOf(tenant),
      (data) => data?.ports.length === 2 && data.ports.some((p) => p.reason === 'uncontrolled'),
      'the silent charger counted as uncontrolled',
      45_000,
    );
    expect(settled!.ports.map((p) => [p.reason, p.limitW])).toEqual(
      expect.arrayContaining([
        ['uncontrolled', 150_000],
        ['waiting', 0],
      ]),
    );
    const all = [...changes(silent, silentId, 1), ...changes(other, otherId, 1)];
    expect(all.filter((c) => c.port === `${otherId}/1`).every((c) => c.limitW === 0)).toBe(true);
    // From when both chargers hold a profile of this CSMS (the other's TxDefaultProfile of 0).
    const otherHolds = Math.min(...all.filter((c) => c.port === `${otherId}/1`).map((c) => c.answeredAt ?? Infinity));
    const from = Math.max(first!.answeredAt!, otherHolds);
    expect(peakInForce(all, [`${silentId}/1`, `${otherId}/1`], from, 150_000)).toBeLessThanOrEqual(CAPACITY_W);
    await Promise.all([silent.close(), other.close()]);
  }, 90_000);
});
