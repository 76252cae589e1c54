/**
 * The simulated electric vehicle's battery: what it accepts and how its state of charge moves.
 *
 * Pure and clock-free: the caller says how long it charged at what offered power. The simulator
 * (one EV per session) and the depot-day benchmark (`test/bench/depot-day.bench.ts`) both use it,
 * so the smart-charging figures come from the same vehicle the simulated chargers report.
 *
 * Acceptance: the vehicle's maximum power up to {@link TAPER_START_SOC} %, then a linear taper to
 * {@link TAPER_END_FRACTION} of it at 100 % (constant-current / constant-voltage charging, as a
 * real battery management system does); 0 W once full.
 *
 * @module
 */

/** SoC, %, from which acceptance tapers. */
export const TAPER_START_SOC = 80;
/** Share of the maximum power still accepted just below 100 % SoC. */
export const TAPER_END_FRACTION = 0.1;
/** Longest integration step, seconds: SoC (and so acceptance) is re-evaluated at least this often. */
const MAX_STEP_S = 10;

/** What a vehicle is. */
export interface EvSpec {
  /** Usable battery capacity, Wh (> 0). */
  readonly batteryWh: number;
  /** The most the vehicle accepts below the taper, W (> 0): its on-board charger on AC, its DC limit on DC. */
  readonly maxPowerW: number;
}

/** A vehicle's state while plugged in. */
export interface EvState extends EvSpec {
  /** State of charge, % (0–100). */
  socPercent: number;
}

/** Result of {@link chargeEv}. */
export interface ChargeResult {
  /** Energy that went into the battery, Wh. */
  readonly energyWh: number;
  /** Power drawn at the end of the period, W (what a meter would read then). */
  readonly powerW: number;
}

/**
 * Power the vehicle accepts at a state of charge, W.
 * @param ev the vehicle's spec
 * @param socPercent state of charge, % (clamped to 0–100)
 * @returns `maxPowerW` below {@link TAPER_START_SOC}, tapering linearly to
 *   `maxPowerW × TAPER_END_FRACTION` at 100 %, and 0 at 100 %
 */
export function acceptanceW(ev: EvSpec, socPercent: number): number {
  const soc = Math.min(100, Math.max(0, socPercent));
  if (soc >= 100) return 0;
  if (soc <= TAPER_START_SOC) return ev.maxPowerW;
  const progress = (soc - TAPER_START_SOC) / (100 - TAPER_START_SOC);
  return ev.maxPowerW * (1 - (1 - TAPER_END_FRACTION) * progress);
}

/**
 * Charges a vehicle for `seconds` at what it is offered: it draws min(offered, its acceptance) at
 * every step (the offered power is already min(profile limit, port maximum)). Mutates `ev.socPercent`.
 * @param ev the vehicle (its SoC moves)
 * @param offeredW power the charger allows, W (≥ 0)
 * @param seconds duration, s (≥ 0)
 * @returns the energy delivered and the power drawn at the end
 * @throws RangeError when `offeredW` or `seconds` is negative or not finite
 */
export function chargeEv(ev: EvState, offeredW: number, seconds: number): ChargeResult {
  if (!(offeredW >= 0) || !Number.isFinite(offeredW))
    throw new RangeError(`offeredW must be a finite number ≥ 0, got ${offeredW}`);
  if (!(seconds >= 0) || !Number.isFinite(seconds))
    throw new RangeError(`seconds must be a finite number ≥ 0, got ${seconds}`);
  let energyWh = 0;
  for (let left = seconds; left > 0; ) {
    const step = Math.min(left, MAX_STEP_S);
    const headroomWh = ((100 - ev.socPercent) / 100) * ev.batteryWh;
    const stepWh = Math.min((Math.min(offeredW, acceptanceW(ev, ev.socPercent)) * step) / 3600, headroomWh);
    energyWh += stepWh;
    ev.socPercent = Math.min(100, ev.socPercent + (stepWh / ev.batteryWh) * 100);
    left -= step;
  }
  return { energyWh, powerW: Math.min(offeredW, acceptanceW(ev, ev.socPercent)) };
}
