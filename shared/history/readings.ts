/**
 * The time series behind a session's 15-minute intervals: every reading of a MeterValues /
 * TransactionEvent / StopTransaction is kept with its session, per 15-minute slot, and read back
 * per session with one Query (and, while the session runs, its open slot).
 *
 * Where a reading goes: the readings of a session's open slot (the slot of its latest reading) stay
 * in its port's `portReadings` item, written by the same UpdateItem that stores the latest values
 * (`shared/charging/session-readings.ts`), so a MeterValues is one write; they move to the
 * session's `sessionSlot` item (keyed by our numeric session ID and the slot's start) when a later
 * slot begins or the session ends. Readings of other slots (late, or in a stop) are appended to
 * their `sessionSlot` items directly. Nothing is summed when written: each reading keeps its
 * register, power and SoC with its timestamp, so a duplicate or late reading is merged by timestamp
 * when read (`series.ts`), and a slot moved twice changes nothing.
 */
import type { EntityItem } from 'electrodb';
import type { Db, TransactionEntities } from '../db';
import { MAX_TRANSACTION_ITEMS, transact } from '../db';
import { openSlotOf, type OpenSlot } from '../chargers/port-readings';
import type { PortLocation } from '../chargers/port-lookup';
import { summarizeMeterValues, type MeterValue } from '../metering/meter-values';
import { mergeReadings, slotStart, type SeriesReading } from './series';

/** One stored reading: `t` epoch ms, `e` energy register Wh, `p` active power kW, `s` SoC % (see the entity). */
export type StoredReading = NonNullable<EntityItem<Db['sessionSlot']>['readings']>[number];

/** The readings of one 15-minute slot of a session: its start (ISO 8601 UTC) and its readings. */
export interface SlotReadings {
  slot: string;
  readings: StoredReading[];
}

/** The readings of meter values, one per timestamp, in the units of the API (Wh, kW, %). */
export function readingsOf(meterValues: readonly MeterValue[]): StoredReading[] {
  const readings: StoredReading[] = [];
  for (const meterValue of meterValues) {
    const at = Date.parse(meterValue.timestamp);
    if (!Number.isFinite(at)) continue;
    const snapshot = summarizeMeterValues([meterValue]);
    const reading: StoredReading = {
      t: at,
      ...(snapshot.energyRegisterWh ? { e: snapshot.energyRegisterWh.value } : {}),
      ...(snapshot.powerKw ? { p: snapshot.powerKw.value } : {}),
      ...(snapshot.socPercent ? { s: snapshot.socPercent.value } : {}),
    };
    if (Object.keys(reading).length > 1) readings.push(reading);
  }
  return readings;
}

/** The readings of meter values by slot, earliest slot first (the last is the open slot of a running session). */
export function slotsOf(meterValues: readonly MeterValue[]): SlotReadings[] {
  const bySlot = new Map<string, StoredReading[]>();
  for (const reading of readingsOf(meterValues)) {
    const slot = new Date(slotStart(reading.t)).toISOString();
    const readings = bySlot.get(slot);
    if (readings) readings.push(reading);
    else bySlot.set(slot, [reading]);
  }
  return [...bySlot].map(([slot, readings]) => ({ slot, readings })).sort((a, b) => (a.slot < b.slot ? -1 : 1));
}

/**
 * Appends readings to the session's `sessionSlot` items (in the charger's own partition, so
 * nothing needs checking: see the entity).
 * Requests: none without readings; 1 UpdateItem for one slot; 1 TransactWriteItems per 100 slots.
 */
export async function appendToSlots(
  db: Db,
  chargerId: number,
  sessionId: number,
  slots: readonly SlotReadings[],
): Promise<void> {
  if (slots.length === 1) {
    const { slot, readings } = slots[0]!;
    await db.sessionSlot.update({ chargerId, sessionId, slot }).append({ readings }).go();
    return;
  }
  for (let i = 0; i < slots.length; i += MAX_TRANSACTION_ITEMS) {
    const chunk = slots.slice(i, i + MAX_TRANSACTION_ITEMS);
    await transact(db, (e) => ({ slots: chunk.map((readings) => slotAppend(e, chargerId, sessionId, readings)) }));
  }
}

/** The write, in a transaction, that appends readings to one `sessionSlot` item. */
function slotAppend(e: TransactionEntities, chargerId: number, sessionId: number, { slot, readings }: SlotReadings) {
  return e.sessionSlot.update({ chargerId, sessionId, slot }).append({ readings }).commit();
}

/**
 * Appends the readings of meter values to the session's `sessionSlot` items, the latest slot's
 * too: for the readings of a session's start or end, which go to its time series directly.
 * Requests: see {@link appendToSlots}.
 * @param sessionId our numeric session ID; nothing is written when undefined
 */
export async function recordSessionReadings(
  db: Db,
  chargerId: number,
  sessionId: number | undefined,
  meterValues: readonly MeterValue[],
): Promise<void> {
  if (sessionId !== undefined) await appendToSlots(db, chargerId, sessionId, slotsOf(meterValues));
}

/** The write, in a session end's transaction, that moves the session's open slot to its `sessionSlot` item. */
export function flushOpenSlot(e: TransactionEntities, chargerId: number, open: OpenSlot) {
  return slotAppend(e, chargerId, open.sessionId, open);
}

/**
 * The merged readings of a session of a charger: one Query of its slots (paged). For a session in
 * progress or ending (`running`), also its open slot, given (`open`: the session end read it) or
 * read from its port's readings item (`port`: +1 GetItem, before the Query), and the Query is then
 * strongly consistent: a slot move appends the held slot to its `sessionSlot` item before the
 * readings item lets it go, so the Query finds whatever slot the read no longer shows, and a slot
 * moved by the MeterValues just before a stop is in the end's facts.
 */
export async function readSessionReadings(
  db: Db,
  chargerId: number,
  sessionId: number,
  running?: { open?: OpenSlot } | { port: PortLocation },
): Promise<SeriesReading[]> {
  const open =
    running && 'port' in running
      ? openSlotOf((await db.portReadings.get(running.port).go()).data ?? undefined)
      : running?.open;
  const { data } = await db.sessionSlot.query
    .primary({ chargerId, sessionId })
    .go({ pages: 'all', consistent: running !== undefined });
  const stored = data.flatMap((slot) => slot.readings ?? []);
  const buffered = open?.sessionId === sessionId ? open.readings : [];
  return mergeReadings(
    [...stored, ...buffered].map((r) => ({ at: r.t, energyWh: r.e, powerKw: r.p, socPercent: r.s })),
  );
}
