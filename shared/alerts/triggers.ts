/**
 * The alert rules raised from the table's change stream (docs/alerts.md):
 * `lateCharging` and `profileDrift` (site allocations), `chargerMonitor` (monitors' events), `chargingSessionError` (charger error reports and ended
 * sessions), `lowBattery` and `chargingCompleted` (SoC readings and ended sessions), `securityEvent`
 * (chargers' critical security events). A batch of
 * changes, filtered to {@link ALERT_TRIGGERING_ENTITIES}, becomes the rules' intents, carried out
 * in the changes' order (`apply.ts`).
 *
 * Reads per change that can matter: the organization's alert settings (1 GetItem per organization
 * and batch); for a new SoC reading the charger's items (1 Query per charger and batch) and, for a
 * vehicle, its departure plan (1 GetItem); then the store's requests per intent (`apply.ts`).
 */
import type { Db } from '../db';
import { entityOf, type TableChange } from '../db/table-changes';
import { DEFAULT_TARGET_SOC } from '../departures/rules';
import { nextDeparture } from '../departures/store';
import { applyIntents, chargerViewOf, type ChargerViews } from './apply';
import type { AlertIntent } from './intents';
import { lateChargingIntents } from './late-charging';
import { profileDriftIntents } from './profile-drift';
import { securityEventIntents } from './security-events';
import { faultIntents } from './session-errors';
import { chargerMonitorIntents } from './charger-monitor';
import { sessionEndIntents } from './session-end';
import { alertSettings, type AlertSettings } from './settings';
import { socChangeOf, socIntents, type SocChange } from './state-of-charge';

/** The entities whose changes can raise, update or clear these alerts; the stream filter passes only these. */
export const ALERT_TRIGGERING_ENTITIES = [
  'siteAllocation',
  'chargerError',
  'sessionRecord',
  'portReadings',
  'securityEvent',
  'chargerMonitorEvent',
] as const;

/** What one batch reads once: settings per organization, charger views per charger. */
interface BatchReads {
  settings: Map<number, Promise<AlertSettings>>;
  views: ChargerViews;
}

function settingsOf(db: Db, reads: BatchReads, organizationId: number): Promise<AlertSettings> {
  let settings = reads.settings.get(organizationId);
  if (!settings) {
    settings = alertSettings(db, organizationId);
    reads.settings.set(organizationId, settings);
  }
  return settings;
}

/** The intents of a session's SoC news: reads its charger (organization, vehicle) and target. */
async function socChangeIntents(db: Db, reads: BatchReads, news: SocChange): Promise<AlertIntent[]> {
  const view = await chargerViewOf(db, reads.views, news.chargerId);
  const port = view?.ports.find((p) => p.portNumber === news.portNumber);
  const session = port?.currentChargingSession;
  if (!view || !port || session?.sessionId !== news.sessionId) return [];
  const organizationId = view.charger.organizationId;
  const vehicleId = session.vehicle?.id;
  const settings = await settingsOf(db, reads, organizationId);
  const departure =
    news.soc && vehicleId !== undefined
      ? await nextDeparture(db, organizationId, vehicleId, session.startTime)
      : undefined;
  const place = {
    organizationId,
    chargerId: news.chargerId,
    portNumber: news.portNumber,
    portId: port.portId,
    sessionId: news.sessionId,
    ...(vehicleId !== undefined ? { vehicleId } : {}),
  };
  return socIntents(news, place, settings.lowBatterySocPercent, departure?.targetSoc ?? DEFAULT_TARGET_SOC);
}

/** The intents of one change (reads as the module says). */
async function intentsOf(db: Db, reads: BatchReads, change: TableChange): Promise<AlertIntent[]> {
  const organizationId = (change.newImage?.organizationId ?? change.oldImage?.organizationId) as number;
  switch (entityOf(change)) {
    case 'siteAllocation': {
      const drift = profileDriftIntents(change);
      if (!change.newImage?.lateVehicles && !change.oldImage?.lateVehicles) return drift;
      const margin = (await settingsOf(db, reads, organizationId)).lateChargingMarginMinutes;
      return [...lateChargingIntents(change, margin), ...drift];
    }
    case 'chargerError':
      return faultIntents(change);
    case 'chargerMonitorEvent':
      return chargerMonitorIntents(change);
    case 'sessionRecord': {
      if (change.newImage?.status !== 'Completed' || change.oldImage?.status === 'Completed') return [];
      return sessionEndIntents(change, (await settingsOf(db, reads, organizationId)).lowBatterySocPercent);
    }
    case 'portReadings': {
      const news = socChangeOf(change);
      return news ? socChangeIntents(db, reads, news) : [];
    }
    case 'securityEvent':
      return securityEventIntents(change);
    default:
      return [];
  }
}

/**
 * Raises, updates and clears the stream-raised alerts a batch of the table's changes calls for,
 * in the changes' order.
 * @returns how many alerts were raised, updated and cleared
 * @throws the data layer's errors (the stream's event source retries the batch, bisected)
 */
export async function applyAlertRules(
  db: Db,
  changes: readonly TableChange[],
): Promise<{ raised: number; updated: number; cleared: number }> {
  const reads: BatchReads = { settings: new Map(), views: new Map() };
  const intents: AlertIntent[] = [];
  for (const change of changes) intents.push(...(await intentsOf(db, reads, change)));
  return applyIntents(db, intents, reads.views);
}
