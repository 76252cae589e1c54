/**
 * A vehicle's state pushed by a telematics integration (docs/vehicle-state.md): its SoC, its usable
 * battery capacity, when the provider read them and which provider sent them, stored on the vehicle
 * item (the latest reading only). A vehicle with a stored reading has telematics (`hasTelematics`,
 * spec §2.2). A reading not newer than the stored one is ignored, not refused: providers resend and
 * deliver out of order, and the later reading must win whatever arrives last.
 *
 * @module
 */
import type { Db } from '../db';
import { unlessConditionFails } from '../db/conditions';
import type { VehicleItem } from './items';
import { InvalidAccessInputError } from './errors';
import { getVehicle, findVehicleIdByVin } from './vehicles';
import { telematicsOf, type VehicleTelematics } from './views';

/** Largest usable battery capacity accepted, kWh (a heavy truck's battery is ~600 kWh). */
export const MAX_BATTERY_CAPACITY_KWH = 1000;
/** How far ahead of the server's clock a reading's time may be (the provider's clock skew), ms. */
export const MAX_CLOCK_SKEW_MS = 5 * 60_000;
/** Oldest reading accepted, ms before now (365 days). */
export const MAX_READING_AGE_MS = 365 * 86_400_000;
/** Most vehicles in one batch push. */
export const MAX_STATE_BATCH_VEHICLES = 100;

/** A reading to store, as the API validated it. */
export interface VehicleStateInput {
  /** Exactly one of `vehicleId` and `vehicleVin`. */
  vehicleId?: number | null;
  vehicleVin?: string | null;
  /** 0–100, %. */
  socPercent: number;
  /** Usable capacity, kWh; omitted keeps the one stored from an earlier reading. */
  batteryCapacityKwh?: number;
  /** When the provider read it, ISO 8601 with an offset. */
  timestamp: string;
  /** The provider (or adapter) sending it. */
  source: string;
}

/** What a push did: `stored`, or `ignored` (not newer than the stored reading), with the reading now stored. */
export interface VehicleStateResult {
  vehicleId: number;
  outcome: 'stored' | 'ignored';
  telematics: VehicleTelematics;
}

/**
 * Checks a usable capacity, kWh (absent or null: nothing to check).
 * @throws InvalidAccessInputError (`batteryCapacityKwh`) when ≤ 0 or above {@link MAX_BATTERY_CAPACITY_KWH}
 */
export function checkCapacity(kwh: number | null | undefined, field = 'batteryCapacityKwh'): void {
  if (kwh === undefined || kwh === null) return;
  if (!(Number.isFinite(kwh) && kwh > 0 && kwh <= MAX_BATTERY_CAPACITY_KWH))
    throw new InvalidAccessInputError(field, `must be above 0 and at most ${MAX_BATTERY_CAPACITY_KWH} kWh`);
}

/**
 * Checks a reading's values against the clock: SoC 0–100, capacity, and a time neither more than
 * {@link MAX_CLOCK_SKEW_MS} ahead of `now` nor more than {@link MAX_READING_AGE_MS} behind it.
 * @returns the reading's time, ms since epoch
 * @throws InvalidAccessInputError naming `socPercent`, `batteryCapacityKwh` or `timestamp`
 */
export function checkReading(input: VehicleStateInput, now: number): number {
  if (!(input.socPercent >= 0 && input.socPercent <= 100))
    throw new InvalidAccessInputError('socPercent', 'must be between 0 and 100');
  checkCapacity(input.batteryCapacityKwh);
  const at = Date.parse(input.timestamp);
  if (!Number.isFinite(at)) throw new InvalidAccessInputError('timestamp', 'must be an ISO 8601 time with an offset');
  if (at > now + MAX_CLOCK_SKEW_MS)
    throw new InvalidAccessInputError('timestamp', `must not be more than ${MAX_CLOCK_SKEW_MS / 60_000} minutes ahead`);
  if (at < now - MAX_READING_AGE_MS) throw new InvalidAccessInputError('timestamp', 'must not be older than a year');
  return at;
}

/**
 * The vehicle a reading names.
 * @throws InvalidAccessInputError (`vehicleId`, `vehicleVin`) when the organization has no such vehicle
 */
async function vehicleIdOf(db: Db, organizationId: number, input: VehicleStateInput): Promise<number> {
  if (input.vehicleId !== undefined && input.vehicleId !== null) {
    if (await getVehicle(db, organizationId, input.vehicleId)) return input.vehicleId;
    throw new InvalidAccessInputError('vehicleId', 'no vehicle with this ID in the organization');
  }
  const id = input.vehicleVin ? await findVehicleIdByVin(db, organizationId, input.vehicleVin) : undefined;
  if (id === undefined) throw new InvalidAccessInputError('vehicleVin', 'no vehicle with this VIN in the organization');
  return id;
}

/**
 * Stores a vehicle's reading when it is newer than the stored one (one conditional UpdateItem;
 * an older or equal one reads the vehicle back and is answered `ignored`). Sets `hasTelematics`.
 * Requests: 1 GetItem (the vehicle or its VIN marker), 1 UpdateItem, and 1 GetItem when ignored.
 * @param now ms since epoch, for the reading's time checks
 * @throws InvalidAccessInputError naming the field (bad values, an unknown vehicle): nothing stored
 */
export async function pushVehicleState(
  db: Db,
  organizationId: number,
  input: VehicleStateInput,
  now = Date.now(),
): Promise<VehicleStateResult> {
  const readAt = new Date(checkReading(input, now)).toISOString();
  const vehicleId = await vehicleIdOf(db, organizationId, input);
  const capacity =
    input.batteryCapacityKwh === undefined ? {} : { telematicsBatteryCapacityKwh: input.batteryCapacityKwh };
  const written = await unlessConditionFails(
    db.vehicle
      .patch({ organizationId, vehicleId })
      .set({
        hasTelematics: true,
        telematicsSocPercent: input.socPercent,
        telematicsReadAt: readAt,
        telematicsSource: input.source,
        ...capacity,
        updatedAt: new Date(now).toISOString(),
      })
      .where(
        ({ telematicsReadAt }, { notExists, lt }) =>
          `${notExists(telematicsReadAt)} OR ${lt(telematicsReadAt, readAt)}`,
      )
      .go({ response: 'all_new' }),
  );
  if (written?.data) return { vehicleId, outcome: 'stored', telematics: telematicsOf(written.data as VehicleItem)! };
  const stored = await getVehicle(db, organizationId, vehicleId, true);
  const telematics = stored && telematicsOf(stored);
  // Refused by the condition yet without a reading: the vehicle is gone (vehicles are not deleted today).
  if (!telematics) throw new InvalidAccessInputError(input.vehicleId ? 'vehicleId' : 'vehicleVin', 'no such vehicle');
  return { vehicleId, outcome: 'ignored', telematics };
}

/** One item of a batch push: the validated request, or what an invalid item named and why it failed. */
export type VehicleStateBatchEntry =
  | { request: VehicleStateInput }
  | { invalid: { vehicleId: number | null; vehicleVin: string | null; error: string } };

/** One result of a batch push, in input order. */
export interface VehicleStateBatchResult {
  vehicleId: number | null;
  vehicleVin: string | null;
  outcome: 'stored' | 'ignored' | 'error';
  /** The reading stored now (stored or ignored). */
  telematics?: VehicleTelematics;
  /** Why the item failed (outcome `error`), naming its field. */
  error?: string;
}

/** Items of a batch pushed at the same time. */
const BATCH_CONCURRENCY = 10;

/**
 * A batch push: each item as {@link pushVehicleState}, on its own (a failing item is an `error`
 * result and never fails the others), {@link BATCH_CONCURRENCY} at a time; results in input order.
 * Two readings of one vehicle in a batch end with the later one stored, whichever runs first.
 * @param entries the items, each validated by the caller (an invalid one carries its message)
 * @throws what DynamoDB throws (not an input's fault): the whole batch fails, with what was stored
 *   kept (each item is its own conditional write, so a retry of the batch stores nothing twice)
 */
export async function pushVehicleStateBatch(
  db: Db,
  organizationId: number,
  entries: readonly VehicleStateBatchEntry[],
  now = Date.now(),
): Promise<VehicleStateBatchResult[]> {
  const results: VehicleStateBatchResult[] = [];
  for (let offset = 0; offset < entries.length; offset += BATCH_CONCURRENCY) {
    const chunk = entries.slice(offset, offset + BATCH_CONCURRENCY);
    results.push(...(await Promise.all(chunk.map((entry) => pushEntry(db, organizationId, entry, now)))));
  }
  return results;
}

/** One batch item's result. */
async function pushEntry(
  db: Db,
  organizationId: number,
  entry: VehicleStateBatchEntry,
  now: number,
): Promise<VehicleStateBatchResult> {
  if ('invalid' in entry) return { ...entry.invalid, outcome: 'error' };
  const { request } = entry;
  const named = { vehicleId: request.vehicleId ?? null, vehicleVin: request.vehicleVin ?? null };
  try {
    const { vehicleId, outcome, telematics } = await pushVehicleState(db, organizationId, request, now);
    return { vehicleId, vehicleVin: named.vehicleVin, outcome, telematics };
  } catch (error) {
    if (!(error instanceof InvalidAccessInputError)) throw error;
    return { ...named, outcome: 'error', error: error.message };
  }
}
