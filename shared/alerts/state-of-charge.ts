/**
 * `lowBattery` and `chargingCompleted` (docs/alerts.md), pure, from the SoC the
 * charger reports (OCPP MeterValues `SoC`, kept on the port's `portReadings` item) and the
 * session's record at its end.
 *
 * - **lowBattery**: the session's first SoC reading (`socStartPercent`, at plug-in) or its SoC at
 *   the end (`socEndPercent`, at departure) below the organization's `lowBatterySocPercent`. Raised
 *   once per session: at plug-in it stays active until the session ends; at the end (when not
 *   raised at plug-in) it is raised and cleared at once.
 * - **chargingCompleted**: the SoC reaching the session's target: the `targetSoc` of the vehicle's
 *   first planned departure after the session started, else the default target (90 %, as charger
 *   health's "ended early" measures it). Raised once per session when a reading crosses it (or the
 *   session's first reading is already at it); cleared when the session ends. A session without SoC
 *   readings raises neither.
 *
 * One episode per session: `lowBattery:session:<id>`, `chargingCompleted:session:<id>`.
 */
import { numberOf, type TableChange } from '../db/table-changes';
import { episodeKey } from './store';
import { stringOf, type AlertIntent, type AlertPlace, type Image } from './intents';
import type { SocAlertDetails } from './types';

/** What a `portReadings` change says of a session's SoC. */
export interface SocChange {
  chargerId: number;
  portNumber: number;
  sessionId: number;
  /** The session's first SoC reading, % and its time, when this change recorded it. */
  plugIn?: { socPercent: number; at: string };
  /** The SoC now and before this change (same session; undefined: no earlier reading), %. */
  soc?: { socPercent: number; previousPercent?: number; at: string };
}

const socOf = (image: Image | undefined) => {
  const reading = image?.socPercent as { value?: unknown; timestamp?: unknown } | undefined;
  const value = numberOf(reading?.value);
  const at = stringOf(reading?.timestamp);
  return value === undefined || at === undefined ? undefined : { value, at };
};

/**
 * The SoC news of a `portReadings` change: a first reading (plug-in) and a new SoC value of a
 * session in progress; undefined when it brings neither (most meter values: energy and power only).
 */
export function socChangeOf(change: TableChange): SocChange | undefined {
  const after = change.newImage;
  if (!after || after.endedAt !== undefined) return undefined;
  const chargerId = numberOf(after.chargerId);
  const portNumber = numberOf(after.portNumber);
  const sessionId = numberOf(after.sessionId);
  if (chargerId === undefined || portNumber === undefined || sessionId === undefined) return undefined;
  const before = numberOf(change.oldImage?.sessionId) === sessionId ? change.oldImage : undefined;
  const now = socOf(after);
  const previous = socOf(before);
  const start = numberOf(after.socStartPercent);
  const plugIn =
    start !== undefined && numberOf(before?.socStartPercent) === undefined
      ? { socPercent: start, at: now?.at ?? stringOf(after.readingAt) ?? new Date().toISOString() }
      : undefined;
  const soc =
    now && now.value !== previous?.value
      ? { socPercent: now.value, ...(previous ? { previousPercent: previous.value } : {}), at: now.at }
      : undefined;
  if (!plugIn && !soc) return undefined;
  return { chargerId, portNumber, sessionId, ...(plugIn ? { plugIn } : {}), ...(soc ? { soc } : {}) };
}

/** A `lowBattery` raise: `socPercent` below `threshold`, else undefined. */
export function lowBatteryIntent(
  place: AlertPlace & { sessionId: number },
  socPercent: number,
  threshold: number,
  at: string,
): AlertIntent | undefined {
  if (!(socPercent < threshold)) return undefined;
  const details: SocAlertDetails = { socThreshold: threshold, socPercent };
  return {
    action: 'raise',
    type: 'lowBattery',
    episodeKey: episodeKey('lowBattery', 'session', place.sessionId),
    place,
    details: { ...details },
    at,
  };
}

/**
 * The intents of a session's SoC news (`socChangeOf`).
 * @param place where the session runs (its organization read with its charger)
 * @param lowBatterySocPercent the organization's threshold, %
 * @param targetSoc the session's target (see the module), %
 */
export function socIntents(
  news: SocChange,
  place: AlertPlace & { sessionId: number },
  lowBatterySocPercent: number,
  targetSoc: number,
): AlertIntent[] {
  const intents: AlertIntent[] = [];
  if (news.plugIn) {
    const low = lowBatteryIntent(place, news.plugIn.socPercent, lowBatterySocPercent, news.plugIn.at);
    if (low) intents.push(low);
  }
  const soc = news.soc;
  if (soc && soc.socPercent >= targetSoc && (soc.previousPercent === undefined || soc.previousPercent < targetSoc)) {
    const details: SocAlertDetails = { socThreshold: targetSoc, socPercent: soc.socPercent };
    intents.push({
      action: 'raise',
      type: 'chargingCompleted',
      episodeKey: episodeKey('chargingCompleted', 'session', place.sessionId),
      place,
      details: { ...details },
      at: soc.at,
    });
  }
  return intents;
}
