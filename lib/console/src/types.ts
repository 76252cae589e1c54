/**
 * The API's shapes as the console reads them. Types only: the existing endpoints' types come from
 * the API's own zod schemas (`shared/api/schemas/*`), imported with `import type` so no zod code
 * reaches the bundle. Endpoints still being built are typed here from their documented shapes; the
 * pages treat their absence (404, or missing from the OpenAPI document) as "not available yet".
 *
 * @module
 */
import type { z } from 'zod';
import type { Problem } from '../../../shared/api/schemas/common';
import type {
  Vehicle as VehicleSchema,
  VehicleListResponse as VehicleListSchema,
} from '../../../shared/api/schemas/access-ids';
import type { UpcomingDeparturesResponse as UpcomingDeparturesSchema } from '../../../shared/api/schemas/departures';
import type { PowerAllocationResponse as PowerAllocationSchema } from '../../../shared/api/schemas/site-power';
import type {
  SitePowerLimitCreatedResponse as LimitCreatedSchema,
  SitePowerLimitSchedule as LimitScheduleSchema,
  SitePowerLimitSchedulesResponse as LimitSchedulesSchema,
} from '../../../shared/api/schemas/site-limits';
import type {
  CommandStatusResponse as CommandStatusSchema,
  RemoteStartResponse as RemoteStartSchema,
} from '../../../shared/api/schemas/ocpp-commands';

export type { Charger, CurrentChargingSession, Port, SiteWithChargers } from '../../../shared/api/schemas/chargers';

/** RFC 9457 problem document of every 4xx/5xx. */
export type ProblemDocument = z.infer<typeof Problem>;
/** `GET /api/vehicles` item. */
export type Vehicle = z.infer<typeof VehicleSchema>;
/** `GET /api/vehicles` answer. */
export type VehicleList = z.infer<typeof VehicleListSchema>;
/** `GET /api/departure-times/vehicle` answer. */
export type UpcomingDepartures = z.infer<typeof UpcomingDeparturesSchema>;
/** A stored site power limit. */
export type SitePowerLimitSchedule = z.infer<typeof LimitScheduleSchema>;
/** `GET /api/site/{siteId}/limits` answer. */
export type SitePowerLimitSchedules = z.infer<typeof LimitSchedulesSchema>;
/** `POST /api/site/{siteId}/limits` answer. */
export type SitePowerLimitCreated = z.infer<typeof LimitCreatedSchema>;
/** `POST /api/ocpp/remote-start` answer. */
export type RemoteStartAnswer = z.infer<typeof RemoteStartSchema>;
/** `POST /api/ocpp/remote-stop` answer. */
export type RemoteStopAnswer = z.infer<typeof CommandStatusSchema>;

/** `GET /api/site/{siteId}/power-allocation` answer (smart charging). */
export type PowerAllocation = z.infer<typeof PowerAllocationSchema>;

/** One 15-minute interval of a charging session, `includeIntervals=true`. */
export interface SessionInterval {
  startTime: string;
  endTime: string;
  energyDeliveredKwh: number | null;
  averagePowerKw: number | null;
  maxPowerKw: number | null;
  socPercent: number | null;
}

/** `GET /api/charging-sessions` item (being built). */
export interface ChargingSession {
  id: number;
  startTime: string;
  endTime: string | null;
  energyDeliveredKwh: number | null;
  maxDemandKw: number | null;
  socStartPercent: number | null;
  socEndPercent: number | null;
  ocppIdTag: string | null;
  site: { id: number; name: string } | null;
  charger: { id: number; name: string } | null;
  port: { id: number; name: string; portNumber: number } | null;
  vehicle: { id: number; name: string | null } | null;
  customer: { name: string } | null;
  intervals?: SessionInterval[];
}

/** `GET /api/charging-sessions` answer. */
export interface ChargingSessionList {
  data: ChargingSession[];
  pagination: { hasNextPage: boolean; nextPageCursor: string | null };
}

/** Error counts of the charger-health report. */
export interface ErrorCounts {
  endedEarly: number;
  failedToStart: number;
  other: number;
  total: number;
}

/** `GET /api/charger-health` answer (being built; 10 requests per minute per key). */
export interface ChargerHealthReport {
  data: {
    chargerId: number;
    connectivity: { onlineSeconds: number; offlineSeconds: number; onlinePercent: number };
    uptime: { uptimePercent: number };
    utilization: { chargingSessionSeconds: number; utilizationPercent: number };
    errorCounts: ErrorCounts;
    chargingSessionsCount: number;
  }[];
}

/** `GET /api/errors` item (being built). */
export interface ChargerError {
  id: number;
  timestamp: string;
  ocppErrorCode: string;
  vendorErrorCode: string | null;
  ocppInfo: string | null;
  ocppStatus: string;
  errorCategory: string;
  port: { id: number; name: string } | null;
}

/** `GET /api/errors` answer. */
export interface ChargerErrorList {
  data: ChargerError[];
  pagination: { hasNextPage: boolean; nextPageCursor: string | null };
}
