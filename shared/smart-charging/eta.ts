/**
 * What each vehicle of an allocation is heading for (spec §2.6, §4.2): its SoC and target, the
 * energy it still needs, and when it is expected to reach its target (its ETA) — before its
 * departure when it is on time, after it when it is predicted late.
 *
 * - **On time**: the ETA is when its planned power (the port's periods, each held until the next
 *   or the departure; the battery's taper above 80 % SoC included, `./taper.ts`) has delivered its
 *   need; never after its departure (the plan meets it by then).
 * - **Late** (`lateVehicles`): what the plan delivers by the departure falls short; the ETA is the
 *   departure plus the time the shortfall takes at the most it could then draw — the port's cap
 *   or what the vehicle accepts, within the site's capacity and cost limits — as a vehicle that stays past
 *   its departure gets the power the vehicles that left free. Always set while a need is known:
 *   unlike the port's last planned period (0 W once the plan ends), that power is never 0 unless
 *   the vehicle accepts nothing.
 *
 * Pure.
 *
 * @module
 */
import { LATE_TOLERANCE_WH } from './late';
import type { WorkPort } from './ports';
import { deliveredWithin, secondsToDeliver, type ChargeNeed } from './taper';
import type { AllocationInput, LateVehicle, PortAllocation, SiteLimit } from './types';

/** What remains of a need once `delivered` reached the vehicle. */
function afterDelivery(need: ChargeNeed, delivered: { energyWh: number; socPercent?: number }): ChargeNeed {
  const energyWh = Math.max(0, need.energyWh - delivered.energyWh);
  if (!need.soc) return { energyWh, maxAcceptW: need.maxAcceptW };
  const fromPercent = delivered.socPercent ?? need.soc.fromPercent;
  return { energyWh, maxAcceptW: need.maxAcceptW, soc: { ...need.soc, fromPercent } };
}

/** A site limit in W at a port (amps turned into W at the port's voltage and phases); Infinity without one. */
function limitAtPortW(limit: SiteLimit | undefined, p: WorkPort): number {
  if (limit === undefined) return Infinity;
  return limit.unit === 'W' ? limit.limit : limit.limit * p.wattsPerAmp;
}

/**
 * The most a vehicle could draw once past its departure, W: its port's cap or what it accepts,
 * within the site's capacity limit and its cost limit now. A cost limit of 0 (a window without
 * charging) is a soft cap that ends: it does not make the ETA unknown, so it is passed over.
 */
function powerAfterDepartureW(p: WorkPort, input: Pick<AllocationInput, 'limits'>): number {
  const costW = limitAtPortW(input.limits.cost, p);
  const siteW = Math.min(limitAtPortW(input.limits.capacity, p), costW > 0 ? costW : Infinity);
  return Math.max(0, Math.min(p.capW, p.need?.maxAcceptW ?? p.capW, siteW));
}

/**
 * When the planned periods deliver `need`, ms since epoch, walking them from `now` to `until`
 * (each period holds until the next); undefined when they do not by then.
 */
function reachedAt(
  need: ChargeNeed,
  periods: readonly { start: number; limitW: number }[],
  now: number,
  until: number,
): number | undefined {
  let left = need;
  for (let i = 0; i < periods.length; i++) {
    const start = Math.max(now, periods[i]!.start);
    const end = Math.min(until, periods[i + 1]?.start ?? until);
    if (end <= start) continue;
    if (left.energyWh <= LATE_TOLERANCE_WH) return start;
    const seconds = (end - start) / 1000;
    const needed = secondsToDeliver(left, periods[i]!.limitW);
    if (needed <= seconds) return start + Math.ceil(needed * 1000);
    left = afterDelivery(left, deliveredWithin(left, periods[i]!.limitW, seconds));
  }
  return left.energyWh <= LATE_TOLERANCE_WH ? now : undefined;
}

/** The ETA of a vehicle predicted late: its departure + the shortfall at {@link powerAfterDepartureW}. */
function lateEta(p: WorkPort, late: LateVehicle, afterW: number): number | undefined {
  const need = p.need!;
  const expected = {
    energyWh: late.expectedEnergyWh,
    ...(need.soc ? { socPercent: need.soc.fromPercent + (late.expectedEnergyWh / need.soc.capacityWh) * 100 } : {}),
  };
  const seconds = secondsToDeliver(afterDelivery(need, expected), afterW);
  return Number.isFinite(seconds) ? late.departureTime + Math.ceil(seconds * 1000) : undefined;
}

/** What a port's vehicle is heading for ({@link PortAllocation}'s optional fields). */
type Outlook = Pick<PortAllocation, 'socPercent' | 'targetSoc' | 'energyNeededWh' | 'eta'>;

function outlookOf(p: WorkPort, allocation: PortAllocation, late: LateVehicle | undefined, input: AllocationInput) {
  const outlook: { -readonly [K in keyof Outlook]: Outlook[K] } = {};
  if (p.session.socPercent !== undefined) outlook.socPercent = p.session.socPercent;
  const target = p.departure?.targetSoc ?? p.need?.soc?.toPercent;
  if (target !== undefined) outlook.targetSoc = Math.round(target * 10) / 10;
  if (!p.need || !p.departure) return outlook;
  outlook.energyNeededWh = Math.ceil(p.need.energyWh);
  if (p.need.energyWh <= LATE_TOLERANCE_WH) return outlook;
  const eta = late
    ? lateEta(p, late, powerAfterDepartureW(p, input))
    : (reachedAt(p.need, allocation.plan, input.now, p.departure.time) ?? p.departure.time);
  if (eta !== undefined) outlook.eta = eta;
  return outlook;
}

/**
 * Adds each vehicle's outlook to the result's ports (SoC, target, energy needed, ETA) and its ETA
 * to each late vehicle (see the module).
 * @param ports the allocation's work ports (any order)
 */
export function withOutlook<R extends { ports: readonly PortAllocation[]; lateVehicles: readonly LateVehicle[] }>(
  result: R,
  ports: readonly WorkPort[],
  input: AllocationInput,
): R {
  const bySession = new Map(ports.map((p) => [p.session.sessionId, p]));
  const lateBySession = new Map(result.lateVehicles.map((l) => [l.sessionId, l]));
  const outlooks = new Map(
    result.ports.map((allocation) => {
      const p = bySession.get(allocation.sessionId)!;
      return [allocation.sessionId, outlookOf(p, allocation, lateBySession.get(allocation.sessionId), input)];
    }),
  );
  return {
    ...result,
    ports: result.ports.map((allocation) => ({ ...allocation, ...outlooks.get(allocation.sessionId) })),
    lateVehicles: result.lateVehicles.map((late) => {
      const eta = outlooks.get(late.sessionId)?.eta;
      return eta === undefined ? late : { ...late, eta };
    }),
  };
}
