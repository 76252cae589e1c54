/**
 * Schemas several route groups share: path IDs, the problem document, the pagination object, the
 * access-ID fields of access IDs and vehicles, the site path, an instant with its UTC offset. Each
 * schema carries an OpenAPI `id` (component name) through zod's `.meta()`.
 */
import * as z from 'zod';
import { MAX_VIN_LENGTH } from '../../departures';
import { text } from '../../validation';
import { validationError } from '../errors';

type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * Checks at compile time that a response schema describes exactly the domain's type `T` (the
 * domain owns the shape; the schema documents and validates it): `conformsTo<Charger>()(z.object({…}))`.
 */
export const conformsTo =
  <T>() =>
  <S extends z.ZodType>(schema: S & (Exact<z.output<S>, T> extends true ? unknown : { schemaDoesNotMatch: T })): S =>
    schema;

/** Largest ID the API accepts in a path: 15 digits stay below Number.MAX_SAFE_INTEGER. */
const ID_PATTERN = /^[1-9][0-9]{0,14}$/;

/** A numeric resource ID in a path (`/api/chargers/{id}`): a positive integer, parsed to a number. */
export const numericIdParam = z
  .string()
  .regex(ID_PATTERN, 'must be a positive integer of at most 15 digits')
  .transform(Number)
  .meta({ description: 'Numeric ID', example: '12' });

/** A name or label as people type it (see `shared/validation.ts`). */
export { text };

/** A free-text identifier in a path (external ID, OCPP identity): 1–255 characters. */
export const textIdParam = z.string().min(1, 'must not be empty').max(255, 'must be at most 255 characters');

/** RFC 9457 problem document (docs/api.md, "Errors"). */
export const Problem = z
  .object({
    type: z.string().meta({ description: 'Problem type, `/problems/<slug>`', example: '/problems/invalid-request' }),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    error: z.string().meta({ description: "Same as `detail` (the reference product's `{ error }` field)" }),
    errors: z
      .array(z.object({ path: z.string().meta({ example: 'body.accessId.name' }), message: z.string() }))
      .optional()
      .meta({ description: 'One entry per invalid field' }),
  })
  .meta({ id: 'Problem', description: 'RFC 9457 problem document, `application/problem+json`' });

/** Spec §2.7 pagination object. */
export const Pagination = z
  .object({ hasNextPage: z.boolean(), nextPageCursor: z.string().nullable() })
  .meta({ id: 'Pagination' });

/** Query of every paginated list: the cursor of the previous page (spec §8). */
export const paginationQuery = z.strictObject({
  nextPageCursor: z.string().max(2048).optional().meta({ description: 'Cursor from the previous page, unchanged' }),
});

/** Spec §2.1 embedded vehicle (an access ID's, a session's: §2.3, and the charging sessions'). */
export const EmbeddedVehicle = z
  .object({
    id: z.number().int(),
    make: z.string().nullable(),
    model: z.string().nullable(),
    name: z.string().nullable(),
    vin: z.string().nullable(),
  })
  .meta({ id: 'EmbeddedVehicle' });

// The schemas below serve a few groups each: marked pure, so that a bundle that does not use one
// drops it (zod's builders are calls, which esbuild otherwise keeps).

/** A submitted ocppIdTag before normalisation (the normalised tag is checked separately: 1–36 characters). */
export const RawOcppIdTag = /* @__PURE__ */ z.string().max(256, 'must be at most 256 characters');
/** An access ID's authorization status (spec §2.1). */
export const AuthorizationStatus = /* @__PURE__ */ z.enum(['Authorized', 'Revoked']);
/** A customer named in a body (an access ID's, a vehicle's): found or created by name. */
export const CustomerInput = /* @__PURE__ */ z.strictObject({ name: /* @__PURE__ */ text() });

/** `/api/site/{siteId}/…` path (site limits, site power). */
export const SitePath = /* @__PURE__ */ z.strictObject({ siteId: numericIdParam });

const withOffset = /* @__PURE__ */ z.iso.datetime({ offset: true });
const withoutOffset = /* @__PURE__ */ z.iso.datetime({ local: true });

/**
 * An ISO 8601 date-time with a UTC offset (`Z` or `±hh:mm`), normalised to UTC
 * (`2026-11-21T18:00:00.000Z`). A time without an offset is rejected with a message saying so:
 * "past" is decided against the server's clock, which needs an instant.
 */
export const departureTimeSchema = /* @__PURE__ */ z
  .string({ error: (issue) => (issue.input === undefined ? 'required' : 'must be a string') })
  .superRefine((value, ctx) => {
    if (withOffset.safeParse(value).success) return;
    ctx.addIssue({
      code: 'custom',
      message: withoutOffset.safeParse(value).success
        ? 'has no UTC offset: add Z or ±hh:mm (times without an offset are rejected)'
        : 'must be an ISO 8601 date-time with a UTC offset, e.g. 2026-11-21T18:00:00Z or 2026-11-21T10:00:00-08:00',
    });
  })
  .transform((value) => new Date(value).toISOString())
  .meta({
    format: 'date-time',
    description: 'ISO 8601 with a UTC offset (Z or ±hh:mm); answered in UTC',
    example: '2026-11-21T18:00:00Z',
  });

/** Who asked for an operation or a campaign (docs/people-and-roles.md, "Who did what"). */
export const RequestedBySchema = z
  .union([
    z.object({ apiKeyId: z.number().int(), userEmail: z.string().optional() }),
    z.object({ userId: z.number().int(), userEmail: z.string() }),
    z.object({ operator: z.string() }),
  ])
  .meta({
    id: 'RequestedBy',
    description:
      'The API key that asked (userEmail: its name), the person (userEmail: the e-mail), or the operator CLI',
  });

const NO_CONTROL_CHARACTERS = /^[^\p{Cc}]*$/u;

/** A vehicle's VIN as submitted: trimmed, 1–17 characters; matched case-insensitively. */
export const vehicleVin = /* @__PURE__ */ z
  .string({ error: 'must be a string' })
  .trim()
  .min(1, 'must not be empty')
  .max(MAX_VIN_LENGTH, `must be at most ${MAX_VIN_LENGTH} characters`)
  .regex(NO_CONTROL_CHARACTERS, 'must not contain control characters');

/** The service's vehicle ID in a body. */
export const vehicleId = /* @__PURE__ */ z
  .number({ error: 'must be a number' })
  .int('must be an integer')
  .positive('must be positive')
  .max(Number.MAX_SAFE_INTEGER);

/** Spec §4.2 / §7: exactly one of `vehicleId` and `vehicleVin` (null counts as not given). */
export function exactlyOneVehicle(value: { vehicleId?: unknown; vehicleVin?: unknown }, ctx: z.RefinementCtx): void {
  const given = [value.vehicleId, value.vehicleVin].filter((v) => v !== undefined && v !== null).length;
  if (given === 1) return;
  const message =
    given === 0 ? 'give vehicleId or vehicleVin (exactly one)' : 'give only one of vehicleId and vehicleVin';
  ctx.addIssue({ code: 'custom', path: ['vehicleId'], message });
  ctx.addIssue({ code: 'custom', path: ['vehicleVin'], message });
}

/** The `vehicleId` / `vehicleVin` an invalid batch item submitted, when they have the right type. */
function submittedRef(item: unknown): { vehicleId: number | null; vehicleVin: string | null } {
  const { vehicleId, vehicleVin } = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
  return {
    vehicleId: typeof vehicleId === 'number' && Number.isSafeInteger(vehicleId) ? vehicleId : null,
    vehicleVin: typeof vehicleVin === 'string' ? vehicleVin : null,
  };
}

/**
 * Validates one raw item of a per-vehicle batch (departures, vehicle states) against its
 * single-vehicle schema: the request, or what it named and one message naming every invalid field
 * under `path` (`Invalid body.vehicles.2.socPercent: …`), for the item's own error result.
 */
export function parseVehicleBatchItem<T>(
  schema: z.ZodType<T>,
  item: unknown,
  path: string,
): { request: T } | { invalid: { vehicleId: number | null; vehicleVin: string | null; error: string } } {
  const parsed = schema.safeParse(item);
  if (parsed.success) return { request: parsed.data };
  const fields = validationError(path, parsed.error).errors ?? [];
  return {
    invalid: { ...submittedRef(item), error: `Invalid ${fields.map((f) => `${f.path}: ${f.message}`).join('; ')}` },
  };
}
