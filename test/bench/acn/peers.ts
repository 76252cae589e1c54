/**
 * The textbook peers of the ACN benchmark, written anew in TypeScript from acnportal's algorithms
 * (`acnportal/algorithms/sorted_algorithms.py`, `uncontrolled_charging.py`, `preprocessing.py`,
 * acnportal 0.3) with the defaults its experiments use: `estimate_max_rate=False`,
 * `uninterrupted_charging=False`, `allow_overcharging=False`, recomputed every period
 * (`max_recompute = 1`). They see what acnportal's `SessionInfo` holds: departure, energy still to
 * deliver and the EVSE's maximum (not the vehicle's own maximum), and only vehicles not yet full
 * (acnsim's `active_evs`).
 *
 * @module
 */
import { type ActiveSession, capacityToleranceW, isFull, type Scheduler, type SchedulingPeriod } from './replay';

/** acnportal's bisection accuracy in `SortedSchedulingAlgo.sorting_algorithm` (`eps=0.01`), A. */
export const BISECTION_EPS_A = 0.01;

/** A queue order of acnportal's sorting functions: the sessions sorted, the given order breaking ties. */
export type SortFunction = (sessions: readonly ActiveSession[], period: SchedulingPeriod) => ActiveSession[];

/**
 * `earliest_deadline_first`: by departure, earliest first. (acnportal sorts by the user's estimated
 * departure; ACN-Data replays use the real one, as `acndata_events` sets both equal.)
 */
export const earliestDeadlineFirst: SortFunction = (sessions) =>
  [...sessions].sort((a, b) => a.departureMs - b.departureMs);

/**
 * `least_laxity_first`: by laxity, least first. Laxity, in periods: (departure − now) − the periods
 * the remaining energy takes at the EVSE's maximum (`remaining_amp_periods / max_pilot_signal`).
 */
export const leastLaxityFirst: SortFunction = (sessions, { now, periodMs }) => {
  const hours = periodMs / 3_600_000;
  const laxity = (s: ActiveSession) => (s.departureMs - now) / periodMs - s.remainingWh / (s.evseMaxW * hours);
  return [...sessions].sort((a, b) => laxity(a) - laxity(b));
};

/**
 * `SortedSchedulingAlgo.max_feasible_rate` for one aggregate constraint: `ubW` when it fits beside
 * what is already given, else the bisection's lower end once the bracket is within `epsW` (so a
 * little under what remains, as acnportal gives).
 * @param ubW the session's upper bound, W
 * @param givenW what earlier sessions in the queue were given, W
 * @param capacityW the aggregate capacity, W
 * @param toleranceW how far the sum may exceed the capacity (acnportal's feasibility tolerance), W
 * @param epsW bisection accuracy, W
 * @returns the rate, W (0 ≤ rate ≤ ubW)
 */
export function maxFeasibleRateW(
  ubW: number,
  givenW: number,
  capacityW: number,
  toleranceW: number,
  epsW: number,
): number {
  const fits = (w: number) => givenW + w <= capacityW + toleranceW;
  if (fits(ubW)) return ubW;
  let lb = 0;
  let ub = ubW;
  while (ub - lb > epsW) {
    const mid = (lb + ub) / 2;
    if (fits(mid)) lb = mid;
    else ub = mid;
  }
  return lb;
}

/**
 * acnportal's `SortedSchedulingAlgo`: sessions are queued by `sort`, then each in turn gets the
 * largest rate that still fits the capacity, up to min(the EVSE's maximum, the rate that delivers
 * its remaining energy in one period) (`enforce_pilot_limit`, `remaining_amp_periods`). Every
 * session's lower bound is 0.
 * @param sort the queue order ({@link earliestDeadlineFirst}, {@link leastLaxityFirst})
 * @returns a scheduler for `replay`
 */
export function sortedScheduling(sort: SortFunction): Scheduler {
  return (period) => {
    const hours = period.periodMs / 3_600_000;
    const offers = new Map<string, number>();
    let givenW = 0;
    for (const s of sort(
      period.sessions.filter((s) => !isFull(s)),
      period,
    )) {
      const ubW = Math.min(s.evseMaxW, s.remainingWh / hours);
      const toleranceW = capacityToleranceW(period.capacityW, s.voltageV);
      const w = maxFeasibleRateW(ubW, givenW, period.capacityW, toleranceW, BISECTION_EPS_A * s.voltageV);
      offers.set(s.id, w);
      givenW += w;
    }
    return offers;
  };
}

/** EDF: `SortedSchedulingAlgo(earliest_deadline_first)`. */
export const edf: Scheduler = sortedScheduling(earliestDeadlineFirst);

/** LLF: `SortedSchedulingAlgo(least_laxity_first)`. */
export const llf: Scheduler = sortedScheduling(leastLaxityFirst);

/**
 * acnportal's `UncontrolledCharging`: every session offered its EVSE's maximum, whatever the
 * capacity (replay it with `capacityW: Infinity`).
 */
export const uncontrolled: Scheduler = ({ sessions }) =>
  new Map(sessions.filter((s) => !isFull(s)).map((s) => [s.id, s.evseMaxW]));
