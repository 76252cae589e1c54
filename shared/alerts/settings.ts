/**
 * An organization's alert settings (docs/alerts.md): the thresholds and timings
 * of the alert rules. Stored on the organization item (`alertSettings`, only the values changed
 * from {@link ALERT_SETTINGS_DEFAULTS}); a read fills in the defaults.
 */
import type { Db } from '../db';
import { conditionHeld, unlessConditionFails } from '../db/conditions';

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
 * returns them all. Only the settings given are written (`SET alertSettings.<name> = :value` on the
 * stored map, nothing read first), so concurrent changes of different settings all stay, and of
 * the same setting the last one written wins. 1 UpdateItem; an organization's first change 3
 * (the field update refused for want of a map, the map created if still absent, the update again).
 * @returns undefined when the organization does not exist
 */
export async function updateAlertSettings(
  db: Db,
  organizationId: number,
  patch: Partial<AlertSettings>,
): Promise<AlertSettings | undefined> {
  const changes = Object.entries(patch).filter(([, value]) => value !== undefined) as [keyof AlertSettings, number][];
  // DynamoDB refuses a path into a map that is not there: the update requires the map (and the item).
  const setChanged = () =>
    unlessConditionFails(
      db.organization
        .patch({ organizationId })
        .data(({ alertSettings }, { set }) => {
          for (const [name, value] of changes) set(alertSettings[name], value);
        })
        .where(({ alertSettings }, { exists }) => exists(alertSettings))
        .go({ response: 'all_new' }),
    );
  const updated =
    (await setChanged()) ?? ((await createSettingsMap(db, organizationId)) ? await setChanged() : undefined);
  return updated && settingsOf(updated.data.alertSettings);
}

/** Stores an empty settings map unless one is there: false when the organization does not exist. */
function createSettingsMap(db: Db, organizationId: number): Promise<boolean> {
  return conditionHeld(db.organization.patch({ organizationId }).ifNotExists({ alertSettings: {} }).go());
}
