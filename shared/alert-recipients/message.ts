/**
 * The text of an alert e-mail (docs/alert-recipients.md, "The message"): a subject naming the alert
 * type, the charger and the site, and a short plain-text body: what happened, where (site, charger,
 * port, vehicle, session), when (in the site's time zone), and a link to the console's alerts page.
 */
import type { Alert } from '../alerts/types';

/** Readable names of the alert types (`ALERT_TYPES`). */
const TYPE_NAMES: Record<Alert['type'], string> = {
  offlineCharger: 'Charger offline',
  lateCharging: 'Vehicle charging late',
  chargingSessionError: 'Charging session error',
  chargingCompleted: 'Charging completed',
  lowBattery: 'Low battery',
  chargerFaulted: 'Charger faulted',
  profileDrift: 'Charger above its charging profile',
  securityEvent: 'Charger security event',
  certificateExpiring: 'Charger certificate expiring',
  chargerMonitor: 'Charger monitor',
};

/**
 * An instant in a time zone, e.g. `27 Nov 2026, 19:30 (America/Chicago)`; in UTC when the zone is
 * unknown to the runtime or not given.
 * @param at ISO 8601
 * @param timeZone an IANA zone name
 */
export function localTime(at: string, timeZone: string | undefined): string {
  const format = (zone: string) =>
    `${new Intl.DateTimeFormat('en-GB', {
      ...{ year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' },
      hourCycle: 'h23',
      timeZone: zone,
    }).format(new Date(at))} (${zone})`;
  try {
    return format(timeZone ?? 'UTC');
  } catch {
    return format('UTC');
  }
}

/** What happened, one sentence per type, from the alert's type-specific object. */
function whatHappened(alert: Alert, time: (at: string) => string): string {
  switch (alert.type) {
    case 'offlineCharger':
      return `The charger has sent nothing for ${alert.offlineCharger?.thresholdMinutes ?? 'some'} minutes and did not answer a probe.`;
    case 'lateCharging': {
      const late = alert.lateCharging;
      const eta = late?.currentEta ? time(late.currentEta) : 'unknown';
      const departure = late?.currentDepartureTime ? time(late.currentDepartureTime) : 'unknown';
      return `The vehicle is predicted to reach its target at ${eta}, after its departure at ${departure}.`;
    }
    case 'chargingSessionError': {
      const error = alert.chargingSessionError;
      const codes = [error?.status, error?.ocppErrorCode, error?.ocppVendorErrorCode, error?.ocppInfo].filter(Boolean);
      return `${error?.errorContext ?? 'The charging session failed'}${codes.length ? ` (${codes.join(', ')})` : ''}.`;
    }
    case 'chargingCompleted':
      return `Charging reached its target${alert.chargingCompleted?.socPercent != null ? ` (state of charge ${alert.chargingCompleted.socPercent} %)` : ''}.`;
    case 'lowBattery': {
      const soc = alert.lowBattery;
      return `The state of charge is ${soc?.socPercent ?? 'unknown'} %, below the threshold of ${soc?.socThreshold ?? 'unknown'} %.`;
    }
    case 'chargerFaulted': {
      const fault = alert.chargerFaulted;
      const codes = [fault?.ocppErrorCode, fault?.ocppVendorErrorCode, fault?.ocppInfo].filter(Boolean);
      return `The port has reported Faulted since ${fault ? time(fault.faultedSince) : 'unknown'}${codes.length ? ` (${codes.join(', ')})` : ''}.`;
    }
    case 'profileDrift':
      return driftSentence(alert.profileDrift, time);
    case 'certificateExpiring': {
      const certificate = alert.certificateExpiring;
      return `The charger's certificate ${certificate?.serialNumber ?? ''} ends at ${certificate ? time(certificate.notAfter) : 'unknown'} and has not been renewed.`;
    }
    case 'securityEvent': {
      const event = alert.securityEvent;
      const by = event?.source === 'csms' ? 'The CSMS recorded' : 'The charger reported';
      return `${by} the security event ${event?.type ?? 'unknown'} at ${event ? time(event.timestamp) : 'unknown'}${event?.techInfo ? ` (${event.techInfo})` : ''}.`;
    }
    case 'chargerMonitor':
      return monitorSentence(alert.chargerMonitor, time);
  }
}

/** What a `chargerMonitor` alert says: the variable, its value, when, and the severity when known. */
function monitorSentence(monitor: Alert['chargerMonitor'], time: (at: string) => string): string {
  if (!monitor) return 'A monitor of the charger crossed its threshold.';
  const { component, variable } = monitor;
  const where = `${component.name}${component.evse ? ` (EVSE ${component.evse.id})` : ''}`;
  const severity = monitor.severity === null ? '' : `, severity ${monitor.severity}`;
  return `The charger's monitor of ${where} ${variable.name} reported ${monitor.actualValue} at ${time(monitor.timestamp)}${severity}.`;
}

/** What a `profileDrift` alert says: the limits and where, or the unknown profile, and the repair. */
function driftSentence(drift: Alert['profileDrift'], time: (at: string) => string): string {
  const repair = drift?.resentStatus ? ` The profile was sent again (${drift.resentStatus}).` : '';
  if (drift?.source === 'unknownProfile') {
    return `The charger holds charging profile ${drift.unknownProfileId ?? 'unknown'} (${drift.unknownProfileSource ?? 'unknown source'}) that this system did not send.${repair}`;
  }
  const unit = drift?.chargingRateUnit ?? '';
  if (drift && drift.compositeLimit === null && drift.at)
    return `The charger will enforce no limit from ${time(drift.at)}, above the ${drift.plannedLimit ?? 'unknown'} ${unit} of its charging profile.${repair}`;
  return `The charger will enforce ${drift?.compositeLimit ?? 'unknown'} ${unit} from ${drift?.at ? time(drift.at) : 'unknown'}, above the ${drift?.plannedLimit ?? 'unknown'} ${unit} of its charging profile.${repair}`;
}

/**
 * The subject and body of the e-mail of a raised alert.
 * @param alert the alert as `GET /api/alerts` shows it
 * @param context.timeZone the site's IANA time zone (times in UTC without it)
 * @param context.consoleUrl the console's base URL (`https://charging.example.com`); no link without it
 */
export function alertMessage(
  alert: Alert,
  context: { timeZone?: string; consoleUrl?: string },
): { subject: string; text: string } {
  const time = (at: string) => localTime(at, context.timeZone);
  const type = TYPE_NAMES[alert.type] ?? alert.type;
  const where = [
    `Site: ${alert.site.name || `#${alert.site.id}`}`,
    `Charger: ${alert.charger.name || `#${alert.charger.id}`}`,
    ...(alert.port ? [`Port: ${alert.port.name || `#${alert.port.id}`}`] : []),
    ...(alert.vehicle ? [`Vehicle: ${alert.vehicle.name || `#${alert.vehicle.id}`}`] : []),
    ...(alert.chargingSession ? [`Charging session: ${alert.chargingSession.id}`] : []),
  ];
  const link = context.consoleUrl ? [``, `Alerts: ${context.consoleUrl.replace(/\/+$/, '')}/#/alerts`] : [];
  const text = [
    `${type} (alert ${alert.id})`,
    ``,
    whatHappened(alert, time),
    ``,
    ...where,
    `Raised: ${time(alert.startTimestamp)}`,
    ...link,
    ``,
    `You receive this because you are an alert recipient of this organization for "${alert.type}" alerts.`,
    ``,
  ].join('\n');
  return {
    subject: `${type}: ${alert.charger.name || `charger ${alert.charger.id}`} at ${alert.site.name || `site ${alert.site.id}`}`,
    text,
  };
}
