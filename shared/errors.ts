/**
 * Domain errors: what the domain says when it refuses something, in its own terms. The HTTP layer
 * (`shared/api/errors.ts`, `problemFromDomainError`) turns them into problem documents and the
 * operator CLI into one-line messages; the domain itself knows nothing of HTTP (no statuses, no
 * request paths). Each bounded context (`access/`, `chargers/`, `charging/`, `departures/`,
 * `organizations/`, `site-power/`) names its own errors in its `errors.ts`, extending these.
 */

/** What kind of refusal an error is; the HTTP layer maps it to a status (404, 409, 400, 409). */
export type DomainErrorKind = 'notFound' | 'conflict' | 'invalid' | 'busy';

/** Base class of every domain error. */
export abstract class DomainError extends Error {
  /** The kind of refusal. */
  abstract readonly kind: DomainErrorKind;

  /**
   * @param message a sentence for a person (API `detail`, CLI `error:` line)
   * @param field the input field concerned, in domain terms (`ocppIdTag`, `vehicle.vin`,
   *   `accessIds.3.ocppIdTag`), when one is
   * @param problem what is wrong with `field`, short (`already used`, `must be at most 36 characters`)
   */
  constructor(
    message: string,
    readonly field?: string,
    readonly problem?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Something named by the caller does not exist (or is not visible to it: same answer). */
export class NotFoundError extends DomainError {
  readonly kind = 'notFound';
}

/** The request conflicts with stored data: a value that must be unique is taken, a state forbids it. */
export class ConflictError extends DomainError {
  readonly kind = 'conflict';
}

/** An input value breaks a domain rule; `field` names it. */
export class InvalidError extends DomainError {
  readonly kind = 'invalid';

  /**
   * @param field the input field, in domain terms
   * @param problem what is wrong with it
   * @param message a sentence for a person; default `Invalid <field>: <problem>`
   */
  constructor(field: string, problem: string, message = `Invalid ${field}: ${problem}`) {
    super(message, field, problem);
  }
}

/** Concurrent writers kept changing the same data through every retry: try again later. */
export class BusyError extends DomainError {
  readonly kind = 'busy';
}

/**
 * Names a domain error's field from a wider input: `vin` refused while applying an access ID's
 * `vehicle` becomes `vehicle.vin`. Returns the same error.
 */
export function prefixField<E extends DomainError>(error: E, prefix: string): E {
  if (error.field !== undefined) Object.defineProperty(error, 'field', { value: `${prefix}.${error.field}` });
  return error;
}
