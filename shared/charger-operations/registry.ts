/**
 * The registry of operation kinds, by action: the one list the machinery (`operations.ts`) and the
 * worker read. Adding a kind (configuration, firmware, logs) is one entry here with its module, its
 * body (`OPERATION_INPUTS` of `inputs.ts`), its OCPP command declarations
 * (`shared/ocpp/commands/charger-operations.ts`), and its route
 * (`shared/api/routes/charger-operations.ts`).
 */
import type { OperationAction, OperationKind } from './kinds';
import { deleteCertificate, getInstalledCertificateIds, installCertificate } from './certificate-kinds';
import { changeAvailability, clearCache, reset, triggerMessage, unlockConnector } from './core-kinds';
import { settleFirmwareUpdate, updateFirmware } from './firmware-kind';
import { getLog, settleLogUpload } from './log-kind';
import { getCompositeSchedule } from './schedule-kind';
import { customerInformation } from './customer-information';
import { clearDisplayMessage, getDisplayMessages, setDisplayMessage } from './display-kinds';
import { settleDisplayMessages } from './display-report';
import { upgradeSecurityProfile } from './security-profile-kind';
import { publishFirmware, settleFirmwarePublication, unpublishFirmware } from './publish-kinds';
import { getReport } from './report-kind';
import { getTransactionStatus } from './transaction-status-kind';
import { getTariffs } from './tariffs-kind';
import {
  clearVariableMonitoring,
  setMonitoringBase,
  setMonitoringLevel,
  setVariableMonitoring,
} from './monitoring-kinds';

/** Every kind, by its action. */
export const OPERATION_KINDS = {
  reset,
  unlockConnector,
  changeAvailability,
  triggerMessage,
  clearCache,
  updateFirmware,
  getLog,
  getCompositeSchedule,
  customerInformation,
  installCertificate,
  getInstalledCertificateIds,
  deleteCertificate,
  setVariableMonitoring,
  clearVariableMonitoring,
  setMonitoringBase,
  setMonitoringLevel,
  setDisplayMessage,
  clearDisplayMessage,
  getDisplayMessages,
  upgradeSecurityProfile,
  publishFirmware,
  unpublishFirmware,
  getReport,
  getTransactionStatus,
  getTariffs,
} as const satisfies Record<OperationAction, OperationKind<any>>;

export type { OperationAction } from './kinds';

/**
 * The kinds whose `scheduled` results settle later (`settle`), by action: what settling an
 * operation needs (`settleOperation`, which every read of an operation runs). Apart from
 * {@link OPERATION_KINDS} so that the function of the operations' reads, which settles but never
 * performs, bundles no kind that never settles (its bundle is at the 800 KiB ceiling); a kind whose
 * settling is a module of its own is listed by its `settle` step alone, without what performs it.
 */
export const SETTLING_KINDS: Partial<Record<OperationAction, Pick<OperationKind<any>, 'settle'>>> = {
  reset,
  changeAvailability,
  updateFirmware: { settle: settleFirmwareUpdate },
  getLog: { settle: settleLogUpload },
  customerInformation,
  getDisplayMessages: { settle: settleDisplayMessages },
  publishFirmware: { settle: settleFirmwarePublication },
};

/** The kind of a stored action; undefined for one this build does not know. */
export function kindOf(action: string): OperationKind<any> | undefined {
  return (OPERATION_KINDS as Record<string, OperationKind<any>>)[action];
}
