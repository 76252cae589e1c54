/**
 * The `sitePower` route group: smart charging (spec §2.6 enforced), the power allocation read and
 * the manual charging session override and the driver's estimate of a port.
 */
import * as z from 'zod';
import { conformsTo, departureTimeSchema, numericIdParam, SitePath } from './common';
import {
  type ChargingOverride as ChargingOverrideView,
  type DriverEstimate as DriverEstimateView,
  MAX_DRIVER_ENERGY_KWH,
  MAX_SITE_POWER_LIMIT,
  type PowerAllocationView,
} from '../../site-power';
import { defineRoutes } from './define';

const unit = z.enum(['W', 'A']);
const REASONS = [
  'minimum',
  'departure',
  'share',
  'override',
  'capped',
  'external',
  'waiting',
  'uncontrolled',
  'planned',
  'released',
  'probing',
];

/** `GET /api/site/{siteId}/power-allocation` answer. */
export const PowerAllocation = conformsTo<PowerAllocationView>()(
  z
    .object({
      siteId: z.number().int(),
      computedAt: z
        .string()
        .nullable()
        .meta({ description: 'When the allocation was computed; null when the site was never allocated' }),
      chargingRateUnit: unit.meta({
        description: 'A when every limit of the site is in amps (per-phase current), else W',
      }),
      costLimit: z.number().nullable().meta({ description: "In the cost limit's own unit; null when none" }),
      capacityLimit: z.number().nullable().meta({ description: "In the capacity limit's own unit; null when none" }),
      allocatedTotal: z
        .number()
        .meta({ description: "Sum of the ports' limits, uncontrolled load included, in chargingRateUnit" }),
      ports: z.array(
        z.object({
          portId: z.number().int(),
          chargerId: z.number().int(),
          sessionId: z.number().int(),
          limit: z.number().meta({ description: 'In chargingRateUnit (A per phase on amp-limited sites)' }),
          limitW: z.number(),
          reason: z.string().meta({ description: `What binds: ${REASONS.join(', ')}` }),
          plannedPeriods: z.array(z.object({ startTime: z.string(), limit: z.number(), limitW: z.number() })).meta({
            description:
              "The port's planned limits from now on, each until the next (the first is limit now), in chargingRateUnit; what its TxProfile carries, up to the charger's periods",
          }),
          profileStatus: z.string().nullable().meta({
            description:
              "The charger's answer to the TxProfile: Accepted, Rejected, NotSupported, Failed, NotConnected; Uncontrolled (none sent: the charger cannot be controlled); None (no limits, no profile); null (not sent yet)",
          }),
          sentAt: z.string().nullable(),
          profileDrift: z
            .object({
              checkedAt: z.string(),
              drifted: z.boolean().meta({ description: 'The charger enforces more than its profile' }),
              source: z.enum(['compositeSchedule', 'unknownProfile']).nullable(),
              chargingRateUnit: z.enum(['A', 'W']).nullable(),
              plannedLimit: z.number().nullable().meta({ description: 'The profile sent at `at`' }),
              compositeLimit: z.number().nullable().meta({
                description:
                  "The charger's composite schedule at `at`; null in a drift where it states no limit (an OCPP 2.1 ChargingOnly period without one)",
              }),
              at: z.string().nullable().meta({ description: 'The first instant above the profile' }),
              unknownProfileId: z.number().int().nullable(),
              unknownProfileSource: z.string().nullable(),
              resentStatus: z.string().nullable().meta({ description: 'The answer to the profile sent again' }),
            })
            .nullable()
            .meta({
              description:
                "The port's last drift check (GetCompositeSchedule after its profile, docs/smart-charging.md); null when none ran for the session",
            }),
          externalLimitW: z
            .number()
            .nullable()
            .meta({ description: 'A limit set outside this CSMS on the EVSE (OCPP 2.0.1 NotifyChargingLimit), W' }),
          externalLimitSource: z
            .string()
            .nullable()
            .meta({ description: 'Its chargingLimitSource: EMS, Other, SO, CSO' }),
          vehicleId: z.number().int().nullable().meta({ description: "The session's vehicle, when identified" }),
          socPercent: z.number().nullable().meta({ description: "The vehicle's SoC as the allocation read it, %" }),
          socSource: z.enum(['charger', 'vehicle', 'telematics']).nullable().meta({
            description:
              "Where the SoC came from: the charger's meter values, the vehicle (ISO 15118 needs), or its telematics (the fresher of the charger's and a telematics reading at most 30 minutes old; docs/vehicle-state.md)",
          }),
          batteryCapacityWh: z
            .number()
            .nullable()
            .meta({ description: 'The usable battery capacity the need used, Wh; null without a SoC' }),
          batteryCapacitySource: z
            .enum(['api', 'vehicle', 'telematics', 'learned', 'session', 'default'])
            .nullable()
            .meta({
              description:
                "Where it came from, by trust: set on the vehicle (api), the vehicle's ISO 15118 EVEnergyCapacity (vehicle), telematics, learnt from its past sessions (learned), this session's SoC rise (session), or the default",
            }),
          targetSoc: z.number().nullable().meta({
            description:
              "The SoC it must reach by its departure, %: the departure's targetSoc, or what the vehicle asked",
          }),
          energyNeededWh: z.number().nullable().meta({ description: 'Energy it still needs for its departure, Wh' }),
          eta: z.string().nullable().meta({
            description:
              'When it is expected to reach its target, ISO 8601 UTC: by its departure when on time, after it when late; null when reached or unknown',
          }),
          departureTime: z
            .string()
            .nullable()
            .meta({ description: 'The departure the allocation used for the vehicle, ISO 8601 UTC' }),
          departureSource: z.enum(['api', 'vehicle', 'driver', 'history', 'default']).nullable().meta({
            description:
              "Where the departure came from, by trust: api: the departure-times API (the fleet); vehicle: the vehicle itself (ISO 15118 NotifyEVChargingNeeds); driver: the driver's estimate (PUT /api/ports/{portId}/driver-estimate); history: forecast from the site's past sessions; default: the planner's default stay (8 h on Level 2, 1 h on DCFC)",
          }),
          energySource: z.enum(['vehicle', 'driver', 'history']).nullable().meta({
            description:
              "Where the energy need came from: vehicle: the vehicle (ISO 15118 energy, or its SoC against a target); driver: the driver's estimate; history: forecast from the site's past sessions; null: unknown (planned as the port can deliver by the departure)",
          }),
          evChargingSchedule: z
            .object({ chargingRateUnit: z.enum(['A', 'W']), limit: z.number(), startTime: z.string() })
            .nullable()
            .meta({ description: 'The first period of the schedule the vehicle chose (NotifyEVChargingSchedule)' }),
        }),
      ),
      lateVehicles: z.array(
        z.object({
          vehicleId: z.number().int().nullable(),
          portId: z.number().int(),
          sessionId: z.number().int(),
          eta: z.string().nullable().meta({
            description:
              "When it would reach its target staying past its departure, at the most it could then draw within the site's limits, ISO 8601 UTC",
          }),
          departureTime: z.string(),
          departureSource: z
            .enum(['api', 'vehicle'])
            .meta({ description: 'api: the departure-times API; vehicle: the vehicle itself (ISO 15118)' }),
          targetSoc: z.number().nullable(),
          expectedSocAtDeparture: z.number().nullable().meta({ description: 'At the planned power, %' }),
        }),
      ),
      planner: z.enum(['optimal', 'greedy']).nullable().meta({
        description:
          "optimal: the planner's solve over the horizon (also when every vehicle to plan is probed); greedy: this instant alone (without a solver, with no vehicle to plan — no sessions, or all released or uncontrolled —, or the fallback when a solve fails or runs over its budget); null: never allocated",
      }),
      fallbackReason: z.string().nullable().meta({
        description:
          'Why this allocation fell back to the greedy: a solver error or a solve over its budget (a site with nothing to plan is no fallback); null when it did not',
      }),
      fallbackCount: z.number().int().meta({
        description: "How many of the site's allocations fell back to the greedy since its allocations began",
      }),
      plannedSlots: z
        .array(
          z.object({
            startTime: z.string(),
            endTime: z.string(),
            allocated: z.number().meta({ description: "Σ of the ports' planned limits in chargingRateUnit" }),
            capacityLimit: z.number().nullable(),
            costLimit: z.number().nullable(),
            pricePerKwh: z.number().nullable().meta({ description: "The tariff's energy price over the slot" }),
          }),
        )
        .meta({
          description: "The site's plan from now to the horizon (at most 24 h), in slots of at most 15 minutes",
        }),
      demandPeakKw: z.number().nullable().meta({
        description: "The billing period's highest 15-minute average so far, kW (with a tariff's demand charge)",
      }),
    })
    .meta({ id: 'PowerAllocation' }),
);

/** `GET /api/site/{siteId}/power-allocation` answer envelope. */
export const PowerAllocationResponse = z.object({ data: PowerAllocation });

/** `/api/ports/{portId}/…` path. */
export const PortPath = z.strictObject({ portId: numericIdParam });

/** A charging override as submitted. */
export const ChargingOverrideInput = z
  .strictObject({
    limit: z
      .number({ error: 'must be a number' })
      .int('must be an integer')
      .min(0, 'must not be negative')
      .max(MAX_SITE_POWER_LIMIT.W, `must be at most ${MAX_SITE_POWER_LIMIT.W}`)
      .meta({
        description:
          'In chargingRateUnit (A per phase); the port never gets more than its maximum or the capacity limit allows',
      }),
    chargingRateUnit: unit.meta({ description: 'W, or A on a Level 2 port' }),
    expiresAt: departureTimeSchema.meta({
      description: 'ISO 8601 with a UTC offset; in the future, at most 24 hours ahead',
    }),
  })
  .meta({ id: 'ChargingOverrideInput' });

/** `PUT /api/ports/{portId}/charging-override` body. */
export const SetChargingOverrideBody = z.strictObject({ chargingOverride: ChargingOverrideInput });

/** A charging override as answered. */
export const ChargingOverride = conformsTo<ChargingOverrideView>()(
  z
    .object({
      portId: z.number().int(),
      sessionId: z.number().int().meta({ description: 'The session it applies to; it ends with the session' }),
      limit: z.number(),
      chargingRateUnit: unit,
      expiresAt: z.string(),
      createdAt: z.string(),
    })
    .meta({ id: 'ChargingOverride' }),
);

/** `PUT /api/ports/{portId}/charging-override` answer. */
export const ChargingOverrideResponse = z.object({ chargingOverride: ChargingOverride });

/** A driver's estimate to set (`PUT /api/ports/{portId}/driver-estimate`). */
export const DriverEstimateInput = z
  .strictObject({
    departureTime: departureTimeSchema.optional().meta({
      description:
        'When the vehicle will leave, ISO 8601 with a UTC offset: after the session started, at most 7 days ahead (one already past is corrected by the allocation, never refused)',
    }),
    energyKwh: z
      .number({ error: 'must be a number' })
      .positive('must be above 0')
      .max(MAX_DRIVER_ENERGY_KWH, `must be at most ${MAX_DRIVER_ENERGY_KWH}`)
      .optional()
      .meta({
        description:
          'Energy the vehicle wants over the whole session, kWh (what it got counts against it); more than its battery is cut to it by the allocation, never refused',
      }),
  })
  .meta({ id: 'DriverEstimateInput' });

/** `PUT /api/ports/{portId}/driver-estimate` body. */
export const SetDriverEstimateBody = z.strictObject({ driverEstimate: DriverEstimateInput });

/** A driver's estimate as answered. */
export const DriverEstimate = conformsTo<DriverEstimateView>()(
  z
    .object({
      portId: z.number().int(),
      sessionId: z.number().int().meta({ description: 'The session it applies to; it ends with the session' }),
      departureTime: z.string().nullable().meta({ description: 'ISO 8601 UTC; null: none entered' }),
      energyKwh: z.number().nullable().meta({ description: 'kWh; null: none entered' }),
      enteredAt: z.string(),
    })
    .meta({ id: 'DriverEstimate' }),
);

/** `PUT /api/ports/{portId}/driver-estimate` answer. */
export const DriverEstimateResponse = z.object({ driverEstimate: DriverEstimate });

/** The routes, in the order the OpenAPI document lists them. */
export const sitePowerRoutes = defineRoutes('sitePower', {
  'GET /api/site/{siteId}/power-allocation': {
    summary: "Read how the site's power is allocated to its ports",
    description:
      "Smart charging (spec §2.6). The last allocation: every port with a session in progress, its limit (in the site's unit and in W), what binds it, and the charger's answer to its charging profile; and the vehicles predicted to miss their departure's target SoC. Re-computed when a session starts or ends, a limit or override changes, a departure plan changes, a charger (re)connects, and every 5 minutes while sessions are in progress. Unknown site, another organization's, or another site than a site-scoped key's: 404.",
    tags: ['Smart charging'],
    request: { pathParameters: SitePath },
    responses: { 200: { description: 'The allocation', schema: PowerAllocationResponse } },
  },
  'PUT /api/ports/{portId}/charging-override': {
    fieldRoot: 'body.chargingOverride',
    summary: 'Let the session on a port exceed the cost limit (manual override)',
    description:
      "Spec §2.6 \"manual charging session override\": the session in progress on the port may draw up to limit whatever the cost limit (never above the capacity limit or the port's maximum) until expiresAt (at most 24 h ahead) or until the session ends. Replaces the port's override. 409 when no session is in progress; A only on Level 2 ports (400); another organization's port: 404.",
    tags: ['Smart charging'],
    request: { pathParameters: PortPath, body: SetChargingOverrideBody },
    responses: { 200: { description: 'The override', schema: ChargingOverrideResponse } },
    errors: { 409: 'No charging session is in progress on the port' },
  },
  'DELETE /api/ports/{portId}/charging-override': {
    summary: 'Remove the override of a port',
    description: "204 (also when the port has none); another organization's port: 404.",
    tags: ['Smart charging'],
    request: { pathParameters: PortPath },
    responses: { 204: { description: 'Removed' } },
  },
  'PUT /api/ports/{portId}/driver-estimate': {
    role: 'operator',
    fieldRoot: 'body.driverEstimate',
    summary: "Enter a driver's estimate of the session on a port",
    description:
      "Ours (docs/smart-charging.md, \"What the plan knows\"): when the vehicle will leave and/or the energy it wants, entered by its driver or the driver's app, for a vehicle whose own ISO 15118 needs and whose fleet's departure-times tell no departure (they win over it); the plan then forecasts around it (source driver in the allocation read). At least one of departureTime and energyKwh; a departure before the session started or more than 7 days ahead, an energy not above 0 or above 1000 kWh: 400 naming the field, nothing stored. Replaces the port's estimate; the site is planned again. 409 when no session is in progress; another organization's port: 404. Role operator: a driver app's key needs no more.",
    tags: ['Smart charging'],
    request: { pathParameters: PortPath, body: SetDriverEstimateBody },
    responses: { 200: { description: 'The estimate', schema: DriverEstimateResponse } },
    errors: { 409: 'No charging session is in progress on the port' },
  },
  'DELETE /api/ports/{portId}/driver-estimate': {
    role: 'operator',
    summary: "Remove the driver's estimate of a port",
    description: "204 (also when the port has none); the site is planned again; another organization's port: 404.",
    tags: ['Smart charging'],
    request: { pathParameters: PortPath },
    responses: { 204: { description: 'Removed' } },
  },
});
