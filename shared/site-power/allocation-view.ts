/**
 * `GET /api/site/{siteId}/power-allocation`: the last allocation of a site as the API shows it —
 * the limits, the total, each port's limit in the site's unit and in W with its reason and the
 * charger's answer to its profile, and the vehicles predicted to miss their departure.
 */
import { profileDriftView, type ProfileDriftLine, type ProfileDriftView } from './drift';
import type { Db } from '../db';
import type { AccessScope } from '../organizations/access-scope';
import { getSitePowerLimits, visibleSite } from './limits';
import type { SiteAllocationItem } from './site-snapshot';

/** One port of the allocation read. */
export interface AllocatedPortView {
  portId: number;
  chargerId: number;
  sessionId: number;
  /** In the allocation's `chargingRateUnit` (A per phase on amp-limited sites). */
  limit: number;
  limitW: number;
  /**
   * `minimum`, `departure`, `share`, `override`, `capped`, `external`, `waiting`, `uncontrolled`,
   * `planned`, `released`, `probing`.
   */
  reason: string;
  /** The port's planned limits from now on (the first is `limit`), each until the next; in `chargingRateUnit`. */
  plannedPeriods: { startTime: string; limit: number; limitW: number }[];
  /** The charger's answer to the profile: `Accepted`, `Rejected`, `NotSupported`, `Failed`, `NotConnected`, `Uncontrolled`, `None` (no limits, no profile), or null (not sent yet). */
  profileStatus: string | null;
  /** When the profile was sent, ISO 8601 UTC, or null. */
  sentAt: string | null;
  /**
   * The port's last drift check (`drift.ts`, docs/smart-charging.md "What the charger enforces"):
   * when, whether the charger enforces more than its profile, where and by how much; null when
   * none ran for the session.
   */
  profileDrift: ProfileDriftView | null;
  /** An external limit on the EVSE (OCPP 2.0.1 NotifyChargingLimit), W, or null. */
  externalLimitW: number | null;
  externalLimitSource: string | null;
  /** The session's vehicle, or null when not identified. */
  vehicleId: number | null;
  /** The vehicle's SoC as the allocation read it, %, or null. */
  socPercent: number | null;
  /** Where `socPercent` came from (docs/vehicle-state.md): `charger`, `vehicle` (ISO 15118), `telematics`; null without a SoC. */
  socSource: 'charger' | 'vehicle' | 'telematics' | null;
  /** The usable battery capacity the need used, Wh, or null without a SoC. */
  batteryCapacityWh: number | null;
  /** Where it came from: `api` (set on the vehicle), `vehicle` (ISO 15118), `telematics`, `learned`, `session`, `default`. */
  batteryCapacitySource: 'api' | 'vehicle' | 'telematics' | 'learned' | 'session' | 'default' | null;
  /** The SoC it must reach by its departure, %, or null (no departure, or no SoC). */
  targetSoc: number | null;
  /** Energy it still needs for its departure, Wh, or null (no departure, or no known need). */
  energyNeededWh: number | null;
  /**
   * When it is expected to reach its target, ISO 8601 UTC: by its departure when on time, after it
   * when late (`lateVehicles`); null when its target is reached or its need unknown.
   */
  eta: string | null;
  /** The departure the allocation used for the vehicle, ISO 8601 UTC, or null. */
  departureTime: string | null;
  /** Where it came from: the departure-times API (`api`), the vehicle over ISO 15118 (`vehicle`), the driver's estimate, the history's forecast, or the planner's default stay. */
  departureSource: 'api' | 'vehicle' | 'driver' | 'history' | 'default' | null;
  /** Where its energy need came from (the vehicle, the driver, the history); null: unknown. */
  energySource: 'vehicle' | 'driver' | 'history' | null;
  /** The first period of the schedule the vehicle chose (NotifyEVChargingSchedule), or null. */
  evChargingSchedule: { chargingRateUnit: 'A' | 'W'; limit: number; startTime: string } | null;
}

/** A vehicle predicted to miss its departure's target. */
export interface LateVehicleView {
  vehicleId: number | null;
  portId: number;
  sessionId: number;
  /** When it would reach its target staying past its departure, ISO 8601 UTC; null when it accepts no power. */
  eta: string | null;
  /** ISO 8601 UTC. */
  departureTime: string;
  /** Where the departure comes from: the departure-times API or the vehicle (ISO 15118). */
  departureSource: 'api' | 'vehicle';
  targetSoc: number | null;
  expectedSocAtDeparture: number | null;
}

/** One slot of the site's plan, in the allocation's `chargingRateUnit`. */
export interface PlannedSlotView {
  /** ISO 8601 UTC; the slot ends at `endTime`. */
  startTime: string;
  endTime: string;
  /** Σ of the ports' planned limits, uncontrolled load included. */
  allocated: number;
  /** The capacity and cost limits in force over the slot (the least when one changes within), or null. */
  capacityLimit: number | null;
  costLimit: number | null;
  /** The tariff's energy price over the slot, per kWh in its currency, or null without a tariff. */
  pricePerKwh: number | null;
}

/** The allocation read (spec §2.6 enforced). */
export interface PowerAllocationView {
  siteId: number;
  /** When the allocation was computed, or null when the site was never allocated. */
  computedAt: string | null;
  chargingRateUnit: 'W' | 'A';
  costLimit: number | null;
  capacityLimit: number | null;
  /** Sum of the ports' limits, in `chargingRateUnit`. */
  allocatedTotal: number;
  ports: AllocatedPortView[];
  lateVehicles: LateVehicleView[];
  /**
   * `optimal` (the planner's solve over the horizon, also when every vehicle to plan is probed),
   * `greedy` (this instant alone: without a solver, with no vehicle to plan — no sessions, or all
   * released or uncontrolled —, or the fallback), or null when the site was never allocated.
   */
  planner: 'optimal' | 'greedy' | null;
  /** Why this allocation fell back to the greedy (a solver error or a solve over its budget), or null. */
  fallbackReason: string | null;
  /** How many of the site's allocations fell back since its allocations began. */
  fallbackCount: number;
  /** The site's plan from now to the horizon, slot by slot. */
  plannedSlots: PlannedSlotView[];
  /** The billing period's highest 15-minute average so far, kW, when the site's tariff has a demand charge. */
  demandPeakKw: number | null;
}

const isoOrNull = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());

/** A port line in the view's unit. */
function portView(line: SiteAllocationItem['ports'][number], unit: 'W' | 'A'): AllocatedPortView {
  const plan = line.plan ?? [
    { start: 0, limitW: line.limitW, ...(line.limitA !== undefined ? { limitA: line.limitA } : {}) },
  ];
  return {
    portId: line.portId,
    chargerId: line.chargerId,
    sessionId: line.sessionId,
    limit: unit === 'A' ? (line.limitA ?? 0) : line.limitW,
    limitW: line.limitW,
    reason: line.reason,
    plannedPeriods: plan.map((p) => ({
      startTime: new Date(p.start).toISOString(),
      limit: unit === 'A' ? (p.limitA ?? 0) : p.limitW,
      limitW: p.limitW,
    })),
    profileStatus: line.profileStatus ?? null,
    sentAt: line.sentAt ?? null,
    profileDrift: line.profileDrift ? profileDriftView(line.profileDrift as ProfileDriftLine) : null,
    externalLimitW: line.externalLimitW ?? null,
    externalLimitSource: line.externalLimitSource ?? null,
    vehicleId: line.vehicleId ?? null,
    socPercent: line.socPercent ?? null,
    socSource: line.socSource ?? null,
    batteryCapacityWh: line.batteryCapacityWh ?? null,
    batteryCapacitySource: line.batteryCapacitySource ?? null,
    targetSoc: line.targetSoc ?? null,
    energyNeededWh: line.energyNeededWh ?? null,
    eta: isoOrNull(line.eta),
    departureTime: line.departureTime ?? null,
    departureSource: line.departureSource ?? null,
    energySource: line.energySource ?? null,
    evChargingSchedule: line.evChargingSchedule ?? null,
  };
}

/**
 * The power allocation of a site (1 GetItem of the site, 1 GetItem of the allocation, and 1 Query
 * of the limits when the site was never allocated).
 * @throws SiteNotFoundError when the site is unknown or not visible to the caller
 */
export async function readPowerAllocation(db: Db, scope: AccessScope, siteId: number): Promise<PowerAllocationView> {
  const [, { data }] = await Promise.all([visibleSite(db, scope, siteId), db.siteAllocation.get({ siteId }).go()]);
  if (!data) {
    const limits = await getSitePowerLimits(db, siteId);
    const units = [limits.cost?.chargingRateUnit, limits.capacity?.chargingRateUnit].filter((u) => u !== undefined);
    return {
      siteId,
      computedAt: null,
      chargingRateUnit: units.length && units.every((u) => u === 'A') ? 'A' : 'W',
      costLimit: limits.cost?.limit ?? null,
      capacityLimit: limits.capacity?.limit ?? null,
      allocatedTotal: 0,
      ports: [],
      lateVehicles: [],
      planner: null,
      fallbackReason: null,
      fallbackCount: 0,
      plannedSlots: [],
      demandPeakKw: null,
    };
  }
  return {
    siteId,
    computedAt: data.computedAt,
    chargingRateUnit: data.chargingRateUnit,
    costLimit: data.costLimit ?? null,
    capacityLimit: data.capacityLimit ?? null,
    allocatedTotal: data.allocatedTotal,
    ports: data.ports.map((line) => portView(line, data.chargingRateUnit)),
    lateVehicles: data.lateVehicles.map((late) => ({
      vehicleId: late.vehicleId ?? null,
      portId: late.portId,
      sessionId: late.sessionId,
      eta: isoOrNull(late.eta),
      departureTime: late.departureTime,
      departureSource: late.departureSource,
      targetSoc: late.targetSoc ?? null,
      expectedSocAtDeparture: late.expectedSocAtDeparture ?? null,
    })),
    planner: data.planner ?? null,
    fallbackReason: data.fallbackReason ?? null,
    fallbackCount: data.fallbackCount ?? 0,
    plannedSlots: (data.slots ?? []).map((slot) => ({
      startTime: new Date(slot.start).toISOString(),
      endTime: new Date(slot.end).toISOString(),
      allocated: slot.allocated,
      capacityLimit: slot.capacity ?? null,
      costLimit: slot.cost ?? null,
      pricePerKwh: slot.pricePerKwh ?? null,
    })),
    demandPeakKw: data.demand ? Math.round(data.demand.peakW) / 1000 : null,
  };
}
