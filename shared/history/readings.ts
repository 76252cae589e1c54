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
import { transact } from '../db';
import { isConditionalCheckFailure } from '../db/conditions';
import { logger } from '../logger';
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
 * Appends the readings of meter values to the session's slots. A slot already written by another
 * charger (a charger naming a session that is not its own) is left alone and logged.
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
  const ownSlot = (attr: { chargerId: unknown }, op: { notExists: (a: never) => string; eq: (a: never, v: number) => string }) =>
    `${op.notExists(attr.chargerId as never)} OR ${op.eq(attr.chargerId as never, chargerId)}`;
  try {
    if (slots.length === 1) {
      const [slot, readings] = slots[0]!;
      await db.sessionSlot.update({ sessionId, slot }).set({ chargerId }).append({ readings }).where(ownSlot).go();
      return;
    }
    for (let i = 0; i < slots.length; i += 100) {
      const chunk = slots.slice(i, i + 100);
      const outcome = await transact(db, (e) => ({
        slots: chunk.map(([slot, readings]) =>
          e.sessionSlot.update({ sessionId, slot }).set({ chargerId }).append({ readings }).where(ownSlot).commit(),
        ),
      }));
      if (!outcome.ok) throw Object.assign(new Error('slot of another charger'), { name: 'ConditionalCheckFailedException' });
    }
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    logger.warn('readings for a session of another charger ignored', { chargerId, sessionId });
  }
}

/**
 * The merged readings of a session (one Query of its slots, paged). Slots written by another
 * charger than `chargerId` are ignored.
 */
export async function readSessionReadings(db: Db, sessionId: number, chargerId: number): Promise<SeriesReading[]> {
  const { data } = await db.sessionSlot.query.primary({ sessionId }).go({ pages: 'all' });
  const readings: SeriesReading[] = [];
  for (const slot of data) {
    if (slot.chargerId !== chargerId) continue;
    for (const r of slot.readings ?? []) readings.push({ at: r.t, energyWh: r.e, powerKw: r.p, socPercent: r.s });
  }
  return mergeReadings(readings);
}
