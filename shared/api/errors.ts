/**
 * HTTP problem errors (RFC 9457). Every 4xx/5xx answer of the API is one of these, serialised by
 * {@link ProblemError.toProblem} as `application/problem+json` with `type`, `title`, `status`,
 * `detail`, `errors` (one entry per invalid field) and `error` (the message, because clients of the
 * reference product read `{ error: string }`; docs/api.md, "Errors").
 */
import type { ZodError } from 'zod';
import type { DomainError } from '../errors';

/** One invalid field: where it is and what is wrong with it. */
export interface FieldError {
  /** Dotted location, starting with `body`, `queryStringParameters`, `pathParameters` or `headers`, e.g. `body.accessId.name`. */
  path: string;
  /** Human-readable reason. */
  message: string;
}

/** The JSON body of every error answer. */
export interface ProblemDocument {
  /** Problem type URI (relative, `/problems/<slug>`), stable for clients to switch on. */
  type: string;
  title: string;
  status: number;
  detail: string;
  /** Same text as `detail`: the reference product's error field. */
  error: string;
  errors?: FieldError[];
}

/** Base class: an error that knows its HTTP status and how to serialise itself. */
export class ProblemError extends Error {
  /**
   * @param status HTTP status (4xx or 5xx)
   * @param slug last segment of the problem `type`
   * @param title short, status-level summary
   * @param detail what went wrong with this request
   * @param errors invalid fields, if any
   * @param headers extra response headers (e.g. `Retry-After`, `Allow`)
   */
  constructor(
    readonly status: number,
    readonly slug: string,
    readonly title: string,
    detail: string,
    readonly errors?: FieldError[],
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = new.target.name;
  }

  /** The RFC 9457 document for this error. */
  toProblem(): ProblemDocument {
    return {
      type: `/problems/${this.slug}`,
      title: this.title,
      status: this.status,
      detail: this.message,
      error: this.message,
      ...(this.errors?.length ? { errors: this.errors } : {}),
    };
  }
}

/** 400: the request is malformed or a field is invalid (spec §7 "Invalid parameters"). */
export class BadRequestError extends ProblemError {
  constructor(detail: string, errors?: FieldError[]) {
    super(400, 'invalid-request', 'Bad Request', detail, errors);
  }
}

/** 401: missing, malformed, unknown or revoked API key (spec §5.2). */
export class UnauthorizedError extends ProblemError {
  constructor(detail = 'Invalid API key') {
    super(401, 'unauthorized', 'Unauthorized', detail, undefined, { 'WWW-Authenticate': 'Bearer' });
  }
}

/**
 * 403: the caller's role is below the one the route needs (docs/people-and-roles.md); the detail
 * and `errors` name the role needed and the caller's.
 */
export class ForbiddenError extends ProblemError {
  constructor(needed: string, held: string) {
    super(
      403,
      'forbidden',
      'Forbidden',
      `This operation needs the role ${needed} or above; the caller's role is ${held}`,
      [{ path: 'headers.authorization', message: `needs the role ${needed} or above (has ${held})` }],
    );
  }
}

/** 404: unknown route, or a resource that does not exist in the key's organization. */
export class NotFoundError extends ProblemError {
  constructor(detail: string) {
    super(404, 'not-found', 'Not Found', detail);
  }
}

/** 405: the path exists but not with this method; `Allow` lists the methods it has. */
export class MethodNotAllowedError extends ProblemError {
  constructor(method: string, path: string, allowed: string[]) {
    super(
      405,
      'method-not-allowed',
      'Method Not Allowed',
      `${method} is not allowed on ${path}; use ${allowed.join(', ')}`,
      undefined,
      {
        Allow: allowed.join(', '),
      },
    );
  }
}

/** 409: the request conflicts with stored data (e.g. a value that must be unique). */
export class ConflictError extends ProblemError {
  constructor(detail: string, errors?: FieldError[]) {
    super(409, 'conflict', 'Conflict', detail, errors);
  }
}

/** 413: the body is larger than {@link MAX_BODY_BYTES}. */
export class PayloadTooLargeError extends ProblemError {
  constructor(limitBytes: number) {
    super(413, 'payload-too-large', 'Payload Too Large', `The request body exceeds ${limitBytes} bytes`);
  }
}

/** 429: more than the key's requests per minute (spec §8); `Retry-After` in seconds. */
export class TooManyRequestsError extends ProblemError {
  constructor(limit: number, retryAfterSeconds: number) {
    super(
      429,
      'rate-limited',
      'Too Many Requests',
      `Rate limit of ${limit} requests per minute exceeded; retry in ${retryAfterSeconds} s`,
      undefined,
      {
        'Retry-After': String(retryAfterSeconds),
      },
    );
  }
}

/** 500: a fault of the service; the detail never leaks internals. */
export class InternalServerError extends ProblemError {
  constructor() {
    super(500, 'internal-error', 'Internal Server Error', 'An internal error occurred; it has been logged');
  }
}

/** Largest accepted request body: 1 MiB (a full 1000-item batch is far below it). */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Turns a zod failure into a 400 naming every invalid field.
 * @param location prefix of each path: `body`, `queryStringParameters` or `pathParameters`
 */
export function validationError(location: string, error: ZodError): BadRequestError {
  const errors = error.issues.flatMap((issue) => {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [undefined];
    return keys.map((key) => ({
      path: [location, ...issue.path.map(String), ...(key === undefined ? [] : [key])].join('.'),
      message: key === undefined ? issue.message : 'Unknown field',
    }));
  });
  const fields = [...new Set(errors.map((e) => e.path))];
  return new BadRequestError(`Invalid ${fields.join(', ')}`, errors);
}

/**
 * The problem document of a domain error: not found → 404, conflict and busy → 409, invalid →
 * 400. A domain field (`ocppIdTag`, `vehicle.vin`) becomes a request path under `fieldRoot`
 * (`body.accessId` → `body.accessId.ocppIdTag`).
 * @param fieldRoot where the route's domain input sits in the request (`body`, `body.vehicle`,
 *   `queryStringParameters`)
 */
export function problemFromDomainError(error: DomainError, fieldRoot: string): ProblemError {
  const errors =
    error.field === undefined
      ? undefined
      : [{ path: `${fieldRoot}.${error.field}`, message: error.problem ?? error.message }];
  switch (error.kind) {
    case 'notFound':
      return new NotFoundError(error.message);
    case 'invalid':
      return new BadRequestError(error.message, errors);
    case 'conflict':
    case 'busy':
      return new ConflictError(error.message, errors);
  }
}
