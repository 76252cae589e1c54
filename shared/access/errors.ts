/** Domain errors of access IDs, vehicles and customers. */
import { ConflictError, InvalidError, NotFoundError } from '../errors';

/** No access ID has this ID in the organization. */
export class AccessIdNotFoundError extends NotFoundError {
  constructor(accessIdId: number) {
    super(`Access ID ${accessIdId} not found`);
  }
}

/** No vehicle has this ID in the organization. */
export class VehicleNotFoundError extends NotFoundError {
  /** @param field the input field that named the vehicle, when one did (`vehicleId`) */
  constructor(vehicleId: number, field?: string) {
    super(`Vehicle ${vehicleId} not found`, field, field === undefined ? undefined : 'not found');
  }
}

/** An access ID with this normalised ocppIdTag exists already in the organization. */
export class TagTakenError extends ConflictError {
  /** @param field where the tag was given (`ocppIdTag`, `accessIds.2.ocppIdTag`) */
  constructor(ocppIdTag: string, field = 'ocppIdTag', problem = 'already exists (after normalisation)') {
    super(`An access ID with ocppIdTag ${ocppIdTag} already exists`, field, problem);
  }
}

/** The tag belongs to another vehicle: one tag, one vehicle. */
export class TagOfAnotherVehicleError extends ConflictError {
  constructor(ocppIdTag: string, vehicleId: number, field: string) {
    super(
      `Access ID ${ocppIdTag} belongs to vehicle ${vehicleId}; detach it there first (one tag, one vehicle)`,
      field,
      `belongs to vehicle ${vehicleId}`,
    );
  }
}

/** Vehicle names are unique per organization, case-insensitively. */
export class VehicleNameTakenError extends ConflictError {
  constructor(name: string, field = 'name', hint = '') {
    super(
      `A vehicle with name ${JSON.stringify(name)} already exists in this organization${hint}`,
      field,
      'already used',
    );
  }
}

/** VINs are unique per organization. */
export class VinTakenError extends ConflictError {
  constructor(vin: string, field = 'vin') {
    super(`A vehicle with vin ${JSON.stringify(vin)} already exists in this organization`, field, 'already used');
  }
}

/** An input that breaks a rule of access IDs or vehicles; `field` names it in domain terms. */
export class InvalidAccessInputError extends InvalidError {}
