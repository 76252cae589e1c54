/**
 * How long a charging station certificate the CSMS CA issues lives, and when it is due for renewal
 * (docs/certificates.md "Lifetime and renewal"): the operator may change both; the defaults are one
 * year and 30 days. From `notAfter − renewalLeadDays` on, a certificate is due for renewal: what
 * raises the `certificateExpiring` alert. Nothing sends `SignChargingStationCertificate` by
 * itself: an operator triggers the renewal, or the charger renews on its own.
 */
import type { x509 } from './x509';

/** Lifetime and renewal lead time of issued charging station certificates, in days. */
export interface CertificateLifetimeSettings {
  /** Validity of an issued certificate, in days (1–825). @default 365 */
  certificateLifetimeDays: number;
  /** How long before `notAfter` a certificate is due for renewal, in days (less than the lifetime). @default 30 */
  renewalLeadDays: number;
}

/** The defaults: one year, renewed from 30 days before its end. */
export const DEFAULT_LIFETIME_SETTINGS: Readonly<CertificateLifetimeSettings> = {
  certificateLifetimeDays: 365,
  renewalLeadDays: 30,
};

/** Longest lifetime accepted, in days (the CA/Browser Forum's old ceiling: longer is never good practice). */
export const MAX_LIFETIME_DAYS = 825;

/**
 * How far an issued certificate's `notBefore` is set before the time of issue, in ms: a charger
 * whose clock is a few minutes behind still accepts its new certificate.
 */
export const NOT_BEFORE_BACKDATE_MS = 5 * 60_000;

const DAY_MS = 86_400_000;

/**
 * Checks settings given by an operator.
 * @returns the problem with them in a sentence, or `undefined` when they are fine
 */
export function lifetimeSettingsProblem(settings: CertificateLifetimeSettings): string | undefined {
  const { certificateLifetimeDays: lifetime, renewalLeadDays: lead } = settings;
  if (!Number.isInteger(lifetime) || lifetime < 1 || lifetime > MAX_LIFETIME_DAYS)
    return `certificateLifetimeDays must be a whole number of days from 1 to ${MAX_LIFETIME_DAYS}`;
  if (!Number.isInteger(lead) || lead < 0 || lead >= lifetime)
    return 'renewalLeadDays must be a whole number of days from 0 to less than certificateLifetimeDays';
  return undefined;
}

/** The validity of a certificate issued at `now`: backdated by {@link NOT_BEFORE_BACKDATE_MS}, ending `lifetime` days after `now`. */
export function validityFrom(now: Date, settings: CertificateLifetimeSettings): { notBefore: Date; notAfter: Date } {
  return {
    notBefore: new Date(now.getTime() - NOT_BEFORE_BACKDATE_MS),
    notAfter: new Date(now.getTime() + settings.certificateLifetimeDays * DAY_MS),
  };
}

/** When `certificate` becomes due for renewal: `renewalLeadDays` before its `notAfter`. */
export function renewalDueAt(certificate: x509.X509Certificate, settings: CertificateLifetimeSettings): Date {
  return new Date(certificate.notAfter.getTime() - settings.renewalLeadDays * DAY_MS);
}

/** Whether `certificate` is due for renewal at `now` (or already expired). */
export function renewalDue(
  certificate: x509.X509Certificate,
  settings: CertificateLifetimeSettings,
  now: Date,
): boolean {
  return now.getTime() >= renewalDueAt(certificate, settings).getTime();
}
