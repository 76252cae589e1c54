/**
 * The `maintenanceWindows` route group (reference notes, "Maintenance windows";
 * docs/maintenance-windows.md): bodies, answers and queries, and the routes. Times are ISO 8601 with
 * a UTC offset, answered in UTC.
 */
import * as z from 'zod';
import { positiveId } from '../../charger-operations';
import { type MaintenanceWindow as MaintenanceWindowShape, MAX_COMMENT_LENGTH } from '../../maintenance-windows';
import { conformsTo, Pagination } from './common';
import { cursor, idList, instant } from './list-query';
import { defineRoutes, idPath } from './define';

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
      userEmail: z.string().nullable().meta({
        description:
          "Who made or last changed the window: a person's e-mail, or the API key's name (docs/people-and-roles.md)",
      }),
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

const RULES =
  'startTimestamp and endTimestamp: ISO 8601 with a UTC offset (answered in UTC); the end after the start and in the future; the start at most 5 minutes in the past. A window of a whole charger (no portId) counts for the charger and each of its ports in charger health, a port window for that port only. userEmail: who made or last changed the window (a person e-mail, else the API key name).';

/** The routes, in the order the OpenAPI document lists them. */
export const maintenanceWindowRoutes = defineRoutes('maintenanceWindows', {
  'POST /api/maintenance-windows': {
    role: 'operator',
    summary: 'Create a maintenance window',
    description: `201 with the window. ${RULES} 400 naming the field (nothing stored): bad times, a port of another charger, a comment over 1000 characters, an unknown field; 404: an unknown charger or port (or another organization's), named in detail.`,
    tags: ['Maintenance windows'],
    request: { body: CreateMaintenanceWindowBody },
    responses: { 201: { description: 'Created', schema: MaintenanceWindowResponse } },
  },
  'GET /api/maintenance-windows': {
    summary: 'List maintenance windows',
    description:
      'Reference notes, "Maintenance windows". Soonest ending first, up to 50 per page. afterTimestamp: windows ending after it; beforeTimestamp: windows starting before it (both: the windows overlapping that range). chargerIds, siteIds: repeat the bare name (chargerIds=1&chargerIds=2; chargerIds[]= and comma-joined values are accepted too), at most 50 each; with both, a window must match both. A site-scoped key sees its site\'s windows only; IDs it cannot see match nothing.',
    tags: ['Maintenance windows'],
    request: { queryStringParameters: MaintenanceWindowsQuery },
    responses: { 200: { description: 'One page of windows', schema: MaintenanceWindowList } },
  },
  'GET /api/maintenance-windows/{id}': {
    summary: 'Get a maintenance window',
    description: "404 for an unknown window or another organization's (or site's).",
    tags: ['Maintenance windows'],
    request: { pathParameters: idPath },
    responses: { 200: { description: 'The window', schema: MaintenanceWindowResponse } },
  },
  'PATCH /api/maintenance-windows/{id}': {
    role: 'operator',
    summary: 'Change a maintenance window',
    description: `The fields given change (comment null removes it); the charger and port do not. ${RULES} A start left unchanged may be in the past (a window in progress can be extended or shortened). 409 for a window that has ended (it is history) or that another request changed meanwhile.`,
    tags: ['Maintenance windows'],
    request: { pathParameters: idPath, body: PatchMaintenanceWindowBody },
    responses: { 200: { description: 'Changed', schema: MaintenanceWindowResponse } },
    errors: { 409: 'The window has ended, or another request changed it meanwhile' },
  },
  'DELETE /api/maintenance-windows/{id}': {
    role: 'operator',
    summary: 'Delete a maintenance window',
    description: '204 with an empty body. 409 for a window that has ended (it is history); 404 for an unknown one.',
    tags: ['Maintenance windows'],
    request: { pathParameters: idPath },
    responses: { 204: { description: 'Deleted' } },
    errors: { 409: 'The window has ended, or another request changed it meanwhile' },
  },
});
