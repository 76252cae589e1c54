/**
 * The `alerts` route group: alerts and the organization's alert settings (reference notes,
 * "Alerts"; docs/alerts.md): their answers, the list's query, the settings' body and the routes.
 * Times are ISO 8601 UTC.
 */
import * as z from 'zod';
import {
  type Alert as AlertShape,
  ALERT_SETTINGS_BOUNDS,
  ALERT_SEVERITIES,
  ALERT_TYPES,
  type AlertSettings as AlertSettingsShape,
} from '../../alerts';
import { conformsTo, Pagination } from './common';
import { cursor, enumList, flag, idList, instant } from './list-query';
import { defineRoutes, idPath } from './define';

const NamedRef = z.object({ id: z.number().int(), name: z.string() });
const nullableString = z.string().nullable();
const SocDetails = z.object({ socThreshold: z.number().nullable(), socPercent: z.number().nullable() });

/** An alert (reference notes, "Alerts"): its type's object under the type's name, the others null. */
export const Alert = conformsTo<AlertShape>()(
  z
    .object({
      id: z.number().int(),
      type: z.enum(ALERT_TYPES),
      severity: z.enum(ALERT_SEVERITIES).meta({
        description:
          'From the type: critical (offlineCharger, chargerFaulted, chargingSessionError, securityEvent), warning (lateCharging, lowBattery, profileDrift, certificateExpiring, chargerMonitor), info (chargingCompleted)',
      }),
      startTimestamp: z.string().meta({
        format: 'date-time',
        description: 'When it was raised (written): the time startTimestampAfter and pollCursor go by',
      }),
      detectedTimestamp: z.string().meta({
        format: 'date-time',
        description:
          'When its condition was seen (the offline probe sent, the fault reported), at or before startTimestamp',
      }),
      endTimestamp: z
        .string()
        .nullable()
        .meta({ format: 'date-time', description: 'When it cleared; null while active' }),
      muted: z.boolean().meta({ description: 'Raised during a maintenance window: shown, never delivered' }),
      acknowledgedAt: z
        .string()
        .nullable()
        .meta({ format: 'date-time', description: 'When it was acknowledged; null until then' }),
      acknowledgedBy: z.string().nullable().meta({
        description: "Who acknowledged it: the API key's name (else API key <id>) or the person's e-mail",
      }),
      lowBattery: SocDetails.nullable(),
      chargingCompleted: SocDetails.nullable(),
      chargingSessionError: z
        .object({
          status: nullableString,
          ocppErrorCode: nullableString,
          ocppVendorErrorCode: nullableString,
          ocppInfo: nullableString,
          errorContext: nullableString,
        })
        .nullable(),
      offlineCharger: z.object({ thresholdMinutes: z.number().nullable() }).nullable(),
      lateCharging: z
        .object({
          originalEta: nullableString,
          currentEta: nullableString,
          originalDepartureTime: nullableString,
          currentDepartureTime: nullableString,
        })
        .nullable(),
      chargerFaulted: z
        .object({
          ocppErrorCode: nullableString,
          ocppVendorErrorCode: nullableString,
          ocppInfo: nullableString,
          faultedSince: z.string().meta({ format: 'date-time' }),
        })
        .nullable(),
      profileDrift: z
        .object({
          source: z.enum(['compositeSchedule', 'unknownProfile']).meta({
            description:
              'compositeSchedule: what the charger will enforce is above the profile sent; unknownProfile: it holds a profile this CSMS did not send',
          }),
          checkedAt: z.string().meta({ format: 'date-time' }),
          at: nullableString.meta({ description: 'The first instant above the profile (compositeSchedule)' }),
          chargingRateUnit: z.enum(['A', 'W']).nullable(),
          plannedLimit: z.number().nullable().meta({ description: 'The profile sent there, A per phase or W' }),
          compositeLimit: z.number().nullable().meta({
            description:
              "The charger's composite schedule there; null where it states no limit (an OCPP 2.1 ChargingOnly period without one)",
          }),
          unknownProfileId: z.number().int().nullable(),
          unknownProfileSource: nullableString,
          resentStatus: nullableString.meta({ description: 'The answer to the profile sent again (the repair)' }),
        })
        .nullable()
        .meta({ description: 'docs/smart-charging.md, "What the charger enforces"' }),
      securityEvent: z
        .object({
          type: z
            .string()
            .meta({ description: "OCPP's security event type (e.g. TamperDetectionActivated), or InvalidCsr" }),
          timestamp: z.string().meta({ format: 'date-time', description: 'When it happened' }),
          techInfo: nullableString,
          source: z.enum(['charger', 'csms']).meta({
            description: 'charger: its SecurityEventNotification; csms: a CSR that SignCertificate refused',
          }),
        })
        .nullable()
        .meta({ description: 'A critical security event of the charger (docs/certificates.md, "Security events")' }),
      certificateExpiring: z
        .object({
          serialNumber: z.string(),
          subject: z.string(),
          notAfter: z.string().meta({ format: 'date-time' }),
          renewalLeadDays: z.number().int(),
        })
        .nullable()
        .meta({
          description: "The charger's certificate that ends within the renewal lead time (docs/certificates.md)",
        }),
      chargerMonitor: z
        .object({
          component: z.object({
            name: z.string(),
            instance: z.string().optional(),
            evse: z.object({ id: z.number().int(), connectorId: z.number().int().optional() }).optional(),
          }),
          variable: z.object({ name: z.string(), instance: z.string().optional() }),
          actualValue: z.string().meta({ description: 'The value the charger reported' }),
          severity: z
            .number()
            .int()
            .nullable()
            .meta({ description: "The monitor's severity, 0 danger … 9 debug, when known" }),
          variableMonitoringId: z.number().int().nullable(),
          eventNotificationType: z
            .string()
            .meta({ description: 'HardWiredMonitor, PreconfiguredMonitor or CustomMonitor' }),
          eventId: z.number().int(),
          timestamp: z.string().meta({ format: 'date-time' }),
          techCode: nullableString,
          techInfo: nullableString,
        })
        .nullable()
        .meta({ description: 'An OCPP 2.0.1 monitor crossed its threshold (docs/monitoring.md)' }),
      chargingSession: z.object({ id: z.number().int() }).nullable(),
      vehicle: NamedRef.nullable(),
      site: NamedRef,
      charger: NamedRef,
      port: NamedRef.nullable().meta({ description: 'null: the alert concerns the whole charger' }),
    })
    .meta({ id: 'Alert' }),
);

/** `{ data: alert }`. */
export const AlertResponse = z.object({ data: Alert }).meta({ id: 'AlertResponse' });

/** A page of alerts; a poll's (`pollCursor`) also carries the cursor of the next poll. */
export const AlertList = z
  .object({
    data: z.array(Alert),
    pagination: Pagination.extend({
      pollCursor: z.string().optional().meta({
        description: 'With pollCursor: pass it as the next poll\'s pollCursor (docs/alerts.md, "Polling")',
      }),
    }),
  })
  .meta({ id: 'AlertList' });

const alertTypes = enumList(ALERT_TYPES, 'an alert type').meta({
  description: 'Alert types; repeat the parameter (types=offlineCharger&types=chargerFaulted)',
  example: 'offlineCharger',
});
const alertSeverities = enumList(ALERT_SEVERITIES, 'a severity').meta({
  description: 'Severities; repeat the parameter (severities=critical&severities=warning)',
  example: 'critical',
});

/** `GET /api/alerts` query (the reference's bare repeated names; `name[]` accepted too). */
export const AlertsQuery = z.strictObject({
  startTimestampAfter: instant.optional().meta({ description: 'Alerts raised after this' }),
  includeMuted: flag.optional().meta({ description: 'Include muted alerts: true or false (default false)' }),
  alertRecipientIds: idList.optional().meta({ description: 'Alerts e-mailed to one of these alert recipients' }),
  'alertRecipientIds[]': idList.optional(),
  siteIds: idList.optional(),
  'siteIds[]': idList.optional(),
  chargerIds: idList.optional(),
  'chargerIds[]': idList.optional(),
  types: alertTypes.optional(),
  'types[]': alertTypes.optional(),
  active: flag.optional().meta({ description: 'true: active alerts only; false: ended ones only (default: both)' }),
  severities: alertSeverities.optional(),
  'severities[]': alertSeverities.optional(),
  acknowledged: flag
    .optional()
    .meta({ description: 'true: acknowledged alerts only; false: unacknowledged ones only (default: both)' }),
  nextPageCursor: cursor.optional(),
  pollCursor: z.string().max(2048).optional().meta({
    description:
      "Poll for new alerts, each exactly once, oldest first: the previous poll's pagination.pollCursor, or an ISO 8601 time (with offset) to start after; not with startTimestampAfter or nextPageCursor",
  }),
});

/** One setting: whole minutes (or %) within its bounds. */
function setting(name: keyof AlertSettingsShape, description: string) {
  const { min, max } = ALERT_SETTINGS_BOUNDS[name];
  return z
    .number({ error: `must be an integer from ${min} to ${max}` })
    .int(`must be an integer from ${min} to ${max}`)
    .min(min, `must be an integer from ${min} to ${max}`)
    .max(max, `must be an integer from ${min} to ${max}`)
    .meta({ description: `${description} (${min}–${max})` });
}

const settingFields = {
  offlineThresholdMinutes: setting(
    'offlineThresholdMinutes',
    'offlineCharger: minutes without a message before the probe (default 10)',
  ),
  chargerFaultedGraceMinutes: setting(
    'chargerFaultedGraceMinutes',
    'chargerFaulted: minutes a port stays Faulted before the alert (default 5)',
  ),
  lateChargingMarginMinutes: setting(
    'lateChargingMarginMinutes',
    'lateCharging: minutes a vehicle may be predicted late before the alert (default 15)',
  ),
  lowBatterySocPercent: setting('lowBatterySocPercent', 'lowBattery: state of charge threshold, % (default 20)'),
  offlineClearAfterMinutes: setting(
    'offlineClearAfterMinutes',
    'offlineCharger: minutes connected and talking before the alert clears (default 5)',
  ),
};

/** An organization's alert settings, every one given. */
export const AlertSettings = conformsTo<AlertSettingsShape>()(z.object(settingFields).meta({ id: 'AlertSettings' }));

/** `{ data: settings }`. */
export const AlertSettingsResponse = z.object({ data: AlertSettings }).meta({ id: 'AlertSettingsResponse' });

/** `PATCH /api/alert-settings` body: the settings given change. */
export const PatchAlertSettingsBody = z
  .strictObject({
    alertSettings: z
      .strictObject({
        offlineThresholdMinutes: settingFields.offlineThresholdMinutes.optional(),
        chargerFaultedGraceMinutes: settingFields.chargerFaultedGraceMinutes.optional(),
        lateChargingMarginMinutes: settingFields.lateChargingMarginMinutes.optional(),
        lowBatterySocPercent: settingFields.lowBatterySocPercent.optional(),
        offlineClearAfterMinutes: settingFields.offlineClearAfterMinutes.optional(),
      })
      .refine((settings) => Object.keys(settings).length > 0, 'give at least one setting'),
  })
  .meta({ id: 'PatchAlertSettingsBody' });

/** The routes, in the order the OpenAPI document lists them. */
export const alertRoutes = defineRoutes('alerts', {
  'GET /api/alerts': {
    summary: 'List alerts',
    description:
      'Reference notes, "Alerts". Newest first (by startTimestamp: when the alert was raised, that is written; detectedTimestamp is when its condition was seen), up to 50 per page. startTimestampAfter: alerts raised after it. pollCursor: poll for new alerts instead, each exactly once, oldest first (docs/alerts.md, "Polling"): an ISO time to start after, then the pagination.pollCursor of each answer. includeMuted (default false): muted alerts too (raised during a maintenance window). alertRecipientIds: alerts e-mailed to one of these recipients. siteIds, chargerIds, types: repeat the bare name (types=offlineCharger&types=chargerFaulted; name[] and comma-joined values are accepted too), at most 50 each; an unknown type is a 400. severities: critical, warning, info (repeated like types). active: true for active alerts only, false for ended ones only. acknowledged: true for acknowledged alerts only, false for unacknowledged ones only. With several filters an alert must match each. A site-scoped key sees its site\'s alerts only; IDs it cannot see match nothing.',
    tags: ['Alerts'],
    request: { queryStringParameters: AlertsQuery },
    responses: { 200: { description: 'One page of alerts', schema: AlertList } },
  },
  'GET /api/alerts/{id}': {
    summary: 'Get an alert',
    description: "404 for an unknown alert or another organization's (or site's).",
    tags: ['Alerts'],
    request: { pathParameters: idPath },
    responses: { 200: { description: 'The alert', schema: AlertResponse } },
  },
  'POST /api/alerts/{id}/acknowledge': {
    role: 'operator',
    summary: 'Acknowledge an alert',
    description:
      'Records who acknowledged the alert (the API key\'s name, else "API key <id>"; a person\'s e-mail) and when (docs/alerts.md, "Acknowledgement"). Idempotent: an alert already acknowledged is answered as it is, the first acknowledgement standing. Ended alerts may be acknowledged too. No body. Nothing else changes and no event is sent. 404 for an unknown alert or another organization\'s (or site\'s).',
    tags: ['Alerts'],
    request: { pathParameters: idPath },
    responses: { 200: { description: 'The alert, acknowledged', schema: AlertResponse } },
  },
  'GET /api/alert-settings': {
    summary: "Get the organization's alert settings",
    description: 'Every setting, defaults filled in (docs/alerts.md, "Settings").',
    tags: ['Alerts'],
    responses: { 200: { description: 'The settings', schema: AlertSettingsResponse } },
  },
  'PATCH /api/alert-settings': {
    summary: "Change the organization's alert settings",
    description:
      'The settings given change, the others keep their values; answers every setting. Whole minutes (lowBatterySocPercent: %), each within its bounds, else a 400 naming the field (nothing stored). Organization-scoped keys only (a site-scoped key gets a 400 naming headers.authorization, spec §7). A change applies from the next sweep or event on; raised alerts keep the values they were raised with.',
    tags: ['Alerts'],
    organizationScopeOnly: true,
    request: { body: PatchAlertSettingsBody },
    fieldRoot: 'body.alertSettings',
    responses: { 200: { description: 'The settings', schema: AlertSettingsResponse } },
  },
});
