/**
 * Session records: the history read model of each charging session (`sessionRecord`), written in
 * the same transactions as the session itself (`shared/charging/sessions.ts` calls these), so a
 * record never disagrees with its session: put when the session starts, completed when it ends
 * with what its readings say (when power flowed, the highest 15-minute demand, whether it failed
 * to start or ended early), then the ended session is added to its charger's history.
 */
import type { EntityItem } from 'electrodb';
import type { Db, TransactionEntities, TransactionWrite } from '../db';
import { logger } from '../logger';
import { isConditionalCheckFailure } from '../db/conditions';
import { customerKey } from '../access/items';
import type { PortItem } from '../chargers/items';
import type { OpenSlot } from '../chargers/port-readings';
import { DEFAULT_TARGET_SOC } from '../departures/rules';
import { nextDeparture } from '../departures/store';
import { OPEN_END_KEY } from '../db/entities/history';
import { appendHistoryEvent } from './history-log';
import { flushOpenSlot, readSessionReadings } from './readings';
import { seriesFacts, type SeriesFacts } from './series';
import { currentSiteCostTariff, sessionEnergyCost, type EnergyCost } from './session-cost';
import type { FinalValues } from '../metering/final-values';
import type { OcppProtocol } from '../db/entities/common';

/** A stored session record. */
export type SessionRecordItem = EntityItem<Db['sessionRecord']>;
/** A stored charging session, as the charging domain writes it (`SessionItem` of `shared/charging`). */
type SessionItem = EntityItem<Db['chargingSession']>;
/** The session snapshot on its port while it runs. */
type PortSession = NonNullable<PortItem['currentChargingSession']>;

/** Stop reasons (OCPP 1.6 Reason, 2.0.1 ReasonEnumType) of a session stopped by a fault. */
const FAULT_STOP_REASONS: ReadonlySet<string> = new Set([
  'EmergencyStop',
  'GroundFault',
  'OvercurrentFault',
  'PowerLoss',
  'PowerQuality',
  'Reboot',
  'HardReset',
  'ImmediateReset',
]);

/** `<startTime>#<12-digit sessionId>`: the customer index's sort key. */
function customerStartKey(startTime: string, sessionId: number): string {
  return `${startTime}#${String(sessionId).padStart(12, '0')}`;
}

/** The customer index attributes of a session of `customerName` (none without a customer). */
function customerIndex(organizationId: number, startTime: string, sessionId: number, customerName: string | undefined) {
  if (!customerName) return {};
  return {
    customerName,
    customerIndexKey: `${organizationId}:${customerKey(customerName)}`,
    customerStartKey: customerStartKey(startTime, sessionId),
  };
}

/** Where a session runs. */
export interface SessionPlace {
  chargerId: number;
  organizationId: number;
  siteId: number;
  protocol: OcppProtocol;
  portId: number;
  portNumber: number;
}

/** The two items of a session's record (start order; end and customer order), see the entity. */
const RECORD_ENTITIES = ['sessionRecord', 'sessionRecordByEnd'] as const;

/**
 * The transaction items putting the record of a session that starts (its two items; add them to
 * the transaction that creates the session).
 * @param session the session's snapshot on its port
 */
export function startedSessionRecord(
  e: TransactionEntities,
  place: SessionPlace,
  session: PortSession,
): TransactionWrite[] {
  const record = {
    sessionId: session.sessionId,
    organizationId: place.organizationId,
    siteId: place.siteId,
    chargerId: place.chargerId,
    portId: place.portId,
    portNumber: place.portNumber,
    ocppTransactionId: session.ocppTransactionId,
    ocppProtocol: place.protocol,
    status: 'InProgress' as const,
    startTime: session.startTime,
    endKey: OPEN_END_KEY,
    idTag: session.idTag,
    meterStartWh: session.meterStartWh,
    socStartPercent: session.socStartPercent,
    remoteStartId: session.remoteStartId,
    vehicle: session.vehicle,
    rfid: session.rfid,
    ...customerIndex(place.organizationId, session.startTime, session.sessionId, session.customerName),
    updatedAt: new Date().toISOString(),
  };
  return [e.sessionRecord.put(record).commit(), e.sessionRecordByEnd.put(record).commit()];
}

/** A session that ends, with its final figures (as `endSession` computed them). */
export interface EndingSession extends SessionPlace {
  sessionId: number;
  ocppTransactionId: string;
  startTime: string;
  endTime: string;
  idTag?: string;
  vehicleId?: number;
  customerName?: string;
  remoteStartId?: number;
  /** Wh. */
  meterStartWh?: number;
  meterStopWh?: number;
  energyDeliveredKwh?: number;
  socStartPercent?: number;
  socEndPercent?: number;
  stopReason?: string;
  /** The session's snapshot on its port, when it was still there (who was charging). */
  current?: PortSession;
  /** The session's open slot, still in its port's readings item (the end moves it to the time series). */
  openSlot?: OpenSlot;
  /** The driver's estimate for the session, when one was entered (its port's `driverEstimate`). */
  driver?: { departureTime?: string; energyKwh?: number };
}

/**
 * The ending of a stored session with its final values.
 * @param current the session's snapshot on its port, when it was still there
 * @param openSlot the session's open slot, still in its port's readings item
 * @param driver the driver's estimate for the session, if one was entered
 */
export function endingOf(
  session: SessionItem,
  end: { endTime: string; reason?: string },
  values: FinalValues,
  current: PortSession | undefined,
  openSlot?: OpenSlot,
  driver?: EndingSession['driver'],
): EndingSession {
  return {
    sessionId: session.sessionId,
    ocppTransactionId: session.ocppTransactionId,
    chargerId: session.chargerId,
    organizationId: session.organizationId,
    siteId: session.siteId,
    protocol: session.ocppProtocol,
    portId: session.portId,
    portNumber: session.portNumber,
    startTime: session.startTime,
    endTime: end.endTime,
    idTag: session.idTag,
    vehicleId: session.vehicleId,
    customerName: session.customerName,
    remoteStartId: session.remoteStartId,
    stopReason: end.reason,
    current,
    openSlot,
    ...(driver ? { driver } : {}),
    ...values,
  };
}

/** What ending a session writes to the history: the record (in the session's transaction), then the charger's history. */
export interface SessionEndRecord {
  /** The session's energy cost under its site's tariff, stored on the record; none without a tariff. */
  energyCost?: EnergyCost;
  /**
   * The transaction items completing the record (upserts: a record missed at start is written
   * whole), and the move of the session's open slot to its time series.
   */
  write(e: TransactionEntities): TransactionWrite[];
  /** Adds the ended session to its charger's history (best effort; call once the transaction succeeded). */
  recordHistory(): Promise<void>;
}

/**
 * Prepares the end of a session's record: reads its readings (1 Query, strongly consistent; its
 * open slot comes with `ending`), its site's tariff as it is now, which prices its energy
 * (`currentSiteCostTariff`: 1 GetItem, strongly consistent, +1 for the site's time zone on a cold
 * instance, in parallel with the readings), and, for a session
 * stopped by a fault or the EV's disconnection whose vehicle is known, the vehicle's departure plan (1 GetItem). A failed read is logged and
 * leaves the computed facts out; it never fails the end.
 */
export async function prepareSessionEnd(db: Db, ending: EndingSession): Promise<SessionEndRecord> {
  const { facts, energyCost } = await endFacts(db, ending);
  const endedEarly = await wasEndedEarly(db, ending).catch((error: unknown) => {
    logger.error('could not read the departure target of an ended session', {
      sessionId: ending.sessionId,
      error: String(error),
    });
    return false;
  });
  const fields = completedRecordFields(ending, facts, energyCost, endedEarly);
  return {
    energyCost,
    write: (e) => [
      ...(ending.openSlot ? [flushOpenSlot(e, ending.chargerId, ending.openSlot)] : []),
      ...RECORD_ENTITIES.map((name) =>
        e[name]
          .update({ sessionId: ending.sessionId })
          .set({ ...fields, updatedAt: new Date().toISOString() })
          .commit(),
      ),
    ],
    recordHistory: () => {
      const startMs = Date.parse(ending.startTime);
      const endMs = Date.parse(ending.endTime);
      return appendHistoryEvent(db, ending, {
        kind: 'session',
        at: endMs,
        portNumber: ending.portNumber,
        id: ending.sessionId,
        sessionStart: startMs,
        sessionEnd: endMs,
        failedToStart: facts?.failedToStart ?? false,
        endedEarly,
      });
    },
  };
}

/** The fields of a completed session's record (both its items). */
function completedRecordFields(
  ending: EndingSession,
  facts: SeriesFacts | undefined,
  energyCost: EnergyCost | undefined,
  endedEarly: boolean,
) {
  const customerName = ending.customerName ?? ending.current?.customerName;
  return {
    organizationId: ending.organizationId,
    siteId: ending.siteId,
    chargerId: ending.chargerId,
    portId: ending.portId,
    portNumber: ending.portNumber,
    ocppTransactionId: ending.ocppTransactionId,
    ocppProtocol: ending.protocol,
    status: 'Completed' as const,
    startTime: ending.startTime,
    endTime: ending.endTime,
    endKey: ending.endTime,
    ...definedOnly({
      idTag: ending.idTag,
      remoteStartId: ending.remoteStartId,
      meterStartWh: ending.meterStartWh,
      meterStopWh: ending.meterStopWh,
      energyDeliveredKwh: ending.energyDeliveredKwh,
      socStartPercent: ending.socStartPercent,
      socEndPercent: ending.socEndPercent,
      stopReason: ending.stopReason,
      vehicle: ending.current?.vehicle,
      rfid: ending.current?.rfid,
      chargingStartTime: facts?.chargingStartTime ?? undefined,
      chargingEndTime: facts?.chargingEndTime ?? undefined,
      maxDemandKw: facts?.maxDemandKw ?? undefined,
      failedToStart: facts?.failedToStart,
      energyCost,
      driverDepartureTime: ending.driver?.departureTime,
      driverEnergyKwh: ending.driver?.energyKwh,
    }),
    ...customerIndex(ending.organizationId, ending.startTime, ending.sessionId, customerName),
    endedEarly,
  };
}

/** The object without its undefined values (ElectroDB's `set` refuses them). */
function definedOnly<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * The facts of the session's readings and its energy cost under the site's tariff (none without
 * one), or undefined each when they cannot be read.
 */
async function endFacts(db: Db, ending: EndingSession): Promise<{ facts?: SeriesFacts; energyCost?: EnergyCost }> {
  try {
    const [readings, tariff] = await Promise.all([
      readSessionReadings(db, ending.chargerId, ending.sessionId, { open: ending.openSlot }),
      currentSiteCostTariff(db, ending.siteId).catch((error: unknown) => {
        logger.error("could not read the tariff of an ended session's site", {
          sessionId: ending.sessionId,
          error: String(error),
        });
        return undefined;
      }),
    ]);
    const span = {
      startMs: Date.parse(ending.startTime),
      endMs: Date.parse(ending.endTime),
      meterStartWh: ending.meterStartWh,
      meterStopWh: ending.meterStopWh,
    };
    return {
      facts: seriesFacts(span, readings, span.endMs),
      ...(tariff ? { energyCost: sessionEnergyCost(span, readings, tariff) } : {}),
    };
  } catch (error) {
    logger.error('could not read the readings of an ended session', {
      sessionId: ending.sessionId,
      error: String(error),
    });
    return {};
  }
}

/**
 * Whether a session ended early: stopped by a fault ({@link FAULT_STOP_REASONS}) or by the EV's
 * disconnection (`EVDisconnected`) before its target. The target is the vehicle's first planned
 * departure after the session started: early when the session ended before that departure and
 * below its `targetSoc` (or with the SoC unknown). Without a departure, the default target SoC
 * (90 %) when the SoC at the end is known; otherwise only a fault counts.
 */
async function wasEndedEarly(db: Db, ending: EndingSession): Promise<boolean> {
  const reason = ending.stopReason ?? '';
  const fault = FAULT_STOP_REASONS.has(reason);
  if (!fault && reason !== 'EVDisconnected') return false;
  const soc = ending.socEndPercent;
  const departure =
    ending.vehicleId === undefined
      ? undefined
      : await nextDeparture(db, ending.organizationId, ending.vehicleId, ending.startTime);
  if (departure) {
    return (
      Date.parse(ending.endTime) < Date.parse(departure.departureTime) &&
      (soc === undefined || soc < departure.targetSoc)
    );
  }
  return soc !== undefined ? soc < DEFAULT_TARGET_SOC : fault;
}

/** Sets (and removes) fields on both items of a session's record; best effort: a missing record is left alone. */
async function changeRecord(
  db: Db,
  sessionId: number,
  fields: Partial<SessionRecordItem>,
  removed: (typeof SESSION_END_FIELDS)[number][] = [],
): Promise<void> {
  const set = { ...fields, updatedAt: new Date().toISOString() } as never;
  const writes = [
    db.sessionRecord.patch({ sessionId }).set(set).remove(removed).go(),
    db.sessionRecordByEnd.patch({ sessionId }).set(set).remove(removed).go(),
  ];
  for (const result of await Promise.allSettled(writes)) {
    if (result.status === 'rejected' && !isConditionalCheckFailure(result.reason)) {
      logger.error('could not update a session record', { sessionId, error: String(result.reason) });
    }
  }
}

/** Where a session's record is listed (the partition keys its end-order indexes need). */
type RecordPlace = { organizationId: number; siteId: number };

/**
 * The record of a stray session ended with no energy (`shared/charging/superseded.ts`), as that
 * module ends its session. Requests: 2 UpdateItem.
 */
export async function recordStrayEnded(db: Db, place: RecordPlace, stray: PortSession, endTime: string): Promise<void> {
  const meterStartWh = stray.meterStartWh ?? stray.energyRegisterWh ?? 0;
  await changeRecord(db, stray.sessionId, {
    ...place,
    status: 'Completed',
    endTime,
    endKey: endTime,
    stopReason: 'Superseded',
    meterStopWh: meterStartWh,
    energyDeliveredKwh: 0,
  });
}

/**
 * What a session's end stored on it and on its record (its end's values and energy cost): removed
 * when a superseded session is put back in progress.
 */
export const SESSION_END_FIELDS = [
  'endTime',
  'stopReason',
  'meterStopWh',
  'energyDeliveredKwh',
  'socEndPercent',
  'energyCost',
] as const;

/**
 * The record of a superseded session put back on its port: in progress again, without its end's
 * values and energy cost. Requests: 2 UpdateItem.
 */
export async function recordReinstated(db: Db, place: RecordPlace, sessionId: number): Promise<void> {
  await changeRecord(db, sessionId, { ...place, status: 'InProgress', endKey: OPEN_END_KEY }, [...SESSION_END_FIELDS]);
}
