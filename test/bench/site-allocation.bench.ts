/**
 * Smart charging, speed:
 * 1. The planner alone (`allocateSite` with HiGHS, pure): a 200-port site whose vehicles leave over
 *    the next 24 h (96 slots), under a capacity limit, a time-of-use tariff and a demand charge:
 *    wall time p50 / p99 of the whole allocation (two solves), and the solver's cold load.
 * 2. The allocation of a 200-port site (100 chargers × 2 connectors, OCPP 1.6 clients that answer
 *    at once, a session on every port, a cost limit) on the local stack, in this process, planned
 *    with the solver: DynamoDB requests per allocation (the allocation's own, and those of the
 *    profiles it sends through the command path) and wall time, when nothing changed (no profile
 *    sent) and after the cost limit changed (every port gets a new TxProfile). Its vehicles have no
 *    departure: each session is estimated from the site's 56 days of history (2,000 ended sessions
 *    seeded), read by the first allocation alone (its requests are reported apart).
 *
 * `SITE_ALLOCATION_PLANNER_ONLY=1` runs the first part alone.
 */
import { once } from 'node:events';
import WebSocket from 'ws';
import { registerCharger } from '../../shared/chargers/registration';
import type { Db } from '../../shared/db';
import { ocppChargerCommands } from '../../shared/ocpp/commands/charger-commands';
import { SMART_CHARGING_COMMANDS } from '../../shared/ocpp/commands/smart-charging';
import { execFileSync } from 'node:child_process';
import { runSiteAllocation } from '../../shared/site-power/run';
import { allocateSite, type AllocationInput, type PlanSolver, type SessionDemand } from '../../shared/smart-charging';
import { loadPlanSolver } from '../../shared/smart-charging/solver';
import { countRequests, percentile, report, startBenchStack } from './support';

const CHARGERS = 100;
const RUNS = 10;

/** A 1.6 charger answering every CALL at once (smart charging supported, in W), with sessions on both connectors. */
async function charger(ocppUrl: string, ocppId: string): Promise<WebSocket> {
  const ws = new WebSocket(`${ocppUrl}/${ocppId}`, ['ocpp1.6']);
  await once(ws, 'open');
  const pending = new Map<string, (payload: any) => void>();
  ws.on('message', (data) => {
    const frame = JSON.parse(String(data)) as any[];
    if (frame[0] === 3) return pending.get(frame[1])?.(frame[2]);
    if (frame[0] !== 2) return;
    const answer =
      frame[2] === 'GetConfiguration'
        ? {
            configurationKey: [
              { key: 'SupportedFeatureProfiles', readonly: true, value: 'Core,SmartCharging' },
              { key: 'ChargingScheduleAllowedChargingRateUnit', readonly: true, value: 'Power' },
            ],
          }
        : { status: 'Accepted' };
    ws.send(JSON.stringify([3, frame[1], answer]));
  });
  let id = 0;
  const call = (action: string, payload: object) =>
    new Promise<any>((resolve) => {
      const messageId = `${ocppId}-${id++}`;
      pending.set(messageId, resolve);
      ws.send(JSON.stringify([2, messageId, action, payload]));
    });
  await call('BootNotification', { chargePointVendor: 'Bench', chargePointModel: 'B' });
  for (const connectorId of [1, 2]) {
    const started = await call('StartTransaction', {
      connectorId,
      idTag: 'BENCH',
      meterStart: 0,
      timestamp: new Date().toISOString(),
    });
    await call('MeterValues', {
      connectorId,
      transactionId: started.transactionId,
      meterValue: [
        {
          timestamp: new Date().toISOString(),
          sampledValue: [{ value: '50000', measurand: 'Power.Active.Import', unit: 'W' }],
        },
      ],
    });
  }
  return ws;
}

/** Runs `RUNS` allocations, each after `before`, and reports their requests and times. */
async function measure(
  title: string,
  run: () => Promise<unknown>,
  before: (i: number) => Promise<void>,
): Promise<void> {
  const times: number[] = [];
  const requests: number[] = [];
  let byOperation: Record<string, number> = {};
  for (let i = 0; i < RUNS; i++) {
    await before(i);
    const t0 = performance.now();
    const measured = await countRequests(run);
    times.push(performance.now() - t0);
    requests.push(measured.total);
    byOperation = measured.byOperation;
  }
  report(title, {
    'DynamoDB requests per allocation (p50)': percentile(requests, 50),
    'of the last run, by operation': JSON.stringify(byOperation),
    'wall time p50 / p99': `${percentile(times, 50).toFixed(0)} / ${percentile(times, 99).toFixed(0)} ms`,
  });
}

/** `count` ended sessions of the site over the last 56 days (the forecast's history), 2 h to 10 h each. */
async function seedHistory(db: Db, organizationId: number, siteId: number, count: number): Promise<void> {
  const now = Date.now();
  const records = Array.from({ length: count }, (_, i) => {
    const start = now - 55 * 86_400_000 + Math.floor((i * 55 * 86_400_000) / count);
    const end = new Date(start + (2 + (i % 9)) * 3_600_000).toISOString();
    return {
      sessionId: 900_000_000 + i,
      organizationId,
      siteId,
      chargerId: 1,
      portId: 1,
      portNumber: 1,
      ocppTransactionId: String(i),
      ocppProtocol: 'ocpp1.6' as const,
      status: 'Completed' as const,
      startTime: new Date(start).toISOString(),
      endTime: end,
      endKey: end,
      idTag: `CARD-${i % 150}`,
      energyDeliveredKwh: 5 + (i % 40),
      updatedAt: end,
    };
  });
  await db.sessionRecordByEnd.put(records).go();
}

/** A 200-port site (100 DCFC, 100 Level 2) whose vehicles leave over the next 24 h, with a tariff. */
function plannedSite(now: number): AllocationInput {
  const hour = 3_600_000;
  const sessions = Array.from({ length: 200 }, (_, i): SessionDemand => {
    const dc = i % 2 === 0;
    return {
      portId: i + 1,
      chargerId: Math.floor(i / 2) + 1,
      sessionId: 1000 + i,
      chargerType: dc ? 'DCFC' : 'Level 2',
      rateUnit: dc ? 'W' : 'A',
      maxPowerW: dc ? 150_000 : 11_520,
      phases: 1,
      voltageV: dc ? 400 : 240,
      startTime: now - ((i * 7) % 120) * 60_000,
      energyDeliveredWh: (i * 311) % 20_000,
      measuredPowerW: dc ? 60_000 : 7_000,
      previousLimitW: dc ? 60_000 : 7_000,
      ...(dc ? { socPercent: 20 + (i % 50), socStartPercent: 15 } : {}),
      departure: { time: now + (1 + ((i * 37) % 23)) * hour, targetSoc: 90, source: 'api' },
    };
  });
  const prices = [0.12, 0.45, 0.18, 0.12].map((pricePerKwh, k) => ({ from: now - hour + k * 6 * hour, pricePerKwh }));
  return {
    now,
    limits: { capacity: { limit: 2_000_000, unit: 'W' }, cost: { limit: 1_200_000, unit: 'W' } },
    sessions,
    tariff: { energyPrices: prices, demandChargePerKw: 15.51, peakSoFarW: 600_000 },
  };
}

/** Times the planner alone on the 200-port site. */
function measurePlanner(solver: PlanSolver): void {
  const times: number[] = [];
  let slots = 0;
  let planner = '';
  for (let i = 0; i < RUNS; i++) {
    const input = plannedSite(Date.UTC(2026, 10, 27, 8, 0) + i * 300_000);
    const t0 = performance.now();
    const result = allocateSite(input, { solver });
    times.push(performance.now() - t0);
    slots = result.slots.length;
    planner = result.fallbackReason ?? result.planner;
  }
  const coldMs = Number(
    execFileSync(process.execPath, [
      '--input-type=module',
      '-e',
      "const t=performance.now();const {default:l}=await import('highs');await l();console.log(performance.now()-t)",
    ])
      .toString()
      .trim(),
  );
  report(`Planner alone: 200 ports, ${slots} slots, capacity + cost + TOU tariff + demand charge (${RUNS} runs)`, {
    planner,
    'allocateSite wall time p50 / p99': `${percentile(times, 50).toFixed(0)} / ${percentile(times, 99).toFixed(0)} ms`,
    'HiGHS cold load (import + instantiate, fresh process)': `${coldMs.toFixed(0)} ms`,
  });
}

export async function run(): Promise<void> {
  const solver = await loadPlanSolver();
  measurePlanner(solver);
  // While iterating on the planner: its figure alone, without the local stack's part.
  if (process.env.SITE_ALLOCATION_PLANNER_ONLY) return;
  const bench = await startBenchStack();
  const sockets: WebSocket[] = [];
  try {
    const { stack, site } = bench;
    for (let i = 1; i <= CHARGERS; i++) {
      await registerCharger(stack.db, {
        siteId: site.id,
        ocppId: `ALLOC-${i}`,
        name: `A${i}`,
        type: 'DCFC',
        ports: [
          { connectorType: 'CCS1', maximumPowerKw: 150 },
          { connectorType: 'CCS1', maximumPowerKw: 150 },
        ],
      });
    }
    for (let i = 1; i <= CHARGERS; i++) sockets.push(await charger(stack.ocppUrl, `ALLOC-${i}`));
    const setCost = (limit: number) =>
      stack.db.sitePowerLimit
        .put({
          siteId: site.id,
          type: 'cost',
          scheduleId: `cost-${limit}`,
          organizationId: bench.organization.id,
          limit,
          chargingRateUnit: 'W',
          source: 'api',
          createdAt: new Date().toISOString(),
        })
        .go();
    const commands = ocppChargerCommands(stack.db, SMART_CHARGING_COMMANDS);
    const allocate = () => runSiteAllocation(stack.db, commands, site.id, { solver });
    await setCost(2_000_000);
    await seedHistory(stack.db, bench.organization.id, site.id, 2_000);
    // Learns every charger's support, sends the first profiles and reads the history once.
    const first = await countRequests(allocate);
    const stored = (await stack.db.siteAllocation.get({ siteId: site.id }).go()).data!;
    report('200-port site, first allocation (the history read for 200 estimated sessions)', {
      'DynamoDB requests': first.total,
      'by operation': JSON.stringify(first.byOperation),
      'stored allocation, JSON bytes': JSON.stringify(stored).length,
    });
    await measure(`200-port site, nothing changed (${RUNS} allocations)`, allocate, async () => undefined);
    await measure(
      `200-port site, cost limit changed: 200 new TxProfiles (${RUNS} allocations)`,
      allocate,
      async (i) => {
        await setCost(i % 2 ? 2_000_000 : 1_000_000);
      },
    );
  } finally {
    for (const ws of sockets) ws.terminate();
    await bench.close();
  }
}
