/**
 * From what is stored to what the allocation takes (`shared/smart-charging`): one
 * {@link SessionDemand} per session in progress on the site, in W, with the charger's profile
 * unit, the AC phases and voltage, the limit in force, the vehicle's departure and any override.
 * Pure: the snapshot is read elsewhere (`./site-snapshot.ts`).
 *
 * Decided here (docs/smart-charging.md):
 * - A port without `maximumPowerKw` counts at {@link DEFAULT_PORT_MAX_W} (150 kW DCFC, 7.68 kW =
 *   32 A × 240 V Level 2).
 * - Voltage and phases come from the session's readings (voltage as reported; phases =
 *   power / (voltage × current), rounded to 1–3); without readings a Level 2 port is single-phase
 *   {@link DEFAULT_AC_VOLTAGE_V} V (the North American 240 V supply of J1772 chargers), a DCFC port
 *   {@link DEFAULT_DC_VOLTAGE_V} V.
 * - A charger takes profiles in A on Level 2 and in W on DCFC unless it reported only the other.
 * - A charger is uncontrolled when it is not connected, does not support smart charging, or
 *   refused a profile on its current connection.
 */
import type { ChargerItem, PortItem } from '../chargers/items';
import { energyDeliveredKwh } from '../metering/meter-values';
import { vehicleInputsOf } from './vehicle-inputs';
import {
  MAX_HORIZON_MS,
  type AllocationInput,
  type EnergyTariff,
  type LimitChange,
  type RateUnit,
  type SessionDemand,
  type SiteLimit,
} from '../smart-charging';
import { energyPriceAt, tariffPeriodBoundaries } from '../smart-charging/tariff';
import {
  type DemandState,
  demandForPlan,
  endedSessionsPowerW,
  recordSessions,
  sampleDemand,
  type SessionSeen,
} from './demand-charge';
import type { SiteAllocationItem, SiteSnapshot } from './site-snapshot';
import { limitTimeline } from './limit-schedules';
import { evNeedsOf, externalLimitInForce, nextLimitChange, type Electrical } from './station-inputs';
import type { LimitSchedule } from './station-reports';

/** Port maximum when none is registered, W. */
export const DEFAULT_PORT_MAX_W = { DCFC: 150_000, 'Level 2': 7_680 } as const;
/** Line-to-neutral voltage of a Level 2 port that reported none, V. */
export const DEFAULT_AC_VOLTAGE_V = 240;
/** Voltage of a DCFC port that reported none, V (only used to show amps). */
export const DEFAULT_DC_VOLTAGE_V = 400;

type Session = NonNullable<PortItem['currentChargingSession']>;

/** The AC phases and voltage a port charges with, from its readings or the defaults. */
export function phasesAndVoltage(session: Session, chargerType: ChargerItem['type']): Electrical {
  if (chargerType === 'DCFC') return { phases: 1, voltageV: positive(session.voltage?.value) ?? DEFAULT_DC_VOLTAGE_V };
  const voltageV =
    session.voltage && session.voltage.value >= 90 && session.voltage.value <= 300
      ? session.voltage.value
      : DEFAULT_AC_VOLTAGE_V;
  const powerW = (session.powerKw?.value ?? 0) * 1000;
  const currentA = session.currentA?.value ?? 0;
  const phases = powerW > 500 && currentA > 1 ? Math.round(powerW / (voltageV * currentA)) : 1;
  return { phases: Math.min(3, Math.max(1, phases)), voltageV };
}

/** The unit a charger takes profiles in: A on Level 2, W on DCFC, unless it reported only the other. */
export function profileUnit(charger: ChargerItem): RateUnit {
  const preferred: RateUnit = charger.type === 'DCFC' ? 'W' : 'A';
  const reported = (charger.smartCharging?.rateUnits ?? []) as RateUnit[];
  return reported.length === 0 || reported.includes(preferred) ? preferred : reported[0]!;
}

/** Whether the allocation can control a charger right now. */
export function controllable(charger: ChargerItem): boolean {
  const connected = charger.connectionStatus?.status === 'Connected' && charger.currentConnectionId !== undefined;
  return (
    connected &&
    charger.smartCharging?.support === 'supported' &&
    charger.smartChargingRefusedOn !== charger.currentConnectionId
  );
}

const positive = (n: number | undefined) => (n !== undefined && n > 0 ? n : undefined);

/** W of a limit in `unit` on a port with these phases and voltage. */
export function toWatts(limit: number, unit: RateUnit, electrical: Electrical): number {
  return unit === 'W' ? limit : limit * electrical.voltageV * electrical.phases;
}

/**
 * Whether a port's line of the previous allocation holds a profile in force: accepted for the
 * port's session, on the charger's current connection, and sent after its last boot (a TxProfile
 * lives with its transaction, which a reboot ends).
 */
export function inForce(
  line: SiteAllocationItem['ports'][number] | undefined,
  port: PortItem,
  charger: ChargerItem,
): boolean {
  if (line?.profileStatus !== 'Accepted' || line.sessionId !== port.currentChargingSession?.sessionId) return false;
  if (line.profileConnectionId !== charger.currentConnectionId) return false;
  return !(charger.lastBootAt && line.sentAt && charger.lastBootAt > line.sentAt);
}

/** The limit in force now of the profile the charger accepted for this session (its period at `now`), W, if any. */
function limitInForce(
  previous: SiteAllocationItem | undefined,
  port: PortItem,
  charger: ChargerItem,
  electrical: Electrical,
  now: number,
): number | undefined {
  const line = previous?.ports.find((p) => p.portId === port.portId);
  if (!inForce(line, port, charger) || line!.profileLimit === undefined || line!.profileUnit === undefined) {
    return undefined;
  }
  const start = line!.profileStart ? Date.parse(line!.profileStart) : now;
  const periods = line!.profilePeriods ?? [{ startPeriod: 0, limit: line!.profileLimit }];
  let period = periods[0]!;
  for (const p of periods) if (start + p.startPeriod * 1000 <= now) period = p;
  return toWatts(period.limit, line!.profileUnit, electrical);
}

/**
 * An external limit over the horizon: in force now, then its value at each change of its schedule
 * within {@link MAX_HORIZON_MS} (null where it limits nothing). Without a schedule, no changes. A
 * schedule that limits nothing now but will later is `Number.MAX_SAFE_INTEGER` W now.
 */
function externalLimitAhead(
  stored: PortItem['externalChargingLimit'],
  electrical: Electrical,
  now: number,
  measured?: { powerW: number; at: string },
): SessionDemand['externalLimit'] {
  const limit = externalLimitInForce(stored, electrical, now, measured);
  const schedule = stored?.schedule as LimitSchedule | undefined;
  if (!schedule) return limit;
  const ahead: LimitChange[] = [];
  for (let t = nextLimitChange(schedule, now); t !== undefined && t <= now + MAX_HORIZON_MS; ) {
    ahead.push({ from: t, limit: externalLimitInForce(stored, electrical, t)?.limitW ?? null });
    t = nextLimitChange(schedule, t);
  }
  if (!limit && ahead.length === 0) return undefined;
  return {
    limitW: limit?.limitW ?? Number.MAX_SAFE_INTEGER,
    source: stored!.source,
    ...(ahead.length ? { ahead } : {}),
  };
}

/** The release state the previous allocation left for this session, if any. */
function releaseOf(previous: SiteAllocationItem | undefined, port: PortItem): SessionDemand['release'] {
  const line = previous?.ports.find((p) => p.portId === port.portId);
  if (!line?.release || line.sessionId !== port.currentChargingSession?.sessionId) return undefined;
  const { state, idleSince, until, awake } = line.release;
  return {
    state,
    ...(idleSince !== undefined ? { idleSince } : {}),
    ...(until !== undefined ? { until } : {}),
    ...(awake ? { awake } : {}),
  };
}

/**
 * The session demand of one port with a session in progress, built once with its vehicle's SoC and
 * capacity (`./vehicle-inputs.ts`).
 */
function sessionDemand(snapshot: SiteSnapshot, port: PortItem, now: number): SessionDemand | undefined {
  const session = port.currentChargingSession;
  const charger = snapshot.chargers.get(port.chargerId);
  if (!session || !charger) return undefined;
  const electrical = phasesAndVoltage(session, charger.type);
  const override = port.chargingOverride;
  const departure = session.vehicle ? snapshot.departures.get(session.vehicle.id) : undefined;
  const previousLimitW = limitInForce(snapshot.previous, port, charger, electrical, now);
  const externalLimit = externalLimitAhead(port.externalChargingLimit, electrical, now, measuredOf([session]));
  const release = releaseOf(snapshot.previous, port);
  const needs = session.evChargingNeeds;
  const vehicle = session.vehicle ? snapshot.vehicles.get(session.vehicle.id) : undefined;
  return {
    portId: port.portId,
    chargerId: charger.chargerId,
    sessionId: session.sessionId,
    chargerType: charger.type,
    rateUnit: profileUnit(charger),
    maxPowerW: port.maximumPowerKw ? port.maximumPowerKw * 1000 : DEFAULT_PORT_MAX_W[charger.type],
    ...electrical,
    startTime: Date.parse(session.startTime),
    ...(session.powerKw ? { measuredPowerW: Math.max(0, session.powerKw.value * 1000) } : {}),
    ...(previousLimitW !== undefined ? { previousLimitW } : {}),
    ...vehicleInputsOf(session, vehicle, now),
    ...(session.socStartPercent !== undefined ? { socStartPercent: session.socStartPercent } : {}),
    energyDeliveredWh: energyDeliveredKwh(session) * 1000,
    ...(session.vehicle ? { vehicleId: session.vehicle.id } : {}),
    ...(departure
      ? {
          departure: {
            time: Date.parse(departure.departureTime),
            targetSoc: departure.targetSoc,
            source: 'api' as const,
          },
        }
      : {}),
    ...(override && override.sessionId === session.sessionId && Date.parse(override.expiresAt) > now
      ? {
          override: {
            limitW: toWatts(override.limit, override.chargingRateUnit, electrical),
            expiresAt: Date.parse(override.expiresAt),
          },
        }
      : {}),
    ...(needs ? { evNeeds: evNeedsOf(needs, electrical, charger.type) } : {}),
    ...(externalLimit ? { externalLimit } : {}),
    ...(controllable(charger) ? {} : { uncontrolled: true }),
    ...(port.ocppStatus?.status === 'SuspendedEV' ? { suspendedEv: true } : {}),
    ...(release ? { release } : {}),
  };
}

/** The summed latest power of sessions, W, read at the oldest of their readings; undefined without readings. */
function measuredOf(sessions: Session[]): { powerW: number; at: string } | undefined {
  const readings = sessions.flatMap((s) => (s.powerKw ? [s.powerKw] : []));
  if (readings.length === 0) return undefined;
  const at = readings.map((r) => r.timestamp).sort()[0]!;
  return { powerW: readings.reduce((sum, r) => sum + r.value * 1000, 0), at };
}

/** The whole-station external limits in force now (NotifyChargingLimit without an EVSE), W. */
function chargerLimits(snapshot: SiteSnapshot, now: number): AllocationInput['chargerLimits'] {
  return [...snapshot.chargers.values()].flatMap((charger) => {
    const ports = snapshot.ports.filter((p) => p.chargerId === charger.chargerId && p.currentChargingSession);
    if (!charger.externalChargingLimit || ports.length === 0) return [];
    const sessions = ports.map((p) => p.currentChargingSession!);
    const electrical = phasesAndVoltage(sessions[0]!, charger.type);
    const limit = externalLimitAhead(charger.externalChargingLimit, electrical, now, measuredOf(sessions));
    return limit ? [{ chargerId: charger.chargerId, limit }] : [];
  });
}

/**
 * The site's tariff over the horizon, if it has one: its price changes from `now` (the first at
 * `now`) to {@link MAX_HORIZON_MS} ahead, its demand charge, and the demand as the planner weighs
 * it (`./demand-charge.ts`: the peak so far, the interval in progress, the outlook for the rest of
 * the billing period).
 */
function energyTariff(snapshot: SiteSnapshot, now: number, demand?: DemandState): EnergyTariff | undefined {
  const { tariff } = snapshot;
  if (!tariff) return undefined;
  const changes = [now, ...tariffPeriodBoundaries(tariff, now + 1, now + MAX_HORIZON_MS)];
  return {
    energyPrices: changes.map((from) => ({ from, pricePerKwh: energyPriceAt(tariff, from).pricePerKwh })),
    ...(tariff.demandChargePerKw !== undefined ? { demandChargePerKw: tariff.demandChargePerKw } : {}),
    ...(demand ? demandForPlan(demand, now, snapshot.site.timezone) : {}),
  };
}

/**
 * The site's power as measured: the sum of its sessions' latest power readings, W, and when it was
 * measured (the latest reading's time, at most `now`; `now` without readings).
 */
function measuredSitePower(snapshot: SiteSnapshot, now: number): { powerW: number; at: number } {
  const sessions = snapshot.ports.flatMap((p) => (p.currentChargingSession ? [p.currentChargingSession] : []));
  const readings = sessions.flatMap((s) => (s.powerKw ? [s.powerKw] : []));
  if (readings.length === 0) return { powerW: 0, at: now };
  const at = Math.min(now, Math.max(...readings.map((r) => Date.parse(r.timestamp))));
  return { powerW: readings.reduce((sum, r) => sum + Math.max(0, r.value) * 1000, 0), at };
}

/**
 * The site's demand after this allocation's sample (`./demand-charge.ts`): the measured power,
 * with the last readings of the sessions that ended since the sample before, applied to the
 * intervals it was drawn in, and the sessions in progress recorded for the site's days (with
 * their reading and their port's maximum).
 */
export function sampleSiteDemand(snapshot: SiteSnapshot, now: number): DemandState {
  const { powerW, at } = measuredSitePower(snapshot, now);
  const timeZone = snapshot.site.timezone;
  const sessions = snapshot.ports.flatMap((p): SessionSeen[] => {
    const s = p.currentChargingSession;
    const charger = snapshot.chargers.get(p.chargerId);
    if (!s) return [];
    const maxPowerW = p.maximumPowerKw ? p.maximumPowerKw * 1000 : charger && DEFAULT_PORT_MAX_W[charger.type];
    return [
      {
        id: s.sessionId,
        start: Date.parse(s.startTime),
        energyWh: energyDeliveredKwh(s) * 1000,
        ...(s.powerKw ? { powerW: Math.max(0, s.powerKw.value * 1000) } : {}),
        ...(maxPowerW ? { maxPowerW } : {}),
      },
    ];
  });
  const previous = snapshot.previous?.demand;
  const endedW = endedSessionsPowerW(
    previous,
    sessions.map((s) => s.id),
    at,
  );
  const sampled = sampleDemand(previous, powerW + endedW, at, timeZone);
  return recordSessions(sampled, sessions, now, timeZone);
}

/**
 * The allocation input of a site at `now` (epoch ms).
 * @param demand the site's demand state after this run's sample (`sampleSiteDemand`), for the tariff's demand charge
 */
export function allocationInput(snapshot: SiteSnapshot, now: number, demand?: DemandState): AllocationInput {
  const timeline = (type: 'cost' | 'capacity') => {
    const item = snapshot.limits[type];
    return item ? limitTimeline(item, snapshot.site.timezone, now, MAX_HORIZON_MS) : undefined;
  };
  const costLine = timeline('cost');
  const capacityLine = timeline('capacity');
  const cost: SiteLimit | undefined = costLine?.now;
  const capacity: SiteLimit | undefined = capacityLine?.now;
  const limitsAhead = {
    ...(costLine?.ahead.length ? { cost: costLine.ahead } : {}),
    ...(capacityLine?.ahead.length ? { capacity: capacityLine.ahead } : {}),
  };
  const tariff = energyTariff(snapshot, now, demand);
  return {
    now,
    limits: { ...(cost ? { cost } : {}), ...(capacity ? { capacity } : {}) },
    ...(Object.keys(limitsAhead).length ? { limitsAhead } : {}),
    sessions: snapshot.ports.flatMap((port) => sessionDemand(snapshot, port, now) ?? []),
    chargerLimits: chargerLimits(snapshot, now),
    ...(tariff ? { tariff } : {}),
  };
}
