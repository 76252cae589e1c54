/**
 * The ACN benchmark "with what the system knows": each session's departure and energy are not
 * known exactly, as in acnportal's experiments, but as a CSMS knows them. Where the driver entered
 * a request in the app (`claimed`), its requested energy and estimated departure; otherwise what
 * the product forecasts from the sessions before it (`shared/smart-charging/estimates.ts`: the
 * site's sessions by weekday and time of arrival, since this copy of ACN-Data names no vehicle or
 * card); and both corrected as the session goes (a departure passed while still plugged in, an
 * energy reached while still drawing). The vehicle itself takes what it took in reality and leaves
 * when it left. No session's own outcome is peeked at: the history holds the sessions that ended
 * before the period (with the energy they took), the month before's too.
 *
 * Rows, at each capacity: ours (the estimates as `SessionDemand.estimate`), EDF and LLF given the
 * same estimates (their departure and remaining energy are the estimate's, so they sort and stop
 * by it), ours with the defaults only (no driver input, no history: an 8-hour stay, the need
 * unknown), ours with perfect information (ISO 15118, as the first table) and the offline optimum.
 *
 * @module
 */
import type { Highs } from 'highs';
import { allocateSite, type ReleaseState, type SessionEstimate } from '../../../shared/smart-charging';
import {
  drawObserved,
  driverErrorsMs,
  estimateFrom,
  HISTORY_MS,
  type PastSession,
  similarSessions,
} from '../../../shared/smart-charging/estimates';
import { type DriverInput, loadDriverInputs } from './inputs';
import { energyOptimum, planScheduler } from './optimum';
import { allocationScheduler, SITE_TIME_ZONE, sessionDemand } from './ours';
import { edf, llf } from './peers';
import { departureOrder } from './metrics';
import {
  type ActiveSession,
  EVSE_MAX_W,
  type Scheduler,
  type SchedulingPeriod,
  VEHICLE_MAX_W,
  VOLTAGE_V,
} from './replay';
import { type Month, printTable, READY_COLUMNS, replayRow } from './ready-table';
import type { AcnSession, ReplaySession } from './sessions';

/** What a replay's schedulers know of each session: the driver's inputs and the history, or the defaults. */
type Knowledge = 'inputs' | 'defaults';

/**
 * What an estimate is told exactly, for measuring what each piece of information is worth
 * (`ACN_ORACLE`, a comma list): `departure`, the session's real departure (no spread); `energy`,
 * the energy it really takes. Still an estimate: the need stays unknown to the plan, with its floors.
 */
export interface Oracle {
  departure?: boolean;
  energy?: boolean;
}

/**
 * The oracle `ACN_ORACLE` names (none by default).
 * @throws Error naming `ACN_ORACLE` for a word other than `departure` and `energy`
 */
export function oracleOf(value = process.env.ACN_ORACLE): Oracle {
  const words = value ? value.split(',').map((w) => w.trim()) : [];
  const unknown = words.filter((w) => w !== 'departure' && w !== 'energy');
  if (unknown.length) throw new Error(`ACN_ORACLE takes departure and energy, not ${JSON.stringify(unknown)}`);
  return { departure: words.includes('departure'), energy: words.includes('energy') };
}

/** The figures an oracle tells, as a row's name says them. */
const oracleLabel = (oracle: Oracle) =>
  [oracle.departure && 'departure', oracle.energy && 'energy'].filter(Boolean).join(' and ');

/** Estimates every session plugged in at a period (see the module's documentation). */
export type Estimator = (period: SchedulingPeriod) => Map<string, SessionEstimate>;

/**
 * The estimator of a replay: each period, each session's estimate from its driver's inputs and
 * the sessions that ended before the period (their similar sessions kept while no other ends).
 * @param history the site's sessions (every month file), in any order
 */
export function estimator(
  inputs: ReadonlyMap<string, DriverInput>,
  history: readonly AcnSession[],
  knowledge: Knowledge,
  oracle: Oracle = {},
): Estimator {
  const past: PastSession[] = history
    .map((s) => {
      const driver = knowledge === 'inputs' ? inputs.get(s.sessionId) : undefined;
      return {
        startTime: s.connectionTime,
        endTime: s.disconnectTime,
        energyWh: s.kWhDelivered * 1000,
        ...(driver ? { driverDepartureTime: driver.estimatedDeparture } : {}),
      };
    })
    .sort((a, b) => a.endTime - b.endTime);
  const similar = new Map<string, { ended: number; sessions: PastSession[] | undefined }>();
  return ({ now, sessions }) => {
    let ended = 0;
    while (ended < past.length && past[ended]!.endTime <= now) ended++;
    let from = 0;
    while (from < ended && past[from]!.endTime <= now - HISTORY_MS) from++;
    const known = knowledge === 'inputs' ? past.slice(from, ended) : [];
    const errors = driverErrorsMs(known);
    return new Map(
      sessions.map((s) => {
        const driver = knowledge === 'inputs' ? inputs.get(s.id) : undefined;
        const facts = {
          now,
          startTime: s.arrivalMs,
          chargerType: 'Level 2' as const,
          energyDeliveredWh: s.deliveredWh,
          ...(driver
            ? {
                driver: { departureTime: driver.estimatedDeparture, energyWh: driver.requestedWh },
              }
            : {}),
          ...(drawing(s) !== undefined ? { drawing: drawing(s) } : {}),
        };
        let kept = similar.get(s.id);
        if (kept?.ended !== ended) {
          kept = { ended, sessions: similarSessions(known, facts, SITE_TIME_ZONE)?.sessions };
          similar.set(s.id, kept);
        }
        return [s.id, exactly(oracle, s, estimateFrom(facts, kept.sessions, errors))];
      }),
    );
  };
}

/** An estimate with what the oracle tells exactly in place of its figures (an exact departure has no spread). */
function exactly(oracle: Oracle, s: ActiveSession, estimate: SessionEstimate): SessionEstimate {
  const told = { ...estimate };
  if (oracle.departure) {
    Object.assign(told, { departureTime: s.departureMs, departureSource: 'driver' });
    delete told.departures;
  }
  if (oracle.energy) Object.assign(told, { energyWh: s.requestedWh, energySource: 'driver' });
  return told;
}

/** Whether a vehicle still takes energy, read from the period before as the product reads it (`drawObserved`). */
function drawing(s: ActiveSession): boolean | undefined {
  return drawObserved(sessionDemand(s, 0));
}

/** Ours given the estimates: each vehicle a Level 2 port that reports its maximum, its figures the estimate. */
export function estimatedOurs(highs: Highs, estimate: Estimator): Scheduler {
  const ports = new Map<string, number>();
  const portOf = (id: string) => {
    if (!ports.has(id)) ports.set(id, ports.size + 1);
    return ports.get(id)!;
  };
  const releases = new Map<number, ReleaseState>();
  return (period) => {
    const { now, capacityW, sessions } = period;
    const estimates = estimate(period);
    const demands = sessions.map((s) => {
      const { evNeeds, ...rest } = sessionDemand(s, portOf(s.id), releases.get(portOf(s.id)));
      return { ...rest, evNeeds: { maxPowerW: evNeeds!.maxPowerW! }, estimate: estimates.get(s.id)! };
    });
    const limits = Number.isFinite(capacityW) ? { capacity: { limit: capacityW, unit: 'W' as const } } : {};
    const { ports: allocated } = allocateSite({ now, limits, sessions: demands }, { solver: highs });
    for (const p of allocated) releases.set(p.portId, p.release);
    const byPort = new Map(allocated.map((p) => [p.portId, p.limitW]));
    return new Map(sessions.map((s) => [s.id, byPort.get(portOf(s.id)) ?? 0]));
  };
}

/**
 * A peer given the estimates: it sees each vehicle's departure and remaining energy as estimated
 * (an unknown energy as what the port delivers by the estimated departure, at most 80 kWh, the
 * planner's assumed need), so it sorts and stops by them; and, as the product does, a vehicle that
 * drew nothing while offered at least its minimum as full (else a full vehicle whose driver asked
 * for more would hold its offer until it leaves).
 */
export function estimatedPeer(peer: Scheduler, estimate: Estimator): Scheduler {
  const full = new Set<string>();
  return (period) => {
    const estimates = estimate(period);
    const sessions = period.sessions.map((s): ActiveSession => {
      const e = estimates.get(s.id)!;
      const reach = (s.evseMaxW * Math.max(0, e.departureTime - period.now)) / 3_600_000;
      // A vehicle that stopped drawing while offered its minimum is full (acnportal's estimate_max_rate reads the same).
      if (drawing(s) === false) full.add(s.id);
      const requestedWh = e.energyWh ?? s.deliveredWh + Math.min(80_000, reach);
      return { ...s, departureMs: e.departureTime, requestedWh, remainingWh: Math.max(0, requestedWh - s.deliveredWh) };
    });
    for (const s of sessions) if (full.has(s.id)) Object.assign(s, { requestedWh: s.deliveredWh, remainingWh: 0 });
    return peer({ ...period, sessions });
  };
}

/**
 * Prints how well each source of departures orders the month's sessions plugged in together
 * ({@link departureOrder}): the product's estimate at each session's arrival (the driver's figure
 * where entered, else the forecast), the drivers' figures alone (their sessions only), and the
 * defaults (the same stay for everyone: the order of arrival).
 */
function printDepartureOrder(
  m: Month,
  inputs: ReadonlyMap<string, DriverInput>,
  all: readonly AcnSession[],
  periodMs: number,
): void {
  const estimate = estimator(inputs, all, 'inputs');
  const atArrival = (s: ReplaySession) => {
    const now = m.startMs + s.arrival * periodMs;
    const active: ActiveSession = {
      id: s.id,
      arrivalMs: now,
      departureMs: m.startMs + s.departure * periodMs,
      requestedWh: s.requestedWh,
      deliveredWh: 0,
      remainingWh: s.requestedWh,
      evseMaxW: EVSE_MAX_W,
      vehicleMaxW: VEHICLE_MAX_W,
      voltageV: VOLTAGE_V,
    };
    return estimate({ now, periodMs, capacityW: Infinity, sessions: [active] }).get(s.id)!.departureTime;
  };
  const driver = (s: ReplaySession) => inputs.get(s.id)?.estimatedDeparture;
  const claimed = m.sessions.filter((s) => inputs.has(s.id));
  const rows = [
    ['the estimates at arrival', departureOrder(m.sessions, atArrival)],
    ["the drivers' figures (their sessions)", departureOrder(claimed, driver)],
    ['the defaults (order of arrival)', departureOrder(m.sessions, (s) => s.arrival)],
  ] as const;
  console.log(
    `\n  Departure order, ${m.label}: sessions plugged in together that each source puts in the order they left (a coin: 50 %)`,
  );
  for (const [name, { percent, pairs }] of rows) console.log(`    ${name}: ${percent.toFixed(1)} % of ${pairs} pairs`);
}

/**
 * Prints the table of each month (see the module's documentation).
 * @param months the months replayed; the history of each holds every session of every month file
 */
export function knownTable(
  highs: Highs,
  months: readonly Month[],
  all: readonly AcnSession[],
  inputsPath: string,
  periodMs: number,
  capacitiesKw: readonly number[],
): void {
  const inputs = loadDriverInputs(inputsPath);
  const oracle = oracleOf();
  for (const m of months) {
    const claimed = m.sessions.filter((s) => inputs.has(s.id)).length;
    printDepartureOrder(m, inputs, all, periodMs);
    const rows: string[][] = [];
    for (const kW of capacitiesKw) {
      const capacityW = kW * 1000;
      const withInputs = () => estimator(inputs, all, 'inputs');
      const variants: [string, string, () => Scheduler][] = [
        [
          'ours',
          oracle.departure || oracle.energy ? `ours, exact ${oracleLabel(oracle)}` : 'ours, estimates',
          () => estimatedOurs(highs, estimator(inputs, all, 'inputs', oracle)),
        ],
        ['edf', 'EDF, estimates', () => estimatedPeer(edf, withInputs())],
        ['llf', 'LLF, estimates', () => estimatedPeer(llf, withInputs())],
        ['defaults', 'ours, defaults only', () => estimatedOurs(highs, estimator(inputs, all, 'defaults'))],
        [
          'perfect',
          'ours, perfect information',
          () => allocationScheduler((input) => allocateSite(input, { solver: highs })),
        ],
        [
          'optimum',
          'offline optimum (perfect)',
          () => planScheduler(energyOptimum(highs, m.sessions, { periodMs, capacityW }), m.sessions, m.startMs),
        ],
      ];
      const only = process.env.ACN_KNOWN?.split(',');
      for (const [key, name, make] of variants) {
        if (only && !only.includes(key)) continue;
        rows.push(replayRow(m, name, make(), kW, periodMs));
      }
    }
    console.log(
      `\n  With what the system knows, ${m.label}: ${claimed} of ${m.sessions.length} sessions with the driver's` +
        ' inputs, the others forecast from the sessions before them',
    );
    printTable(['capacity', 'scheduler', ...READY_COLUMNS], rows);
  }
}
