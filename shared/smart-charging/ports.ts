/**
 * The allocation's working view of each session: its minimum, cap, override, departure and need
 * (spec §2.6, §4.2), and the order in which vehicles get their minimum when capacity is short.
 *
 * @module
 */
import type { BudgetedPort } from './budgets';
import { chargeNeed, minimumPowerW, portCapW, resolveDeparture, type ResolvedDeparture } from './needs';
import type { ChargeNeed } from './taper';
import type { AllocationInput, AllocationReason, SessionDemand } from './types';
import { wattsPerAmp } from './units';

/** One session while it is being allocated. */
export interface WorkPort extends BudgetedPort {
  readonly session: SessionDemand;
  /** Position in the input's `sessions`. */
  readonly index: number;
  readonly minimumW: number;
  /** The most it can use now ({@link portCapW}), W. */
  readonly capW: number;
  readonly capReason: 'capped' | 'external';
  /** min(override.limitW, port maximum, external limit), W, while an override holds. */
  readonly overrideW?: number;
  readonly departure?: ResolvedDeparture;
  readonly need?: ChargeNeed;
  /**
   * `active` takes part in every stage; `waiting`: capacity cannot fit its minimum; `uncontrolled`:
   * counted as load; `released` and `probing`: see `./release.ts`.
   */
  state: 'active' | 'waiting' | 'uncontrolled' | 'released' | 'probing';
  /** The stage above the minimum that last raised it. */
  raisedBy?: Extract<AllocationReason, 'departure' | 'share'>;
  /** An external limit (the station's, or the EVSE's on an override) binds it. */
  externalBound: boolean;
}

/**
 * An uncontrolled port's load, W: the most its session may take or the power measured, whichever
 * is higher (a charger the CSMS cannot limit counts at what it can draw: docs/smart-charging.md).
 */
export function uncontrolledLoadW(session: SessionDemand): number {
  return Math.max(session.maxPowerW, session.measuredPowerW ?? 0);
}

/** The override in force on a session at `now`, W, or undefined (none, or expired: `now >= expiresAt`). */
export function activeOverrideW(session: SessionDemand, now: number): number | undefined {
  const { override } = session;
  if (!override || now >= override.expiresAt) return undefined;
  return Math.min(override.limitW, session.maxPowerW, session.externalLimit?.limitW ?? Infinity);
}

function workPort(session: SessionDemand, index: number, now: number): WorkPort {
  const { capW, reason } = portCapW(session);
  const departure = resolveDeparture(session);
  return {
    session,
    index,
    portId: session.portId,
    chargerId: session.chargerId,
    wattsPerAmp: wattsPerAmp(session),
    minimumW: minimumPowerW(session),
    capW,
    capReason: reason,
    overrideW: activeOverrideW(session, now),
    departure,
    need: departure && chargeNeed(session, departure, capW),
    limitW: 0,
    state: session.uncontrolled ? 'uncontrolled' : 'active',
    externalBound: false,
  };
}

/** The sessions as work ports, sorted by portId (so that every sum runs in one order, whatever the input's). */
export function workPorts(input: AllocationInput): WorkPort[] {
  return input.sessions.map((s, i) => workPort(s, i, input.now)).sort((a, b) => a.portId - b.portId);
}

/**
 * Spec §2.6 order for minimums when capacity is short: vehicles with a departure (API, ISO 15118,
 * or estimated: the driver's, a forecast's; `resolveDeparture`) by departure time, then those
 * without by session start (first come, first served); ties by portId. Earliest-departure-first
 * ranks by it too (`./edf.ts`).
 */
export function byMinimumPriority(a: WorkPort, b: WorkPort): number {
  const da = a.departure?.time ?? Infinity;
  const db = b.departure?.time ?? Infinity;
  if (da !== db) return da < db ? -1 : 1;
  if (a.session.startTime !== b.session.startTime) return a.session.startTime - b.session.startTime;
  return a.portId - b.portId;
}
