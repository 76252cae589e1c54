/**
 * The face of `shared/charger-operations/` (charger operations as resources: the kinds, targets,
 * the worker's steps, the audit trail, and the commands they send): what the adapters
 * (`shared/api`, `shared/ocpp`, `lambdas/`, `lib/`, `bin/`) import of it, and only through here
 * (`.dependency-cruiser.cjs`, docs/architecture.md "Domain folders"). Tests may import the modules.
 *
 * @module
 */
export { listOperations } from './audit-trail';
export type {
  CertificateHashData,
  ChargerOperationCommandCatalog,
  CustomerInformationInput,
  GetLogInput,
  InstalledCertificate,
  InstalledCertificatesAnswer,
  LogRequestAnswer,
  NetworkProfileInput,
  OperationAnswer,
  PublishFirmwareInput,
  GetReportInput,
  TransactionStatusAnswer,
  TransactionStatusInput,
  UpdateFirmwareInput,
} from './commands';
export { recordCustomerInformationPage, type CustomerInformationPage } from './customer-information';
export { recordDisplayMessagesPage, type DisplayMessagesPage } from './display-report';
export { recordPublishFirmwareStatus, type PublishFirmwareStatus } from './publish-kinds';
export { checkFirmwareDates, chargerIdList, firmwareFields, OPERATION_INPUTS, positiveId } from './inputs';
export { OPERATION_ACTIONS, type OperationAction } from './kinds';
export { readOperationLogs } from './operation-logs';
export {
  performOperation,
  readOperation,
  requestOperation,
  sweepOperations,
  type OperationStarter,
} from './operations';
export { OPERATION_KINDS } from './registry';
export {
  MONITOR_TYPES,
  MONITORING_BASES,
  type MonitorAnswer,
  type MonitorResult,
  type MonitorSetting,
  type MonitoringBase,
} from './monitors';
export {
  MAX_MESSAGE_CONTENT,
  MESSAGE_FORMATS,
  MESSAGE_PRIORITIES,
  MESSAGE_STATES,
  type DisplayMessage,
  type GetDisplayMessagesInput,
  type ReportedDisplayMessage,
} from './display';
export type { TargetFields } from './targets';
export {
  ALL_RESET_TYPES,
  ALL_TRIGGER_MESSAGES,
  CERTIFICATE_ID_TYPES,
  INSTALL_CERTIFICATE_TYPES,
  RESET_TYPES,
  TRIGGER_MESSAGES,
} from './version-inputs';
