/**
 * The `accessIds` route group (spec §2.1, §4.1; reference notes "Access IDs"): the access ID's
 * bodies and answers, the batch's items, and the routes of the `accessIds` function.
 */
import * as z from 'zod';
import {
  AuthorizationStatus,
  CustomerInput,
  EmbeddedVehicle,
  Pagination,
  paginationQuery,
  RawOcppIdTag,
  text,
} from './common';
import { defineRoutes, idPath } from './define';
import { ACCESS_ID_TYPES } from '../../access';

/** Spec §2.1 access ID (`customer` on single-item answers and batch results only). */
export const AccessId = z
  .object({
    id: z.number().int(),
    ocppIdTag: z.string().meta({
      description: 'Normalised: trimmed, upper-cased, MAC/UID separators removed; an eMAID without its - separators',
    }),
    type: z.enum(ACCESS_ID_TYPES).meta({
      description: 'eMAID: an e-mobility contract (Plug & Charge, ISO 15118), its ocppIdTag an eMAID',
    }),
    name: z.string(),
    authorizationStatus: AuthorizationStatus,
    authorizedAt: z.string(),
    revokedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    vehicle: EmbeddedVehicle.nullable(),
    customer: z.object({ name: z.string() }).nullable().optional(),
  })
  .meta({ id: 'AccessId' });

/** `POST /api/access-ids` body. */
export const CreateAccessIdBody = z.strictObject({
  accessId: z.strictObject({
    type: z.enum(ACCESS_ID_TYPES),
    name: text(),
    ocppIdTag: RawOcppIdTag,
    authorizationStatus: AuthorizationStatus.optional().meta({ description: 'Default Authorized' }),
    vehicle: z
      .strictObject({ make: text(100), model: text(100), vin: text(17) })
      .optional()
      .meta({ description: 'Type Vehicle only: creates a vehicle named after the access ID' }),
    vehicleId: z
      .number()
      .int()
      .positive()
      .optional()
      .meta({ description: 'Type Vehicle only: links an existing vehicle' }),
    customer: CustomerInput.optional().meta({ description: 'Found or created by name, case-insensitively' }),
  }),
});

/** An access ID's vehicle as a change or a batch item gives it: each field optional, `null` deletes it. */
const VehicleFields = z.strictObject({
  make: text(100).nullable().optional(),
  model: text(100).nullable().optional(),
  vin: text(17).nullable().optional(),
});

/** `PATCH /api/access-ids/{id}` body: only these fields; `null` deletes an optional value. */
export const PatchAccessIdBody = z.strictObject({
  accessId: z.strictObject({
    name: text().optional(),
    authorizationStatus: AuthorizationStatus.optional(),
    vehicle: VehicleFields.nullable().optional(),
    customer: CustomerInput.nullable().optional(),
  }),
});

/** One batch item (spec §4.1 table); validated item by item so that a bad one fails alone. */
export const BatchItem = z.strictObject({
  ocppIdTag: RawOcppIdTag,
  name: text(200),
  type: z.enum(ACCESS_ID_TYPES),
  authorizationStatus: AuthorizationStatus.optional(),
  vehicle: VehicleFields.optional(),
  customer: z.strictObject({ name: text(200) }).optional(),
});

/**
 * Validates one raw batch item: the item, or the message of its error result naming every
 * invalid field (`vehicle.vin: must be at most 17 characters`).
 */
export function parseBatchItem(
  raw: unknown,
): { item: z.output<typeof BatchItem> } | { invalid: { ocppIdTag: string; error: string } } {
  const parsed = BatchItem.safeParse(raw);
  if (parsed.success) return { item: parsed.data };
  const rawTag = (raw as { ocppIdTag?: unknown } | null)?.ocppIdTag;
  const error = parsed.error.issues
    .map(
      (i) =>
        `${[...i.path, ...(i.code === 'unrecognized_keys' ? i.keys : [])].join('.') || 'item'}: ${i.code === 'unrecognized_keys' ? 'unknown field' : i.message}`,
    )
    .join('; ');
  return { invalid: { ocppIdTag: typeof rawTag === 'string' ? rawTag : '', error } };
}

/** Most items in one `PUT /api/access-ids/batch` (spec §8); more is a 400 for the whole request. */
export const MAX_BATCH_ITEMS = 1000;

/** `PUT /api/access-ids/batch` body: items are validated one by one (a bad item fails alone). */
export const BatchBody = z.strictObject({
  accessIds: z
    .array(z.unknown())
    .max(MAX_BATCH_ITEMS, `at most ${MAX_BATCH_ITEMS} items per batch`)
    .meta({ description: `Up to ${MAX_BATCH_ITEMS} items; see the batch item rules` }),
});

/** One batch result, in request order. */
export const BatchResult = z
  .object({
    ocppIdTag: z.string(),
    outcome: z.enum(['created', 'updated', 'error']),
    accessId: AccessId.optional(),
    error: z.string().optional(),
  })
  .meta({ id: 'AccessIdBatchResult' });

/** `{ accessId }` answer. */
export const AccessIdResponse = z.object({ accessId: AccessId });
/** `GET /api/access-ids` answer. */
export const AccessIdListResponse = z.object({ data: z.array(AccessId), pagination: Pagination });
/** `PUT /api/access-ids/batch` answer. */
export const BatchResponse = z.object({ results: z.array(BatchResult) });

/** The routes, in the order the OpenAPI document lists them. */
export const accessIdRoutes = defineRoutes('accessIds', {
  'GET /api/access-ids': {
    summary: 'List access IDs',
    description: 'Spec §4.1. 100 per page, by ID; items without customer.',
    tags: ['Access IDs'],
    request: { queryStringParameters: paginationQuery },
    responses: { 200: { description: 'One page', schema: AccessIdListResponse } },
  },
  'GET /api/access-ids/{id}': {
    summary: 'Get an access ID',
    tags: ['Access IDs'],
    request: { pathParameters: idPath },
    responses: { 200: { description: 'The access ID with its customer', schema: AccessIdResponse } },
  },
  'POST /api/access-ids': {
    role: 'operator',
    fieldRoot: 'body.accessId',
    summary: 'Create an access ID',
    description: 'Spec §4.1. 201; 409 when the normalised ocppIdTag exists; 404 unknown vehicleId.',
    tags: ['Access IDs'],
    request: { body: CreateAccessIdBody },
    responses: { 201: { description: 'Created', schema: AccessIdResponse } },
  },
  'PATCH /api/access-ids/{id}': {
    role: 'operator',
    fieldRoot: 'body.accessId',
    summary: 'Update an access ID',
    description:
      'Spec §4.1: name, authorizationStatus, vehicle, customer only (ocppIdTag and type are 400); null deletes an optional value.',
    tags: ['Access IDs'],
    request: { pathParameters: idPath, body: PatchAccessIdBody },
    responses: { 200: { description: 'Updated', schema: AccessIdResponse } },
  },
  'PUT /api/access-ids/batch': {
    role: 'operator',
    summary: 'Create or update up to 1000 access IDs',
    description:
      'Spec §4.1 rules 1–6. More than 1000 items is a 400 for the whole request; a bad item is an error result and the others proceed; a tag given twice fails its later items.',
    tags: ['Access IDs'],
    request: { body: BatchBody },
    responses: { 200: { description: 'One result per item, in order', schema: BatchResponse } },
  },
});
