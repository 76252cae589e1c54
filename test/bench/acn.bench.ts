/**
 * Smart charging on real sessions (spec §2.6, §4.2): a month of Caltech ACN-Data workplace
 * sessions replayed in 5-minute periods under one aggregate capacity, as acnportal's simulator does
 * it (`acn/replay.ts`: 208 V × 32 A EVSEs, vehicles of at most 6.6 kW, each session asking for the
 * energy it took in reality), with no database.
 *
 * 1. Share of the requested energy delivered at 10, 20, 30, 40 and 60 kW: ours today
 *    (`allocateSite`, the vehicles telling their needs over ISO 15118, `acn/ours.ts`), EDF and LLF
 *    as acnportal's `SortedSchedulingAlgo` implements them (`acn/peers.ts`), and the offline
 *    optimum (an LP over the month, `acn/optimum.ts`).
 * 2. Cost at a capacity that does not bind (150 kW; none for uncontrolled): SCE TOU-EV-4 energy
 *    prices plus $15.51 per kW of the month's highest 15-minute average (`acn/tariff.ts`), per kWh
 *    delivered, for uncontrolled, ours (greedy; planned from an empty history; planned with the
 *    month before replayed first, so that its peak is the forecast a running site has), EDF and
 *    the offline cost optimum (an LP delivering every request as far as the ports allow).
 *
 * The month file is not in the repository (see `test/bench/data/README.md`): `ACN_SESSIONS` names
 * it, by default `../shared/data/acn-caltech-2019-10.csv.gz` beside the repository; `ACN_WARMUP`
 * the month before (default `../shared/data/acn-caltech-2019-09.csv.gz`), without which its row is
 * left out. The month is the
 * one of its first connection (America/Los_Angeles). Without the file the benchmark says so and
 * stops. Plug in another scheduler by adding a row to `schedulers()`.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import highsLoader, { type Highs } from 'highs';
import { costOptimum, energyOptimum, planScheduler } from './acn/optimum';
import { allocateSite } from '../../shared/smart-charging';
import { allocationScheduler } from './acn/ours';
import { edf, llf, uncontrolled } from './acn/peers';
import { EVSE_MAX_W, type ReplayResult, replay, type Scheduler, VEHICLE_MAX_W, VOLTAGE_V } from './acn/replay';
import { loadSessions, type ReplaySession, windowSessions } from './acn/sessions';
import { monthOf, monthStart, nextMonth } from './acn/sources';
import { DEMAND_CHARGE_PER_KW, periodPrices, siteCost, touEv4Price } from './acn/tariff';

const DEFAULT_SESSIONS = fileURLToPath(new URL('../../../shared/data/acn-caltech-2019-10.csv.gz', import.meta.url));
/** The month before, for the cost table's row of a site with a previous billing period. */
const DEFAULT_WARMUP = fileURLToPath(new URL('../../../shared/data/acn-caltech-2019-09.csv.gz', import.meta.url));
const PERIOD_MS = 5 * 60_000;
const CAPACITIES_KW = [10, 20, 30, 40, 60];
/** A capacity the month's sessions never reach (their uncontrolled peak stays near 100 kW). */
const COST_CAPACITY_W = 150_000;

interface Month {
  readonly label: string;
  readonly startMs: number;
  readonly sessions: ReplaySession[];
  readonly dropped: number;
}

function month(path: string): Month {
  const all = loadSessions(path);
  const label = monthOf(Math.min(...all.map((s) => s.connectionTime)));
  const startMs = monthStart(label);
  const window = { startMs, endMs: monthStart(nextMonth(label)), periodMs: PERIOD_MS };
  const { sessions, droppedShort, droppedEmpty } = windowSessions(all, window);
  return { label, startMs, sessions, dropped: droppedShort + droppedEmpty };
}

/** The schedulers of the delivery table; each row makes a fresh scheduler per capacity. */
function schedulers(highs: Highs, m: Month): [string, (capacityW: number) => Scheduler][] {
  const optimum = (capacityW: number) =>
    planScheduler(energyOptimum(highs, m.sessions, { periodMs: PERIOD_MS, capacityW }), m.sessions, m.startMs);
  return [
    ['ours, greedy', () => allocationScheduler()],
    ['ours, planned', () => allocationScheduler((input) => allocateSite(input, { solver: highs }))],
    ['EDF', () => edf],
    ['LLF', () => llf],
    ['offline optimum', optimum],
  ];
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    `  ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')}`;
  console.log(line(header));
  for (const r of rows) console.log(line(r));
}

function deliveryTable(highs: Highs, m: Month): void {
  const rows = schedulers(highs, m).map(([name, make]) => {
    const t0 = performance.now();
    const shares = CAPACITIES_KW.map((kW) => {
      const capacityW = kW * 1000;
      return replay(m.sessions, make(capacityW), { startMs: m.startMs, periodMs: PERIOD_MS, capacityW }).sharePercent;
    });
    return [name, ...shares.map((s) => s.toFixed(2)), `${((performance.now() - t0) / 1000).toFixed(1)} s`];
  });
  console.log('\n  Share of the requested energy delivered, % (by capacity)');
  printTable(['scheduler', ...CAPACITIES_KW.map((kW) => `${kW} kW`), 'time'], rows);
  const most = replay(m.sessions, uncontrolled, { startMs: m.startMs, periodMs: PERIOD_MS, capacityW: Infinity });
  console.log(
    `  Uncontrolled without a capacity delivers ${most.sharePercent.toFixed(2)} %: the rest was asked by sessions` +
      ` that took more than ${VEHICLE_MAX_W / 1000} kW × their stay in reality.`,
  );
}

function costRow(name: string, m: Month, result: ReplayResult): string[] {
  const cost = siteCost(result.siteW, m.startMs, PERIOD_MS);
  return [
    name,
    result.sharePercent.toFixed(2),
    cost.energyKWh.toFixed(0),
    cost.energyCost.toFixed(2),
    cost.peakKW.toFixed(1),
    cost.demandCharge.toFixed(2),
    cost.costPerKWh.toFixed(4),
  ];
}

/**
 * Ours, planning with the solver under TOU-EV-4 and its demand charge (prices over the next 24 h,
 * changes only), the billing period a calendar month (the previous month's peak is the forecast).
 */
function ourPlanner(highs: Highs): Scheduler {
  const tariff = (now: number) => {
    const energyPrices: { from: number; pricePerKwh: number }[] = [];
    for (let t = now; t < now + 24 * 3_600_000; t += 5 * 60_000) {
      const pricePerKwh = touEv4Price(t);
      if (energyPrices.at(-1)?.pricePerKwh !== pricePerKwh) energyPrices.push({ from: t, pricePerKwh });
    }
    return { energyPrices, demandChargePerKw: DEMAND_CHARGE_PER_KW };
  };
  return allocationScheduler(
    (input) => allocateSite(input, { solver: highs }),
    tariff,
    (t) => monthStart(monthOf(t)),
  );
}

/**
 * Ours with the month before as the previous billing period, as a site that ran the product then:
 * the replay starts a month earlier (the warm-up file's sessions too) and the month's cost counts.
 * @returns the month's row, or undefined without the warm-up file
 */
function withWarmUp(highs: Highs, m: Month, path: string): string[] | undefined {
  if (!existsSync(path)) return undefined;
  const before = monthStart(monthOf(m.startMs - 1));
  const all = [...loadSessions(path), ...loadSessions(process.env.ACN_SESSIONS ?? DEFAULT_SESSIONS)];
  const window = { startMs: before, endMs: monthStart(nextMonth(m.label)), periodMs: PERIOD_MS };
  const { sessions } = windowSessions(all, window);
  const result = replay(sessions, ourPlanner(highs), {
    startMs: before,
    periodMs: PERIOD_MS,
    capacityW: COST_CAPACITY_W,
  });
  const offset = Math.round((m.startMs - before) / PERIOD_MS);
  const month = { ...result, siteW: result.siteW.slice(offset) };
  return costRow(`ours, planned, ${monthOf(before)} before`, m, month);
}

function costTable(highs: Highs, m: Month): void {
  const t0 = performance.now();
  const warmPath = process.env.ACN_WARMUP ?? DEFAULT_WARMUP;
  const warm = withWarmUp(highs, m, warmPath);
  const periods = Math.max(...m.sessions.map((s) => s.departure));
  const prices = periodPrices(m.startMs, PERIOD_MS, periods);
  const plan = costOptimum(highs, m.sessions, prices, { periodMs: PERIOD_MS, capacityW: COST_CAPACITY_W });
  const run = (scheduler: Scheduler, capacityW: number) =>
    replay(m.sessions, scheduler, { startMs: m.startMs, periodMs: PERIOD_MS, capacityW });
  const rows = [
    costRow('uncontrolled (no capacity)', m, run(uncontrolled, Infinity)),
    costRow('ours, greedy', m, run(allocationScheduler(), COST_CAPACITY_W)),
    costRow('ours, planned, no history', m, run(ourPlanner(highs), COST_CAPACITY_W)),
    ...(warm ? [warm] : []),
    costRow('EDF', m, run(edf, COST_CAPACITY_W)),
    costRow('offline cost optimum', m, run(planScheduler(plan, m.sessions, m.startMs), COST_CAPACITY_W)),
  ];
  console.log(
    `\n  Cost at ${COST_CAPACITY_W / 1000} kW: SCE TOU-EV-4 energy + $15.51/kW of the highest 15-min average,` +
      ' the month as one billing period',
  );
  printTable(['scheduler', 'delivered %', 'kWh', 'energy $', 'peak kW', 'demand $', 'total $/kWh'], rows);
  if (!warm) console.log(`  No warm-up month at ${warmPath} (ACN_WARMUP): the row with the month before is left out.`);
  console.log(`  (cost table: ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
}

export async function run(): Promise<void> {
  const path = process.env.ACN_SESSIONS ?? DEFAULT_SESSIONS;
  if (!existsSync(path)) {
    console.log(`\n  No ACN-Data month file at ${path}: see test/bench/data/README.md (or set ACN_SESSIONS).`);
    return;
  }
  const t0 = performance.now();
  const m = month(path);
  const kWh = m.sessions.reduce((sum, s) => sum + s.requestedWh, 0) / 1000;
  console.log(
    `\n## Caltech ACN-Data ${m.label} (${path}): ${m.sessions.length} sessions, ${kWh.toFixed(0)} kWh requested` +
      `${m.dropped ? ` (${m.dropped} left out)` : ''}; ${PERIOD_MS / 60_000}-min periods, ` +
      `${VOLTAGE_V} V × ${EVSE_MAX_W / VOLTAGE_V} A EVSEs, vehicles ≤ ${VEHICLE_MAX_W / 1000} kW`,
  );
  const highs = await highsLoader();
  deliveryTable(highs, m);
  costTable(highs, m);
  console.log(`  All took ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
