/**
 * From what a station reported (`./station-reports.ts`) to the allocation's inputs, in W and ms:
 * the external limit in force now on an EVSE or a station, and the vehicle's ISO 15118 needs.
 * Pure.
 *
 * Decided here (docs/smart-charging.md):
 * - A limit in A is per phase: W = A × the port's voltage × the period's `numberPhases` (else the
 *   phases the port charges with).
 * - Before its `startSchedule` or after its `duration`, a schedule limits nothing.
 * - A NotifyChargingLimit without a schedule says a limit exists but not its value: the EVSE is
 *   held to what it draws under it (its latest power reading taken after the notification), and is
 *   not limited until such a reading arrives.
 */
import type { PortItem } from '../chargers/items';
import type { EvChargingNeeds, ExternalLimit } from '../smart-charging';
import type { LimitSchedule } from './station-reports';
import type { ChargerType } from '../smart-charging/types';

type Session = NonNullable<PortItem['currentChargingSession']>;
type StoredLimit = NonNullable<PortItem['externalChargingLimit']>;
type StoredNeeds = NonNullable<Session['evChargingNeeds']>;

/** The AC phases (1–3; DC: 1) and the voltage, V, a port charges with (`./demand.ts` `phasesAndVoltage`). */
export interface Electrical {
  phases: number;
  /** V */
  voltageV: number;
}

/**
 * The period of a schedule in force at `now` (epoch ms), or undefined when none is (not started,
 * or past its `duration`).
 */
export function periodAt(schedule: LimitSchedule, now: number): LimitSchedule['periods'][number] | undefined {
  const elapsedS = (now - Date.parse(schedule.startSchedule)) / 1000;
  if (!(elapsedS >= 0) || (schedule.duration !== undefined && elapsedS >= schedule.duration)) return undefined;
  return schedule.periods.filter((p) => p.startPeriod <= elapsedS).at(-1);
}

/**
 * When the limit of a schedule next changes after `now` (a period starts, or the schedule starts or
 * ends), epoch ms; undefined when it never does again.
 */
export function nextLimitChange(schedule: LimitSchedule | undefined, now: number): number | undefined {
  if (!schedule) return undefined;
  const start = Date.parse(schedule.startSchedule);
  const ends = schedule.duration !== undefined ? [start + schedule.duration * 1000] : [];
  return [...schedule.periods.map((p) => start + p.startPeriod * 1000), ...ends]
    .filter((t) => t > now)
    .sort((a, b) => a - b)[0];
}

/**
 * The external limit in force now, W, or undefined when it limits nothing now.
 * @param measured the EVSE's (or station's) latest power, W, and when it was read (ISO 8601)
 */
export function externalLimitInForce(
  stored: StoredLimit | undefined,
  electrical: Electrical,
  now: number,
  measured?: { powerW: number; at: string },
): ExternalLimit | undefined {
  if (!stored) return undefined;
  if (!stored.schedule) {
    const drawnUnder = measured && Date.parse(measured.at) >= Date.parse(stored.receivedAt);
    return drawnUnder ? { limitW: Math.max(0, measured.powerW), source: stored.source } : undefined;
  }
  const period = periodAt(stored.schedule as LimitSchedule, now);
  if (!period) return undefined;
  const phases = period.numberPhases ?? electrical.phases;
  const limitW = stored.schedule.chargingRateUnit === 'W' ? period.limit : period.limit * electrical.voltageV * phases;
  return { limitW: Math.max(0, limitW), source: stored.source };
}

/**
 * The vehicle's needs in W, Wh and ms: on AC the currents at the port's voltage and phases; on DC
 * `evMaxPower`, else `evMaxCurrent × evMaxVoltage`.
 */
export function evNeedsOf(stored: StoredNeeds, electrical: Electrical, chargerType: ChargerType): EvChargingNeeds {
  const ac = chargerType === 'Level 2';
  const wattsPerAmp = electrical.voltageV * electrical.phases;
  const dcMaxW =
    stored.maxPowerW ??
    (stored.maxCurrentA !== undefined && stored.maxVoltageV !== undefined
      ? stored.maxCurrentA * stored.maxVoltageV
      : undefined);
  const maxPowerW = ac && stored.maxCurrentA !== undefined ? stored.maxCurrentA * wattsPerAmp : ac ? undefined : dcMaxW;
  const minPowerW = ac && stored.minCurrentA !== undefined ? stored.minCurrentA * wattsPerAmp : undefined;
  return {
    ...(stored.energyAmountWh !== undefined ? { energyAmountWh: stored.energyAmountWh } : {}),
    ...(stored.deliveredWh !== undefined ? { deliveredAtRequestWh: stored.deliveredWh } : {}),
    ...(stored.departureTime ? { departureTime: Date.parse(stored.departureTime) } : {}),
    ...(minPowerW !== undefined ? { minPowerW } : {}),
    ...(maxPowerW !== undefined ? { maxPowerW } : {}),
  };
}
