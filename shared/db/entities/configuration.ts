/**
 * Entities of charger configuration (`shared/charger-configuration/`): the configuration a charger
 * last reported (OCPP 1.6 keys, OCPP 2.0.1 device model) and the pages of 2.0.1 reports being
 * received. Both live in the charger's partition (`$cn#chargerid_<id>`) but outside its
 * `chargerView` collection, so a charger read does not read them.
 */
import { Entity } from 'electrodb';
import { optionalNumber, optionalString, OCPP_PROTOCOLS, SERVICE, timestamp, type EntityConfiguration } from './common';

/**
 * A charger's configuration as last read: 1.6 the keys of a GetConfiguration answer; 2.0.1 the
 * device model of the last complete NotifyReport (its pages assembled), changed since by the
 * answers to GetVariables/SetVariables. The settings are kept as JSON text (`content`, gzip then
 * base64 when long), so any value a charger sends fits (no DynamoDB number range, no empty value).
 */
const chargerConfigurationSchema = {
  model: { entity: 'chargerConfiguration', version: '1', service: SERVICE },
  attributes: {
    chargerId: { type: 'number', required: true },
    /** The version the configuration was read over (its shape: keys or variables). */
    ocppProtocol: { type: OCPP_PROTOCOLS, required: true },
    /** When the stored configuration was read: the GetConfiguration answer, the report's last page. */
    readAt: optionalString,
    /** What it was read with: `GetConfiguration` (1.6) or `NotifyReport` (2.0.1). */
    source: { type: ['GetConfiguration', 'NotifyReport'] as const },
    /** 2.0.1: the report's requestId, base (when we asked for it) and the charger's `generatedAt`. */
    reportRequestId: optionalNumber,
    reportBase: optionalString,
    generatedAt: optionalString,
    /** The settings (`StoredSettings` of `shared/charger-configuration/settings.ts`) as JSON text. */
    content: optionalString,
    /** `gzip`: `content` is the JSON text gzipped, in base64 (a large device model). */
    contentEncoding: { type: ['json', 'gzip'] as const },
    /** A 2.0.1 report asked for (GetBaseReport accepted) whose last page has not come yet. */
    pendingReport: {
      type: 'map',
      properties: {
        requestId: { type: 'number', required: true },
        reportBase: { type: 'string', required: true },
        requestedAt: { type: 'string', required: true },
      },
    },
    /**
     * 2.0.1: the requestIds of the targeted reports asked for (GetReport, B08; the `reportRequest`
     * counter, the last 20): their pages are merged into the settings instead of replacing them.
     */
    targetedReportIds: { type: 'set', items: 'number' },
    updatedAt: timestamp,
  },
  indexes: {
    primary: { pk: { field: 'pk', composite: ['chargerId'] }, sk: { field: 'sk', composite: [] } },
  },
} as const;

/**
 * What every report page shares (a device-model report's and a monitoring report's): the
 * charger, the request, the page's `seqNo` and `tbc`, its times, its expiry (TTL: a report is
 * assembled within a day or never), keyed by charger, then request and page.
 */
const reportPageAttributes = {
  chargerId: { type: 'number', required: true },
  requestId: { type: 'number', required: true },
  seqNo: { type: 'number', required: true },
  /** More pages follow (`tbc`); the report's last page has false. */
  tbc: { type: 'boolean', required: true },
  generatedAt: timestamp,
  receivedAt: timestamp,
  expiresAt: { type: 'number' },
} as const;

/** The key of a report page. */
const reportPageIndexes = {
  primary: {
    pk: { field: 'pk', composite: ['chargerId'] },
    sk: { field: 'sk', composite: ['requestId', 'seqNo'] },
  },
} as const;

/**
 * One page of an OCPP 2.0.1 report (NotifyReport, B07/B08) as the charger sent it, kept until the
 * report is assembled and a day after (TTL): pages may come in any order, and a report whose
 * pages stop coming is shown as incomplete, never assembled.
 */
const deviceModelPageSchema = {
  model: { entity: 'deviceModelPage', version: '1', service: SERVICE },
  attributes: {
    ...reportPageAttributes,
    /** The page's `reportData` as JSON text (`[]` when it had none). */
    reportData: { type: 'string', required: true },
  },
  indexes: reportPageIndexes,
} as const;

/**
 * The latest event an OCPP 2.0.1 monitor raised on a charger (NotifyEvent N07 with
 * `eventNotificationType` HardWiredMonitor, PreconfiguredMonitor or CustomMonitor and `trigger`
 * Alerting: a threshold crossed), one item per monitor (`monitorKey`: the component, the variable
 * and the monitor's ID), replaced by each later event of it; `cleared` when the charger reports the
 * situation over. The alert rules raise and clear `chargerMonitor` alerts from its stream changes
 * (docs/monitoring.md). In the charger's partition, outside its `chargerView` collection.
 */
const chargerMonitorEventSchema = {
  model: { entity: 'chargerMonitorEvent', version: '1', service: SERVICE },
  attributes: {
    chargerId: { type: 'number', required: true },
    /** `<component>[/<evse>[/<connector>]][#<instance>].<variable>[#<instance>]@<variableMonitoringId or ->`. */
    monitorKey: { type: 'string', required: true },
    organizationId: { type: 'number', required: true },
    siteId: { type: 'number', required: true },
    componentName: { type: 'string', required: true },
    componentInstance: optionalString,
    evseId: optionalNumber,
    connectorId: optionalNumber,
    variableName: { type: 'string', required: true },
    variableInstance: optionalString,
    variableMonitoringId: optionalNumber,
    /** The monitor's severity (0-9) when its charger's monitoring report listed it. */
    severity: optionalNumber,
    eventId: { type: 'number', required: true },
    trigger: { type: 'string', required: true },
    eventNotificationType: { type: 'string', required: true },
    actualValue: { type: 'string', required: true },
    cleared: { type: 'boolean', required: true },
    techCode: optionalString,
    techInfo: optionalString,
    /** The charger's time of the event, ISO 8601 UTC. */
    timestamp: timestamp,
    receivedAt: timestamp,
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['chargerId'] },
      sk: { field: 'sk', composite: ['monitorKey'], casing: 'none' },
    },
  },
} as const;

/**
 * One page of an OCPP 2.0.1 monitoring report (NotifyMonitoringReport, N02) as the charger sent it,
 * kept until the report is assembled and a day after (TTL), as a device-model report's pages are.
 */
const monitoringReportPageSchema = {
  model: { entity: 'monitoringReportPage', version: '1', service: SERVICE },
  attributes: {
    ...reportPageAttributes,
    /** The page's `monitor` list as JSON text (`[]` when it had none). */
    monitors: { type: 'string', required: true },
  },
  indexes: reportPageIndexes,
} as const;

/**
 * A charger's monitors as its last complete monitoring report listed them (docs/monitoring.md):
 * the monitors as JSON text, the report's `requestId` and `generatedAt`, when it was complete.
 */
const chargerMonitorsSchema = {
  model: { entity: 'chargerMonitors', version: '1', service: SERVICE },
  attributes: {
    chargerId: { type: 'number', required: true },
    requestId: { type: 'number', required: true },
    generatedAt: timestamp,
    readAt: timestamp,
    /** The monitors as JSON text: `[{ id, component, variable, type, value, severity, transaction }]`. */
    monitors: { type: 'string', required: true },
  },
  indexes: {
    primary: { pk: { field: 'pk', composite: ['chargerId'] }, sk: { field: 'sk', composite: [] } },
  },
} as const;

/** Builds the configuration entities bound to one client and table. */
export function configurationEntities(config: EntityConfiguration) {
  return {
    chargerConfiguration: new Entity(chargerConfigurationSchema, config),
    deviceModelPage: new Entity(deviceModelPageSchema, config),
    chargerMonitorEvent: new Entity(chargerMonitorEventSchema, config),
    monitoringReportPage: new Entity(monitoringReportPageSchema, config),
    chargerMonitors: new Entity(chargerMonitorsSchema, config),
  };
}
