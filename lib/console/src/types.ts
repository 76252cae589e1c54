/**
 * The API's shapes as the console reads them. Types only: the existing endpoints' types come from
 * the API's own zod schemas (the route groups, `shared/api/routes/*`), imported with `import type` so no zod code
 * reaches the bundle.
 *
 * @module
 */
import type { z } from 'zod';
import type { Problem } from '../../../shared/api/routes/common';
import type {
  ChargerOperationList as ChargerOperationListSchema,
  ChargerOperationResponse as ChargerOperationResponseSchema,
} from '../../../shared/api/routes/charger-operation-reads';
import type {
  FirmwareCampaignList as FirmwareCampaignListSchema,
  FirmwareCampaignResponse as FirmwareCampaignResponseSchema,
} from '../../../shared/api/routes/firmware-campaigns';
import type {
  Vehicle as VehicleSchema,
  VehicleListResponse as VehicleListSchema,
} from '../../../shared/api/routes/vehicles';
import type { UpcomingDeparturesResponse as UpcomingDeparturesSchema } from '../../../shared/api/routes/departure-times';
import type { AccessIdListResponse as AccessIdListSchema } from '../../../shared/api/routes/access-ids';
import type { PowerAllocationResponse as PowerAllocationSchema } from '../../../shared/api/routes/site-power';
import type {
  SetSitePowerLimitBody as SetLimitSchema,
  SitePowerLimitCreatedResponse as LimitCreatedSchema,
  SitePowerLimitSchedule as LimitScheduleSchema,
  SitePowerLimitSchedulesResponse as LimitSchedulesSchema,
} from '../../../shared/api/routes/site-limits';
import type {
  SetSiteTariffBody as SetSiteTariffSchema,
  SiteTariffResponse as SiteTariffResponseSchema,
} from '../../../shared/api/routes/site-tariffs';
import type {
  ChargerErrorList as ChargerErrorListSchema,
  ChargerErrorReport as ChargerErrorSchema,
  ChargerHealthReport as ChargerHealthReportSchema,
  ChargingSession as ChargingSessionSchema,
  ChargingSessionList as ChargingSessionListSchema,
  OcppMessageList as OcppMessageListSchema,
  SessionInterval as SessionIntervalSchema,
} from '../../../shared/api/routes/history';
import type {
  CommandStatusResponse as CommandStatusSchema,
  RemoteStartResponse as RemoteStartSchema,
} from '../../../shared/api/routes/commands';
import type { LocalListResponse as LocalListSchema } from '../../../shared/api/routes/local-list';
import type {
  ChargerConfigurationResponse as ChargerConfigurationSchema,
  ConfigurationRefreshResponse as ConfigurationRefreshSchema,
} from '../../../shared/api/routes/charger-configuration';
import type {
  CreateMaintenanceWindowBody as CreateMaintenanceWindowSchema,
  MaintenanceWindowList as MaintenanceWindowListSchema,
  MaintenanceWindowResponse as MaintenanceWindowResponseSchema,
  PatchMaintenanceWindowBody as PatchMaintenanceWindowSchema,
} from '../../../shared/api/routes/maintenance-windows';

export type { Charger, CurrentChargingSession, Port, SiteWithChargers } from '../../../shared/api/routes/charger-views';

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
/** `POST /api/site/{siteId}/limits` body: a flat `limit`, or `schedules` (by time of day). */
export type SetSitePowerLimit = z.input<typeof SetLimitSchema>;
/** `POST /api/site/{siteId}/limits` answer. */
export type SitePowerLimitCreated = z.infer<typeof LimitCreatedSchema>;
/** `GET` and `PUT /api/sites/{siteId}/tariff` answer. */
export type SiteTariffAnswer = z.infer<typeof SiteTariffResponseSchema>;
/** A site's tariff. */
export type SiteTariff = SiteTariffAnswer['tariff'];
/** `PUT /api/sites/{siteId}/tariff` body. */
export type SetSiteTariff = z.input<typeof SetSiteTariffSchema>;
/** `POST /api/ocpp/remote-start` answer. */
export type RemoteStartAnswer = z.infer<typeof RemoteStartSchema>;
/** `POST /api/ocpp/remote-stop` answer. */
export type RemoteStopAnswer = z.infer<typeof CommandStatusSchema>;

/** `GET /api/site/{siteId}/power-allocation` answer (smart charging). */
export type PowerAllocation = z.infer<typeof PowerAllocationSchema>;

/** One 15-minute interval of a charging session, `includeIntervals=true`. */
export type SessionInterval = z.infer<typeof SessionIntervalSchema>;
/** `GET /api/charging-sessions` item. */
export type ChargingSession = z.infer<typeof ChargingSessionSchema>;
/** `GET /api/charging-sessions` answer. */
export type ChargingSessionList = z.infer<typeof ChargingSessionListSchema>;
/** `GET /api/ocpp-messages`: a charger's logged OCPP exchanges, newest first. */
export type OcppMessageList = z.infer<typeof OcppMessageListSchema>;
/** `GET /api/charger-health` answer (10 requests per minute per key). */
export type ChargerHealthReport = z.infer<typeof ChargerHealthReportSchema>;
/** Error counts of the charger-health report. */
export type ErrorCounts = ChargerHealthReport['data'][number]['errorCounts'];
/** `GET /api/errors` item. */
export type ChargerError = z.infer<typeof ChargerErrorSchema>;
/** `GET /api/errors` answer. */
export type ChargerErrorList = z.infer<typeof ChargerErrorListSchema>;
/** `GET /api/chargers/{id}/configuration` answer. */
export type ChargerConfigurationAnswer = z.infer<typeof ChargerConfigurationSchema>;
/** A charger's stored configuration (1.6 keys or 2.0.1 variables). */
export type ChargerConfiguration = ChargerConfigurationAnswer['data'];
/** `POST /api/chargers/{id}/configuration/refresh` answer. */
export type ConfigurationRefreshAnswer = z.infer<typeof ConfigurationRefreshSchema>;
/** `GET /api/chargers/{id}/local-list` and `POST …/local-list/sync` answer. */
export type LocalListAnswer = z.infer<typeof LocalListSchema>;
/** A charger's local authorization list as the CSMS last set it. */
export type LocalList = LocalListAnswer['data'];

/** `{ data: operation }` of a charger operation (docs/charger-operations.md). */
export type ChargerOperationAnswer = z.infer<typeof ChargerOperationResponseSchema>;
/** A charger operation. */
export type ChargerOperation = ChargerOperationAnswer['data'];
/** A page of the audit trail. */
export type ChargerOperationList = z.infer<typeof ChargerOperationListSchema>;
/** `{ data: campaign }` of a firmware campaign (docs/firmware.md). */
export type FirmwareCampaignAnswer = z.infer<typeof FirmwareCampaignResponseSchema>;
/** A firmware campaign with its progress per charger. */
export type FirmwareCampaign = FirmwareCampaignAnswer['data'];
/** A page of firmware campaigns. */
export type FirmwareCampaignList = z.infer<typeof FirmwareCampaignListSchema>;

/** A page of access IDs (spec §4.1). */
export type AccessIdList = z.infer<typeof AccessIdListSchema>;

/** `{ data: window }` of a maintenance window (docs/maintenance-windows.md). */
export type MaintenanceWindowAnswer = z.infer<typeof MaintenanceWindowResponseSchema>;
/** A maintenance window of a charger or one of its ports. */
export type MaintenanceWindow = MaintenanceWindowAnswer['data'];
/** A page of maintenance windows. */
export type MaintenanceWindowList = z.infer<typeof MaintenanceWindowListSchema>;
/** `POST /api/maintenance-windows` body. */
export type CreateMaintenanceWindow = z.input<typeof CreateMaintenanceWindowSchema>;
/** `PATCH /api/maintenance-windows/{id}` body. */
export type PatchMaintenanceWindow = z.input<typeof PatchMaintenanceWindowSchema>;

export type { Alert, AlertSeverity, AlertType } from '../../../shared/alerts';

/** A page of a list: the cursor of the next in `pagination` (this API's lists) or at the top (read with `nextPageCursorOf`). */
export interface ListPage<T> {
  data: T[];
  pagination?: { hasNextPage: boolean; nextPageCursor: string | null };
  nextPageCursor?: string | null;
}

/** `GET /api/alerts` answer. */
export type AlertList = ListPage<import('../../../shared/alerts').Alert>;

export type { EventType } from '../../../shared/events';

/**
 * A webhook endpoint (`/api/webhook-endpoints`), as the API answers it; `secret`
 * (`whsec_…`) only in the answers of its creation and of `rotate-secret`.
 */
export interface WebhookEndpoint {
  id: number | string;
  url: string;
  description: string | null;
  eventTypes: string[];
  enabled: boolean;
  /** Why the system disabled it: the receiver answered 410 (`gone`), or it failed for five days. */
  disabledReason: 'gone' | 'failing' | null;
  createdAt: string;
  updatedAt: string;
  secret?: string;
}

/** One attempt of a webhook delivery. */
export interface WebhookAttempt {
  timestamp: string;
  responseCode: number | null;
  error: string | null;
  durationMs: number;
}

/** A delivery of one event to one endpoint, with its attempts. */
export interface WebhookDelivery {
  id: number | string;
  endpointId: number | string;
  eventType: string;
  eventId: string;
  createdAt: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  lastAttemptAt: string | null;
  lastResponseCode: number | null;
  nextAttemptAt: string | null;
  attemptLog: WebhookAttempt[];
}

/** `GET /api/webhook-endpoints/{id}/deliveries` answer. */
export type WebhookDeliveryList = ListPage<WebhookDelivery>;

/** `GET /api/me`'s `data`: who is calling, with which role and scope. */
export type Me = z.infer<typeof import('../../../shared/api/routes/users').MeResponse>['data'];
/** A person of the organization (`/api/users`). */
export type User = z.infer<typeof import('../../../shared/api/routes/users').User>;
/** `GET /api/users` answer. */
export type UserList = z.infer<typeof import('../../../shared/api/routes/users').UserList>;
/** A role, lowest first: viewer, operator, admin, owner (docs/people-and-roles.md). */
export type Role = Me['role'];
