/**
 * Routes of the `maintenanceWindows` function: maintenance windows (reference
 * notes, "Maintenance windows"; docs/maintenance-windows.md).
 */
import { defineRoutes, idPath } from './define';
import {
  CreateMaintenanceWindowBody,
  MaintenanceWindowList,
  MaintenanceWindowResponse,
  MaintenanceWindowsQuery,
  PatchMaintenanceWindowBody,
} from '../schemas/maintenance-windows';

const RULES =
  'startTimestamp and endTimestamp: ISO 8601 with a UTC offset (answered in UTC); the end after the start and in the future; the start at most 5 minutes in the past. A window of a whole charger (no portId) counts for the charger and each of its ports in charger health, a port window for that port only. userEmail is always null (API keys belong to no user).';

/** The routes, in the order the OpenAPI document lists them. */
export const maintenanceWindowRoutes = defineRoutes('maintenanceWindows', {
  'POST /api/maintenance-windows': {
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
    summary: 'Change a maintenance window',
    description: `The fields given change (comment null removes it); the charger and port do not. ${RULES} A start left unchanged may be in the past (a window in progress can be extended or shortened). 409 for a window that has ended (it is history) or that another request changed meanwhile.`,
    tags: ['Maintenance windows'],
    request: { pathParameters: idPath, body: PatchMaintenanceWindowBody },
    responses: { 200: { description: 'Changed', schema: MaintenanceWindowResponse } },
    errors: { 409: 'The window has ended, or another request changed it meanwhile' },
  },
  'DELETE /api/maintenance-windows/{id}': {
    summary: 'Delete a maintenance window',
    description: '204 with an empty body. 409 for a window that has ended (it is history); 404 for an unknown one.',
    tags: ['Maintenance windows'],
    request: { pathParameters: idPath },
    responses: { 204: { description: 'Deleted' } },
    errors: { 409: 'The window has ended, or another request changed it meanwhile' },
  },
});
