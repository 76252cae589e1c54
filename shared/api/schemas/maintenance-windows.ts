/**
 * Bodies, answers and queries of maintenance windows (reference notes, "Maintenance windows";
 * docs/maintenance-windows.md). Times are ISO 8601 with a UTC offset, answered in UTC.
 */
import * as z from 'zod';
import { positiveId } from '../../charger-operations/inputs';
import {
  MAX_COMMENT_LENGTH,
  type MaintenanceWindow as MaintenanceWindowShape,
} from '../../maintenance-windows/windows';
import { conformsTo, Pagination } from './common';
import { cursor, idList, instant } from './history-query';

/** A comment: 1–1000 characters, line breaks and tabs allowed, no other control character; null removes it. */
const comment = z
  .string()
  .trim()
  .min(1, 'must not be empty (send null for no comment)')
  .max(MAX_COMMENT_LENGTH, `must be at most ${MAX_COMMENT_LENGTH} characters`)
  .regex(/^(?:[^\p{Cc}]|[\n\t])*$/u, 'must not contain control characters other than line breaks and tabs')
  .nullable()
  .meta({ description: `Free text, at most ${MAX_COMMENT_LENGTH} characters; null for none` });

const start = instant.meta({
  description: 'When the maintenance starts; not in the past (at most 5 minutes before now)',
  format: 'date-time',
  example: '2026-12-01T08:00:00Z',
});
const end = instant.meta({
  description: 'When it ends: after startTimestamp, in the future',
  format: 'date-time',
  example: '2026-12-01T12:00:00Z',
});

/** `POST /api/maintenance-windows` body. */
export const CreateMaintenanceWindowBody = z
  .strictObject({
    chargerId: positiveId.meta({ description: 'The charger under maintenance' }),
    portId: positiveId.optional().meta({ description: 'Only this port of the charger (default: the whole charger)' }),
    startTimestamp: start,
    endTimestamp: end,
    comment: comment.optional(),
  })
  .meta({ id: 'CreateMaintenanceWindowBody' });

/** `PATCH /api/maintenance-windows/{id}` body: the fields given change. */
export const PatchMaintenanceWindowBody = z
  .strictObject({
    startTimestamp: start.optional(),
    endTimestamp: end.optional(),
    comment: comment.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'give startTimestamp, endTimestamp or comment')
  .meta({ id: 'PatchMaintenanceWindowBody' });

const NamedRef = z.object({ id: z.number().int(), name: z.string() });

/** A maintenance window (reference notes, "Maintenance windows"). */
export const MaintenanceWindow = conformsTo<MaintenanceWindowShape>()(
  z
    .object({
      id: z.number().int(),
      startTimestamp: z.string().meta({ format: 'date-time' }),
      endTimestamp: z.string().meta({ format: 'date-time' }),
      comment: z.string().nullable(),
      userEmail: z.null().meta({ description: 'Always null: API keys belong to no user' }),
      createdAt: z.string().meta({ format: 'date-time' }),
      updatedAt: z.string().meta({ format: 'date-time' }),
      charger: NamedRef,
      port: NamedRef.nullable().meta({ description: 'null: the whole charger' }),
      site: NamedRef,
      organization: NamedRef,
    })
    .meta({ id: 'MaintenanceWindow' }),
);

/** `{ data: window }`. */
export const MaintenanceWindowResponse = z
  .object({ data: MaintenanceWindow })
  .meta({ id: 'MaintenanceWindowResponse' });

/** A page of windows. */
export const MaintenanceWindowList = z
  .object({ data: z.array(MaintenanceWindow), pagination: Pagination })
  .meta({ id: 'MaintenanceWindowList' });

/** `GET /api/maintenance-windows` query (the reference's bare repeated names; `name[]` accepted too). */
export const MaintenanceWindowsQuery = z.strictObject({
  afterTimestamp: instant.optional().meta({ description: 'Windows ending after this' }),
  beforeTimestamp: instant.optional().meta({ description: 'Windows starting before this' }),
  chargerIds: idList.optional(),
  'chargerIds[]': idList.optional(),
  siteIds: idList.optional(),
  'siteIds[]': idList.optional(),
  nextPageCursor: cursor.optional(),
});
