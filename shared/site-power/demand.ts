/**
 * From what is stored to what the allocation takes (`shared/smart-charging`): one
 * {@link SessionDemand} per session in progress on the site, in W, with the charger's profile
 * unit, the AC phases and voltage, the limit in force, the vehicle's departure and any override.
 * Pure: the snapshot is read elsewhere (`./site-snapshot.ts`).
 *
 * Decided here (README "Smart charging"):
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
import { energyDeliveredKwh } from '../charging/meter-values';
import type { AllocationInput, RateUnit, SessionDemand, SiteLimit } from '../smart-charging';
import type { SiteAllocationItem, SiteSnapshot } from './site-snapshot';
import { evNeedsOf, externalLimitInForce, type Electrical } from './station-inputs';

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

/** The limit the charger accepted for this session on its current connection, W, if any. */
function limitInForce(
  previous: SiteAllocationItem | undefined,
  port: PortItem,
  charger: ChargerItem,
  electrical: Electrical,
) {
  const line = previous?.ports.find(
    (p) => p.portId === port.portId && p.sessionId === port.currentChargingSession?.sessionId,
  );
  if (line?.profileStatus !== 'Accepted' || line.profileConnectionId !== charger.currentConnectionId) return undefined;
  if (line.profileLimit === undefined || line.profileUnit === undefined) return undefined;
  return toWatts(line.profileLimit, line.profileUnit, electrical);
}

/** The session demand of one port with a session in progress. */
function sessionDemand(snapshot: SiteSnapshot, port: PortItem, now: number): SessionDemand | undefined {
  const session = port.currentChargingSession;
  const charger = snapshot.chargers.get(port.chargerId);
  if (!session || !charger) return undefined;
  const electrical = phasesAndVoltage(session, charger.type);
  const override = port.chargingOverride;
  const departure = session.vehicle ? snapshot.departures.get(session.vehicle.id) : undefined;
  const previousLimitW = limitInForce(snapshot.previous, port, charger, electrical);
  const externalLimit = externalLimitInForce(port.externalChargingLimit, electrical, now, measuredOf([session]));
  const needs = session.evChargingNeeds;
  const socPercent = session.socPercent?.value ?? needs?.socPercent;
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
    ...(socPercent !== undefined ? { socPercent } : {}),
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
    ...(needs?.evEnergyCapacityWh ? { batteryCapacityWh: needs.evEnergyCapacityWh } : {}),
    ...(externalLimit ? { externalLimit } : {}),
    ...(controllable(charger) ? {} : { uncontrolled: true }),
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
    const limit = externalLimitInForce(charger.externalChargingLimit, electrical, now, measuredOf(sessions));
    return limit ? [{ chargerId: charger.chargerId, limit }] : [];
  });
}

/** The allocation input of a site at `now` (epoch ms). */
export function allocationInput(snapshot: SiteSnapshot, now: number): AllocationInput {
  const limit = (type: 'cost' | 'capacity'): SiteLimit | undefined => {
    const item = snapshot.limits[type];
    return item ? { limit: item.limit, unit: item.chargingRateUnit } : undefined;
  };
  const cost = limit('cost');
  const capacity = limit('capacity');
  return {
    now,
    limits: { ...(cost ? { cost } : {}), ...(capacity ? { capacity } : {}) },
    sessions: snapshot.ports.flatMap((port) => sessionDemand(snapshot, port, now) ?? []),
    chargerLimits: chargerLimits(snapshot, now),
  };
}
