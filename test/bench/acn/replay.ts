/**
 * The ACN benchmark's replay: a month of real sessions run period by period under one aggregate
 * capacity, as acnportal's `acnsim.Simulator` runs a `simple_acn` network (one `Current` constraint
 * over every EVSE, BASIC EVSEs of 32 A at 208 V, an ideal `Battery` of 6.6 kW per vehicle). Pure:
 * no I/O.
 *
 * Each period `t` (acnsim's iteration order): vehicles arriving at `t` plug in and those whose
 * departure is `t` leave; the scheduler is called with every vehicle plugged in, full ones too (a
 * full vehicle stays plugged in, and a CSMS still has its session; acnportal's schedulers only see
 * the others, acnsim's `active_evs`, and filter with {@link isFull}); then each vehicle draws, for
 * the whole period, min(what it was offered, the EVSE's maximum, the vehicle's maximum, what fills
 * it in one period) (acnsim's `Battery.charge`). A scheduler that offers more than the capacity in
 * total, or a negative or unknown offer, stops the replay with an error.
 *
 * What the scheduler reads of a vehicle's draw in the period before (`lastDrawW`) is, by default,
 * the period's average (the energy drawn ÷ the period). With `reading: 'end'` it is the draw at the
 * period's end, as a charger's MeterValues sample reports the power at its instant: a vehicle that
 * filled up during the period reads 0 W, any other its draw (acnsim's ideal battery draws at one
 * rate until full). The energy drawn is the same either way.
 *
 * @module
 */
import type { ReplaySession } from './sessions';

/** acnsim's `fully_charged`: a vehicle with no more than this left to deliver is full, Wh. */
export const FULL_TOLERANCE_WH = 1;
/** Line voltage of the EVSEs, V (the acnportal experiment's `voltage`). */
export const VOLTAGE_V = 208;
/** Maximum of an EVSE, W: acnportal's BASIC EVSE, 32 A, at {@link VOLTAGE_V}. */
export const EVSE_MAX_W = 32 * VOLTAGE_V;
/** Most a vehicle draws, W (the acnportal experiment's `default_battery_power`, 6.6 kW). */
export const VEHICLE_MAX_W = 6600;

/** A vehicle plugged in and not yet full, as the scheduler sees it at one period. */
export interface ActiveSession {
  /** ACN-Data `sessionID`. */
  readonly id: string;
  /** When it plugged in (the start of its first period), ms since the epoch. */
  readonly arrivalMs: number;
  /** When it leaves (the start of its departure period), ms since the epoch. */
  readonly departureMs: number;
  /** Energy it asks for in the whole session, Wh. */
  readonly requestedWh: number;
  /** Energy it drew so far, Wh. */
  readonly deliveredWh: number;
  /** Energy it still asks for, Wh (≥ 0; full when ≤ {@link FULL_TOLERANCE_WH}, see {@link isFull}). */
  readonly remainingWh: number;
  /** The EVSE's maximum, W (what acnportal's schedulers know: the pilot's maximum). */
  readonly evseMaxW: number;
  /** The most the vehicle draws, W (what an ISO 15118 vehicle reports; acnportal's schedulers do not see it). */
  readonly vehicleMaxW: number;
  /** Line voltage at the EVSE, V. */
  readonly voltageV: number;
  /** What it drew in the previous period, W (the period's average or its end, see {@link MeterReading}), if it was plugged in then. */
  readonly lastDrawW?: number;
  /** What it was offered in the previous period, W, if it was plugged in then. */
  readonly lastOfferW?: number;
}

/** What a scheduler is told at one period. */
export interface SchedulingPeriod {
  /** Start of the period, ms since the epoch. */
  readonly now: number;
  /** Period length, ms. */
  readonly periodMs: number;
  /** The aggregate capacity, W (Infinity: none). */
  readonly capacityW: number;
  /** Every vehicle plugged in, full ones too, by arrival. */
  readonly sessions: readonly ActiveSession[];
}

/**
 * A scheduler: the power offered to each vehicle for one period, W, by session id. A session left
 * out is offered 0 W. The offers' sum must not exceed `capacityW`.
 */
export type Scheduler = (period: SchedulingPeriod) => ReadonlyMap<string, number>;

/** acnsim's `EV.fully_charged`: no more than {@link FULL_TOLERANCE_WH} left to deliver. */
export function isFull(session: ActiveSession): boolean {
  return !(session.remainingWh > FULL_TOLERANCE_WH);
}

/**
 * What a replay reports as a vehicle's draw in the period before: `average`, the energy drawn ÷ the
 * period; `end`, the power at the period's end (0 W for a vehicle that filled up during it).
 */
export type MeterReading = 'average' | 'end';

/**
 * The draw a scheduler reads for a period (see {@link MeterReading}).
 * @param drawW the period's average draw, W
 * @param rateW the rate the vehicle draws at until full, W (min of the offer and the maxima)
 * @param reading which reading
 * @returns the reading, W: `drawW` on average; at the end `rateW`, or 0 W when the vehicle filled
 *   up before the end (its average is below its rate)
 */
export function meterReadingW(drawW: number, rateW: number, reading: MeterReading): number {
  if (reading === 'average') return drawW;
  return drawW < rateW ? 0 : rateW;
}

/** The site and vehicles of a replay. */
export interface ReplayOptions {
  /** Period 0's start, ms since the epoch. */
  readonly startMs: number;
  /** Period length, ms. */
  readonly periodMs: number;
  /** The aggregate capacity, W (Infinity: none). */
  readonly capacityW: number;
  /** Default {@link EVSE_MAX_W}. */
  readonly evseMaxW?: number;
  /** Default {@link VEHICLE_MAX_W}. */
  readonly vehicleMaxW?: number;
  /** Default {@link VOLTAGE_V}. */
  readonly voltageV?: number;
  /** What the scheduler reads as the last period's draw (default `average`, see {@link MeterReading}). */
  readonly reading?: MeterReading;
}

/** The outcome of a replay. */
export interface ReplayResult {
  /** Energy asked for by every session, Wh. */
  readonly requestedWh: number;
  /** Energy drawn by every session, Wh. */
  readonly deliveredWh: number;
  /** `deliveredWh / requestedWh`, % (acnportal's `proportion_of_energy_delivered` × 100). */
  readonly sharePercent: number;
  /** Energy drawn by each session, Wh, by session id. */
  readonly deliveredBySession: ReadonlyMap<string, number>;
  /** The site's draw in each period from period 0 to the last departure, W (average over the period, whatever the reading). */
  readonly siteW: Float64Array;
  /** Scheduler calls (periods with a vehicle plugged in). */
  readonly calls: number;
}

/** The aggregate capacity was exceeded by a scheduler's offers. */
export class CapacityExceededError extends Error {
  override readonly name = 'CapacityExceededError';
}

interface Plugged {
  readonly session: ReplaySession;
  deliveredWh: number;
  lastDrawW?: number;
  lastOfferW?: number;
}

/** acnportal's feasibility tolerance (`infrastructure_constraints_feasible`): 1e-5 A or 1e-7 of the limit. */
export function capacityToleranceW(capacityW: number, voltageV: number): number {
  return Math.max(1e-5 * voltageV, 1e-7 * capacityW);
}

function checkedOffers(
  offers: ReadonlyMap<string, number>,
  active: readonly ActiveSession[],
  capacityW: number,
  toleranceW: number,
): void {
  const ids = new Set(active.map((s) => s.id));
  let total = 0;
  for (const [id, w] of offers) {
    if (!ids.has(id)) throw new Error(`scheduler offered ${w} W to session ${id}, which is not active`);
    if (!(w >= 0) || !Number.isFinite(w)) throw new Error(`scheduler offered ${w} W to session ${id}`);
    total += w;
  }
  if (total > capacityW + toleranceW) {
    throw new CapacityExceededError(`scheduler offered ${total.toFixed(1)} W in total, capacity ${capacityW} W`);
  }
}

/**
 * Replays sessions under a scheduler (see the module's documentation).
 * @param sessions the month's sessions (see `windowSessions`)
 * @param scheduler called once per period with a vehicle plugged in
 * @param options the site: start, period, capacity, EVSE and vehicle maxima
 * @returns energy asked for and drawn, the share delivered, and the site's draw per period
 * @throws CapacityExceededError when the offers of one period exceed the capacity (beyond acnportal's
 *   tolerance); Error when an offer is negative, not finite or for a session not active
 */
export function replay(sessions: readonly ReplaySession[], scheduler: Scheduler, options: ReplayOptions): ReplayResult {
  const { startMs, periodMs, capacityW } = options;
  const evseMaxW = options.evseMaxW ?? EVSE_MAX_W;
  const vehicleMaxW = options.vehicleMaxW ?? VEHICLE_MAX_W;
  const voltageV = options.voltageV ?? VOLTAGE_V;
  const reading = options.reading ?? 'average';
  const hours = periodMs / 3_600_000;
  const end = sessions.reduce((m, s) => Math.max(m, s.departure), 0);
  const siteW = new Float64Array(end);
  const toleranceW = capacityToleranceW(capacityW, voltageV);
  const byArrival = [...sessions].sort((a, b) => a.arrival - b.arrival);
  const all = byArrival.map((session): Plugged => ({ session, deliveredWh: 0 }));
  if (new Set(sessions.map((s) => s.id)).size !== sessions.length) throw new Error('replay: session ids repeat');
  let plugged: Plugged[] = [];
  let next = 0;
  let calls = 0;
  for (let t = 0; t < end; t++) {
    plugged = plugged.filter((p) => p.session.departure > t);
    while (next < all.length && all[next]!.session.arrival <= t) plugged.push(all[next++]!);
    if (plugged.length === 0) continue;
    const active = plugged.map((p) => activeSession(p, startMs, periodMs, { evseMaxW, vehicleMaxW, voltageV }));
    const offers = scheduler({ now: startMs + t * periodMs, periodMs, capacityW, sessions: active });
    calls++;
    checkedOffers(offers, active, capacityW, toleranceW);
    for (const p of plugged) {
      const offered = offers.get(p.session.id) ?? 0;
      const toFullW = Math.max(0, p.session.requestedWh - p.deliveredWh) / hours;
      const rateW = Math.min(offered, evseMaxW, vehicleMaxW);
      const drawW = Math.min(rateW, toFullW);
      p.deliveredWh += drawW * hours;
      p.lastDrawW = meterReadingW(drawW, rateW, reading);
      p.lastOfferW = offered;
      siteW[t]! += drawW;
    }
  }
  return summary(all, siteW, calls);
}

function activeSession(
  p: Plugged,
  startMs: number,
  periodMs: number,
  site: { evseMaxW: number; vehicleMaxW: number; voltageV: number },
): ActiveSession {
  return {
    id: p.session.id,
    arrivalMs: startMs + p.session.arrival * periodMs,
    departureMs: startMs + p.session.departure * periodMs,
    requestedWh: p.session.requestedWh,
    deliveredWh: p.deliveredWh,
    remainingWh: p.session.requestedWh - p.deliveredWh,
    ...site,
    ...(p.lastDrawW !== undefined && { lastDrawW: p.lastDrawW }),
    ...(p.lastOfferW !== undefined && { lastOfferW: p.lastOfferW }),
  };
}

function summary(all: readonly Plugged[], siteW: Float64Array, calls: number): ReplayResult {
  const requestedWh = all.reduce((sum, p) => sum + p.session.requestedWh, 0);
  const deliveredWh = all.reduce((sum, p) => sum + p.deliveredWh, 0);
  return {
    requestedWh,
    deliveredWh,
    sharePercent: (100 * deliveredWh) / requestedWh,
    deliveredBySession: new Map(all.map((p) => [p.session.id, p.deliveredWh])),
    siteW,
    calls,
  };
}
