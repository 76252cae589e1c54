/**
 * An alert as the API answers it (`GET /api/alerts`; reference notes, "Alerts"): the type's own
 * object under its name, the other types' objects null, times ISO 8601 UTC.
 */
import type { AlertType } from '../db/entities/alerts';
import type { ProfileDriftView } from '../site-power/drift';

export { ALERT_TYPES, type AlertType } from '../db/entities/alerts';

/** How urgent an alert is (docs/alerts.md, "Severity"). */
export const ALERT_SEVERITIES = ['critical', 'warning', 'info'] as const;

/** One of {@link ALERT_SEVERITIES}. */
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

/**
 * The severity of each type: `critical` when a charger cannot charge (offline, faulted, a session
 * that failed) or may be under attack (a critical security event); `warning` also when a
 * charger's certificate is about to end; `warning` when a vehicle may leave short (late, low battery) or a charger may draw
 * more than its plan (profile drift) or a monitor of its device model crossed its threshold; `info` when all is well (charging completed).
 */
export const ALERT_SEVERITY: Readonly<Record<AlertType, AlertSeverity>> = {
  offlineCharger: 'critical',
  chargerFaulted: 'critical',
  chargingSessionError: 'critical',
  lateCharging: 'warning',
  lowBattery: 'warning',
  chargingCompleted: 'info',
  profileDrift: 'warning',
  securityEvent: 'critical',
  certificateExpiring: 'warning',
  chargerMonitor: 'warning',
};

/** The types of some severities, in {@link ALERT_TYPES}' order. */
export function typesOfSeverities(severities: readonly AlertSeverity[]): AlertType[] {
  return (Object.keys(ALERT_SEVERITY) as AlertType[]).filter((type) => severities.includes(ALERT_SEVERITY[type]));
}

/** `{ id, name }` of something an alert names. */
export interface AlertRef {
  id: number;
  name: string;
}

/** `lowBattery` and `chargingCompleted`: the threshold crossed and the state of charge seen, %. */
export interface SocAlertDetails {
  socThreshold: number | null;
  socPercent: number | null;
}

/** `chargingSessionError`: the OCPP status and error of the failure, and which failure it was. */
export interface SessionErrorDetails {
  status: string | null;
  ocppErrorCode: string | null;
  ocppVendorErrorCode: string | null;
  ocppInfo: string | null;
  /** e.g. "Charging failed to start", "Charging ended early", "Charger faulted during charging". */
  errorContext: string | null;
}

/** `offlineCharger`: the organization's threshold when it was raised, minutes. */
export interface OfflineChargerDetails {
  thresholdMinutes: number | null;
}

/** `lateCharging`: when the vehicle was first and is now predicted to reach its target, against its departure. */
export interface LateChargingDetails {
  originalEta: string | null;
  currentEta: string | null;
  originalDepartureTime: string | null;
  currentDepartureTime: string | null;
}

/** `chargerFaulted` (ours): the port's OCPP error while faulted, and since when. */
export interface ChargerFaultedDetails {
  ocppErrorCode: string | null;
  ocppVendorErrorCode: string | null;
  ocppInfo: string | null;
  /** ISO 8601 UTC: when the port reported `Faulted`. */
  faultedSince: string;
}

/**
 * `profileDrift` (ours): the charger enforces more than the allocation sent it
 * (docs/smart-charging.md, "What the charger enforces"): its composite schedule above the profile
 * (`source` `compositeSchedule`: the first instant above and both limits, in `chargingRateUnit`),
 * or a profile this CSMS did not send (`unknownProfile`: its id and source); and the answer to the
 * profile sent again (the repair).
 */
export type ProfileDriftDetails = Omit<ProfileDriftView, 'drifted' | 'source'> & {
  source: NonNullable<ProfileDriftView['source']>;
};

/**
 * `securityEvent` (ours): a critical security event of the charger (docs/certificates.md, "Security
 * events"), as stored: OCPP's `type`, `timestamp` and `techInfo`, and who reported it.
 */
export interface SecurityEventDetails {
  type: string;
  /** ISO 8601 UTC: when it happened. */
  timestamp: string;
  techInfo: string | null;
  /** The charger (SecurityEventNotification) or the CSMS (a CSR it refused). */
  source: 'charger' | 'csms';
}

/** `certificateExpiring` (ours): the charger's certificate that ends within the renewal lead time. */
export interface CertificateExpiringDetails {
  serialNumber: string;
  subject: string;
  /** ISO 8601 UTC: when it ends. */
  notAfter: string;
  /** The lead time it was raised with, days. */
  renewalLeadDays: number;
}

/**
 * `chargerMonitor` (ours): an OCPP 2.0.1 monitor crossed its threshold (NotifyEvent N07,
 * docs/monitoring.md): the component and variable watched, the value the charger reported, the
 * monitor's ID and kind (HardWiredMonitor, PreconfiguredMonitor, CustomMonitor), and its severity
 * (0 danger … 9 debug) when this system knows the monitor (NotifyEvent does not carry it).
 */
export interface ChargerMonitorDetails {
  component: { name: string; instance?: string; evse?: { id: number; connectorId?: number } };
  variable: { name: string; instance?: string };
  actualValue: string;
  severity: number | null;
  variableMonitoringId: number | null;
  eventNotificationType: string;
  /** The charger's event ID. */
  eventId: number;
  /** ISO 8601 UTC: the charger's time of the event. */
  timestamp: string;
  techCode: string | null;
  techInfo: string | null;
}

/** The API's alert. */
export interface Alert {
  id: number;
  type: AlertType;
  /** From the type ({@link ALERT_SEVERITY}). */
  severity: AlertSeverity;
  /** When it was raised (written), ISO 8601 UTC: the time `startTimestampAfter` and polls go by. */
  startTimestamp: string;
  /** When its condition was seen (the offline probe sent, the fault reported), at or before `startTimestamp`. */
  detectedTimestamp: string;
  /** null while the alert is active. */
  endTimestamp: string | null;
  muted: boolean;
  /** When it was acknowledged (ISO 8601 UTC) and by whom (a key's name, a person's e-mail); null until then. */
  acknowledgedAt: string | null;
  acknowledgedBy: string | null;
  lowBattery: SocAlertDetails | null;
  chargingCompleted: SocAlertDetails | null;
  chargingSessionError: SessionErrorDetails | null;
  offlineCharger: OfflineChargerDetails | null;
  lateCharging: LateChargingDetails | null;
  chargerFaulted: ChargerFaultedDetails | null;
  profileDrift: ProfileDriftDetails | null;
  securityEvent: SecurityEventDetails | null;
  certificateExpiring: CertificateExpiringDetails | null;
  chargerMonitor: ChargerMonitorDetails | null;
  /** `{ id }` of the session concerned, or null. */
  chargingSession: { id: number } | null;
  vehicle: AlertRef | null;
  site: AlertRef;
  charger: AlertRef;
  /** null when the alert concerns the whole charger. */
  port: AlertRef | null;
}
