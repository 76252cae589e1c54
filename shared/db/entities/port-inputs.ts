/**
 * Attributes of a port (`./chargers.ts`) that its session is given from outside the charger: a
 * manual override of its limit, a driver's estimate of its departure and energy, and the forecast
 * the allocation learnt for it. Each names the session it applies to; the override and the
 * estimate also the port's site (the stream trigger plans the site again when one changes:
 * `shared/site-power/triggers.ts`; a forecast changes no plan by itself).
 */
import { optionalNumber, optionalString } from './common';

/**
 * A manual charging session override (spec §2.6): the port may exceed the site's cost limit
 * (never its capacity) up to `limit` until `expiresAt` or until session `sessionId` ends.
 */
export const chargingOverrideAttribute = {
  type: 'map',
  properties: {
    /** In `chargingRateUnit` (A per phase). */
    limit: { type: 'number', required: true },
    chargingRateUnit: { type: ['W', 'A'] as const, required: true },
    /** ISO 8601 UTC. */
    expiresAt: { type: 'string', required: true },
    sessionId: { type: 'number', required: true },
    /** The port's site (stream triggers find the site to re-allocate from the port item). */
    siteId: { type: 'number', required: true },
    createdAt: { type: 'string', required: true },
  },
} as const;

/**
 * A driver's estimate of session `sessionId` (`shared/site-power/driver-estimates.ts`): when
 * the vehicle will leave and/or the energy it wants, for the allocation's estimate; ignored
 * once that session ended.
 */
export const driverEstimateAttribute = {
  type: 'map',
  properties: {
    sessionId: { type: 'number', required: true },
    /** The port's site (stream triggers find the site to re-allocate from the port item). */
    siteId: { type: 'number', required: true },
    /** ISO 8601 UTC. */
    departureTime: optionalString,
    /** kWh for the whole session. */
    energyKwh: optionalNumber,
    enteredAt: { type: 'string', required: true },
  },
} as const;

/**
 * The similar past sessions the session's estimate is forecast from, `ForecastSummary` of
 * `shared/site-power/forecasts.ts` with its `sessionId` (typed there: an `any` here keeps its schema
 * out of every bundle); written once by the session's first allocation, ignored once it ended.
 */
export const forecastAttribute = { type: 'any' } as const;
