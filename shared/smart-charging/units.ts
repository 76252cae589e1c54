/**
 * Watts and amps (spec §2.6): a site's unit, the per-phase current of a port, and the rounding of
 * limits so that a rounded sum never exceeds the exact sum it came from.
 *
 * An amp (A) limit bounds the sum over ports of their per-phase current, limitW / (voltageV × phases):
 * a three-phase port at 16 A counts 16 A, as a single-phase one at 16 A does.
 *
 * @module
 */
import type { AllocationInput, RateUnit, SessionDemand } from './types';

/**
 * Slack for float noise when rounding down, in steps (1 W, 0.1 A): a value within 1e-5 of a step
 * below the next one is taken as that step (8 × 231.7 V / 231.7 V stays 8 A, not 7.9 A; a share
 * that the fill's guard (1e-6 W, 1e-9 A) kept below 48 000 W stays 48 000 W). A rounded sum can then
 * exceed the exact sum by n × 1e-5 steps at most: with whole-watt (tenth-of-amp) limits, never a
 * whole step, so a limit the exact allocation respects is respected after rounding.
 */
const ROUNDING_SLACK = 1e-5;

/** W to kW (the planner's program is in kW and kWh). */
export const kW = (w: number) => w / 1000;

/**
 * The site's unit (spec §2.6): `A` when the site has at least one limit and every limit is in amps
 * (a Level 2-only site), else `W`. Equal shares are equal in this unit.
 */
export function siteUnit(limits: AllocationInput['limits']): RateUnit {
  const units = [limits.cost?.unit, limits.capacity?.unit].filter((u) => u !== undefined);
  return units.length > 0 && units.every((u) => u === 'A') ? 'A' : 'W';
}

/**
 * Watts per amp of per-phase current on a port: `voltageV × phases` (V). On a DC port (phases 1)
 * this is its DC voltage; amp limits are not used on sites with DCFC chargers (spec §2.6).
 */
export function wattsPerAmp(session: Pick<SessionDemand, 'voltageV' | 'phases'>): number {
  return session.voltageV * session.phases;
}

/** Whole watts, rounded down (W). */
export function floorWatts(watts: number): number {
  return Math.max(0, Math.floor(watts + ROUNDING_SLACK));
}

/** Amps to one decimal, rounded down (A): what a charger taking amps is sent. */
export function floorAmps(amps: number): number {
  return Math.max(0, Math.floor(amps * 10 + ROUNDING_SLACK)) / 10;
}

/** Amps to one decimal, rounded up (A): load counted against a limit (an uncontrolled port). */
export function ceilAmps(amps: number): number {
  return Math.max(0, Math.ceil(amps * 10 - ROUNDING_SLACK)) / 10;
}

/** Sum of one-decimal amp values without float residue (0.1 + 0.2 → 0.3), A. */
export function sumAmps(values: readonly number[]): number {
  return values.reduce((sum, a) => sum + Math.round(a * 10), 0) / 10;
}
