/**
 * What an operation's API body may hold (docs/charger-operations.md): the zod schema of each kind's
 * body, by action ({@link OPERATION_INPUTS}), and the firmware fields a campaign shares; the
 * targets' fields are in `target-inputs.ts`, the security and data-protection blocks' bodies in
 * `security-inputs.ts`, the monitoring block's in `monitoring-inputs.ts`, the display messages' in `display-inputs.ts`, the firmware fields in `firmware-inputs.ts`, the local controller's in `publish-inputs.ts`, GetReport's in `report-inputs.ts`. The routes, the OpenAPI
 * document and the operator CLI validate with them; the kinds (`core-kinds.ts`, `firmware-kind.ts`,
 * `log-kind.ts`, `monitoring-kinds.ts`, …) take the bodies they describe. Apart from the kinds because a zod schema is built
 * when its module loads: the worker and the sweep, which read stored bodies and validate none, load
 * neither zod nor these schemas.
 */
import * as z from 'zod';
import { LOG_TYPES } from '../db/entities/charger-logs';
import type { OperationAction } from './kinds';
import { ALL_RESET_TYPES, ALL_TRIGGER_MESSAGES } from './version-inputs';
import {
  ClearVariableMonitoringRequest,
  SetMonitoringBaseRequest,
  SetMonitoringLevelRequest,
  SetVariableMonitoringRequest,
} from './monitoring-inputs';
import { ClearDisplayMessageRequest, GetDisplayMessagesRequest, SetDisplayMessageRequest } from './display-inputs';
import { checkFirmwareDates, firmwareFields } from './firmware-inputs';
import { PublishFirmwareRequest, UnpublishFirmwareRequest } from './publish-inputs';
import { GetReportRequest } from './report-inputs';
import {
  CustomerInformationRequest,
  DeleteCertificateRequest,
  GetInstalledCertificateIdsRequest,
  InstallCertificateRequest,
  UpgradeSecurityProfileRequest,
} from './security-inputs';
import { chargerTargetFields, exactlyOneOf, portTargetField, positiveId } from './target-inputs';

export { chargerIdList, chargerTargetFields, exactlyOneOf, positiveId } from './target-inputs';
export { isPemCertificate } from './security-inputs';
export { checkFirmwareDates, firmwareFields } from './firmware-inputs';

/** `POST /api/ocpp/reset` body. */
const ResetRequest = z
  .strictObject({
    ...chargerTargetFields,
    ...portTargetField,
    type: z.enum(ALL_RESET_TYPES).meta({
      description: "1.6: Soft or Hard; 2.0.1: OnIdle or Immediate (400 when the charger's version lacks it)",
    }),
  })
  .superRefine(exactlyOneOf(['chargerId', 'chargerIds', 'siteId', 'portId']))
  .meta({ id: 'ResetRequest' });

/** `POST /api/ocpp/unlock-connector` body. */
const UnlockConnectorRequest = z.strictObject({ portId: positiveId }).meta({ id: 'UnlockConnectorRequest' });

/** `POST /api/ocpp/change-availability` body. */
const ChangeAvailabilityRequest = z
  .strictObject({
    ...chargerTargetFields,
    ...portTargetField,
    operationalStatus: z
      .enum(['Operative', 'Inoperative'])
      .meta({ description: '1.6 `type`, 2.0.1 `operationalStatus`' }),
  })
  .superRefine(exactlyOneOf(['chargerId', 'chargerIds', 'siteId', 'portId']))
  .meta({ id: 'ChangeAvailabilityRequest' });

/** `POST /api/ocpp/trigger-message` body. */
const TriggerMessageRequest = z
  .strictObject({
    ...chargerTargetFields,
    ...portTargetField,
    requestedMessage: z.enum(ALL_TRIGGER_MESSAGES).meta({
      description: "A message of the charger's OCPP version (400 when its version lacks it)",
    }),
  })
  .superRefine(exactlyOneOf(['chargerId', 'chargerIds', 'siteId', 'portId']))
  .meta({ id: 'TriggerMessageRequest' });

/** `POST /api/ocpp/clear-cache` body. */
const ClearCacheRequest = z
  .strictObject(chargerTargetFields)
  .superRefine(exactlyOneOf(['chargerId', 'chargerIds', 'siteId']))
  .meta({ id: 'ClearCacheRequest' });

/** `POST /api/ocpp/update-firmware` body. */
const UpdateFirmwareRequest = z
  .strictObject({ ...chargerTargetFields, ...firmwareFields })
  .superRefine(exactlyOneOf(['chargerId', 'chargerIds', 'siteId']))
  .superRefine(checkFirmwareDates)
  .meta({ id: 'UpdateFirmwareRequest' });

/** ISO 8601 date-time with offset, not in the future (a log holds what has happened). */
const pastDateTime = z.iso
  .datetime({ offset: true, message: 'must be an ISO 8601 date-time with offset, e.g. 2026-11-21T18:00:00Z' })
  .refine((v) => Date.parse(v) <= Date.now(), 'must not be in the future');

/** `POST /api/ocpp/get-log` body. */
const GetLogRequest = z
  .strictObject({
    ...chargerTargetFields,
    logType: z.enum(LOG_TYPES).meta({
      description:
        'DiagnosticsLog (1.6 GetDiagnostics, 2.0.1 GetLog) or SecurityLog (GetLog: 2.0.1, and the 1.6 security extension)',
    }),
    oldestTimestamp: pastDateTime
      .optional()
      .meta({ description: 'Oldest log entry to include (1.6 startTime, 2.0.1 log.oldestTimestamp)' }),
    latestTimestamp: pastDateTime
      .optional()
      .meta({ description: 'Latest log entry to include (1.6 stopTime, 2.0.1 log.latestTimestamp)' }),
    retries: z.number().int().min(0).max(100).optional().meta({ description: 'Upload attempts the charger may make' }),
    retryInterval: z
      .number()
      .int()
      .min(0)
      .max(86_400)
      .optional()
      .meta({ description: 'Seconds between upload attempts' }),
  })
  .superRefine(exactlyOneOf(['chargerId', 'chargerIds', 'siteId']))
  .superRefine((body, context) => {
    if (
      body.oldestTimestamp &&
      body.latestTimestamp &&
      Date.parse(body.oldestTimestamp) > Date.parse(body.latestTimestamp)
    ) {
      context.addIssue({ code: 'custom', message: 'must not be before oldestTimestamp', path: ['latestTimestamp'] });
    }
  })
  .meta({ id: 'GetLogRequest' });

/** Longest composite schedule asked for, s: a day, the plan's horizon. */
export const MAX_COMPOSITE_SCHEDULE_SECONDS = 86_400;

/** `POST /api/ocpp/get-composite-schedule` body. */
const GetCompositeScheduleRequest = z
  .strictObject({
    ...chargerTargetFields,
    ...portTargetField,
    // Seconds from now; without a unit, the charger's choice.
    duration: z.number().int().min(1).max(MAX_COMPOSITE_SCHEDULE_SECONDS),
    chargingRateUnit: z.enum(['A', 'W']).optional(),
  })
  .superRefine(exactlyOneOf(['chargerId', 'chargerIds', 'siteId', 'portId']))
  .meta({ id: 'GetCompositeScheduleRequest' });

/**
 * `POST /api/ocpp/get-transaction-status` body (2.0.1 E14): a transactionId is one station's, so it
 * is taken with `chargerId` only (400 `body.transactionId` with bulk targets).
 */
const GetTransactionStatusRequest = z
  .strictObject({
    ...chargerTargetFields,
    transactionId: z
      .string()
      .min(1)
      .max(36)
      .optional()
      .meta({ description: "The station's transactionId (2.0.1, at most 36 characters); absent: any transaction" }),
  })
  .superRefine(exactlyOneOf(['chargerId', 'chargerIds', 'siteId']))
  .refine((body) => body.transactionId === undefined || body.chargerId !== undefined, {
    message: "a transactionId is one charger's: name it with chargerId",
    path: ['transactionId'],
  })
  .meta({ id: 'GetTransactionStatusRequest' });

/**
 * `POST /api/ocpp/get-tariffs` body (2.1 I12): the targets alone; GetTariffs asks for every EVSE's
 * (`evseId` 0).
 */
const GetTariffsRequest = z
  .strictObject({ ...chargerTargetFields })
  .superRefine(exactlyOneOf(['chargerId', 'chargerIds', 'siteId']))
  .meta({ id: 'GetTariffsRequest' });

/** The body of each operation kind, by its action (`registry.ts` has the kind of each). */
export const OPERATION_INPUTS = {
  reset: ResetRequest,
  unlockConnector: UnlockConnectorRequest,
  changeAvailability: ChangeAvailabilityRequest,
  triggerMessage: TriggerMessageRequest,
  clearCache: ClearCacheRequest,
  updateFirmware: UpdateFirmwareRequest,
  getLog: GetLogRequest,
  getCompositeSchedule: GetCompositeScheduleRequest,
  customerInformation: CustomerInformationRequest,
  installCertificate: InstallCertificateRequest,
  getInstalledCertificateIds: GetInstalledCertificateIdsRequest,
  deleteCertificate: DeleteCertificateRequest,
  setVariableMonitoring: SetVariableMonitoringRequest,
  clearVariableMonitoring: ClearVariableMonitoringRequest,
  setMonitoringBase: SetMonitoringBaseRequest,
  setMonitoringLevel: SetMonitoringLevelRequest,
  setDisplayMessage: SetDisplayMessageRequest,
  clearDisplayMessage: ClearDisplayMessageRequest,
  getDisplayMessages: GetDisplayMessagesRequest,
  upgradeSecurityProfile: UpgradeSecurityProfileRequest,
  publishFirmware: PublishFirmwareRequest,
  unpublishFirmware: UnpublishFirmwareRequest,
  getReport: GetReportRequest,
  getTransactionStatus: GetTransactionStatusRequest,
  getTariffs: GetTariffsRequest,
} satisfies Record<OperationAction, z.ZodType>;

/** The validated body of an operation of `action`. */
export type OperationInput<A extends OperationAction> = z.output<(typeof OPERATION_INPUTS)[A]>;
