/**
 * The alert sweep's decisions, as pure functions of what it read and the time
 * (docs/alerts.md, "Types"): whether a charger is `offlineCharger` (probe it, raise, keep, clear)
 * and whether a port is `chargerFaulted` (raise, clear). Times are epoch milliseconds; durations
 * come from the organization's {@link AlertSettings} in minutes.
 */
import type { AlertSettings } from './settings';

const MINUTE_MS = 60_000;

/** What the sweep knows of a charger's link at a time. */
export interface ChargerLink {
  /** Whether a BootNotification of it was ever accepted (`lastBootAt`): one never booted is no one's concern. */
  booted: boolean;
  /** Connected now: when this connection started (epoch ms); undefined when not connected. */
  connectedAt?: number;
  /**
   * When it was last heard from (epoch ms): connected, its connection's `lastMessageAt` (or its
   * start); not connected, when it disconnected (its `connectionStatus` time). Undefined: never.
   */
  lastHeardAt?: number;
}

/**
 * What to do about a charger's `offlineCharger` episode:
 * - `none`: nothing (talking, never booted, or already alerted and still silent);
 * - `probe`: silent for the threshold with a connection: send the probe (TriggerMessage
 *   Heartbeat), raise only when it goes unanswered;
 * - `raise`: silent for the threshold without a connection;
 * - `clear`: alerted, and connected and talking for `offlineClearAfterMinutes`.
 */
export type OfflineAction = 'none' | 'probe' | 'raise' | 'clear';

/**
 * The `offlineCharger` decision for one charger at `now`.
 *
 * Silent = not heard from for `offlineThresholdMinutes` (a charger dropping for 20 s, or a fleet
 * reconnecting after a deployment, is heard from again long before). An active alert clears only
 * once the charger has been connected for `offlineClearAfterMinutes` and is not silent; until
 * then it stays (a charger flapping every minute keeps one alert: one per episode). An alert
 * raised while connected (the probe went unanswered) clears `offlineClearAfterMinutes` after it
 * was raised, once the charger talks again.
 * @param alertedAt epoch ms the active alert started; undefined when none is active
 */
export function offlineAction(
  link: ChargerLink,
  alertedAt: number | undefined,
  settings: Pick<AlertSettings, 'offlineThresholdMinutes' | 'offlineClearAfterMinutes'>,
  now: number,
): OfflineAction {
  if (!link.booted || link.lastHeardAt === undefined) return alertedAt === undefined ? 'none' : 'clear';
  const silent = now - link.lastHeardAt >= settings.offlineThresholdMinutes * MINUTE_MS;
  if (alertedAt !== undefined) {
    if (silent || link.connectedAt === undefined) return 'none';
    const talkingSince = Math.max(link.connectedAt, alertedAt);
    return now - talkingSince >= settings.offlineClearAfterMinutes * MINUTE_MS ? 'clear' : 'none';
  }
  if (!silent) return 'none';
  return link.connectedAt === undefined ? 'raise' : 'probe';
}

/** A port's OCPP status as stored (spec §2.3 `ocppStatus`). */
export interface PortStatusSnapshot {
  status: string;
  /** ISO 8601 UTC: when the charger reported it. */
  timestamp: string;
  errorCode: string;
  vendorErrorCode?: string;
  info?: string;
}

/** `chargerFaulted`'s object (`shared/alerts/types.ts` ChargerFaultedDetails). */
export interface FaultDetails {
  ocppErrorCode: string | null;
  ocppVendorErrorCode: string | null;
  ocppInfo: string | null;
  faultedSince: string;
}

/** What to do about a port's `chargerFaulted` episode. */
export type FaultAction = { action: 'none' | 'clear' } | { action: 'raise' | 'update'; details: FaultDetails };

/** The details of a Faulted status (`NoError`, 2.0.1's code for none, counts as none). */
export function faultDetails(status: PortStatusSnapshot): FaultDetails {
  return {
    ocppErrorCode: status.errorCode && status.errorCode !== 'NoError' ? status.errorCode : null,
    ocppVendorErrorCode: status.vendorErrorCode ?? null,
    ocppInfo: status.info ?? null,
    faultedSince: status.timestamp,
  };
}

/**
 * The `chargerFaulted` decision for one port at `now`: raised once its status has been `Faulted`
 * for `chargerFaultedGraceMinutes` (from the status's time), its details updated when the
 * charger reports another error while still Faulted (its `faultedSince` kept), cleared when the
 * status leaves `Faulted`.
 * @param active the active alert's details; undefined when none is active
 */
export function faultAction(
  status: PortStatusSnapshot | undefined,
  active: Record<string, unknown> | undefined,
  settings: Pick<AlertSettings, 'chargerFaultedGraceMinutes'>,
  now: number,
): FaultAction {
  const faulted = status?.status === 'Faulted';
  if (!faulted) return { action: active === undefined ? 'none' : 'clear' };
  const details = faultDetails(status);
  if (active !== undefined) {
    // The episode keeps its start: a charger repeating its Faulted report moves no `faultedSince`.
    const kept = { ...details, faultedSince: String(active.faultedSince ?? details.faultedSince) };
    const same = (Object.keys(kept) as (keyof FaultDetails)[]).every((k) => active[k] === kept[k]);
    return same ? { action: 'none' } : { action: 'update', details: kept };
  }
  const since = Date.parse(status.timestamp);
  return now - since >= settings.chargerFaultedGraceMinutes * MINUTE_MS
    ? { action: 'raise', details }
    : { action: 'none' };
}
