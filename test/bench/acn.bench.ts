/**
 * Smart charging on real sessions (spec §2.6, §4.2): months of Caltech ACN-Data workplace sessions
 * replayed in 5-minute periods under one aggregate capacity, as acnportal's simulator does it
 * (`acn/replay.ts`: 208 V × 32 A EVSEs, vehicles of at most 6.6 kW, each session asking for the
 * energy it took in reality), with no database.
 *
 * 1. Vehicles ready (`acn/ready-table.ts`): at 10, 20, 30, 40 and 60 kW, sessions fully served,
 *    served at least half, left under a quarter of their request, and the energy delivered: ours
 *    (`allocateSite`, the vehicles telling their needs over ISO 15118, `acn/ours.ts`; planned, and
 *    the greedy fallback), EDF and LLF as acnportal's `SortedSchedulingAlgo` implements them
 *    (`acn/peers.ts`), and the offline energy optimum (an LP over the month, `acn/optimum.ts`).
 * 2. Cost (`acn/cost-table.ts`) at a capacity that does not bind (150 kW): SCE TOU-EV-4's summer
 *    and winter prices plus $15.51 per kW of the month's highest 15-minute average, with and
 *    without the month before as the previous billing period, ours against the least-cost schedule
 *    that delivers the same energy to every session.
 * 3. With what the system knows (`acn/known-table.ts`): each session's departure and energy are the
 *    driver's inputs where the driver entered them, else the product's forecast from the sessions
 *    before it; ours, EDF and LLF given the same information, against "defaults only" and perfect
 *    information.
 *
 * The files are not in the repository (see `test/bench/data/README.md`): `ACN_SESSIONS` names the
 * month (default `../shared/data/acn-caltech-2019-10.csv.gz` beside the repository), `ACN_WARMUP`
 * the month before (default `../shared/data/acn-caltech-2019-09.csv.gz`; replayed as a month of
 * its own and as the previous billing period), `ACN_INPUTS` the drivers' inputs (default
 * `../shared/data/acn-caltech-2019-09-10-inputs.csv.gz`). A missing month or inputs file leaves
 * its part out. The month is the one of its first connection (America/Los_Angeles).
 *
 * While iterating: `ACN_TABLES` (`ready,cost,known`), `ACN_CAPACITIES` (kW, e.g. `10,20`),
 * `ACN_MONTHS` (e.g. `2019-10`), `ACN_SCHEDULERS` (keys `planned,greedy,edf,llf,optimum`),
 * `ACN_COST` (cost scenarios as `month/season/history`, e.g. `2019-10/summer/before`), `ACN_KNOWN`
 * (the third table's rows by key: `ours,edf,llf,defaults,perfect,optimum`), `ACN_READING` (what the
 * first and third tables' schedulers read as a vehicle's last draw: `average`, the period's, by
 * default; `end`, the draw at the period's end, as a charger's meter samples it; see `acn/replay.ts`),
 * `ACN_ORACLE` (the third table's "ours" told each session's real `departure`, `energy` or both,
 * still as an estimate: what each piece of information is worth; see `acn/known-table.ts`).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import highsLoader from 'highs';
import { type CostScenario, costTable } from './acn/cost-table';
import { knownTable } from './acn/known-table';
import { EVSE_MAX_W, VEHICLE_MAX_W, VOLTAGE_V } from './acn/replay';
import { type Month, readyTable } from './acn/ready-table';
import { loadSessions, windowSessions, type AcnSession } from './acn/sessions';
import { monthOf, monthStart, nextMonth } from './acn/sources';

const dataFile = (name: string) => fileURLToPath(new URL(`../../../shared/data/${name}`, import.meta.url));
const PERIOD_MS = 5 * 60_000;
const list = (value: string | undefined) => value?.split(',').map((v) => v.trim());
const CAPACITIES_KW = (list(process.env.ACN_CAPACITIES) ?? ['10', '20', '30', '40', '60']).map(Number);
const TABLES = list(process.env.ACN_TABLES) ?? ['ready', 'cost', 'known'];

function month(all: readonly AcnSession[]): Month {
  const label = monthOf(Math.min(...all.map((s) => s.connectionTime)));
  const startMs = monthStart(label);
  const window = { startMs, endMs: monthStart(nextMonth(label)), periodMs: PERIOD_MS };
  const { sessions, droppedShort, droppedEmpty } = windowSessions(all, window);
  return { label, startMs, sessions, dropped: droppedShort + droppedEmpty };
}

function describe(m: Month, path: string): void {
  const kWh = m.sessions.reduce((sum, s) => sum + s.requestedWh, 0) / 1000;
  console.log(
    `\n## Caltech ACN-Data ${m.label} (${path}): ${m.sessions.length} sessions, ${kWh.toFixed(0)} kWh requested` +
      `${m.dropped ? ` (${m.dropped} left out)` : ''}; ${PERIOD_MS / 60_000}-min periods, ` +
      `${VOLTAGE_V} V × ${EVSE_MAX_W / VOLTAGE_V} A EVSEs, vehicles ≤ ${VEHICLE_MAX_W / 1000} kW`,
  );
}

/** The cost table's scenarios: the warm-up month alone, the month alone and after it, in both seasons. */
function scenarios(m: Month, before: { month: Month; all: AcnSession[] } | undefined): CostScenario[] {
  const all: CostScenario[] = [
    ...(before ? [{ month: before.month, season: 'calendar' as const }] : []),
    { month: m, season: 'calendar' },
    ...(before ? [{ month: m, season: 'calendar' as const, before }] : []),
    { month: m, season: 'summer' },
    ...(before ? [{ month: m, season: 'summer' as const, before }] : []),
  ];
  const only = list(process.env.ACN_COST);
  const key = (s: CostScenario) => `${s.month.label}/${s.season}/${s.before ? 'before' : 'none'}`;
  return only ? all.filter((s) => only.includes(key(s))) : all;
}

export async function run(): Promise<void> {
  const path = process.env.ACN_SESSIONS ?? dataFile('acn-caltech-2019-10.csv.gz');
  if (!existsSync(path)) {
    console.log(`\n  No ACN-Data month file at ${path}: see test/bench/data/README.md (or set ACN_SESSIONS).`);
    return;
  }
  const t0 = performance.now();
  const warmPath = process.env.ACN_WARMUP ?? dataFile('acn-caltech-2019-09.csv.gz');
  const inputsPath = process.env.ACN_INPUTS ?? dataFile('acn-caltech-2019-09-10-inputs.csv.gz');
  const sessions = loadSessions(path);
  const m = month(sessions);
  const warmSessions = existsSync(warmPath) ? loadSessions(warmPath) : undefined;
  const before = warmSessions && { month: month(warmSessions), all: [...warmSessions, ...sessions] };
  const months = [m, ...(before ? [before.month] : [])].filter(
    (x) => !process.env.ACN_MONTHS || list(process.env.ACN_MONTHS)!.includes(x.label),
  );
  if (!before) console.log(`  No month before at ${warmPath} (ACN_WARMUP): its rows are left out.`);
  const highs = await highsLoader();
  for (const x of months) describe(x, x === m ? path : warmPath);
  if (TABLES.includes('ready')) for (const x of months) readyTable(highs, x, PERIOD_MS, CAPACITIES_KW);
  if (TABLES.includes('cost')) costTable(highs, scenarios(m, before), PERIOD_MS);
  if (TABLES.includes('known')) {
    const all = [...(warmSessions ?? []), ...sessions];
    if (existsSync(inputsPath)) knownTable(highs, months, all, inputsPath, PERIOD_MS, CAPACITIES_KW);
    else console.log(`\n  No drivers' inputs at ${inputsPath} (ACN_INPUTS): the table with them is left out.`);
  }
  console.log(`  All took ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
