/**
 * What the Alerts page shows (`GET /api/alerts`): each alert type in
 * words, the type's details in words ("offline for more than 10 min", "predicted 45 min late: ETA
 * 18:40, departs 17:55"), how long it lasted, the order of the list (active first), and the
 * query of the filters. Pure functions (unit-tested in Node).
 *
 * @module
 */
import { formatSpan, knownZone } from './format';
import type { Alert, AlertSeverity, AlertType } from './types';

/** Each alert type in words (a `Record`, so a type added to the API fails the console's type check until named here). */
export const ALERT_TYPE_WORDS: Record<AlertType, string> = {
  offlineCharger: 'Charger offline',
  lateCharging: 'Late charging',
  chargingSessionError: 'Charging session error',
  chargingCompleted: 'Charging completed',
  lowBattery: 'Low battery',
  chargerFaulted: 'Charger faulted',
  profileDrift: 'Profile drift',
  securityEvent: 'Security event',
  certificateExpiring: 'Certificate expiring',
  chargerMonitor: 'Charger monitor',
};

/** Each severity in words, and the badge it wears (critical: a charger cannot charge; warning: a vehicle may leave short; info: all is well). */
export const SEVERITY_BADGES: Record<AlertSeverity, { words: string; badge: string }> = {
  critical: { words: 'Critical', badge: 'badge-fault' },
  warning: { words: 'Warning', badge: 'badge-warn' },
  info: { words: 'Info', badge: 'badge-ok' },
};

/**
 * The alerts that need someone (critical and warning) apart from those that say all is well
 * (info: charging completed), each in the given order: info alerts are never mixed with faults.
 */
export function splitBySeverity(alerts: readonly Alert[]): { attention: Alert[]; info: Alert[] } {
  return {
    attention: alerts.filter((alert) => alert.severity !== 'info'),
    info: alerts.filter((alert) => alert.severity === 'info'),
  };
}

/** `by fleet-key, 18:40 CST` (as {@link formatClockTime} says it), or null while unacknowledged. */
export function acknowledgement(
  alert: Pick<Alert, 'acknowledgedAt' | 'acknowledgedBy'>,
  nowMs: number,
  timeZone?: string,
): string | null {
  if (alert.acknowledgedAt === null) return null;
  return `by ${alert.acknowledgedBy ?? 'someone'}, ${formatClockTime(alert.acknowledgedAt, nowMs, timeZone)}`;
}

/**
 * The query of the navigation's count: active, unmuted, unacknowledged critical alerts (a muted
 * one was raised during a maintenance window: expected, not someone's to act on).
 */
export const UNACKNOWLEDGED_CRITICAL_QUERY = 'active=true&severities=critical&acknowledged=false';

/** The alert types, in the order the filter lists them. */
export const ALERT_TYPES = Object.keys(ALERT_TYPE_WORDS) as AlertType[];

/**
 * `18:40 CST` of an ISO instant on `timeZone`'s clock (the alert's site's IANA zone; the
 * browser's when undefined or unknown), with the date when it is not on `nowMs`'s day there; '?'
 * for none.
 */
export function formatClockTime(iso: string | null, nowMs: number, timeZone?: string): string {
  const ms = iso ? Date.parse(iso) : Number.NaN;
  if (!Number.isFinite(ms)) return '?';
  const zone = knownZone(timeZone);
  const time = new Date(ms).toLocaleTimeString(undefined, {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: zone,
    timeZoneName: 'short',
  });
  const day = (at: number) => new Date(at).toLocaleDateString('en-CA', { timeZone: zone });
  if (day(ms) === day(nowMs)) return time;
  return `${new Date(ms).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: zone })} ${time}`;
}

const joinParts = (parts: (string | null | false | undefined)[]) => parts.filter(Boolean).join(', ');

/** The OCPP error of a session error or fault in words: `GroundFailure, vendor code E12: "ground fault"`. */
function ocppError(details: {
  ocppErrorCode: string | null;
  ocppVendorErrorCode: string | null;
  ocppInfo: string | null;
}) {
  return joinParts([
    details.ocppErrorCode && details.ocppErrorCode !== 'NoError' && details.ocppErrorCode,
    details.ocppVendorErrorCode && `vendor code ${details.ocppVendorErrorCode}`,
    details.ocppInfo && `"${details.ocppInfo}"`,
  ]);
}

/** `45 %` or '?' */
const percent = (value: number | null) => (value === null ? '?' : `${Math.round(value)} %`);

/**
 * The type's details of `alert` in words, from its type's object (its other objects are null);
 * '' when the object is missing. Times as {@link formatClockTime} says them on `timeZone`'s clock.
 */
export function alertDetails(alert: Alert, nowMs: number, timeZone?: string): string {
  const clock = (iso: string | null) => formatClockTime(iso, nowMs, timeZone);
  switch (alert.type) {
    case 'offlineCharger': {
      const minutes = alert.offlineCharger?.thresholdMinutes;
      return minutes ? `offline for more than ${minutes} min` : 'offline';
    }
    case 'lateCharging': {
      const late = alert.lateCharging;
      if (!late) return '';
      const lateMs = Date.parse(late.currentEta ?? '') - Date.parse(late.currentDepartureTime ?? '');
      const by = Number.isFinite(lateMs) && lateMs > 0 ? `${formatSpan(lateMs)} ` : '';
      const moved =
        late.originalEta && late.originalEta !== late.currentEta
          ? ` (first predicted ETA ${clock(late.originalEta)})`
          : '';
      return `predicted ${by}late: ETA ${clock(late.currentEta)}, departs ${clock(late.currentDepartureTime)}${moved}`;
    }
    case 'chargingSessionError': {
      const error = alert.chargingSessionError;
      if (!error) return '';
      const what = ocppError(error);
      return joinParts([error.errorContext ?? 'session error', what, error.status && `status ${error.status}`]);
    }
    case 'chargingCompleted': {
      const soc = alert.chargingCompleted;
      return soc?.socPercent === null || soc?.socPercent === undefined
        ? 'target reached'
        : `target reached: SoC ${percent(soc.socPercent)}`;
    }
    case 'lowBattery': {
      const soc = alert.lowBattery;
      return soc ? `SoC ${percent(soc.socPercent)}, below ${percent(soc.socThreshold)}` : '';
    }
    case 'chargerMonitor': {
      const monitor = alert.chargerMonitor;
      return monitor ? `${monitor.component.name}.${monitor.variable.name} = ${monitor.actualValue}` : '';
    }
    case 'chargerFaulted': {
      const fault = alert.chargerFaulted;
      if (!fault) return '';
      const what = ocppError(fault);
      return `faulted since ${clock(fault.faultedSince)}${what ? `: ${what}` : ''}`;
    }
    case 'profileDrift': {
      const drift = alert.profileDrift;
      if (!drift) return '';
      if (drift.source === 'unknownProfile') return `holds profile ${drift.unknownProfileId} it was not sent`;
      const enforced = drift.compositeLimit === null ? 'no limit' : `${drift.compositeLimit} ${drift.chargingRateUnit}`;
      return `enforces ${enforced}, plan ${drift.plannedLimit} ${drift.chargingRateUnit}`;
    }
    case 'certificateExpiring': {
      const certificate = alert.certificateExpiring;
      return certificate ? `certificate ends ${clock(certificate.notAfter)}` : '';
    }
    case 'securityEvent': {
      const event = alert.securityEvent;
      return event ? joinParts([event.type, event.techInfo]) : '';
    }
  }
}

/** `active for 25 min` or `lasted 2 h 5 min`, measured to `nowMs` while active. */
export function alertDuration(alert: Pick<Alert, 'startTimestamp' | 'endTimestamp'>, nowMs: number): string {
  const start = Date.parse(alert.startTimestamp);
  if (alert.endTimestamp === null) return `active for ${formatSpan(nowMs - start)}`;
  return `lasted ${formatSpan(Date.parse(alert.endTimestamp) - start)}`;
}

/** Active alerts first (latest started first), then ended ones (latest ended first); ties by ID, newest first. */
export function sortAlerts(alerts: readonly Alert[]): Alert[] {
  const key = (alert: Alert) =>
    alert.endTimestamp === null ? [0, -Date.parse(alert.startTimestamp)] : [1, -Date.parse(alert.endTimestamp)];
  return [...alerts].sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    return ka[0]! - kb[0]! || ka[1]! - kb[1]! || b.id - a.id;
  });
}

/** The filters of the Alerts page. */
export interface AlertFilters {
  /** One type, or '' for all. */
  type: AlertType | '';
  /** One site's ID, or '' for all. */
  siteId: string;
  /** Which alerts: active and recently ended, active only, or recently ended only. */
  state: 'all' | 'active' | 'ended';
  includeMuted: boolean;
}

/** The default filters: every type and site, active and recently ended, muted ones included. */
export const DEFAULT_ALERT_FILTERS: AlertFilters = { type: '', siteId: '', state: 'all', includeMuted: true };

/**
 * The `GET /api/alerts` queries of `filters`: one of the active alerts and one of those ended and
 * started after `endedAfter` (ISO), or just one of them (`state`). The type and site filter both.
 */
export function alertQueries(filters: AlertFilters, endedAfter: string): URLSearchParams[] {
  const common = (): URLSearchParams => {
    const query = new URLSearchParams({ includeMuted: String(filters.includeMuted) });
    if (filters.type) query.set('types', filters.type);
    if (filters.siteId) query.set('siteIds', filters.siteId);
    return query;
  };
  const queries: URLSearchParams[] = [];
  if (filters.state !== 'ended') {
    const active = common();
    active.set('active', 'true');
    queries.push(active);
  }
  if (filters.state !== 'active') {
    const ended = common();
    ended.set('active', 'false');
    ended.set('startTimestampAfter', endedAfter);
    queries.push(ended);
  }
  return queries;
}
