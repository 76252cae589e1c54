/**
 * The ACN benchmark's offline optima: linear programs over the whole month with perfect knowledge
 * of every arrival, departure and request, solved with HiGHS (npm `highs`). Variables are each
 * vehicle's power in each period it is plugged in, r[i,t] ∈ [0, min(EVSE maximum, vehicle
 * maximum)], in kW; a plan is replayed through `replay` like any scheduler.
 *
 * - {@link energyOptimum}: maximise Σ r[i,t]·Δ subject to Σ_i r[i,t] ≤ capacity in every period
 *   and Σ_t r[i,t]·Δ ≤ request_i. It splits into independent programs wherever no vehicle is
 *   plugged in across a period boundary, and solves those one by one.
 * - {@link costOptimum}: deliver every request as far as the ports allow (Σ_t r[i,t]·Δ =
 *   min(request_i, port maximum × stay)), or exactly what a schedule delivered to each session, at
 *   the least TOU energy cost plus demand charge × the highest 15-minute average power, under the
 *   capacity.
 *
 * @module
 */
import type { Highs, ModelData } from 'highs';
import { EVSE_MAX_W, type Scheduler, VEHICLE_MAX_W } from './replay';
import type { ReplaySession } from './sessions';
import { DEMAND_CHARGE_PER_KW, DEMAND_INTERVAL_MS } from './tariff';

/** A plan: each session's power in each period from its arrival to its departure, W. */
export type Plan = ReadonlyMap<string, Float64Array>;

/** The site of an offline program. */
export interface OptimumOptions {
  /** Period length, ms. */
  readonly periodMs: number;
  /** The aggregate capacity, W (Infinity: none). */
  readonly capacityW: number;
  /** Default `EVSE_MAX_W`. */
  readonly evseMaxW?: number;
  /** Default `VEHICLE_MAX_W`. */
  readonly vehicleMaxW?: number;
}

/** Columns of one program: r[i,t] for each session of `sessions`, session by session. */
interface Columns {
  readonly sessions: readonly ReplaySession[];
  /** Index of session i's first column. */
  readonly first: Int32Array;
  readonly count: number;
}

function columns(sessions: readonly ReplaySession[]): Columns {
  const first = new Int32Array(sessions.length);
  let count = 0;
  sessions.forEach((s, i) => {
    first[i] = count;
    count += s.departure - s.arrival;
  });
  return { sessions, first, count };
}

function planOf(cols: Columns, values: Float64Array, maxKW: number, into: Map<string, Float64Array>): void {
  cols.sessions.forEach((s, i) => {
    const rates = new Float64Array(s.departure - s.arrival);
    for (let k = 0; k < rates.length; k++) rates[k] = Math.min(maxKW, Math.max(0, values[cols.first[i]! + k]!)) * 1000;
    into.set(s.id, rates);
  });
}

function solved(highs: Highs, model: ModelData, what: string): Float64Array {
  return highs.withModel(model, (m) => {
    m.options.set({ output_flag: false });
    const { modelStatus } = m.run();
    if (modelStatus !== highs.constants.modelStatus.optimal) throw new Error(`${what}: HiGHS status ${modelStatus}`);
    return m.getSolution().colValue;
  });
}

/** Groups of sessions with no vehicle plugged in across the boundary between two groups. */
function independentGroups(sessions: readonly ReplaySession[]): ReplaySession[][] {
  const sorted = [...sessions].sort((a, b) => a.arrival - b.arrival);
  const groups: ReplaySession[][] = [];
  let end = -Infinity;
  for (const s of sorted) {
    if (s.arrival >= end) groups.push([]);
    groups.at(-1)!.push(s);
    end = Math.max(end, s.departure);
  }
  return groups;
}

/**
 * The most energy any schedule can deliver under the capacity (see the module's documentation).
 * @param highs a loaded HiGHS (`await highsLoader()`)
 * @param sessions the month's sessions
 * @param options period, capacity, EVSE and vehicle maxima
 * @returns the optimal plan, W per session and period
 * @throws Error when HiGHS does not report an optimum
 */
export function energyOptimum(highs: Highs, sessions: readonly ReplaySession[], options: OptimumOptions): Plan {
  const hours = options.periodMs / 3_600_000;
  const maxKW = Math.min(options.evseMaxW ?? EVSE_MAX_W, options.vehicleMaxW ?? VEHICLE_MAX_W) / 1000;
  const capKW = options.capacityW / 1000;
  const plan = new Map<string, Float64Array>();
  for (const group of independentGroups(sessions)) {
    const cols = columns(group);
    const t0 = Math.min(...group.map((s) => s.arrival));
    const periods = Math.max(...group.map((s) => s.departure)) - t0;
    const capped = Number.isFinite(capKW);
    const capacityRows = capped ? periods : 0;
    const starts = new Int32Array(cols.count + 1);
    const indices = new Int32Array(cols.count * (capped ? 2 : 1));
    const values = new Float64Array(indices.length);
    let nz = 0;
    group.forEach((s, i) => {
      for (let t = s.arrival; t < s.departure; t++) {
        starts[cols.first[i]! + t - s.arrival] = nz;
        if (capped) {
          indices[nz] = t - t0;
          values[nz++] = 1;
        }
        indices[nz] = capacityRows + i;
        values[nz++] = hours;
      }
    });
    starts[cols.count] = nz;
    const model = {
      numCols: cols.count,
      numRows: capacityRows + group.length,
      sense: highs.constants.objectiveSense.maximize,
      colCost: new Float64Array(cols.count).fill(hours),
      colLower: new Float64Array(cols.count),
      colUpper: new Float64Array(cols.count).fill(maxKW),
      rowLower: new Float64Array(capacityRows + group.length).fill(-highs.infinity),
      rowUpper: Float64Array.from([
        ...new Array<number>(capacityRows).fill(capKW),
        ...group.map((s) => s.requestedWh / 1000),
      ]),
      matrix: {
        format: 'csc' as const,
        numRows: capacityRows + group.length,
        numCols: cols.count,
        starts,
        indices,
        values,
      },
    };
    planOf(cols, solved(highs, model, 'energy optimum'), maxKW, plan);
  }
  return plan;
}

/**
 * The cheapest way to deliver every request as far as the ports allow, under the capacity (see the
 * module's documentation): TOU energy cost plus {@link DEMAND_CHARGE_PER_KW} × the highest
 * 15-minute average, the whole replay being one billing period.
 * @param highs a loaded HiGHS (`await highsLoader()`)
 * @param sessions the month's sessions
 * @param prices energy price of each period from period 0, $/kWh (see `periodPrices`)
 * @param options period (a divisor of 15 minutes), capacity, EVSE and vehicle maxima
 * @param deliveredWh the energy each session must get, Wh, by session id (a schedule's outcome: the
 *   least-cost schedule that delivers the same energy to every session); default: every request as
 *   far as the ports allow
 * @returns the optimal plan, W per session and period
 * @throws Error when HiGHS does not report an optimum (the capacity cannot carry the requests)
 */
export function costOptimum(
  highs: Highs,
  sessions: readonly ReplaySession[],
  prices: Float64Array,
  options: OptimumOptions,
  deliveredWh?: ReadonlyMap<string, number>,
): Plan {
  const hours = options.periodMs / 3_600_000;
  const maxKW = Math.min(options.evseMaxW ?? EVSE_MAX_W, options.vehicleMaxW ?? VEHICLE_MAX_W) / 1000;
  const capKW = options.capacityW / 1000;
  const perInterval = DEMAND_INTERVAL_MS / options.periodMs;
  const periods = Math.max(...sessions.map((s) => s.departure));
  const intervals = Math.ceil(periods / perInterval);
  const capped = Number.isFinite(capKW);
  const capacityRows = capped ? periods : 0;
  // Rows: energy of each session, capacity of each period, demand of each 15-minute interval.
  const demandRow = (t: number) => sessions.length + capacityRows + Math.floor(t / perInterval);
  const numRows = sessions.length + capacityRows + intervals;
  const cols = columns(sessions);
  const peak = cols.count; // the last column: the highest 15-minute average, kW
  const starts = new Int32Array(cols.count + 2);
  const indices = new Int32Array(cols.count * (capped ? 3 : 2) + intervals);
  const values = new Float64Array(indices.length);
  const colCost = new Float64Array(cols.count + 1);
  let nz = 0;
  sessions.forEach((s, i) => {
    for (let t = s.arrival; t < s.departure; t++) {
      const col = cols.first[i]! + t - s.arrival;
      starts[col] = nz;
      colCost[col] = prices[t]! * hours;
      indices[nz] = i;
      values[nz++] = hours;
      if (capped) {
        indices[nz] = sessions.length + t;
        values[nz++] = 1;
      }
      indices[nz] = demandRow(t);
      values[nz++] = 1 / perInterval;
    }
  });
  starts[peak] = nz;
  for (let b = 0; b < intervals; b++) {
    indices[nz] = demandRow(b * perInterval);
    values[nz++] = -1;
  }
  starts[peak + 1] = nz;
  colCost[peak] = DEMAND_CHARGE_PER_KW;
  const targets = sessions.map((s) =>
    Math.min((deliveredWh?.get(s.id) ?? s.requestedWh) / 1000, maxKW * hours * (s.departure - s.arrival)),
  );
  const rowLower = Float64Array.from([
    ...targets,
    ...new Array<number>(capacityRows).fill(-highs.infinity),
    ...new Array<number>(intervals).fill(-highs.infinity),
  ]);
  const rowUpper = Float64Array.from([
    ...targets,
    ...new Array<number>(capacityRows).fill(capKW),
    ...new Array<number>(intervals).fill(0),
  ]);
  const model = {
    numCols: cols.count + 1,
    numRows,
    colCost,
    colLower: new Float64Array(cols.count + 1),
    colUpper: Float64Array.from([...new Array<number>(cols.count).fill(maxKW), highs.infinity]),
    rowLower,
    rowUpper,
    matrix: { format: 'csc' as const, numRows, numCols: cols.count + 1, starts, indices, values },
  };
  const plan = new Map<string, Float64Array>();
  planOf(cols, solved(highs, model, 'cost optimum'), maxKW, plan);
  return plan;
}

/**
 * A scheduler that offers what a plan says.
 * @param plan W per session and period (from {@link energyOptimum} or {@link costOptimum})
 * @param sessions the sessions the plan was made for (their arrival periods)
 * @param startMs period 0's start, ms since the epoch
 * @returns a scheduler for `replay` with the same start and period
 */
export function planScheduler(plan: Plan, sessions: readonly ReplaySession[], startMs: number): Scheduler {
  const arrival = new Map(sessions.map((s) => [s.id, s.arrival]));
  return ({ now, periodMs, sessions: active }) => {
    const t = Math.round((now - startMs) / periodMs);
    return new Map(active.map((s) => [s.id, plan.get(s.id)?.[t - arrival.get(s.id)!] ?? 0]));
  };
}
