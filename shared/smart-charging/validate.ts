/**
 * Checks an allocation's input before anything is computed, so that a bad record (a charger that
 * reported a voltage of 0, two sessions on one port) is a clear error naming the field rather than
 * a NaN limit sent to a charger.
 *
 * @module
 */
import { AllocationInputError } from './errors';
import type { AllocationInput, SessionDemand, SiteLimit } from './types';

/** `value` is a finite number ≥ `min` (and ≤ `max`), else an error naming `field`. */
function checkNumber(field: string, value: number | undefined, min: number, max = Infinity): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    const range = max === Infinity ? `≥ ${min}` : `from ${min} to ${max}`;
    throw new AllocationInputError(field, `must be a finite number ${range}, got ${String(value)}`);
  }
}

function checkLimit(field: string, limit: SiteLimit | undefined): void {
  if (limit === undefined) return;
  checkNumber(`${field}.limit`, limit.limit, 0);
  if (limit.unit !== 'W' && limit.unit !== 'A')
    throw new AllocationInputError(`${field}.unit`, `must be 'W' or 'A', got ${String(limit.unit)}`);
}

function checkSession(field: string, s: SessionDemand): void {
  if (s.chargerType !== 'DCFC' && s.chargerType !== 'Level 2') {
    throw new AllocationInputError(`${field}.chargerType`, `must be 'DCFC' or 'Level 2', got ${String(s.chargerType)}`);
  }
  if (!Number.isInteger(s.phases) || s.phases < 1 || s.phases > 3) {
    throw new AllocationInputError(`${field}.phases`, `must be an integer from 1 to 3, got ${String(s.phases)}`);
  }
  checkNumber(`${field}.maxPowerW`, s.maxPowerW, Number.MIN_VALUE);
  checkNumber(`${field}.voltageV`, s.voltageV, Number.MIN_VALUE);
  checkNumber(`${field}.startTime`, s.startTime, -Infinity);
  checkNumber(`${field}.measuredPowerW`, s.measuredPowerW, 0);
  checkNumber(`${field}.previousLimitW`, s.previousLimitW, 0);
  checkNumber(`${field}.socPercent`, s.socPercent, 0, 100);
  checkNumber(`${field}.socStartPercent`, s.socStartPercent, 0, 100);
  checkNumber(`${field}.energyDeliveredWh`, s.energyDeliveredWh, 0);
  checkNumber(`${field}.batteryCapacityWh`, s.batteryCapacityWh, Number.MIN_VALUE);
  checkNumber(`${field}.departure.time`, s.departure?.time, -Infinity);
  checkNumber(`${field}.departure.targetSoc`, s.departure?.targetSoc, 0, 100);
  checkNumber(`${field}.evNeeds.energyAmountWh`, s.evNeeds?.energyAmountWh, 0);
  checkNumber(`${field}.evNeeds.deliveredAtRequestWh`, s.evNeeds?.deliveredAtRequestWh, 0);
  checkNumber(`${field}.evNeeds.departureTime`, s.evNeeds?.departureTime, -Infinity);
  checkNumber(`${field}.evNeeds.minPowerW`, s.evNeeds?.minPowerW, 0);
  checkNumber(`${field}.evNeeds.maxPowerW`, s.evNeeds?.maxPowerW, 0);
  checkNumber(`${field}.override.limitW`, s.override?.limitW, 0);
  checkNumber(`${field}.override.expiresAt`, s.override?.expiresAt, -Infinity);
  checkNumber(`${field}.externalLimit.limitW`, s.externalLimit?.limitW, 0);
}

/**
 * Checks every field the allocation reads.
 * @throws AllocationInputError naming the first bad field: a non-finite `now`; a limit < 0 or a
 *   unit other than W/A; a session whose `maxPowerW` or `voltageV` is not > 0, whose `phases` is not
 *   1–3, whose SoC is outside 0–100, whose powers or energies are negative; two sessions on one
 *   `portId`; a charger limit < 0
 */
export function validateInput(input: AllocationInput): void {
  checkNumber('now', input.now, -Infinity);
  checkLimit('limits.cost', input.limits.cost);
  checkLimit('limits.capacity', input.limits.capacity);
  const ports = new Set<number>();
  input.sessions.forEach((s, i) => {
    checkSession(`sessions[${i}]`, s);
    if (ports.has(s.portId))
      throw new AllocationInputError(`sessions[${i}].portId`, `port ${s.portId} has two sessions`);
    ports.add(s.portId);
  });
  for (const [i, c] of (input.chargerLimits ?? []).entries())
    checkNumber(`chargerLimits[${i}].limit.limitW`, c.limit.limitW, 0);
}
