/**
 * The time series behind a session's 15-minute intervals: every reading of a MeterValues /
 * TransactionEvent / StopTransaction is appended to its session's slot item (`sessionSlot`, keyed
 * by our numeric session ID and the slot's start), and read back per session with one Query.
 *
 * A message costs one more DynamoDB request: one UpdateItem when its readings fall in one slot (the
 * usual case), one TransactWriteItems when they span several (up to 100 slots per request).
 * Nothing is summed when written: each reading keeps its register, power and SoC with its
 * timestamp, so a duplicate or late reading is merged by timestamp when read (`series.ts`).
 */
import type { Db } from '../db';
import { MAX_TRANSACTION_ITEMS, transact } from '../db';
import { summarizeMeterValues, type MeterValue } from '../charging/meter-values';
import { mergeReadings, slotStart, type SeriesReading } from './series';

/** One stored reading (short attribute names, see the entity). */
interface StoredReading {
  t: number;
  e?: number;
  p?: number;
  s?: number;
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

/**
 * Appends the readings of meter values to the session's slots (in the charger's own partition,
 * so nothing needs checking: see the entity).
 * Requests: none without readings; 1 UpdateItem for one slot; 1 TransactWriteItems per 100 slots.
 * @param sessionId our numeric session ID; nothing is written when undefined
 */
export async function recordSessionReadings(
  db: Db,
  chargerId: number,
  sessionId: number | undefined,
  meterValues: readonly MeterValue[],
): Promise<void> {
  if (sessionId === undefined) return;
  const bySlot = new Map<string, StoredReading[]>();
  for (const reading of readingsOf(meterValues)) {
    const slot = new Date(slotStart(reading.t)).toISOString();
    bySlot.set(slot, [...(bySlot.get(slot) ?? []), reading]);
  }
  const slots = [...bySlot];
  if (slots.length === 1) {
    const [slot, readings] = slots[0]!;
    await db.sessionSlot.update({ chargerId, sessionId, slot }).append({ readings }).go();
    return;
  }
  for (let i = 0; i < slots.length; i += MAX_TRANSACTION_ITEMS) {
    const chunk = slots.slice(i, i + MAX_TRANSACTION_ITEMS);
    await transact(db, (e) => ({
      slots: chunk.map(([slot, readings]) =>
        e.sessionSlot.update({ chargerId, sessionId, slot }).append({ readings }).commit(),
      ),
    }));
  }
}

/** The merged readings of a session of a charger (one Query of its slots, paged). */
export async function readSessionReadings(db: Db, chargerId: number, sessionId: number): Promise<SeriesReading[]> {
  const { data } = await db.sessionSlot.query.primary({ chargerId, sessionId }).go({ pages: 'all' });
  const readings: SeriesReading[] = [];
  for (const slot of data) {
    for (const r of slot.readings ?? []) readings.push({ at: r.t, energyWh: r.e, powerKw: r.p, socPercent: r.s });
  }
  return mergeReadings(readings);
}
