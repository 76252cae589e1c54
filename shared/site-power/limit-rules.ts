/**
 * The value rules of site power limits (spec §2.6), free of the data layer so that the API schemas
 * can use them.
 */

/** Spec §2.6 limit types: `capacity` is a hard cap, `cost` a soft cap applied first. */
export const SITE_POWER_LIMIT_TYPES = ['cost', 'capacity'] as const;
/** A limit type. */
export type SitePowerLimitType = (typeof SITE_POWER_LIMIT_TYPES)[number];
/** Spec §2.6 units: watts or amps. */
export const CHARGING_RATE_UNITS = ['W', 'A'] as const;
/** A limit's unit. */
export type ChargingRateUnit = (typeof CHARGING_RATE_UNITS)[number];

/**
 * Largest accepted `limit` per unit: 100 MW (more than any depot's grid connection) and 100 kA.
 * A limit of 0 is accepted (spec §2.6: vehicles still start at their minimum power).
 */
export const MAX_SITE_POWER_LIMIT: Record<ChargingRateUnit, number> = { W: 100_000_000, A: 100_000 };
