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
import { logger } from '../logger';
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
 * @returns the reading's time as stored and compared, ms since epoch: its own, or `now` when it is
 *   ahead (within the skew), so that a later reading from a clock that is right is not `ignored`
 *   behind one from a clock that runs fast
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
  return Math.min(at, now);
}

/** The message of an unknown vehicle named by ID. */
const UNKNOWN_ID = 'no vehicle with this ID in the organization';
/** The message of an unknown VIN. */
const UNKNOWN_VIN = 'no vehicle with this VIN in the organization';

/**
 * Stores a reading on the vehicle when it is newer than the stored one: one conditional UpdateItem
 * that also refuses a vehicle that is not there, or no longer has the VIN the reading named (the
 * VIN's marker is read eventually consistent, so it may be a moment behind a VIN's change), and
 * answers the stored item when it refuses (no read before or after).
 * @param vehicleId the vehicle named by ID, or found by its VIN's marker
 * @param vin the normalized VIN the reading named its vehicle by (the field an unknown vehicle is
 *   then reported on), undefined when it named it by ID
 * @param clock stamps `updatedAt` just before the write: the smart-charging trigger reads it as
 *   when the state was stored (`requestAllocation`'s `storedAt`), so it must not be the request's start
 * @throws InvalidAccessInputError (`vehicleId`, `vehicleVin`) when the organization has no such vehicle
 */
async function storeReading(
  db: Db,
  organizationId: number,
  vehicleId: number,
  input: VehicleStateInput,
  readAt: string,
  clock: () => number,
  vin: string | undefined,
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
      updatedAt: new Date(clock()).toISOString(),
    })
    // With the patch's own condition (the vehicle exists) before it: parenthesized, so that a
    // missing vehicle is refused whatever the OR's sides say.
    .where((attributes, { notExists, lt, eq }) => {
      const newer = `(${notExists(attributes.telematicsReadAt)} OR ${lt(attributes.telematicsReadAt, readAt)})`;
      return vin === undefined ? newer : `${newer} AND ${eq(attributes.vin, vin)}`;
    })
    .go({ response: 'all_new', returnOnConditionCheckFailure: 'all_old' });
  if (!written.rejected)
    return { vehicleId, outcome: 'stored', telematics: telematicsOf(written.data as VehicleItem)! };
  const stored = written.data as VehicleItem | undefined;
  const telematics = stored && telematicsOf(stored);
  // Refused by a vehicle that is not there (by VIN: a marker left by a vehicle gone) or whose VIN
  // is no longer the one named: no such vehicle.
  if (vin !== undefined && stored?.vin !== vin) throw new InvalidAccessInputError('vehicleVin', UNKNOWN_VIN);
  if (!telematics) throw new InvalidAccessInputError('vehicleId', UNKNOWN_ID);
  return { vehicleId, outcome: 'ignored', telematics };
}

/** The normalized VIN a reading names its vehicle by, undefined when it names it by ID. */
function namedVin(request: VehicleStateInput): string | undefined {
  return (request.vehicleId ?? null) === null && request.vehicleVin ? normalizeVin(request.vehicleVin) : undefined;
}

/**
 * Stores a vehicle's reading when it is newer than the stored one; an older or equal one is
 * answered `ignored` with the stored reading. Sets `hasTelematics`.
 * Requests: 1 conditional UpdateItem (answering the stored item when it refuses), and 1
 * BatchGetItem of the VIN's marker when the reading names its vehicle by VIN (the batch's reader,
 * `vehicleIdsByVin`, with one VIN).
 * @param clock ms since epoch: read once at the start for the reading's time checks, and again
 *   just before the write for the time it is stored at
 * @throws InvalidAccessInputError naming the field (bad values, an unknown vehicle): nothing stored
 */
export async function pushVehicleState(
  db: Db,
  organizationId: number,
  input: VehicleStateInput,
  clock: () => number = Date.now,
): Promise<VehicleStateResult> {
  const readAt = new Date(checkReading(input, clock())).toISOString();
  const vin = namedVin(input);
  const byVin = vin === undefined ? new Map() : await vehicleIdsByVin(db, organizationId, [vin]);
  return storeReading(db, organizationId, vehicleIdOf(input, byVin), input, readAt, clock, vin);
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
  /**
   * Why the item failed (outcome `error`): its field under the item's path, as the API's validation
   * names it (`Invalid body.vehicles.1.socPercent: must be between 0 and 100`), or a store that
   * failed (`…; retry this item`).
   */
  error?: string;
}

/** Items of a batch pushed at the same time. */
const BATCH_CONCURRENCY = 10;

/**
 * A batch push: each item as {@link pushVehicleState}, on its own (a failing item is an `error`
 * result and never fails the others), {@link BATCH_CONCURRENCY} at a time; results in input order.
 * Two readings of one vehicle in a batch end with the later one stored, whichever runs first
 * (two both ahead of the server's clock are both stored at its time: the first written stays).
 * An item whose write DynamoDB fails (not the input's fault) is an `error` result to retry (each
 * item is its own conditional write, so a retry of the batch stores nothing twice).
 * Requests: 1 BatchGetItem of the VINs' markers per 100 items named by VIN (none when all are
 * named by ID), and 1 conditional UpdateItem per valid item.
 * @param entries the items, each validated by the caller (an invalid one carries its message)
 * @param clock ms since epoch: read once at the start for the readings' time checks, and again
 *   just before each write for the time it is stored at
 * @throws what the VINs' BatchGetItem throws (before anything is stored)
 */
export async function pushVehicleStateBatch(
  db: Db,
  organizationId: number,
  entries: readonly VehicleStateBatchEntry[],
  clock: () => number = Date.now,
): Promise<VehicleStateBatchResult[]> {
  const now = clock();
  const checked = entries.map((entry, index) => checkEntry(entry, index, now));
  const vins = checked.flatMap((entry) => ('vin' in entry && entry.vin !== undefined ? [entry.vin] : []));
  const byVin = await vehicleIdsByVin(db, organizationId, vins);
  const results: VehicleStateBatchResult[] = [];
  for (let offset = 0; offset < checked.length; offset += BATCH_CONCURRENCY) {
    const chunk = checked.slice(offset, offset + BATCH_CONCURRENCY);
    const settled = await Promise.allSettled(chunk.map((entry) => pushEntry(db, organizationId, entry, byVin, clock)));
    results.push(
      ...settled.map((outcome, i) =>
        outcome.status === 'fulfilled' ? outcome.value : failedStore(chunk[i]!, outcome.reason),
      ),
    );
  }
  return results;
}

/**
 * A batch item after its values' checks: the result of an invalid one, or the request with its
 * index, the VIN it names its vehicle by (normalized) and its reading's time.
 */
type CheckedEntry =
  | { result: VehicleStateBatchResult }
  | { request: VehicleStateInput; index: number; vin: string | undefined; readAt: string };

/** What a batch item names, as its result repeats it. */
const namedBy = (request: VehicleStateInput) => ({
  vehicleId: request.vehicleId ?? null,
  vehicleVin: request.vehicleVin ?? null,
});

/**
 * An item's error message with its field under the item's path, as the API's validation of the
 * items names it (`Invalid body.vehicles.1.timestamp: …`): the results carry messages, not fields,
 * and a caller finds the item and the field in both alike.
 */
function itemError(index: number, error: InvalidAccessInputError): string {
  return `Invalid body.vehicles.${index}.${error.field}: ${error.problem}`;
}

/** One batch item's values checked against the clock ({@link checkReading}). */
function checkEntry(entry: VehicleStateBatchEntry, index: number, now: number): CheckedEntry {
  if ('invalid' in entry) return { result: { ...entry.invalid, outcome: 'error' } };
  const { request } = entry;
  try {
    return { request, index, vin: namedVin(request), readAt: new Date(checkReading(request, now)).toISOString() };
  } catch (error) {
    if (!(error instanceof InvalidAccessInputError)) throw error;
    return { result: { ...namedBy(request), outcome: 'error', error: itemError(index, error) } };
  }
}

/** The result of an item whose write failed for a reason not its own (DynamoDB's): retry it. */
function failedStore(entry: CheckedEntry, reason: unknown): VehicleStateBatchResult {
  logger.error('vehicle state batch item failed', { error: String(reason) });
  const named = 'request' in entry ? namedBy(entry.request) : { vehicleId: null, vehicleVin: null };
  return { ...named, outcome: 'error', error: 'The reading could not be stored; retry this item' };
}

/** One batch item's result: its reading stored on the vehicle its ID or VIN names. */
async function pushEntry(
  db: Db,
  organizationId: number,
  entry: CheckedEntry,
  byVin: ReadonlyMap<string, number>,
  clock: () => number,
): Promise<VehicleStateBatchResult> {
  if ('result' in entry) return entry.result;
  const { request, index, vin, readAt } = entry;
  const named = namedBy(request);
  try {
    const vehicleId = vehicleIdOf(request, byVin);
    const { outcome, telematics } = await storeReading(db, organizationId, vehicleId, request, readAt, clock, vin);
    return { vehicleId, vehicleVin: named.vehicleVin, outcome, telematics };
  } catch (error) {
    if (!(error instanceof InvalidAccessInputError)) throw error;
    return { ...named, outcome: 'error', error: itemError(index, error) };
  }
}
