/**
 * Events of OCPP 2.0.1 monitors (docs/monitoring.md; NotifyEvent N07, part 2 §3.5): the events a
 * monitor raised when its variable crossed a threshold (`trigger` Alerting, `eventNotificationType`
 * HardWiredMonitor, PreconfiguredMonitor or CustomMonitor) are kept, the latest per monitor, in a
 * `chargerMonitorEvent` item, from whose changes the alert rules raise and clear `chargerMonitor`
 * alerts (`shared/alerts/charger-monitor.ts`). Delta and Periodic events report a value, not a
 * situation (they are never cleared): logged, not kept. Events of no monitor
 * (HardWiredNotification) are the fault path's (error reports).
 */
import type { Db } from '../db';
import { isConditionalCheckFailure } from '../db/conditions';
import { loadChargerMonitors } from './monitoring-report';
import type { ComponentRef } from './settings';

/** The event notification types of monitors (2.0.1 EventNotificationEnumType without HardWiredNotification). */
export const MONITOR_NOTIFICATION_TYPES = ['HardWiredMonitor', 'PreconfiguredMonitor', 'CustomMonitor'] as const;

/** An event as a charger reported it (EventDataType), version-neutral; `timestamp` already the charger's time in UTC. */
export interface MonitorEvent {
  eventId: number;
  timestamp: string;
  trigger: string;
  eventNotificationType: string;
  actualValue: string;
  cleared?: boolean;
  techCode?: string;
  techInfo?: string;
  variableMonitoringId?: number;
  component: ComponentRef;
  variable: { name: string; instance?: string };
}

/** Whether an event is one a monitor raised on crossing its threshold (kept, and alerted). */
export function isMonitorAlert(event: Pick<MonitorEvent, 'trigger' | 'eventNotificationType'>): boolean {
  return (
    event.trigger === 'Alerting' &&
    (MONITOR_NOTIFICATION_TYPES as readonly string[]).includes(event.eventNotificationType)
  );
}

/**
 * The monitor an event is of: `<component>[/<evse>[/<connector>]][#<instance>].<variable>[#<instance>]@<monitor ID or ->`
 * (names as the charger sent them). Pure.
 */
export function monitorKeyOf(event: Pick<MonitorEvent, 'component' | 'variable' | 'variableMonitoringId'>): string {
  const { component, variable } = event;
  const evse = component.evse
    ? `/${component.evse.id}${component.evse.connectorId === undefined ? '' : `/${component.evse.connectorId}`}`
    : '';
  const instance = (i: string | undefined) => (i === undefined ? '' : `#${i}`);
  return `${component.name}${evse}${instance(component.instance)}.${variable.name}${instance(variable.instance)}@${event.variableMonitoringId ?? '-'}`;
}

/**
 * Keeps the monitor events among a NotifyEvent's ({@link isMonitorAlert}): one PutItem each, which
 * replaces the monitor's item unless that holds a later event (by the charger's time), so a late
 * retransmission never revives a cleared situation; with the monitor's severity when the charger's
 * last monitoring report listed it (one GetItem, when there is any such event).
 * @param charger whose events they are
 * @param receivedAt when the NotifyEvent came, ISO 8601 UTC
 * @returns how many were kept
 */
export async function recordMonitorEvents(
  db: Db,
  charger: { chargerId: number; organizationId: number; siteId: number },
  events: readonly MonitorEvent[],
  receivedAt: string,
): Promise<number> {
  let kept = 0;
  const alerting = events.filter(isMonitorAlert);
  const known = alerting.some((e) => e.variableMonitoringId !== undefined)
    ? (await loadChargerMonitors(db, charger.chargerId)).monitors
    : [];
  for (const event of alerting) {
    const severity = known.find((m) => m.id === event.variableMonitoringId)?.severity;
    const { component, variable } = event;
    try {
      await db.chargerMonitorEvent
        .put({
          chargerId: charger.chargerId,
          organizationId: charger.organizationId,
          siteId: charger.siteId,
          monitorKey: monitorKeyOf(event),
          componentName: component.name,
          ...(component.instance === undefined ? {} : { componentInstance: component.instance }),
          ...(component.evse ? { evseId: component.evse.id } : {}),
          ...(component.evse?.connectorId === undefined ? {} : { connectorId: component.evse.connectorId }),
          variableName: variable.name,
          ...(variable.instance === undefined ? {} : { variableInstance: variable.instance }),
          ...(event.variableMonitoringId === undefined ? {} : { variableMonitoringId: event.variableMonitoringId }),
          ...(severity === undefined ? {} : { severity }),
          eventId: event.eventId,
          trigger: event.trigger,
          eventNotificationType: event.eventNotificationType,
          actualValue: event.actualValue,
          cleared: event.cleared ?? false,
          ...(event.techCode === undefined ? {} : { techCode: event.techCode }),
          ...(event.techInfo === undefined ? {} : { techInfo: event.techInfo }),
          timestamp: event.timestamp,
          receivedAt,
        })
        .where(({ timestamp }, { notExists, lte }) => `${notExists(timestamp)} OR ${lte(timestamp, event.timestamp)}`)
        .go({ response: 'none' });
      kept += 1;
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
    }
  }
  return kept;
}
