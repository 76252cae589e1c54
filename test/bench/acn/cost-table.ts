/**
 * The ACN benchmark's cost table: a month at a capacity that does not bind, under SCE TOU-EV-4's
 * energy prices and its demand charge ($15.51 per kW of the month's highest 15-minute average,
 * `./tariff.ts`), ours (planned with the tariff) against the least-cost schedule that delivers the
 * same energy to every session (`costOptimum`, an LP over the whole month with perfect knowledge).
 *
 * Each scenario is a month, a price table and whether the month before was replayed first (so
 * that the site has a previous billing period and the days before as history, as a running site
 * has): September 2019 under its own (summer) prices; October under its own (winter) prices; and
 * October under the summer table (a summer month made from the data set's months).
 *
 * @module
 */
import type { Highs } from 'highs';
import { allocateSite } from '../../../shared/smart-charging';
import { costOptimum, planScheduler } from './optimum';
import { allocationScheduler } from './ours';
import { edf, uncontrolled } from './peers';
import { replay, type ReplayResult, type Scheduler } from './replay';
import { printTable, type Month } from './ready-table';
import { windowSessions, type AcnSession } from './sessions';
import { monthStart, nextMonth } from './sources';
import { DEMAND_CHARGE_PER_KW, periodPrices, type Season, siteCost, touEv4Price } from './tariff';

/** A capacity the months' sessions never reach (their uncontrolled peak stays near 105 kW), W. */
export const COST_CAPACITY_W = 150_000;

/** One row of the cost table. */
export interface CostScenario {
  readonly month: Month;
  readonly season: Season;
  /** The month before, replayed first, with every session of both months. */
  readonly before?: { readonly month: Month; readonly all: readonly AcnSession[] };
}

/**
 * Ours, planning with the solver under TOU-EV-4 and its demand charge (prices over the next 24 h,
 * changes only), the billing period a calendar month.
 */
export function ourPlanner(highs: Highs, season: Season): Scheduler {
  const tariff = (now: number) => {
    const energyPrices: { from: number; pricePerKwh: number }[] = [];
    for (let t = now; t < now + 24 * 3_600_000; t += 5 * 60_000) {
      const pricePerKwh = touEv4Price(t, season);
      if (energyPrices.at(-1)?.pricePerKwh !== pricePerKwh) energyPrices.push({ from: t, pricePerKwh });
    }
    return { energyPrices, demandChargePerKw: DEMAND_CHARGE_PER_KW };
  };
  return allocationScheduler((input) => allocateSite(input, { solver: highs }), tariff);
}

/** Ours over the scenario's month (after the month before, if any): the month's part of the replay. */
function ours(highs: Highs, scenario: CostScenario, periodMs: number): ReplayResult {
  const { month, season, before } = scenario;
  if (!before) {
    return replay(month.sessions, ourPlanner(highs, season), {
      startMs: month.startMs,
      periodMs,
      capacityW: COST_CAPACITY_W,
    });
  }
  const startMs = before.month.startMs;
  const window = { startMs, endMs: monthStart(nextMonth(month.label)), periodMs };
  const { sessions } = windowSessions(before.all, window);
  const result = replay(sessions, ourPlanner(highs, season), { startMs, periodMs, capacityW: COST_CAPACITY_W });
  const offset = Math.round((month.startMs - startMs) / periodMs);
  const ids = new Set(month.sessions.map((s) => s.id));
  const deliveredBySession = new Map([...result.deliveredBySession].filter(([id]) => ids.has(id)));
  const deliveredWh = [...deliveredBySession.values()].reduce((a, b) => a + b, 0);
  const requestedWh = month.sessions.reduce((sum, s) => sum + s.requestedWh, 0);
  return {
    ...result,
    requestedWh,
    deliveredWh,
    sharePercent: (100 * deliveredWh) / requestedWh,
    deliveredBySession,
    siteW: result.siteW.slice(offset),
  };
}

function cells(result: ReplayResult, m: Month, periodMs: number, season: Season): string[] {
  const cost = siteCost(result.siteW, m.startMs, periodMs, season);
  return [
    result.sharePercent.toFixed(2),
    cost.energyCost.toFixed(2),
    cost.peakKW.toFixed(1),
    cost.demandCharge.toFixed(2),
    cost.costPerKWh.toFixed(4),
  ];
}

const seasonName = (s: CostScenario) => (s.season === 'calendar' ? 'its own prices' : `priced as ${s.season}`);

/**
 * Prints the cost table: per scenario ours and the same-energy least-cost schedule, and how far
 * above it ours is; then, for reference, uncontrolled charging and EDF in each month and season.
 */
export function costTable(highs: Highs, scenarios: readonly CostScenario[], periodMs: number): void {
  const t0 = performance.now();
  const rows: string[][] = [];
  for (const scenario of scenarios) {
    const { month, season } = scenario;
    const label = `${month.label}, ${seasonName(scenario)}`;
    const history = scenario.before ? `${scenario.before.month.label} before` : 'none';
    const result = ours(highs, scenario, periodMs);
    const periods = Math.max(...month.sessions.map((s) => s.departure));
    const prices = periodPrices(month.startMs, periodMs, periods, season);
    const plan = costOptimum(
      highs,
      month.sessions,
      prices,
      { periodMs, capacityW: COST_CAPACITY_W },
      result.deliveredBySession,
    );
    const best = replay(month.sessions, planScheduler(plan, month.sessions, month.startMs), {
      startMs: month.startMs,
      periodMs,
      capacityW: COST_CAPACITY_W,
    });
    const a = siteCost(result.siteW, month.startMs, periodMs, season);
    const b = siteCost(best.siteW, month.startMs, periodMs, season);
    const above = (100 * (a.costPerKWh * a.energyKWh - b.costPerKWh * b.energyKWh)) / (b.costPerKWh * b.energyKWh);
    rows.push([label, history, 'ours', ...cells(result, month, periodMs, season), `+${above.toFixed(1)} %`]);
    rows.push([label, history, 'least cost, same energy', ...cells(best, month, periodMs, season), '']);
    // Each scenario as it comes: a month of ours takes a while.
    for (const row of rows.slice(-2)) console.log(`  … ${row.join(' | ')}`);
  }
  console.log(
    `\n  Cost at ${COST_CAPACITY_W / 1000} kW: SCE TOU-EV-4 energy + $${DEMAND_CHARGE_PER_KW}/kW of the month's` +
      ' highest 15-min average (the month one billing period)',
  );
  printTable(
    [
      'month, prices',
      'history',
      'scheduler',
      'delivered %',
      'energy $',
      'peak kW',
      'demand $',
      '$/kWh',
      'vs least cost',
    ],
    rows,
  );
  referenceRows(scenarios, periodMs);
  console.log(`  (cost table: ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
}

/** Uncontrolled charging and EDF (price-blind) in each scenario's month and season. */
function referenceRows(scenarios: readonly CostScenario[], periodMs: number): void {
  const seen = new Set<string>();
  const rows: string[][] = [];
  for (const scenario of scenarios) {
    const { month, season } = scenario;
    const key = `${month.label}/${season}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const run = (scheduler: Scheduler, capacityW: number) =>
      replay(month.sessions, scheduler, { startMs: month.startMs, periodMs, capacityW });
    const label = `${month.label}, ${seasonName(scenario)}`;
    rows.push([label, 'uncontrolled', ...cells(run(uncontrolled, Infinity), month, periodMs, season)]);
    rows.push([label, 'EDF', ...cells(run(edf, COST_CAPACITY_W), month, periodMs, season)]);
  }
  console.log('  For reference (price-blind):');
  printTable(['month, prices', 'scheduler', 'delivered %', 'energy $', 'peak kW', 'demand $', '$/kWh'], rows);
}
