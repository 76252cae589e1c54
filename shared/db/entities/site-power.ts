/**
 * Entities of the table: site power limits, tariffs and smart charging (allocations, their state,
 * the sites to revisit).
 */
import { Entity } from 'electrodb';
import { optionalNumber, optionalString, timestamp, SERVICE, type EntityConfiguration } from './common';

/** Spec §2.6 limit types: `capacity` is a hard cap, `cost` a soft cap applied first. */
export const SITE_POWER_LIMIT_TYPES = ['cost', 'capacity'] as const;

/**
 * A site power limit schedule (spec §2.6, §4.7), keyed by site and type, so a site holds at most
 * one per type and a new one replaces the old with one PutItem; it shares the site's partition.
 * `scheduleId` is the API's string `id` (`<type>-<uuid>`), new on every replacement. A flat limit
 * is `limit` alone; a time-of-day limit (`docs/site-limit-schedules.md`) also has `schedules`, in
 * the item's one `chargingRateUnit`, and `limit` is then the highest of its periods' limits.
 */
const sitePowerLimitSchema = {
  model: { entity: 'sitePowerLimit', version: '1', service: SERVICE },
  attributes: {
    siteId: { type: 'number', required: true },
    type: { type: SITE_POWER_LIMIT_TYPES, required: true },
    scheduleId: { type: 'string', required: true },
    organizationId: { type: 'number', required: true },
    /** In `chargingRateUnit`: W or A; 0 or more. With `schedules`: the highest of their periods' limits. */
    limit: { type: 'number', required: true },
    chargingRateUnit: { type: ['W', 'A'] as const, required: true },
    /**
     * A limit by time of day in the site's time zone: each ISO weekday (1 = Monday … 7 = Sunday) in
     * exactly one schedule, days ascending, schedules by first day; periods sorted by `startPeriod`
     * (seconds after local midnight, the first 0, < 86 400), at most 96, `limit` an integer in
     * `chargingRateUnit`. Absent for a flat limit.
     */
    schedules: {
      type: 'list',
      items: {
        type: 'map',
        properties: {
          daysOfWeek: { type: 'list', required: true, items: { type: 'number' } },
          chargingSchedulePeriods: {
            type: 'list',
            required: true,
            items: {
              type: 'map',
              properties: {
                startPeriod: { type: 'number', required: true },
                limit: { type: 'number', required: true },
              },
            },
          },
        },
      },
    },
    /** Who set it: `api` (the only source so far). */
    source: { type: 'string', required: true },
    /** Who set it (`actorOf`: a person's e-mail, an API key's name); unset: the operator CLI. */
    userEmail: optionalString,
    createdAt: timestamp,
  },
  indexes: {
    primary: { pk: { field: 'pk', composite: ['siteId'] }, sk: { field: 'sk', composite: ['type'] } },
  },
} as const;

/**
 * A site's tariff (`shared/site-power/tariffs.ts`): its time-of-use energy prices, currency and
 * demand charge, one item per site in the site's partition, replaced whole by one PutItem. The
 * periods' times are local to the site's timezone (the site item's), stored normalised (sorted by
 * first day, then start). A change makes smart charging allocate the site again (stream trigger).
 */
const siteTariffSchema = {
  model: { entity: 'siteTariff', version: '1', service: SERVICE },
  attributes: {
    siteId: { type: 'number', required: true },
    organizationId: { type: 'number', required: true },
    /** ISO 4217 code. */
    currency: { type: 'string', required: true },
    energyPrices: {
      type: 'list',
      required: true,
      items: {
        type: 'map',
        properties: {
          name: { type: 'string', required: true },
          /** ISO weekdays, 1 = Monday … 7 = Sunday, ascending. */
          daysOfWeek: { type: 'list', required: true, items: { type: 'number' } },
          /** `HH:MM` local, inclusive. */
          startTime: { type: 'string', required: true },
          /** `HH:MM` local (up to `24:00`), exclusive, after `startTime`. */
          endTime: { type: 'string', required: true },
          /** In `currency` per kWh; may be negative. */
          pricePerKwh: { type: 'number', required: true },
        },
      },
    },
    /** In `currency` per kW of the month's highest 15-minute average power; unset: no demand charge. */
    demandChargePerKw: optionalNumber,
    /** Who set it (`actorOf`: a person's e-mail, an API key's name); unset: the operator CLI. */
    userEmail: optionalString,
    updatedAt: timestamp,
  },
  indexes: {
    primary: { pk: { field: 'pk', composite: ['siteId'] }, sk: { field: 'sk', composite: [] } },
  },
} as const;

/**
 * The allocation bookkeeping of a site (`shared/site-power/allocation-state.ts`), small and apart
 * from the result so that a trigger's write stays one WCU: `requested` counts the triggers,
 * `allocated` is the last count an allocation covered (so `requested > allocated` = dirty), and the
 * lease lets one allocation run per site at a time. In the site's partition.
 */
const siteAllocationStateSchema = {
  model: { entity: 'siteAllocationState', version: '1', service: SERVICE },
  attributes: {
    siteId: { type: 'number', required: true },
    requested: optionalNumber,
    allocated: optionalNumber,
    /** Epoch ms until which the lease holder may run; a crashed holder's lease lapses. */
    leaseUntil: optionalNumber,
    leaseId: optionalString,
    /** Epoch ms when the holder took the lease or renewed it for a new run (that run's reads follow it). */
    leaseAt: optionalNumber,
  },
  indexes: {
    primary: { pk: { field: 'pk', composite: ['siteId'] }, sk: { field: 'sk', composite: [] } },
  },
} as const;

/** One port's line of an allocation: its limit and the profile the charger holds. */
const allocatedPort = {
  type: 'map',
  properties: {
    portId: { type: 'number', required: true },
    chargerId: { type: 'number', required: true },
    portNumber: { type: 'number', required: true },
    sessionId: { type: 'number', required: true },
    limitW: { type: 'number', required: true },
    limitA: optionalNumber,
    reason: { type: 'string', required: true },
    /**
     * The port's planned limits from now on (the first few, `shared/site-power/delivery.ts`):
     * `start` ms since epoch, W, and A per phase on Level 2.
     */
    plan: {
      type: 'list',
      items: {
        type: 'map',
        properties: {
          start: { type: 'number', required: true },
          limitW: { type: 'number', required: true },
          limitA: optionalNumber,
        },
      },
    },
    /** The release rule's state (`shared/smart-charging/release.ts`), carried to the next allocation. */
    release: {
      type: 'map',
      properties: {
        state: { type: ['holding', 'released', 'probing'] as const, required: true },
        idleSince: optionalNumber,
        until: optionalNumber,
        awake: { type: 'boolean' },
      },
    },
    /**
     * The profile in force at the charger: its unit, first limit, its schedule (periods in seconds
     * from `profileStart`, ISO 8601; absent for a one-period profile sent before schedules), and
     * when and on which connection it was accepted.
     */
    profileUnit: { type: ['A', 'W'] as const },
    profileLimit: optionalNumber,
    profileStart: optionalString,
    profilePeriods: {
      type: 'list',
      items: {
        type: 'map',
        properties: { startPeriod: { type: 'number', required: true }, limit: { type: 'number', required: true } },
      },
    },
    profileConnectionId: optionalString,
    /**
     * The port's last drift check, `ProfileDriftLine` of `shared/site-power/drift.ts` (its shape
     * is typed there: an `any` here keeps the attribute's schema out of every bundle holding the
     * table's entities); carried while the session lasts until the next check.
     */
    profileDrift: { type: 'any' },
    /** The charger's last answer: Accepted, Rejected, NotSupported, Failed, TimedOut, NotConnected; `Uncontrolled` when none was sent. */
    profileStatus: optionalString,
    sentAt: optionalString,
    externalLimitW: optionalNumber,
    externalLimitSource: optionalString,
    /**
     * What the vehicle is heading for (`shared/smart-charging/eta.ts`): its vehicle, SoC and
     * target, %, the energy it still needs, Wh, and its ETA, ms since epoch; each when known.
     */
    vehicleId: optionalNumber,
    socPercent: optionalNumber,
    targetSoc: optionalNumber,
    energyNeededWh: optionalNumber,
    eta: optionalNumber,
    /**
     * Where the SoC came from (`charger`, `vehicle`: ISO 15118, `telematics`), and the usable
     * battery capacity the need used, Wh, with its source (docs/vehicle-state.md).
     */
    socSource: { type: ['charger', 'vehicle', 'telematics'] as const },
    batteryCapacityWh: optionalNumber,
    batteryCapacitySource: { type: ['api', 'vehicle', 'telematics', 'learned', 'session', 'default'] as const },
    /**
     * The vehicle's departure the allocation used, and where it came from: the fleet (`api`), the
     * vehicle, the driver, the history, or the planner's default; and where its energy need came
     * from (`vehicle`, `driver`, `history`; absent: unknown). `shared/site-power/forecasts.ts`.
     */
    departureTime: optionalString,
    departureSource: { type: ['api', 'vehicle', 'driver', 'history', 'default'] as const },
    energySource: { type: ['vehicle', 'driver', 'history'] as const },
    /** The first period of the schedule the vehicle chose (NotifyEVChargingSchedule). */
    evChargingSchedule: {
      type: 'map',
      properties: {
        chargingRateUnit: { type: ['A', 'W'] as const, required: true },
        limit: { type: 'number', required: true },
        /** ISO 8601 UTC: `timeBase` + `startPeriod`. */
        startTime: { type: 'string', required: true },
      },
    },
  },
} as const;

/**
 * The last allocation of a site (spec §2.6; `GET /api/site/{siteId}/power-allocation`), replaced
 * whole by every allocation. In the site's partition.
 */
const siteAllocationSchema = {
  model: { entity: 'siteAllocation', version: '1', service: SERVICE },
  attributes: {
    siteId: { type: 'number', required: true },
    organizationId: { type: 'number', required: true },
    /** How many allocations of the site ran (this one included). */
    sequence: { type: 'number', required: true },
    computedAt: timestamp,
    chargingRateUnit: { type: ['W', 'A'] as const, required: true },
    costLimit: optionalNumber,
    capacityLimit: optionalNumber,
    allocatedTotal: { type: 'number', required: true },
    allocatedTotalW: { type: 'number', required: true },
    ports: { type: 'list', required: true, items: allocatedPort },
    lateVehicles: {
      type: 'list',
      required: true,
      items: {
        type: 'map',
        properties: {
          vehicleId: optionalNumber,
          portId: { type: 'number', required: true },
          sessionId: { type: 'number', required: true },
          departureTime: { type: 'string', required: true },
          departureSource: { type: ['api', 'vehicle'] as const, required: true },
          targetSoc: optionalNumber,
          expectedSocAtDeparture: optionalNumber,
          /** Wh still needed, and expected by departure (whole Wh): how far short, for the late alert's ETA. */
          energyNeededWh: optionalNumber,
          expectedEnergyWh: optionalNumber,
          /** When it would reach its target staying past its departure, ms since epoch (`shared/smart-charging/eta.ts`). */
          eta: optionalNumber,
        },
      },
    },
    /** `optimal` (the planner) or `greedy` (the one-instant stages), and why the planner fell back, if it did. */
    planner: { type: ['optimal', 'greedy'] as const },
    fallbackReason: optionalString,
    /**
     * How many of the site's allocations fell back to the greedy since its allocations began (a
     * solver error or a solve over its budget; a site with nothing to plan is not one).
     */
    fallbackCount: optionalNumber,
    /** The site's plan slot by slot: ms since epoch, totals and limits in `chargingRateUnit`, price per kWh. */
    slots: {
      type: 'list',
      items: {
        type: 'map',
        properties: {
          start: { type: 'number', required: true },
          end: { type: 'number', required: true },
          allocated: { type: 'number', required: true },
          allocatedW: { type: 'number', required: true },
          capacity: optionalNumber,
          cost: optionalNumber,
          pricePerKwh: optionalNumber,
        },
      },
    },
    /**
     * The site's demand as the allocation samples it (`shared/site-power/demand-charge.ts`): the
     * billing period's highest 15-minute average so far, the open interval, the site's last days
     * (their needs, for the forecast of the rest of the period) and the sessions of the days not
     * yet closed. Epoch ms and W/Wh.
     */
    demand: {
      type: 'map',
      properties: {
        billingPeriodStart: { type: 'number', required: true },
        peakW: { type: 'number', required: true },
        peakIntervalStart: optionalNumber,
        intervalStart: { type: 'number', required: true },
        intervalWh: { type: 'number', required: true },
        sampledAt: { type: 'number', required: true },
        sampledW: { type: 'number', required: true },
        previousPeakW: optionalNumber,
        days: {
          type: 'list',
          items: {
            type: 'map',
            properties: {
              start: { type: 'number', required: true },
              weekday: { type: 'number', required: true },
              neededW: { type: 'number', required: true },
            },
          },
        },
        sessions: {
          type: 'list',
          items: {
            type: 'map',
            properties: {
              id: { type: 'number', required: true },
              start: { type: 'number', required: true },
              seenAt: { type: 'number', required: true },
              energyWh: { type: 'number', required: true },
              powerW: { type: 'number' },
              maxPowerW: { type: 'number' },
              givenW: { type: 'number' },
              readingLimitW: { type: 'number' },
              neededWh: { type: 'number' },
              ended: { type: 'boolean' },
            },
          },
        },
      },
    },
    /** Chargers holding this CSMS's TxDefaultProfile (for a new arrival): its limit, unit and connection. */
    defaultProfiles: {
      type: 'list',
      items: {
        type: 'map',
        properties: {
          chargerId: { type: 'number', required: true },
          unit: { type: ['A', 'W'] as const, required: true },
          limit: { type: 'number', required: true },
          connectionId: { type: 'string', required: true },
        },
      },
    },
  },
  indexes: {
    primary: { pk: { field: 'pk', composite: ['siteId'] }, sk: { field: 'sk', composite: [] } },
  },
} as const;

/**
 * A site with sessions in progress, revisited by the schedule (`lambdas/power/schedule.ts`) at
 * `nextRunAt`: SoC moves and departures come closer. All in one partition, read with one Query.
 */
const scheduledSiteSchema = {
  model: { entity: 'scheduledSite', version: '1', service: SERVICE },
  attributes: {
    siteId: { type: 'number', required: true },
    organizationId: { type: 'number', required: true },
    /** Epoch ms. */
    nextRunAt: { type: 'number', required: true },
  },
  indexes: {
    primary: { pk: { field: 'pk', composite: [] }, sk: { field: 'sk', composite: ['siteId'] } },
  },
} as const;

/** Builds the site-power entities bound to one client and table. */
export function sitePowerEntities(config: EntityConfiguration) {
  return {
    sitePowerLimit: new Entity(sitePowerLimitSchema, config),
    siteTariff: new Entity(siteTariffSchema, config),
    siteAllocationState: new Entity(siteAllocationStateSchema, config),
    siteAllocation: new Entity(siteAllocationSchema, config),
    scheduledSite: new Entity(scheduledSiteSchema, config),
  };
}
