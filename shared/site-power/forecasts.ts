/**
 * The live allocation's estimates (docs/smart-charging.md, "What the plan knows"): for a session
 * whose vehicle (ISO 15118) and fleet (departure-times API) tell no departure, its `estimate` from
 * the driver's inputs (`./driver-estimates.ts`) and a forecast learnt from the site's ended sessions
 * (`shared/smart-charging/estimates.ts` chooses: the same vehicle's, the card's, the site's by
 * weekday and time of arrival, every session, or the defaults).
 *
 * Decided here, for cost: the site's 56 days of history are read once per session, when it is
 * first allocated without a departure (one Query of the site's end-order index of session records,
 * paged past 1 MB). What the forecast needs of them, the similar sessions' stays and energies (at
 * most 24 quantiles of each: {@link ForecastSummary}), is kept on the session's port (`forecast`,
 * one UpdateItem conditioned on the session), which every run already reads; later runs correct
 * the estimate from it and read no history. Not on the allocation's line: that item is rewritten
 * by every run, and 200 summaries made it 80 KB larger. The summary is not refreshed while the
 * session lasts (a session's history does not move in its few hours), and is ignored once the
 * session ended. The summary also keeps how late or early the site's drivers left against the
 * departure they entered (their ended sessions' records keep it), which spreads a driver's departure.
 *
 * @module
 */
import type { Db } from '../db';
import type { PortItem } from '../chargers/items';
import { driverFigures } from './driver-estimates';
import { setForSession } from './overrides';
import { NoSessionInProgressError } from '../charging/errors';
import {
  drawObserved,
  driverErrorsMs,
  estimateFrom,
  HISTORY_MS,
  plannedDeparture,
  quantiles,
  resolveDeparture,
  similarSessions,
  type AllocationInput,
  type PastSession,
  type SessionDemand,
  type SessionFacts,
} from '../smart-charging';

/** The similar sessions of a session, as its port keeps them while it lasts (`forecast`). */
export interface ForecastSummary {
  /** The session it was made for (the port keeps it after that session ended, ignored). */
  sessionId: number;
  /** Whose sessions they are: the same vehicle's, the same card's, the site's; `none`: no history (the defaults). */
  basis: 'vehicle' | 'card' | 'site' | 'none';
  /** Their stays (end − start, to the minute), ms, sorted: all of them, or 24 evenly spaced quantiles. */
  staysMs: number[];
  /** Their energies, Wh, sorted: as many as `staysMs`. */
  energiesWh: number[];
  /** How late (negative: early) the site's drivers left against the departure they entered, ms, sorted: at most 24 quantiles. */
  driverErrorsMs?: number[];
}

/** Whether the allocation estimates a session: neither its vehicle nor its fleet tells a departure. */
export function needsEstimate(demand: SessionDemand): boolean {
  return demand.departure === undefined && demand.evNeeds?.departureTime === undefined;
}

/**
 * What the estimate knows of a session in progress, from its demand and its port (the card, the
 * driver's estimate).
 * @param now ms since epoch
 */
export function sessionFacts(demand: SessionDemand, port: PortItem | undefined, now: number): SessionFacts {
  const drawing = drawObserved(demand);
  const session =
    port?.currentChargingSession?.sessionId === demand.sessionId ? port.currentChargingSession : undefined;
  const driver = port && session ? driverFigures(port, demand.sessionId) : undefined;
  return {
    now,
    startTime: demand.startTime,
    chargerType: demand.chargerType,
    energyDeliveredWh: demand.energyDeliveredWh,
    ...(demand.vehicleId !== undefined ? { vehicleId: demand.vehicleId } : {}),
    ...(session?.idTag !== undefined ? { idTag: session.idTag } : {}),
    ...(demand.batteryCapacityWh !== undefined ? { batteryCapacityWh: demand.batteryCapacityWh } : {}),
    ...(driver ? { driver } : {}),
    ...(drawing !== undefined ? { drawing } : {}),
  };
}

/** The summary of a session's similar sessions (`similarSessions` over the site's history). */
export function summarize(
  sessionId: number,
  history: readonly PastSession[],
  facts: SessionFacts,
  timeZone: string,
): ForecastSummary {
  const similar = similarSessions(history, facts, timeZone);
  const errors = driverErrorsMs(history).map((error) => Math.round(error / 60_000) * 60_000);
  const drivers = errors.length > 0 ? { driverErrorsMs: quantiles(errors) } : {};
  if (!similar) return { sessionId, basis: 'none', staysMs: [], energiesWh: [], ...drivers };
  return {
    sessionId,
    ...drivers,
    basis: similar.basis,
    // Whole minutes: fewer digits to store once per session on its port (DynamoDB sizes a number by its digits).
    staysMs: quantiles(similar.sessions.map((s) => Math.round((s.endTime - s.startTime) / 60_000) * 60_000)),
    energiesWh: quantiles(similar.sessions.map((s) => Math.round(s.energyWh))),
  };
}

/** The similar sessions a summary stands for (stays from 0; the estimate reads only stays and energies). */
export function summarySessions(summary: ForecastSummary): PastSession[] | undefined {
  if (summary.staysMs.length === 0) return undefined;
  return summary.staysMs.map((stay, i) => ({ startTime: 0, endTime: stay, energyWh: summary.energiesWh[i] ?? 0 }));
}

/**
 * The site's sessions that ended within {@link HISTORY_MS} before `now`, as the forecast reads
 * them. Requests: 1 Query of the site's end-order index (`sessionRecordByEnd` `endedBySite`), one
 * more per MB (about 2,000 sessions).
 */
async function readSiteHistory(db: Db, siteId: number, now: number): Promise<PastSession[]> {
  const { data } = await db.sessionRecordByEnd.query
    .endedBySite({ siteId })
    .between({ endKey: new Date(now - HISTORY_MS).toISOString() }, { endKey: new Date(now).toISOString() })
    .go({ pages: 'all' });
  return data.flatMap((r) => {
    const endTime = r.endTime === undefined ? Number.NaN : Date.parse(r.endTime);
    const startTime = Date.parse(r.startTime);
    if (!Number.isFinite(endTime) || !Number.isFinite(startTime) || r.failedToStart) return [];
    return [
      {
        startTime,
        endTime,
        energyWh: (r.energyDeliveredKwh ?? 0) * 1000,
        ...(r.vehicle ? { vehicleId: r.vehicle.id } : {}),
        ...(r.idTag !== undefined ? { idTag: r.idTag } : {}),
        ...(r.driverDepartureTime !== undefined ? { driverDepartureTime: Date.parse(r.driverDepartureTime) } : {}),
      },
    ];
  });
}

/** What the estimates of one allocation need: the site, and its ports with their sessions in progress and summaries. */
export interface ForecastContext {
  siteId: number;
  timeZone: string;
  ports: readonly PortItem[];
}

/** The summary a port keeps for its session in progress, if any. */
function keptSummary(port: PortItem | undefined, sessionId: number): ForecastSummary | undefined {
  const kept = port?.forecast as ForecastSummary | undefined;
  return kept?.sessionId === sessionId && port?.currentChargingSession?.sessionId === sessionId ? kept : undefined;
}

/**
 * The allocation input with each session's estimate (see the module), and the summaries made in
 * this run (for {@link keepSummaries}). Reads the site's history only when a session to estimate
 * has no summary yet (see {@link readSiteHistory}).
 */
export async function withEstimates(
  db: Db,
  input: AllocationInput,
  context: ForecastContext,
): Promise<{ input: AllocationInput; fresh: Map<number, ForecastSummary> }> {
  const byPort = new Map(context.ports.map((p) => [p.portId, p]));
  // Each estimated session's facts and kept summary, once: what both its summary and its estimate read.
  const estimated = new Map(
    input.sessions.filter(needsEstimate).map((d) => {
      const port = byPort.get(d.portId);
      return [d.sessionId, { facts: sessionFacts(d, port, input.now), kept: keptSummary(port, d.sessionId) }] as const;
    }),
  );
  const missing = [...estimated].filter(([, e]) => !e.kept);
  const history = missing.length > 0 ? await readSiteHistory(db, context.siteId, input.now) : [];
  const fresh = new Map(
    missing.map(([sessionId, e]) => [sessionId, summarize(sessionId, history, e.facts, context.timeZone)]),
  );
  const sessions = input.sessions.map((d) => {
    const e = estimated.get(d.sessionId);
    if (!e) return d;
    const summary = e.kept ?? fresh.get(d.sessionId)!;
    // Nothing learnt and nothing entered: the planner's own defaults, as without an estimate.
    if (summary.basis === 'none' && !e.facts.driver) return d;
    return { ...d, estimate: estimateFrom(e.facts, summarySessions(summary), summary.driverErrorsMs ?? []) };
  });
  return { input: { ...input, sessions }, fresh };
}

/**
 * Keeps each new summary on its session's port (1 UpdateItem each, alongside, conditioned on the
 * session: a session that ended meanwhile keeps nothing, and its next run would read the history again).
 */
export async function keepSummaries(
  db: Db,
  ports: readonly PortItem[],
  fresh: ReadonlyMap<number, ForecastSummary>,
): Promise<void> {
  const writes = ports.flatMap((port) => {
    const summary = port.currentChargingSession && fresh.get(port.currentChargingSession.sessionId);
    if (!summary) return [];
    return [setForSession(db, port, summary.sessionId, { forecast: summary }).catch(ignoreEnded)];
  });
  await Promise.all(writes);
}

const ignoreEnded = (error: unknown) => {
  if (!(error instanceof NoSessionInProgressError)) throw error;
};

/** Where an allocation line's departure came from: the fleet (`api`, the departure-times API), the vehicle, or the estimate's source. */
export type LineDepartureSource = 'api' | 'vehicle' | 'driver' | 'history' | 'default';
/** Where its energy need came from: the vehicle (ISO 15118 energy, or its SoC against a target), the driver, the history. */
export type LineEnergySource = 'vehicle' | 'driver' | 'history';

/**
 * The departure an allocation used for a session and where each of its figures came from (the
 * allocation read's `departureTime`, `departureSource`, `energySource`): the fleet's (`api`) or the
 * vehicle's departure, else the estimate's (`driver`, `history`), else the planner's default stay
 * (`default`); the energy from the vehicle, else the estimate's, else none (unknown).
 * @param now ms since epoch
 * @returns `departureTime` in ms since epoch
 */
export function lineSources(
  session: SessionDemand,
  now: number,
): { departureTime: number; departureSource: LineDepartureSource; energySource?: LineEnergySource } {
  const resolved = resolveDeparture(session);
  const estimated = session.estimate;
  const departureSource: LineDepartureSource =
    resolved === undefined
      ? 'default'
      : resolved.source !== 'estimate'
        ? resolved.source
        : estimated!.departureSource === 'fleet'
          ? 'api'
          : estimated!.departureSource;
  const fromVehicle = session.evNeeds?.energyAmountWh !== undefined || session.socPercent !== undefined;
  const told = estimated?.energyWh === undefined ? undefined : estimated.energySource;
  const energySource: LineEnergySource | undefined = fromVehicle
    ? 'vehicle'
    : told === 'driver' || told === 'history'
      ? told
      : told === 'vehicle' || told === 'fleet'
        ? 'vehicle'
        : undefined;
  return {
    departureTime: resolved?.time ?? plannedDeparture(session, now).time,
    departureSource,
    ...(energySource ? { energySource } : {}),
  };
}
