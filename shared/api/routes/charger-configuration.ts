/**
 * The charger configuration route group (docs/charger-configuration.md): bodies and answers for
 * OCPP 1.6 configuration keys and OCPP 2.0.1 device-model variables, and the routes, the read served
 * by the `chargers` function and the refresh and change by the `commands` function (they send
 * commands). The shapes are ours, with OCPP's names (`key`, `component`, `variable`,
 * `attributeType`) and OCPP's limits: a 1.6 key is at most 50 characters (CiString50Type), a 1.6
 * value at most 500 (CiString500Type); a 2.0.1 component or variable name or instance at most 50
 * (identifierString 50), a value at most 1000 (SetVariableData `attributeValue`).
 */
import * as z from 'zod';
import { DeviceModelComponent, DeviceModelVariable, ocppText } from '../../charger-configuration';
import { defineRoutes, idPath } from './define';

/** A value of at most `max` characters (may be empty: some settings take an empty list). */
const ocppValue = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .regex(/^[^\p{Cc}]*$/u, 'must not contain control characters');

const ATTRIBUTE_TYPES = ['Actual', 'Target', 'MinSet', 'MaxSet'] as const;
const REPORT_BASES = ['ConfigurationInventory', 'FullInventory', 'SummaryInventory'] as const;

const Component = DeviceModelComponent;
const Variable = DeviceModelVariable;

/** A 2.0.1 variable to read. */
const VariableRequest = z.strictObject({
  component: Component,
  variable: Variable,
  attributeType: z.enum(ATTRIBUTE_TYPES).optional().meta({ description: 'Default Actual' }),
});

/** `POST /api/chargers/{id}/configuration/refresh` body (optional). */
export const ConfigurationRefreshBody = z
  .strictObject({
    keys: z
      .array(ocppText(50))
      .min(1, 'must name at least one key')
      .max(100, 'must name at most 100 keys')
      .optional()
      .meta({ description: 'OCPP 1.6: read these keys only (GetConfiguration key); default every key' }),
    variables: z
      .array(VariableRequest)
      .min(1, 'must name at least one variable')
      .max(100, 'must name at most 100 variables')
      .optional()
      .meta({ description: 'OCPP 2.0.1: read these variables only (GetVariables); default the whole report' }),
    reportBase: z
      .enum(REPORT_BASES)
      .optional()
      .meta({ description: 'OCPP 2.0.1: the report GetBaseReport asks for; default FullInventory' }),
  })
  .refine((b) => !(b.keys && b.variables), { message: 'give keys or variables, not both', path: ['variables'] })
  .refine((b) => !(b.reportBase && (b.keys || b.variables)), {
    message: 'only when reading everything (no keys, no variables)',
    path: ['reportBase'],
  })
  .meta({ id: 'ConfigurationRefreshRequest' });

/** One change: a 1.6 key or a 2.0.1 variable. */
const ChangeItem = z.union([
  z
    .strictObject({ key: ocppText(50), value: ocppValue(500) })
    .meta({ id: 'ConfigurationKeyChange', description: 'OCPP 1.6 ChangeConfiguration' }),
  z
    .strictObject({
      component: Component,
      variable: Variable,
      attributeType: z.enum(ATTRIBUTE_TYPES).optional().meta({ description: 'Default Actual' }),
      value: ocppValue(1000),
    })
    .meta({ id: 'DeviceModelVariableChange', description: 'OCPP 2.0.1 SetVariables' }),
]);

/** `PATCH /api/chargers/{id}/configuration` body. */
export const ConfigurationChangeBody = z
  .strictObject({
    changes: z
      .array(ChangeItem)
      .min(1, 'must hold at least one change')
      .max(50, 'must hold at most 50 changes')
      .meta({ description: 'Sent in order: 1.6 one ChangeConfiguration each, 2.0.1 one SetVariables' }),
    force: z
      .boolean()
      .optional()
      .meta({ description: 'Change settings the product relies on anyway (never a credential); default false' }),
  })
  .meta({ id: 'ConfigurationChangeRequest' });

const guarded = z.string().optional().meta({ description: 'What the product relies on, for a guarded setting' });

/** The stored configuration (`GET /api/chargers/{id}/configuration`). */
export const ChargerConfiguration = z
  .object({
    chargerId: z.number().int(),
    ocppProtocol: z.enum(['ocpp1.6', 'ocpp2.0.1', 'ocpp2.1']).nullable(),
    readAt: z.string().nullable().meta({ description: 'When the configuration was read as a whole; null: never' }),
    updatedAt: z.string().optional().meta({ description: 'When it last changed (a read or an accepted change)' }),
    source: z.enum(['GetConfiguration', 'NotifyReport']).optional(),
    keys: z
      .array(
        z.object({
          key: z.string(),
          readonly: z.boolean(),
          value: z.string().optional(),
          rebootRequired: z.boolean().optional(),
          guarded,
        }),
      )
      .optional()
      .meta({ description: 'OCPP 1.6: the configuration keys, read-only as the charger says' }),
    unknownKeys: z.array(z.string()).optional(),
    variables: z
      .array(
        z.object({
          component: Component,
          variable: Variable,
          attributes: z.array(
            z.object({
              type: z.enum(ATTRIBUTE_TYPES),
              value: z.string().optional(),
              mutability: z.enum(['ReadOnly', 'WriteOnly', 'ReadWrite']).optional(),
              persistent: z.boolean().optional(),
              constant: z.boolean().optional(),
              rebootRequired: z.boolean().optional(),
            }),
          ),
          characteristics: z
            .object({
              unit: z.string().optional(),
              dataType: z.string(),
              minLimit: z.number().optional(),
              maxLimit: z.number().optional(),
              valuesList: z.string().optional(),
              supportsMonitoring: z.boolean(),
            })
            .optional(),
          guarded,
        }),
      )
      .optional()
      .meta({ description: "OCPP 2.0.1: the device model's variables of the last complete report" }),
    omittedVariables: z.number().int().optional(),
    report: z
      .object({ requestId: z.number().int(), reportBase: z.string().optional(), generatedAt: z.string().optional() })
      .optional(),
    pendingReport: z
      .object({
        requestId: z.number().int(),
        reportBase: z.string(),
        requestedAt: z.string(),
        status: z.enum(['inProgress', 'incomplete']),
        received: z.array(z.number().int()),
        lastSeqNo: z.number().int().optional(),
        missing: z.array(z.number().int()),
        lastPageAt: z.string().optional(),
      })
      .optional()
      .meta({ description: 'OCPP 2.0.1: a report asked for whose pages have not all come' }),
  })
  .meta({ id: 'ChargerConfiguration' });

/** `GET /api/chargers/{id}/configuration` answer. */
export const ChargerConfigurationResponse = z
  .object({ data: ChargerConfiguration })
  .meta({ id: 'ChargerConfigurationResponse' });

/** A charger's result, as charger operations say it. */
const chargerResult = {
  status: z
    .enum(['accepted', 'pending', 'rejected', 'notSupported', 'notConnected', 'timeout', 'failed'])
    .meta({ description: "The charger's result; notConnected, timeout and failed carry error" }),
  ocppStatus: z.string().optional().meta({ description: 'The status word the charger sent' }),
  error: z.object({ code: z.string(), description: z.string() }).optional(),
};

/** `POST /api/chargers/{id}/configuration/refresh` answer. */
export const ConfigurationRefreshResponse = z
  .object({
    data: z.object({
      ...chargerResult,
      readings: z
        .array(
          z.looseObject({
            name: z.string(),
            status: z.string(),
            value: z.string().optional(),
            guarded,
          }),
        )
        .optional()
        .meta({ description: "The charger's answer per key or variable asked for" }),
      configuration: ChargerConfiguration,
    }),
  })
  .meta({ id: 'ConfigurationRefreshResponse' });

/** `PATCH /api/chargers/{id}/configuration` answer. */
export const ConfigurationChangeResponse = z
  .object({
    data: z.object({
      ...chargerResult,
      results: z.array(
        z.looseObject({
          value: z.string(),
          status: z
            .enum([
              'Accepted',
              'Rejected',
              'RebootRequired',
              'NotSupported',
              'UnknownComponent',
              'UnknownVariable',
              'NotSupportedAttributeType',
              'NotSent',
            ])
            .meta({
              description:
                "The charger's status for this change; NotSent: none, its CALL or (1.6) an earlier one failed (see error)",
            }),
          statusInfo: z.string().optional(),
          guarded,
        }),
      ),
      configuration: ChargerConfiguration,
    }),
  })
  .meta({ id: 'ConfigurationChangeResponse' });

// Two functions' routes in one file: each declaration is marked pure, so that each function's
// bundle drops the other's routes (esbuild keeps an unused call otherwise).

/** The configuration's read, served by the `chargers` function (nothing is sent to the charger). */
/** The monitors a 2.0.1 station last reported (docs/monitoring.md). */
const ChargerMonitors = z
  .object({
    chargerId: z.number().int(),
    readAt: z.string().nullable().meta({ description: 'When the last complete report came; null: never' }),
    report: z.object({ requestId: z.number().int(), generatedAt: z.string() }).nullable(),
    monitors: z.array(
      z.object({
        id: z.number().int().meta({ description: "The charger's ID of the monitor" }),
        component: Component,
        variable: Variable,
        type: z.string().meta({ description: 'UpperThreshold, LowerThreshold, Delta, Periodic, PeriodicClockAligned' }),
        value: z.number(),
        severity: z.number().int().meta({ description: '0 danger … 9 debug' }),
        transaction: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'ChargerMonitors' });

/** `GET /api/chargers/{id}/monitors` answer. */
export const ChargerMonitorsResponse = z.object({ data: ChargerMonitors }).meta({ id: 'ChargerMonitorsResponse' });

/** `POST /api/chargers/{id}/monitors/refresh` answer. */
export const MonitorsRefreshResponse = z
  .object({ data: z.object({ ...chargerResult, monitors: ChargerMonitors }) })
  .meta({ id: 'MonitorsRefreshResponse' });

/**
 * The reads of a charger's configuration and monitors, served by the `chargers` function
 * (docs/charger-configuration.md, docs/monitoring.md): `GET /api/chargers/{id}/configuration` (1.6
 * keys or the 2.0.1 device model as last read) and `GET /api/chargers/{id}/monitors` (the 2.0.1
 * monitors of the last complete NotifyMonitoringReport, N02). Nothing is sent to the charger; an
 * unknown charger is 404.
 */
export const configurationReadRoutes = /* @__PURE__ */ defineRoutes('chargers', {
  'GET /api/chargers/{id}/configuration': {
    summary: "A charger's configuration as last read (OCPP 1.6 keys, OCPP 2.0.1 device model)",
    description:
      'docs/charger-configuration.md. Nothing is sent to the charger: the last GetConfiguration answer (1.6) or ' +
      'the last complete NotifyReport (2.0.1, its pages assembled), with `readAt`, changes the charger accepted ' +
      'since, a report still coming (`pendingReport`, `incomplete` after 5 minutes without a page), and `guarded` ' +
      'on the settings the product relies on. 404 unknown charger.',
    tags: ['Chargers'],
    request: { pathParameters: idPath },
    responses: { 200: { description: 'The stored configuration', schema: ChargerConfigurationResponse } },
  },
  'GET /api/chargers/{id}/monitors': {
    summary: "A charger's monitors as last reported (OCPP 2.0.1 NotifyMonitoringReport)",
    description:
      'docs/monitoring.md. Nothing is sent: the monitors of the last complete monitoring report (its pages ' +
      'assembled), each with its id, component, variable, type, value, severity and transaction flag; readAt ' +
      'null and no monitors when none came. 404 unknown charger.',
    tags: ['Monitoring'],
    request: { pathParameters: idPath },
    responses: { 200: { description: 'The monitors', schema: ChargerMonitorsResponse } },
  },
});

/** The configuration's refresh and change, served by the `commands` function (they send commands). */
export const configurationRoutes = /* @__PURE__ */ defineRoutes('commands', {
  'POST /api/chargers/{id}/configuration/refresh': {
    role: 'operator',
    summary: "Read a charger's configuration from the charger (OCPP GetConfiguration / GetBaseReport, GetVariables)",
    description:
      'docs/charger-configuration.md. Body `{}` reads everything: 1.6 GetConfiguration, 2.0.1 GetBaseReport ' +
      '(`reportBase`, default FullInventory) whose NotifyReport pages are assembled as they come: 200 once the ' +
      'report is complete, 202 (`status: pending`) when it is not within 5 s (GET shows it when it is). `keys` ' +
      "(1.6) or `variables` (2.0.1) read only those. The charger's failures are results in the 200 body " +
      '(`notConnected`, `timeout`, `failed` with the CALLERROR). 400 a key or variable of the other OCPP version; ' +
      '404 unknown charger.',
    tags: ['Charger configuration'],
    request: { pathParameters: idPath, body: ConfigurationRefreshBody },
    responses: {
      200: {
        description: "The charger's result and the configuration now stored",
        schema: ConfigurationRefreshResponse,
      },
      202: { description: 'A 2.0.1 report still coming (status pending)', schema: ConfigurationRefreshResponse },
    },
  },
  'POST /api/chargers/{id}/monitors/refresh': {
    role: 'operator',
    summary: 'Ask a station for its monitors (OCPP 2.0.1 GetMonitoringReport)',
    description:
      'docs/monitoring.md. Body `{}`. GetMonitoringReport with a new requestId; the NotifyMonitoringReport pages ' +
      'are assembled as they come: 200 once complete (status accepted, the monitors), 202 (status pending) when ' +
      'not within 5 s (GET /api/chargers/{id}/monitors shows them when they are). EmptyResultSet: no monitor ' +
      '(stored). Rejected rejected; NotSupported, and a 1.6 charger (nothing sent), notSupported; the charger’s ' +
      'failures are results in the 200 body (notConnected, timeout, failed). 404 unknown charger.',
    tags: ['Monitoring'],
    request: { pathParameters: idPath, body: z.strictObject({}) },
    responses: {
      200: { description: "The charger's result and its monitors now stored", schema: MonitorsRefreshResponse },
      202: { description: 'The report still coming (status pending)', schema: MonitorsRefreshResponse },
    },
  },
  'PATCH /api/chargers/{id}/configuration': {
    summary: "Change a charger's settings (OCPP ChangeConfiguration / SetVariables)",
    description:
      'docs/charger-configuration.md. 1.6 keys (`{ key, value }`, one ChangeConfiguration each, in order) or 2.0.1 ' +
      "variables (`{ component, variable, attributeType?, value }`, one SetVariables), with the charger's status " +
      'per change (Accepted, RebootRequired, Rejected, NotSupported, UnknownComponent, UnknownVariable, ' +
      'NotSupportedAttributeType; NotSent: no status, its CALL or an earlier one failed). Settings the product relies on (heartbeat and ' +
      'meter intervals, smart charging, reservations) are a 400 naming them and why, unless `force: true`; ' +
      'credentials (AuthorizationKey, BasicAuthPassword, SecurityProfile) always. 404 unknown charger.',
    tags: ['Charger configuration'],
    request: { pathParameters: idPath, body: ConfigurationChangeBody },
    responses: {
      200: {
        description: "The charger's result per change and the configuration now stored",
        schema: ConfigurationChangeResponse,
      },
    },
  },
});
