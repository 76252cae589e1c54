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
import { normalizeVin, type VehicleItem } from './items';
import { InvalidAccessInputError } from './errors';
import { vehicleIdsByVin } from './vehicles';
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

/** The message of an unknown vehicle named by ID. */
const UNKNOWN_ID = 'no vehicle with this ID in the organization';
/** The message of an unknown VIN. */
const UNKNOWN_VIN = 'no vehicle with this VIN in the organization';

/**
 * Stores a reading on the vehicle when it is newer than the stored one: one conditional UpdateItem
 * that also refuses a vehicle that is not there, and answers the stored item when it refuses (no
 * read before or after).
 * @param vehicleId the vehicle named by ID, or found by its VIN's marker
 * @param byVin the reading named its vehicle by VIN (the field an unknown vehicle is reported on)
 * @throws InvalidAccessInputError (`vehicleId`, `vehicleVin`) when the organization has no such vehicle
 */
async function storeReading(
  db: Db,
  organizationId: number,
  vehicleId: number,
  input: VehicleStateInput,
  readAt: string,
  now: number,
  byVin: boolean,
): Promise<VehicleStateResult> {
  const capacity =
    input.batteryCapacityKwh === undefined ? {} : { telematicsBatteryCapacityKwh: input.batteryCapacityKwh };
  const written = await db.vehicle
    .patch({ organizationId, vehicleId })
    .set({
      hasTelematics: true,
      telematicsSocPercent: input.socPercent,
      telematicsReadAt: readAt,
      telematicsSource: input.source,
      ...capacity,
      updatedAt: new Date(now).toISOString(),
    })
    // With the patch's own condition (the vehicle exists) before it: parenthesized, so that a
    // missing vehicle is refused whatever the OR's sides say.
    .where(
      ({ telematicsReadAt }, { notExists, lt }) =>
        `(${notExists(telematicsReadAt)} OR ${lt(telematicsReadAt, readAt)})`,
    )
    .go({ response: 'all_new', returnOnConditionCheckFailure: 'all_old' });
  if (!written.rejected)
    return { vehicleId, outcome: 'stored', telematics: telematicsOf(written.data as VehicleItem)! };
  const telematics = written.data && telematicsOf(written.data as VehicleItem);
  // Refused without a stored reading: no such vehicle (by VIN: a marker left by a vehicle gone).
  if (!telematics)
    throw byVin
      ? new InvalidAccessInputError('vehicleVin', UNKNOWN_VIN)
      : new InvalidAccessInputError('vehicleId', UNKNOWN_ID);
  return { vehicleId, outcome: 'ignored', telematics };
}

/**
 * Stores a vehicle's reading when it is newer than the stored one; an older or equal one is
 * answered `ignored` with the stored reading. Sets `hasTelematics`.
 * Requests: 1 conditional UpdateItem (answering the stored item when it refuses), and 1
 * BatchGetItem of the VIN's marker when the reading names its vehicle by VIN (the batch's reader,
 * `vehicleIdsByVin`, with one VIN).
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
  const byId = input.vehicleId !== undefined && input.vehicleId !== null;
  const byVin = byId || !input.vehicleVin ? new Map() : await vehicleIdsByVin(db, organizationId, [input.vehicleVin]);
  return storeReading(db, organizationId, vehicleIdOf(input, byVin), input, readAt, now, !byId);
}

/**
 * The vehicle a reading names: its `vehicleId`, else the one its `vehicleVin` resolves to in
 * `byVin` (normalized VIN → vehicleId, `vehicleIdsByVin`).
 * @throws InvalidAccessInputError (`vehicleVin`) when neither names a vehicle of the organization
 */
function vehicleIdOf(request: VehicleStateInput, byVin: ReadonlyMap<string, number>): number {
  if (request.vehicleId !== undefined && request.vehicleId !== null) return request.vehicleId;
  const id = request.vehicleVin ? byVin.get(normalizeVin(request.vehicleVin)) : undefined;
  if (id === undefined) throw new InvalidAccessInputError('vehicleVin', UNKNOWN_VIN);
  return id;
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
 * Requests: 1 BatchGetItem of the VINs' markers per 100 items named by VIN (none when all are
 * named by ID), and 1 conditional UpdateItem per valid item.
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
  const checked = entries.map((entry) => checkEntry(entry, now));
  const vins = checked.flatMap((entry) =>
    'readAt' in entry && (entry.request.vehicleId ?? null) === null && entry.request.vehicleVin
      ? [entry.request.vehicleVin]
      : [],
  );
  const byVin = await vehicleIdsByVin(db, organizationId, vins);
  const results: VehicleStateBatchResult[] = [];
  for (let offset = 0; offset < checked.length; offset += BATCH_CONCURRENCY) {
    const chunk = checked.slice(offset, offset + BATCH_CONCURRENCY);
    results.push(...(await Promise.all(chunk.map((entry) => pushEntry(db, organizationId, entry, byVin, now)))));
  }
  return results;
}

/** A batch item after its values' checks: the result of an invalid one, or the request with its reading's time. */
type CheckedEntry = { result: VehicleStateBatchResult } | { request: VehicleStateInput; readAt: string };

/** What a batch item names, as its result repeats it. */
const namedBy = (request: VehicleStateInput) => ({
  vehicleId: request.vehicleId ?? null,
  vehicleVin: request.vehicleVin ?? null,
});

/** One batch item's values checked against the clock ({@link checkReading}). */
function checkEntry(entry: VehicleStateBatchEntry, now: number): CheckedEntry {
  if ('invalid' in entry) return { result: { ...entry.invalid, outcome: 'error' } };
  const { request } = entry;
  try {
    return { request, readAt: new Date(checkReading(request, now)).toISOString() };
  } catch (error) {
    if (!(error instanceof InvalidAccessInputError)) throw error;
    return { result: { ...namedBy(request), outcome: 'error', error: error.message } };
  }
}

/** One batch item's result: its reading stored on the vehicle its ID or VIN names. */
async function pushEntry(
  db: Db,
  organizationId: number,
  entry: CheckedEntry,
  byVin: ReadonlyMap<string, number>,
  now: number,
): Promise<VehicleStateBatchResult> {
  if ('result' in entry) return entry.result;
  const { request, readAt } = entry;
  const named = namedBy(request);
  try {
    const { vehicleId, outcome, telematics } = await storeReading(
      db,
      organizationId,
      vehicleIdOf(request, byVin),
      request,
      readAt,
      now,
      named.vehicleId === null,
    );
    return { vehicleId, vehicleVin: named.vehicleVin, outcome, telematics };
  } catch (error) {
    if (!(error instanceof InvalidAccessInputError)) throw error;
    return { ...named, outcome: 'error', error: error.message };
  }
}
