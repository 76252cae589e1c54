/**
 * `chargerMonitor` (docs/alerts.md, "chargerMonitor"; docs/monitoring.md): from the latest event of
 * each OCPP 2.0.1 monitor (`chargerMonitorEvent` items, written by the NotifyEvent handler for the
 * events a monitor raises on crossing its threshold), pure.
 *
 * - **Raised** when a monitor's event is stored not cleared, with the component, the variable, the
 *   actual value, the monitor's ID and type of notification, and the severity when known.
 * - **Updated** with a later event of the same monitor while it is active (a new actual value).
 * - **Cleared** when the charger reports the event cleared (`cleared: true`), or the item goes.
 *
 * One episode per charger and monitor: `chargerMonitor:charger:<chargerId>:<monitorKey>`.
 */
import { numberOf, type TableChange } from '../db/table-changes';
import { stringOf, type AlertIntent, type Image } from './intents';
import { episodeKey } from './store';
import type { ChargerMonitorDetails } from './types';

/** The alert's details from a `chargerMonitorEvent` image. */
function detailsOf(image: Image): ChargerMonitorDetails {
  const evseId = numberOf(image.evseId);
  const connectorId = numberOf(image.connectorId);
  const componentInstance = stringOf(image.componentInstance);
  const variableInstance = stringOf(image.variableInstance);
  return {
    component: {
      name: stringOf(image.componentName) ?? '',
      ...(componentInstance === undefined ? {} : { instance: componentInstance }),
      ...(evseId === undefined ? {} : { evse: { id: evseId, ...(connectorId === undefined ? {} : { connectorId }) } }),
    },
    variable: {
      name: stringOf(image.variableName) ?? '',
      ...(variableInstance === undefined ? {} : { instance: variableInstance }),
    },
    actualValue: stringOf(image.actualValue) ?? '',
    severity: numberOf(image.severity) ?? null,
    variableMonitoringId: numberOf(image.variableMonitoringId) ?? null,
    eventNotificationType: stringOf(image.eventNotificationType) ?? '',
    eventId: numberOf(image.eventId) ?? 0,
    timestamp: stringOf(image.timestamp) ?? '',
    techCode: stringOf(image.techCode) ?? null,
    techInfo: stringOf(image.techInfo) ?? null,
  };
}

/**
 * The `chargerMonitor` intents of one `chargerMonitorEvent` change.
 * @returns raise + update for an event not cleared; clear for a cleared event or a removed item
 */
export function chargerMonitorIntents(change: TableChange): AlertIntent[] {
  const image = change.newImage ?? change.oldImage;
  const organizationId = numberOf(image?.organizationId);
  const chargerId = numberOf(image?.chargerId);
  const monitorKey = stringOf(image?.monitorKey);
  if (!image || organizationId === undefined || chargerId === undefined || !monitorKey) return [];
  const key = `${episodeKey('chargerMonitor', 'charger', chargerId)}:${monitorKey}`;
  const at = stringOf(change.newImage?.timestamp) ?? new Date().toISOString();
  if (!change.newImage || change.newImage.cleared === true) {
    return [{ action: 'clear', organizationId, episodeKey: key, at }];
  }
  const details = { ...detailsOf(change.newImage) };
  const evseId = numberOf(change.newImage.evseId);
  return [
    {
      action: 'raise',
      type: 'chargerMonitor',
      episodeKey: key,
      // An EVSE's component is that port's (its number is the EVSE's id); the station's is the charger's.
      place: { organizationId, chargerId, ...(evseId ? { portNumber: evseId } : {}) },
      details,
      at,
    },
    { action: 'update', organizationId, episodeKey: key, details, at },
  ];
}
