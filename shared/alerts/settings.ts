/**
 * An organization's alert settings (docs/alerts.md): the thresholds and timings
 * of the alert rules. Stored on the organization item (`alertSettings`, only the values changed
 * from {@link ALERT_SETTINGS_DEFAULTS}); a read fills in the defaults.
 */
import type { Db } from '../db';

/** The alert rules' settings of one organization. */
export interface AlertSettings {
  /** `offlineCharger`: minutes without a message (and an unanswered probe) before raising. */
  offlineThresholdMinutes: number;
  /** `offlineCharger`: minutes a charger must be back (connected and talking) before its alert clears. */
  offlineClearAfterMinutes: number;
  /** `chargerFaulted`: minutes a port must stay `Faulted` before raising. */
  chargerFaultedGraceMinutes: number;
  /** `lateCharging`: minutes a vehicle may be predicted late before raising. */
  lateChargingMarginMinutes: number;
  /** `lowBattery`: state of charge, %, below which a vehicle at plug-in or at departure raises. */
  lowBatterySocPercent: number;
}

/** The settings of an organization that changed none. */
export const ALERT_SETTINGS_DEFAULTS: Readonly<AlertSettings> = Object.freeze({
  offlineThresholdMinutes: 10,
  offlineClearAfterMinutes: 5,
  chargerFaultedGraceMinutes: 5,
  lateChargingMarginMinutes: 15,
  lowBatterySocPercent: 20,
});

/**
 * Bounds of each setting, inclusive (`PATCH /api/alert-settings` refuses others with a 400 naming
 * the field). The offline threshold starts at 5 minutes: `$default` records a talking charger's
 * last message at most every 5 minutes (`shared/chargers/last-message.ts`), so a shorter one
 * would probe talking chargers; a day is the most of any duration.
 */
export const ALERT_SETTINGS_BOUNDS: Readonly<Record<keyof AlertSettings, { min: number; max: number }>> = {
  offlineThresholdMinutes: { min: 5, max: 1440 },
  offlineClearAfterMinutes: { min: 1, max: 1440 },
  chargerFaultedGraceMinutes: { min: 0, max: 1440 },
  lateChargingMarginMinutes: { min: 0, max: 1440 },
  lowBatterySocPercent: { min: 1, max: 99 },
};

/** The settings stored in `alertSettings`, over the defaults (unknown or non-numeric values ignored). */
export function settingsOf(stored: unknown): AlertSettings {
  const settings: AlertSettings = { ...ALERT_SETTINGS_DEFAULTS };
  if (stored && typeof stored === 'object') {
    for (const key of Object.keys(ALERT_SETTINGS_DEFAULTS) as (keyof AlertSettings)[]) {
      const value = (stored as Record<string, unknown>)[key];
      if (typeof value === 'number' && Number.isFinite(value)) settings[key] = value;
    }
  }
  return settings;
}

/**
 * The alert settings of an organization (defaults for an unknown one): 1 GetItem.
 */
export async function alertSettings(db: Db, organizationId: number): Promise<AlertSettings> {
  const { data } = await db.organization.get({ organizationId }).go({ attributes: ['alertSettings'] });
  return settingsOf(data?.alertSettings);
}

/**
 * Changes some of an organization's alert settings (values already validated by the caller) and
 * returns them all: 1 GetItem + 1 UpdateItem (the stored map replaced by the merged one).
 * @returns undefined when the organization does not exist
 */
export async function updateAlertSettings(
  db: Db,
  organizationId: number,
  patch: Partial<AlertSettings>,
): Promise<AlertSettings | undefined> {
  const current = await db.organization.get({ organizationId }).go({ attributes: ['alertSettings'] });
  if (!current.data) return undefined;
  const merged = { ...(current.data.alertSettings as Partial<AlertSettings> | undefined), ...patch };
  await db.organization.patch({ organizationId }).set({ alertSettings: merged }).go();
  return settingsOf(merged);
}
