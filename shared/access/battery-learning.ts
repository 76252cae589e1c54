/**
 * A vehicle's usable battery capacity learnt from its own sessions (docs/vehicle-state.md): when a
 * session of an identified vehicle ends with a SoC rise of at least {@link LEARN_MIN_SOC_RISE}
 * points, as the charger reported it, its capacity is the energy delivered over that rise
 * (`energyDeliveredKwh / ((socEnd − socStart) / 100)`), stored on the vehicle unless a later
 * session's estimate is stored already. Read from the table's stream (a `chargingSession` that
 * turns `Completed`), so no charger waits for it.
 *
 * The energy is metered at the charger: on AC it includes the vehicle's charging losses (5–10 %),
 * so the learnt capacity is a little high and the needs from it a little generous, the safe side.
 * A capacity set on the vehicle or reported by telematics or ISO 15118 wins over it.
 *
 * @module
 */
import type { Db } from '../db';
import { unlessConditionFails } from '../db/conditions';
import { entityOf, numberOf, type TableChange } from '../db/table-changes';
import { MAX_BATTERY_CAPACITY_KWH } from './vehicle-state';

/**
 * Smallest SoC rise, percentage points, a session's capacity is learnt from: with SoC reported in
 * whole percent, a 10-point rise bounds the rounding error to about ±10 %.
 */
export const LEARN_MIN_SOC_RISE = 10;

/** A capacity learnt from one ended session. */
export interface LearnedCapacity {
  organizationId: number;
  vehicleId: number;
  /** kWh, rounded to 0.1. */
  capacityKwh: number;
  /** The session's end, ISO 8601: a later session's estimate replaces an earlier one's. */
  at: string;
}

/** The capacity a change teaches: a vehicle's session that ended now with a usable SoC rise; else undefined. */
export function learnedCapacityOf(change: TableChange): LearnedCapacity | undefined {
  const after = change.newImage;
  if (!after || entityOf(change) !== 'chargingSession' || after.status !== 'Completed') return undefined;
  if (change.oldImage?.status !== 'InProgress') return undefined;
  const organizationId = numberOf(after.organizationId);
  const vehicleId = numberOf(after.vehicleId);
  const start = numberOf(after.socStartPercent);
  const end = numberOf(after.socEndPercent);
  const energyKwh = numberOf(after.energyDeliveredKwh);
  if (organizationId === undefined || vehicleId === undefined || typeof after.endTime !== 'string') return undefined;
  if (start === undefined || end === undefined || energyKwh === undefined || end - start < LEARN_MIN_SOC_RISE)
    return undefined;
  const capacityKwh = Math.round((energyKwh / ((end - start) / 100)) * 10) / 10;
  if (!(capacityKwh > 0 && capacityKwh <= MAX_BATTERY_CAPACITY_KWH)) return undefined;
  return { organizationId, vehicleId, capacityKwh, at: new Date(after.endTime).toISOString() };
}

/**
 * Stores what a batch of table changes teaches of vehicles' batteries: one conditional UpdateItem
 * per vehicle session that ended with a usable rise (none for a vehicle deleted since, or when a
 * later session's estimate is stored).
 * @returns the capacities stored
 */
export async function learnBatteries(db: Db, changes: readonly TableChange[]): Promise<LearnedCapacity[]> {
  const learned = changes.flatMap((change) => learnedCapacityOf(change) ?? []);
  const stored = await Promise.all(
    learned.map(async (l) => {
      const written = await unlessConditionFails(
        db.vehicle
          .patch({ organizationId: l.organizationId, vehicleId: l.vehicleId })
          .set({ learnedBatteryCapacityKwh: l.capacityKwh, learnedBatteryCapacityAt: l.at })
          .where(({ learnedBatteryCapacityAt: at }, { notExists, lt }) => `${notExists(at)} OR ${lt(at, l.at)}`)
          .go(),
      );
      return written ? [l] : [];
    }),
  );
  return stored.flat();
}
