/**
 * Carries out the rules' intents (`intents.ts`) with the store, in order, naming what an alert is
 * about when it is raised (docs/alerts.md, "Requests").
 *
 * A raise first checks the episode (2 GetItems: marker, alert); only a new alert reads its
 * charger's names (1 Query of the charger's items, shared by a batch) and is stored (see
 * `store.ts`). An update merges its fields over the active alert's `details`; a clear ends the
 * episode's active alert. A stream batch retried after a failure carries its intents out again:
 * an active episode is not raised twice, and a cleared one can only be raised again when its
 * condition is still seen.
 */
import type { Db } from '../db';
import { getChargerView, type ChargerView } from '../chargers/chargers';
import { activeAlert, chargerSubject, clearAlert, raiseAlert, updateAlert, type AlertSubject } from './store';
import type { AlertIntent, AlertPlace } from './intents';

/** The charger views a batch has read, by charger ID (undefined: no such charger). */
export type ChargerViews = Map<number, Promise<ChargerView | undefined>>;

/** A charger's view, read once per batch. */
export function chargerViewOf(db: Db, views: ChargerViews, chargerId: number): Promise<ChargerView | undefined> {
  let view = views.get(chargerId);
  if (!view) {
    view = getChargerView(db, chargerId);
    views.set(chargerId, view);
  }
  return view;
}

/**
 * The subject of an alert at `place`, with its names as they are now: the charger's name and
 * site, the port's name, the vehicle's name (the place's, else the port's session's).
 * @returns undefined when the charger no longer exists or belongs to another organization
 */
export function subjectOf(view: ChargerView | undefined, place: AlertPlace): AlertSubject | undefined {
  const charger = view?.charger;
  if (!charger || charger.organizationId !== place.organizationId) return undefined;
  const port = view.ports.find((p) =>
    place.portId !== undefined ? p.portId === place.portId : p.portNumber === place.portNumber,
  );
  const session = port?.currentChargingSession;
  const vehicle = session && session.sessionId === place.sessionId ? session.vehicle : undefined;
  const vehicleId = place.vehicleId ?? vehicle?.id;
  const vehicleName =
    place.vehicleName ?? (vehicle && vehicle.id === vehicleId ? (vehicle.name ?? vehicle.vin) : undefined);
  return {
    ...chargerSubject(charger, port),
    ...(place.sessionId !== undefined ? { sessionId: place.sessionId } : {}),
    ...(vehicleId !== undefined ? { vehicleId } : {}),
    ...(vehicleName ? { vehicleName } : {}),
  };
}

/**
 * Carries out `intents` in order.
 * @param views the batch's charger views (names of new alerts)
 * @returns how many alerts were raised, updated and cleared
 */
export async function applyIntents(
  db: Db,
  intents: readonly AlertIntent[],
  views: ChargerViews = new Map(),
): Promise<{ raised: number; updated: number; cleared: number }> {
  const counts = { raised: 0, updated: 0, cleared: 0 };
  for (const intent of intents) {
    if (intent.action === 'raise') {
      if (await activeAlert(db, intent.place.organizationId, intent.episodeKey)) continue;
      const subject = subjectOf(await chargerViewOf(db, views, intent.place.chargerId), intent.place);
      if (!subject) continue;
      const { raised } = await raiseAlert(db, {
        ...subject,
        type: intent.type,
        episodeKey: intent.episodeKey,
        details: intent.details,
        at: intent.at,
      });
      if (raised) counts.raised++;
    } else if (intent.action === 'update') {
      const active = await activeAlert(db, intent.organizationId, intent.episodeKey);
      if (!active) continue;
      const details = { ...(active.details as Record<string, unknown>), ...intent.details };
      if (await updateAlert(db, intent.organizationId, intent.episodeKey, details, intent.at)) counts.updated++;
    } else if (await clearAlert(db, intent.organizationId, intent.episodeKey, intent.at)) {
      counts.cleared++;
    }
  }
  return counts;
}
