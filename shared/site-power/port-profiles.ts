/**
 * A port's TxProfile as the delivery builds it (`./delivery.ts`; OCPP 1.6 §5.16, 2.0.1 K01): the
 * schedule its plan is sent as, what the port holds now, the profile in the charger's unit and the
 * port's stored line. No I/O.
 *
 * @module
 */
import type { ChargerItem, PortItem } from '../chargers/items';
import type { ChargingProfileInput, ChargingRateUnit } from './commands';
import {
  DCFC_MINIMUM_W,
  floorAmps,
  LEVEL2_MINIMUM_A,
  type AllocationResult,
  type LimitSchedule,
  type PortAllocation,
  type ScheduledLimit,
} from '../smart-charging';
import { DEFAULT_PORT_MAX_W, inForce, phasesAndVoltage, profileUnit, toWatts } from './demand';
import type { SiteAllocationItem, SiteSnapshot } from './site-snapshot';
import type { Electrical } from './station-inputs';

/** One port's line of a stored allocation. */
export type AllocatedPortLine = SiteAllocationItem['ports'][number];

/** Periods a schedule is sent with when the charger did not say how many it takes (one: a plain limit). */
const DEFAULT_MAX_PERIODS = 1;
/** Most periods sent in one schedule, whatever the charger takes (24: a day of hours, or 6 h of quarters). */
const MAX_SENT_PERIODS = 24;
/** How far ahead a schedule reaches, ms (24 h: the plan's horizon). */
const SENT_HORIZON_MS = 24 * 3_600_000;

/** A port of the allocation with what delivering it needs. */
export interface PortContext {
  readonly allocation: PortAllocation;
  readonly port: PortItem;
  readonly charger: ChargerItem;
  readonly electrical: Electrical;
  readonly unit: ChargingRateUnit;
  readonly previous?: AllocatedPortLine;
}

/** A limit in the charger's unit as a scheduled limit in W (and A on Level 2). */
export function scheduled(ctx: PortContext, start: number, limit: number): ScheduledLimit {
  const limitW = toWatts(limit, ctx.unit, ctx.electrical);
  const amps = ctx.unit === 'A' ? limit : floorAmps(limitW / (ctx.electrical.voltageV * ctx.electrical.phases));
  return { start, limitW, ...(ctx.charger.type === 'Level 2' ? { limitA: amps } : {}) };
}

/** A W limit in the charger's unit: whole W, or A per phase rounded down to 0.1 A. */
function inUnit(ctx: PortContext, limitW: number): number {
  return ctx.unit === 'W' ? Math.floor(limitW) : floorAmps(limitW / (ctx.electrical.voltageV * ctx.electrical.phases));
}

/** The port's minimum in the charger's unit (5 kW on DCFC, 8 A on Level 2). */
function minimumInUnit(ctx: PortContext): number {
  return ctx.charger.type === 'DCFC'
    ? inUnit(ctx, DCFC_MINIMUM_W)
    : ctx.unit === 'A'
      ? LEVEL2_MINIMUM_A
      : inUnit(ctx, LEVEL2_MINIMUM_A * ctx.electrical.voltageV * ctx.electrical.phases);
}

/**
 * The schedule a port's plan is sent as, in the charger's unit: the plan's periods from now within
 * {@link SENT_HORIZON_MS}; a later period below the port's minimum (5 kW, 8 A) is sent as 0 (the plan
 * is made again long before it comes; the rule keeps a charger without us from offering a vehicle
 * what it cannot charge with); equal neighbours merged; the first ones that the charger takes (its
 * `maxPeriods`, else {@link DEFAULT_MAX_PERIODS}, never over {@link MAX_SENT_PERIODS}). The last
 * one sent holds after its start until the next profile: the delivery sends a new one before a
 * change of the plan comes within the hour (`profilesToSend`), decreases first. A charger that
 * takes one period gets the limit of now alone: it holds until the next profile, which that rule
 * sends before the plan changes.
 * @returns limits in the charger's unit, each from its start (ms since epoch)
 */
export function sentSchedule(ctx: PortContext, now: number): { start: number; limit: number }[] {
  const minimum = minimumInUnit(ctx);
  const periods: { start: number; limit: number }[] = [];
  for (const [k, p] of ctx.allocation.plan.entries()) {
    if (p.start >= now + SENT_HORIZON_MS) break;
    const raw = inUnit(ctx, p.limitW);
    const limit = k > 0 && raw < minimum ? 0 : raw;
    if (periods.at(-1)?.limit === limit) continue;
    periods.push({ start: k === 0 ? now : p.start, limit });
  }
  const most = Math.min(MAX_SENT_PERIODS, ctx.charger.smartCharging?.maxPeriods ?? DEFAULT_MAX_PERIODS);
  return periods.slice(0, most);
}

/**
 * What a port holds now, as a schedule in W: the TxProfile it accepted for this session (its
 * periods from `profileStart`), else the TxDefaultProfile its charger holds on this connection,
 * else nothing (the port's maximum).
 */
export function heldSchedule(
  ctx: PortContext,
  snapshot: SiteSnapshot,
  now: number,
): { schedule: LimitSchedule; held: boolean } {
  const { previous: line, port, charger } = ctx;
  if (inForce(line, port, charger) && line!.profileUnit && line!.profileLimit !== undefined) {
    const start = line!.profileStart ? Date.parse(line!.profileStart) : now;
    const periods = line!.profilePeriods ?? [{ startPeriod: 0, limit: line!.profileLimit }];
    const held = { ...ctx, unit: line!.profileUnit };
    return { schedule: periods.map((p) => scheduled(held, start + p.startPeriod * 1000, p.limit)), held: true };
  }
  const fallback = (snapshot.previous?.defaultProfiles ?? []).find(
    (d) => d.chargerId === charger.chargerId && d.connectionId === charger.currentConnectionId,
  );
  if (fallback) return { schedule: [scheduled({ ...ctx, unit: fallback.unit }, now, fallback.limit)], held: false };
  const maxW = port.maximumPowerKw ? port.maximumPowerKw * 1000 : DEFAULT_PORT_MAX_W[charger.type];
  return { schedule: [scheduled({ ...ctx, unit: 'W' }, now, maxW)], held: false };
}

/** The profile of a schedule to send, in the charger's unit. */
export function profileOf(ctx: PortContext, schedule: LimitSchedule, now: number): ChargingProfileInput {
  const startMs = Math.floor(now / 1000) * 1000;
  const limits = schedule.map((s) => ({ start: s.start, limit: inUnit(ctx, s.limitW) }));
  const session = ctx.port.currentChargingSession!;
  return {
    portNumber: ctx.port.portNumber,
    purpose: 'TxProfile',
    ocppTransactionId: session.ocppTransactionId,
    unit: ctx.unit,
    startSchedule: new Date(startMs).toISOString(),
    periods: limits.map((l, k) => ({
      startPeriod: k === 0 ? 0 : Math.max(1, Math.round((l.start - startMs) / 1000)),
      limit: ctx.unit === 'A' ? scheduleAmps(ctx, schedule[k]!) : l.limit,
    })),
    ...(ctx.unit === 'A' && ctx.charger.type === 'Level 2' ? { numberPhases: ctx.electrical.phases } : {}),
  };
}

/** A scheduled limit's amps as sent (its `limitA` when it has one: no second rounding). */
function scheduleAmps(ctx: PortContext, limit: ScheduledLimit): number {
  return limit.limitA ?? inUnit(ctx, limit.limitW);
}

/** The stored line of a port: the allocation, its plan and release state, with the profile in force. */
export function line(
  ctx: PortContext,
  profile?: { input: ChargingProfileInput; status: string; sentAt: string },
): AllocatedPortLine {
  const { portId, chargerId, sessionId, limitW, limitA, reason, plan, release } = ctx.allocation;
  const base = {
    portId,
    chargerId,
    portNumber: ctx.port.portNumber,
    sessionId,
    limitW,
    ...(limitA !== undefined ? { limitA } : {}),
    reason,
    plan: plan.slice(0, MAX_SENT_PERIODS).map((p) => ({ ...p })),
    release: { ...release },
  };
  const previous = ctx.previous;
  if (profile) {
    return {
      ...base,
      profileUnit: profile.input.unit,
      profileLimit: profile.input.periods[0]!.limit,
      ...(profile.input.startSchedule ? { profileStart: profile.input.startSchedule } : {}),
      profilePeriods: profile.input.periods.map((p) => ({ ...p })),
      profileStatus: profile.status,
      sentAt: profile.sentAt,
      ...(ctx.charger.currentConnectionId ? { profileConnectionId: ctx.charger.currentConnectionId } : {}),
    };
  }
  if (reason === 'uncontrolled') return { ...base, profileStatus: 'Uncontrolled' };
  if (!previous || previous.sessionId !== sessionId) return base;
  if (!inForce(previous, ctx.port, ctx.charger))
    return { ...base, ...(previous.profileStatus ? { profileStatus: previous.profileStatus } : {}) };
  const { profileUnit, profileLimit, profileStart, profilePeriods, profileConnectionId, profileStatus, sentAt } =
    previous;
  return {
    ...base,
    profileUnit,
    profileLimit,
    profileStart,
    profilePeriods,
    profileConnectionId,
    profileStatus,
    sentAt,
  };
}

/** Every controllable port of the allocation with its context. */
export function portContexts(snapshot: SiteSnapshot, result: AllocationResult): PortContext[] {
  const byPort = new Map(snapshot.ports.map((p) => [p.portId, p]));
  const previous = new Map((snapshot.previous?.ports ?? []).map((l) => [l.portId, l]));
  return result.ports.map((allocation) => {
    const port = byPort.get(allocation.portId)!;
    const charger = snapshot.chargers.get(port.chargerId)!;
    return {
      allocation,
      port,
      charger,
      electrical: phasesAndVoltage(port.currentChargingSession!, charger.type),
      unit: profileUnit(charger),
      ...(previous.has(port.portId) ? { previous: previous.get(port.portId)! } : {}),
    };
  });
}
