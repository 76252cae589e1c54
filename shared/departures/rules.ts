/**
 * Departure times (spec §2.4, §3.3, §4.2): the limits and pure rules shared by the request
 * schemas, the synchronisation and the tests. Nothing here touches the database.
 */

/** `targetSoc` when a departure names none, % (reference notes "Departure times"). */
export const DEFAULT_TARGET_SOC = 90;

/**
 * Most departures one vehicle's synchronisation may carry. The vehicle's future set is stored as
 * one item (see `./store.ts`): 500 departures whose two names are
 * {@link MAX_DEPARTURE_NAME_LENGTH} four-byte characters each take about 310 KB, below DynamoDB's
 * 400 KB item size.
 */
export const MAX_DEPARTURES_PER_VEHICLE = 500;

/** Most vehicles in one `POST /api/departure-times/batch`; more is a 400 naming `body.vehicles`. */
export const MAX_BATCH_VEHICLES = 100;

/** Longest `shiftName` / `routeName`, characters. */
export const MAX_DEPARTURE_NAME_LENGTH = 64;

/** Longest accepted `vehicleVin`, characters: as a vehicle's `vin` (a VIN has 17; older vehicles have shorter serials). */
export const MAX_VIN_LENGTH = 17;

/** A departure as submitted, after validation: `departureTime` is normalised to UTC (`…T18:00:00.000Z`). */
export interface DepartureInput {
  departureTime: string;
  shiftName?: string | null;
  routeName?: string | null;
  /** %, integer 0–100; {@link DEFAULT_TARGET_SOC} when omitted. */
  targetSoc: number;
}

/** How a request names its vehicle: exactly one of the two is set (the request schemas check it). */
export interface VehicleRef {
  vehicleId?: number | null;
  vehicleVin?: string | null;
}

/** A validated single-vehicle synchronisation (the body of `POST /api/departure-times/vehicle`). */
export interface DepartureSyncRequest extends VehicleRef {
  departureTimes: DepartureInput[];
}

/** The `vehicleId` / `vehicleVin` pair of an answer: exactly one is set (spec §4.2). */
export interface OwnerFields {
  vehicleId: number | null;
  vehicleVin: string | null;
}

/** One submitted departure with its outcome (spec §3.3; reference notes' answer). */
export interface DepartureTimeResult extends OwnerFields {
  departureTime: string;
  outcome: 'created' | 'skipped';
  /** null when skipped. */
  id: number | null;
  shiftName: string | null;
  routeName: string | null;
  /** %. */
  targetSoc: number;
}

/** One result of the batch, in input order. */
export interface DepartureBatchResult extends OwnerFields {
  outcome: 'success' | 'error';
  departureTimes?: DepartureTimeResult[];
  error?: string;
}

/** A stored upcoming departure (`GET /api/departure-times/vehicle`). */
export interface UpcomingDepartureTime extends OwnerFields {
  id: number;
  departureTime: string;
  shiftName: string | null;
  routeName: string | null;
  /** %. */
  targetSoc: number;
}

/** A batch entry: a valid request, or one the caller's validation refused (with what it named and why). */
export type DepartureBatchEntry = { request: DepartureSyncRequest } | { invalid: OwnerFields & { error: string } };

/**
 * Whose departures these are: a vehicle of the organization, or a VIN that no vehicle of the
 * organization has yet (spec §4.2: stored under the VIN and linked later).
 */
export type DepartureOwner =
  | { vehicleId: number; vehicleVin?: undefined }
  | { vehicleId?: undefined; vehicleVin: string };

/** The storage key of an owner: `vehicle:<id>` or `vin:<VIN>` (the VIN normalised). */
export function ownerKey(owner: DepartureOwner): string {
  return owner.vehicleId !== undefined ? `vehicle:${owner.vehicleId}` : `vin:${owner.vehicleVin}`;
}

/**
 * Spec §3.3: a departure is in the past (`skipped`, never inserted; or, once stored, kept on every
 * later synchronisation) when its time is not after `now`, the server's clock at the request.
 * @param departureTime ISO 8601 with offset
 * @param now milliseconds since the epoch
 */
export function isPast(departureTime: string, now: number): boolean {
  return Date.parse(departureTime) <= now;
}

/** The `vehicleId` / `vehicleVin` pair an answer shows for an owner: exactly one of them is set (spec §4.2). */
export function ownerFields(owner: DepartureOwner): OwnerFields {
  return owner.vehicleId !== undefined
    ? { vehicleId: owner.vehicleId, vehicleVin: null }
    : { vehicleId: null, vehicleVin: owner.vehicleVin };
}

/** Orders departures by time, then by ID (the order every answer lists upcoming departures in). */
export function byDepartureTime(
  a: { departureTime: string; id: number },
  b: { departureTime: string; id: number },
): number {
  return Date.parse(a.departureTime) - Date.parse(b.departureTime) || a.id - b.id;
}
