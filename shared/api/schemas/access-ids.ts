/**
 * Access ID and vehicle bodies and answers (spec §2.1, §2.2, §4.1, §4.6; reference notes
 * "Access IDs", "Vehicles").
 */
import * as z from 'zod';
import { EmbeddedVehicle, Pagination, text } from './common';
import { MAX_ACCESS_IDS_PER_VEHICLE_REQUEST } from '../../access/items';

/** A submitted ocppIdTag before normalisation (the normalised tag is checked separately: 1–36 characters). */
const rawTag = z.string().max(256, 'must be at most 256 characters');
const status = z.enum(['Authorized', 'Revoked']);
const customer = z.strictObject({ name: text() });

/** Spec §2.1 access ID (`customer` on single-item answers and batch results only). */
export const AccessId = z
  .object({
    id: z.number().int(),
    ocppIdTag: z.string().meta({ description: 'Normalised: trimmed, upper-cased, MAC/UID separators removed' }),
    type: z.enum(['RFID', 'Vehicle']),
    name: z.string(),
    authorizationStatus: status,
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
    type: z.enum(['RFID', 'Vehicle']),
    name: text(),
    ocppIdTag: rawTag,
    authorizationStatus: status.optional().meta({ description: 'Default Authorized' }),
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
    customer: customer.optional().meta({ description: 'Found or created by name, case-insensitively' }),
  }),
});

/** `PATCH /api/access-ids/{id}` body: only these fields; `null` deletes an optional value. */
export const PatchAccessIdBody = z.strictObject({
  accessId: z.strictObject({
    name: text().optional(),
    authorizationStatus: status.optional(),
    vehicle: z
      .strictObject({
        make: text(100).nullable().optional(),
        model: text(100).nullable().optional(),
        vin: text(17).nullable().optional(),
      })
      .nullable()
      .optional(),
    customer: customer.nullable().optional(),
  }),
});

/** One batch item (spec §4.1 table); validated item by item so that a bad one fails alone. */
export const BatchItem = z.strictObject({
  ocppIdTag: rawTag,
  name: text(200),
  type: z.enum(['RFID', 'Vehicle']),
  authorizationStatus: status.optional(),
  vehicle: z
    .strictObject({
      make: text(100).nullable().optional(),
      model: text(100).nullable().optional(),
      vin: text(17).nullable().optional(),
    })
    .optional(),
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

/** Spec §2.2 vehicle. */
export const Vehicle = z
  .object({
    id: z.number().int(),
    name: z.string().nullable(),
    make: z.string().nullable(),
    model: z.string().nullable(),
    vin: z.string().nullable(),
    licensePlate: z.string().nullable(),
    hasTelematics: z.boolean(),
    customer: z.object({ name: z.string() }).nullable(),
    accessIds: z.array(z.object({ id: z.number().int(), ocppIdTag: z.string(), authorizationStatus: status })),
  })
  .meta({ id: 'Vehicle' });

const vehicleFields = {
  name: text().nullable().optional(),
  make: text(100).nullable().optional(),
  model: text(100).nullable().optional(),
  vin: text(17).nullable().optional(),
  licensePlate: text(20).nullable().optional(),
  customer: customer.nullable().optional(),
  accessIds: z
    .array(z.strictObject({ ocppIdTag: rawTag, authorizationStatus: status.optional() }))
    .max(MAX_ACCESS_IDS_PER_VEHICLE_REQUEST, `must have at most ${MAX_ACCESS_IDS_PER_VEHICLE_REQUEST} items`)
    .optional()
    .meta({
      description: `At most ${MAX_ACCESS_IDS_PER_VEHICLE_REQUEST} (one request is one DynamoDB transaction). A tag attached to another vehicle is a 409 naming it: one tag, one vehicle.`,
    }),
};
/** `POST /api/vehicles` body (reference notes: no inner field required). */
export const CreateVehicleBody = z.strictObject({ vehicle: z.strictObject(vehicleFields) });
/** `PATCH /api/vehicles/{id}` body: `null` deletes an optional field; `accessIds` replaces the associated set. */
export const PatchVehicleBody = z.strictObject({ vehicle: z.strictObject(vehicleFields) });
/** `{ vehicle }` answer. */
export const VehicleResponse = z.object({ vehicle: Vehicle });
/** `GET /api/vehicles` answer. */
export const VehicleListResponse = z.object({ data: z.array(Vehicle), pagination: Pagination });
