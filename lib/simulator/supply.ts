/**
 * The electrical side of the simulated charge point: supply voltages and phases, the default port
 * maximum and vehicle per kind of supply, and the conversion of charging-schedule limits between
 * amperes and watts.
 *
 * @module
 */
import type { RateUnit } from './charging-profiles';
import type { EvSpec } from './ev';

/** Kind of supply: AC (three phases at 230 V phase-to-neutral) or DC (400 V). */
export type CurrentType = 'AC' | 'DC';

/** AC phase-to-neutral voltage, V. */
export const AC_VOLTAGE_V = 230;
/** Number of AC phases. */
export const AC_PHASES = 3;
/** DC bus voltage, V. */
export const DC_VOLTAGE_V = 400;
/** Default port maximum, W: AC level 2 7.2 kW (10.4 A on three phases), DC 150 kW. */
export const PORT_MAX_POWER_W: Readonly<Record<CurrentType, number>> = { AC: 7200, DC: 150_000 };
/**
 * Default vehicle: on AC a 60 kWh car whose on-board charger takes 11 kW; on DC a 75 kWh car
 * accepting 150 kW. Both taper above 80 % SoC (see `ev.ts`).
 */
export const EV_DEFAULTS: Readonly<Record<CurrentType, EvSpec>> = {
  AC: { batteryWh: 60_000, maxPowerW: 11_000 },
  DC: { batteryWh: 75_000, maxPowerW: 150_000 },
};
/** Default EV state of charge at plug-in, %. */
export const DEFAULT_START_SOC_PERCENT = 35;

/** Rounds to `decimals` decimal places. */
export const round = (value: number, decimals: number): number => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};

/**
 * Converts a charging-schedule limit to W: a limit in A is per phase on AC, so it is multiplied
 * by 230 V and `numberPhases` (default 3, as OCPP assumes); on DC by 400 V.
 */
export function limitToWatts(currentType: CurrentType, limit: number, unit: RateUnit, numberPhases?: number): number {
  if (unit === 'W') return limit;
  return currentType === 'AC' ? limit * AC_VOLTAGE_V * (numberPhases ?? AC_PHASES) : limit * DC_VOLTAGE_V;
}

/** @throws RangeError naming `field` unless `value` is a finite number in [min, max] (min excluded if `open`). */
export function checkRange(field: string, value: number, min: number, max = Infinity, open = true): number {
  const ok = Number.isFinite(value) && (open ? value > min : value >= min) && value <= max;
  if (ok) return value;
  const upper = max < Infinity ? ` and ≤ ${max}` : '';
  throw new RangeError(`${field} must be ${open ? '>' : '≥'} ${min}${upper}, got ${value}`);
}

/**
 * Share of a common cap (a ChargePointMaxProfile) for one connector, by water-filling: connectors
 * wanting less than an equal share of what is left keep what they want; the rest split the
 * remainder equally. The share can exceed what the connector wants (it then draws less).
 * @param capW the cap, W
 * @param wants what each connector would draw without the cap, W
 * @param id the connector asked about (must be in `wants`; else the whole cap)
 */
export function waterFillShare(capW: number, wants: readonly { id: number; wantW: number }[], id: number): number {
  const sorted = [...wants].sort((a, b) => a.wantW - b.wantW);
  let leftW = capW;
  for (const [index, want] of sorted.entries()) {
    const shareW = leftW / (sorted.length - index);
    if (want.id === id) return shareW;
    leftW -= Math.min(want.wantW, shareW);
  }
  return capW;
}
