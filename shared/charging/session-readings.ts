/**
 * How the readings of a session in progress are stored (1.6 MeterValues, 2.0.1 TransactionEvent
 * Updated and MeterValues): one UpdateItem of its port's `portReadings` item writes the latest
 * readings (spec §2.3 `latestReadings`, the energy register, the SoC at start) and appends the
 * readings of the session's open 15-minute slot, the slot of the latest reading. When a later slot
 * begins, the held slot moves to the session's `sessionSlot` item first (`shared/history/readings.ts`),
 * then the item takes the new one; readings of earlier slots go to their `sessionSlot` items
 * directly. So a MeterValues every minute costs one write, and one in 15 costs three more
 * (the refused write, a read, the move: docs/cost-and-scale.md).
 *
 * A charger sends one CALL at a time (OCPP-J), so two frames of one session rarely race; when they
 * do, the conditions keep every reading: the item takes a new slot only while the held one has not
 * grown since it was read and moved, a slot moved twice changes nothing (readings merge by
 * timestamp), and a write that keeps losing the race stores its readings in their slot items.
 */
import type { Db } from '../db';
import { conditionHeld, unlessConditionFails } from '../db/conditions';
import type { ChargerConnection } from './charger-connection';
import { checkPortNumber } from './ports';
import type { MeterSnapshot, MeterValue } from '../metering/meter-values';
import { openSlotOf } from '../chargers/port-readings';
import type { PortLocation } from '../chargers/port-lookup';
import { appendToSlots, slotsOf, type SlotReadings } from '../history/readings';
import { applyToSupersededSession } from './superseded';
import { getSession, isSuperseded, latestReadingTime, readingFields, type SessionItem } from './session-items';

/** What a write does with the readings item's open slot. */
type SlotWrite =
  /** Appends to the held slot, or starts it when none is held. */
  | { kind: 'append'; open: SlotReadings }
  /** Takes a new slot in place of the held one (already moved), if it still holds `count` readings. */
  | { kind: 'replace'; open: SlotReadings; held: { slot: string; count: number } }
  /** Leaves the open slot alone: the readings go to their `sessionSlot` items. */
  | { kind: 'none' };

/**
 * Writes of one MeterValues with the open slot (each refusal is a race or a new slot); a write
 * still refused then leaves the slot alone, and its readings go to their `sessionSlot` items.
 */
const MAX_SLOT_WRITES = 3;

/**
 * Stores the readings of meter values of the session in progress on a port: see the module
 * comment. Readings of a superseded session update that session (`applyToSupersededSession`) and
 * go to its slots.
 * Requests: 1 UpdateItem (+3 when the slot changes: the refused write, a GetItem, the move), +1
 * UpdateItem for readings of earlier slots; when the transaction is not the port's, what
 * `applyMeterSnapshot` adds.
 * @param options.snapshot the meter values summarised (`summarizeMeterValues`)
 * @param options.ocppTransactionId the transaction they report on, when they name one
 * @param options.known the session of that transaction, when the caller read it
 * @returns the session's ID, or undefined when no (matching) session is in progress and none was
 *   superseded, or they hold no reading
 * @throws PortNumberError for a connector/EVSE number below 1 (nothing is stored)
 */
export async function recordMeterValues(
  db: Db,
  connection: ChargerConnection,
  portNumber: number,
  meterValues: readonly MeterValue[],
  options: { snapshot: MeterSnapshot; ocppTransactionId?: string; known?: SessionItem },
): Promise<number | undefined> {
  const slots = slotsOf(meterValues);
  const { snapshot, ocppTransactionId, known } = options;
  const applied = await applyMeterSnapshot(
    db,
    connection,
    portNumber,
    snapshot,
    ocppTransactionId,
    known,
    slots.at(-1),
  );
  if (!applied) return undefined;
  const rest = applied.buffered ? slots.slice(0, -1) : slots;
  if (rest.length) await appendToSlots(db, connection.chargerId, applied.sessionId, rest);
  return applied.sessionId;
}

/**
 * Applies readings to the session in progress on a port: latest readings, the energy register,
 * the SoC at start (first SoC seen), the time of the reading (`readingAt`: the session proved it
 * runs) and the readings of the open slot (`open`), all in the port's `portReadings` item. With
 * `ocppTransactionId`, only when that transaction is the port's current one; readings of a
 * superseded session go to that session (`applyToSupersededSession`). A session in progress whose
 * readings item is missing (started before readings left the port item) gets one, and the readings.
 * Requests: 1 UpdateItem (+3 when the open slot changes); when the transaction is not the port's,
 * +1 GetItem of the readings item (to see why the write was refused, with `open`), +1 GetItem
 * (session, unless `known`) and, for a superseded one, what `applyToSupersededSession` needs.
 * @returns the session's ID (read back by the same UpdateItem) and whether the item took `open`;
 *   undefined when no (matching) session is in progress and none was superseded, or the snapshot
 *   holds no reading
 */
async function applyMeterSnapshot(
  db: Db,
  connection: ChargerConnection,
  portNumber: number,
  snapshot: MeterSnapshot,
  ocppTransactionId: string | undefined,
  known: SessionItem | undefined,
  open: SlotReadings | undefined,
): Promise<{ sessionId: number; buffered: boolean } | undefined> {
  checkPortNumber(portNumber);
  if (latestReadingTime(snapshot) === undefined) return undefined;
  const portKey = { chargerId: connection.chargerId, portNumber };
  let slotWrite: SlotWrite | undefined = open ? { kind: 'append', open } : { kind: 'none' };
  for (let writes = 1; slotWrite; writes++) {
    const sessionId = await writeReadings(db, portKey, snapshot, ocppTransactionId, slotWrite);
    if (sessionId !== undefined) return { sessionId, buffered: slotWrite.kind !== 'none' };
    if (slotWrite.kind === 'none') slotWrite = undefined;
    else if (writes < MAX_SLOT_WRITES) slotWrite = await nextSlotWrite(db, portKey, ocppTransactionId, slotWrite.open);
    else slotWrite = { kind: 'none' }; // still racing: the slot's readings go to its `sessionSlot` item
  }
  if (ocppTransactionId === undefined) return undefined;
  const session = known ?? (await getSession(db, connection.chargerId, ocppTransactionId));
  if (session?.status === 'InProgress' && (await addMissingReadings(db, portKey, session))) {
    return applyMeterSnapshot(db, connection, portNumber, snapshot, ocppTransactionId, session, open);
  }
  if (!session || !isSuperseded(session)) return undefined;
  await applyToSupersededSession(db, connection, session, snapshot);
  return { sessionId: session.sessionId, buffered: false };
}

/**
 * One UpdateItem of the readings item: the latest readings and the open slot as `slotWrite` says,
 * if the item is the transaction's (any, without `ocppTransactionId`) and not ended.
 * @returns the session's ID, or undefined when a condition refused the write
 */
async function writeReadings(
  db: Db,
  portKey: PortLocation,
  snapshot: MeterSnapshot,
  ocppTransactionId: string | undefined,
  slotWrite: SlotWrite,
): Promise<number | undefined> {
  const { socStartPercent, ...latest } = readingFields(snapshot);
  const readingAt = latestReadingTime(snapshot)!;
  const written = await unlessConditionFails(
    db.portReadings
      .update(portKey)
      .data((attributes, op) => {
        for (const [key, value] of Object.entries(latest))
          op.set(attributes[key as keyof typeof latest], value as never);
        op.set(attributes.readingAt, readingAt);
        if (socStartPercent !== undefined) op.ifNotExists(attributes.socStartPercent, socStartPercent);
        if (latest.energyRegisterWh !== undefined) op.ifNotExists(attributes.meterStartWh, latest.energyRegisterWh);
        if (slotWrite.kind === 'append') {
          op.ifNotExists(attributes.slot, slotWrite.open.slot);
          op.append(attributes.slotReadings, slotWrite.open.readings);
        } else if (slotWrite.kind === 'replace') {
          op.set(attributes.slot, slotWrite.open.slot);
          op.set(attributes.slotReadings, slotWrite.open.readings);
        }
      })
      .where((attributes, op) => {
        const conditions = [
          ocppTransactionId === undefined
            ? op.exists(attributes.ocppTransactionId)
            : op.eq(attributes.ocppTransactionId, ocppTransactionId),
          op.notExists(attributes.endedAt),
        ];
        if (slotWrite.kind === 'append')
          conditions.push(`(${op.notExists(attributes.slot)} OR ${op.eq(attributes.slot, slotWrite.open.slot)})`);
        if (slotWrite.kind === 'replace') {
          const { slot, count } = slotWrite.held;
          conditions.push(
            op.eq(attributes.slot, slot),
            `${op.size(attributes.slotReadings)} = ${op.value(attributes.slotReadings, count as never)}`,
          );
        }
        return conditions.join(' AND ');
      })
      .go({ response: 'all_new' }),
  );
  return written?.data.sessionId;
}

/**
 * After a write with the open slot was refused, reads the readings item (1 GetItem) to see why:
 * another session's or ended (undefined: the caller looks the transaction up), a later slot held
 * (these readings are late: `none`), an earlier slot held (it is moved to its `sessionSlot` item,
 * 1 UpdateItem, and replaced), or a race (append again).
 */
async function nextSlotWrite(
  db: Db,
  portKey: PortLocation,
  ocppTransactionId: string | undefined,
  open: SlotReadings,
): Promise<SlotWrite | undefined> {
  const { data: item } = await db.portReadings.get(portKey).go({ consistent: true });
  if (!item || item.endedAt || (ocppTransactionId !== undefined && item.ocppTransactionId !== ocppTransactionId))
    return undefined;
  if (item.slot === undefined || item.slot === open.slot) return { kind: 'append', open };
  if (item.slot > open.slot) return { kind: 'none' };
  const held = openSlotOf(item);
  if (held) await appendToSlots(db, portKey.chargerId, held.sessionId, [held]);
  return { kind: 'replace', open, held: { slot: item.slot, count: item.slotReadings?.length ?? 0 } };
}

/**
 * Creates the readings item of a session in progress that has none (it started before readings
 * left the port item), from the session item's start values, when the port still shows it.
 * Requests: 1 GetItem (port), 1 PutItem.
 * @returns whether the item was created
 */
async function addMissingReadings(db: Db, portKey: PortLocation, session: SessionItem): Promise<boolean> {
  const { data: port } = await db.port.get(portKey).go({ consistent: true });
  if (port?.currentChargingSession?.sessionId !== session.sessionId) return false;
  return conditionHeld(
    db.portReadings
      .create({
        ...portKey,
        sessionId: session.sessionId,
        ocppTransactionId: session.ocppTransactionId,
        meterStartWh: session.meterStartWh,
        ...(session.socStartPercent !== undefined ? { socStartPercent: session.socStartPercent } : {}),
      })
      .go(),
  );
}
