/**
 * Schemas shared by every route: path IDs, the problem document, the pagination object.
 * Each schema carries an OpenAPI `id` (component name) through zod's `.meta()`.
 */
import * as z from 'zod';

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
export { text } from '../../validation';

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
