/**
 * The one rule for every time a charger states that the CSMS stores (statuses, session start and
 * end, meter value timestamps): normalised to ISO 8601 UTC, and never further in the future than
 * a small clock skew. A charger whose clock runs ahead (or that sends `9999-12-31T23:59:59Z`) would
 * otherwise freeze what it reports: a status from the future is newer than every real one.
 */
import { logger } from '../logger';

/** How far ahead of the CSMS a charger's clock may be before its times are replaced: 5 minutes (ms). */
export const MAX_CHARGER_CLOCK_SKEW_MS = 5 * 60_000;

/**
 * A charger's timestamp as stored: ISO 8601 UTC with milliseconds; the receive time when it is
 * absent, unreadable, or more than {@link MAX_CHARGER_CLOCK_SKEW_MS} after the receive time (logged).
 * @param timestamp the charger's time (OCPP dateTime)
 * @param receivedAt when the frame arrived, ISO 8601 UTC (the CSMS clock)
 * @param ocppId for the log line when the time is clamped
 */
export function chargerTime(timestamp: string | undefined, receivedAt: string, ocppId?: string): string {
  const ms = timestamp ? Date.parse(timestamp) : Number.NaN;
  if (!Number.isFinite(ms)) return receivedAt;
  if (ms > Date.parse(receivedAt) + MAX_CHARGER_CLOCK_SKEW_MS) {
    logger.warn('charger time in the future, replaced by the receive time', { ocppId, timestamp, receivedAt });
    return receivedAt;
  }
  return new Date(ms).toISOString();
}

/**
 * The latest charger time that may be stored now (ISO 8601 UTC): a stored time beyond it was
 * stored before the rule existed and must not win against a newer report.
 */
export function latestChargerTime(now = Date.now()): string {
  return new Date(now + MAX_CHARGER_CLOCK_SKEW_MS).toISOString();
}
