/** Builders for the smart-charging tests: a DCFC or Level 2 session with sensible defaults, and an input. */
import type { AllocationInput, SessionDemand, SiteLimit } from '../../../shared/smart-charging';

export const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
export const HOUR = 3_600_000;

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** A DCFC session on port `portId` (charger = port): 150 kW, 400 V, started an hour ago, no SoC. */
export function dcfc(portId: number, extra: Partial<SessionDemand> = {}): SessionDemand {
  return {
    portId,
    chargerId: portId,
    sessionId: 100 + portId,
    chargerType: 'DCFC',
    rateUnit: 'W',
    maxPowerW: 150_000,
    phases: 1,
    voltageV: 400,
    startTime: NOW - HOUR + portId,
    energyDeliveredWh: 0,
    ...extra,
  };
}

/** A Level 2 session on port `portId`: 48 A at 240 V single phase (11 520 W), taking amps. */
export function level2(portId: number, extra: Partial<SessionDemand> = {}): SessionDemand {
  return dcfc(portId, { chargerType: 'Level 2', rateUnit: 'A', maxPowerW: 11_520, voltageV: 240, ...extra });
}

/** A site at {@link NOW}. */
export function site(
  sessions: SessionDemand[],
  limits: { cost?: SiteLimit; capacity?: SiteLimit } = {},
  extra: Partial<AllocationInput> = {},
): AllocationInput {
  return { now: NOW, limits, sessions, ...extra };
}

/** W limit. */
export const watts = (limit: number): SiteLimit => ({ limit, unit: 'W' });
/** A limit. */
export const amps = (limit: number): SiteLimit => ({ limit, unit: 'A' });

/** An API departure `hours` from now. */
export function departure(hours: number, targetSoc = 90): Mutable<SessionDemand>['departure'] {
  return { time: NOW + hours * HOUR, targetSoc, source: 'api' };
}
