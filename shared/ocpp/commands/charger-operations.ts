/**
 * The commands of charger operations (docs/charger-operations.md): Reset (1.6 §5.14, 2.0.1 B11/B12),
 * UnlockConnector (1.6 §5.18, 2.0.1 F05), ChangeAvailability (1.6 §5.2, 2.0.1 G03/G04),
 * TriggerMessage (1.6 §5.17, 2.0.1 F06) and 1.6's ExtendedTriggerMessage (security extension), ClearCache (1.6 §5.4, 2.0.1 C11), UpdateFirmware
 * (1.6 §5.19, 2.0.1 L01), and GetLog, GetCompositeSchedule, the certificate commands and the 2.0.1
 * monitoring and display-message commands (declared beside their topics), and 2.0.1's PublishFirmware
 * and UnpublishFirmware (L03/L04), GetReport (B08) and GetTransactionStatus (E14, `transaction-status.ts`), and 2.1's GetTariffs (I12, `get-tariffs.ts`). Each result is the
 * charger's status word and its whole answer ({@link OperationAnswer}); the operation kinds
 * (`shared/charger-operations/kinds.ts`) say what the word means. `CHARGER_OPERATION_COMMANDS` is
 * the command set the operation worker and the HTTP function wire into `ocppChargerCommands`: a
 * new kind adds its declaration here.
 */
import type {
  ChargerOperationCommandCatalog,
  OperationAnswer,
  UpdateFirmwareInput,
  CustomerInformationInput,
  PublishFirmwareInput,
  GetReportInput,
} from '../../charger-operations';
import type {
  ComponentCriterionEnumType,
  ComponentVariableType,
  MessageTriggerEnumType,
  ResetEnumType,
  UpdateFirmwareRequest as Ocpp201UpdateFirmwareRequest,
  IdTokenType as Ocpp201IdTokenType,
  CertificateHashDataType as Ocpp201CertificateHashDataType,
} from '../types/v201';
import type {
  ExtendedTriggerMessageRequest,
  SignedUpdateFirmwareRequest as Ocpp16SignedUpdateFirmwareRequest,
  TriggerMessageRequest as V16TriggerMessageRequest,
} from '../types/v16';
import type { CommandSet } from './charger-commands';
import { defineCommand, defineCommand201 } from './command';
import { getLog, getSecurityLog } from './charger-logs';
import { getCompositeSchedule } from './composite-schedule';
import { getTransactionStatus } from './transaction-status';
import { getTariffs } from './get-tariffs';
import { deleteCertificate, getInstalledCertificateIds, installCertificate } from './certificate-operations';
import { clearVariableMonitoring, setMonitoringBase, setMonitoringLevel, setVariableMonitoring } from './monitoring';
import { clearDisplayMessage, getDisplayMessages, setDisplayMessage } from './display';
import { setNetworkProfile } from './network-profile';
import { changeSettings } from './configuration';
import * as V16 from '../validators/v16';
import * as V201 from '../validators/v201';

/** The version-neutral input of a charger-operation command. */
type ChargerOperationInput<K extends keyof ChargerOperationCommandCatalog> = ChargerOperationCommandCatalog[K]['input'];

/** The answer of a response with a `status`. */
const answerOf = (response: { status: string }): OperationAnswer => ({
  ocppStatus: response.status,
  answer: response as unknown as Record<string, unknown>,
});

/** Reset: 1.6 `{ type }` (the whole charge point); 2.0.1 `{ type, evseId? }`. */
export const reset = defineCommand<ChargerOperationInput<'Reset'>, OperationAnswer, 'Reset', 'Reset'>({
  name: 'Reset',
  'ocpp1.6': {
    call: V16.Reset,
    request: ({ type }) => ({ type: type as 'Soft' | 'Hard' }),
    result: answerOf,
  },
  'ocpp2.0.1': {
    call: V201.Reset,
    request: ({ type, portNumber }) => ({
      type: type as ResetEnumType,
      ...(portNumber === undefined ? {} : { evseId: portNumber }),
    }),
    result: answerOf,
  },
});

/** UnlockConnector: 1.6 `{ connectorId }`; 2.0.1 `{ evseId, connectorId: 1 }` (one connector per EVSE here). */
export const unlockConnector = defineCommand<
  ChargerOperationInput<'UnlockConnector'>,
  OperationAnswer,
  'UnlockConnector',
  'UnlockConnector'
>({
  name: 'UnlockConnector',
  'ocpp1.6': {
    call: V16.UnlockConnector,
    request: ({ portNumber }) => ({ connectorId: portNumber }),
    result: answerOf,
  },
  'ocpp2.0.1': {
    call: V201.UnlockConnector,
    request: ({ portNumber }) => ({ evseId: portNumber, connectorId: 1 }),
    result: answerOf,
  },
});

/** ChangeAvailability: 1.6 `{ connectorId (0 = the charger), type }`; 2.0.1 `{ operationalStatus, evse? }`. */
export const changeAvailability = defineCommand<
  ChargerOperationInput<'ChangeAvailability'>,
  OperationAnswer,
  'ChangeAvailability',
  'ChangeAvailability'
>({
  name: 'ChangeAvailability',
  'ocpp1.6': {
    call: V16.ChangeAvailability,
    request: ({ operationalStatus, portNumber }) => ({ connectorId: portNumber ?? 0, type: operationalStatus }),
    result: answerOf,
  },
  'ocpp2.0.1': {
    call: V201.ChangeAvailability,
    request: ({ operationalStatus, portNumber }) => ({
      operationalStatus,
      ...(portNumber === undefined ? {} : { evse: { id: portNumber } }),
    }),
    result: answerOf,
  },
});

/** TriggerMessage as 2.0.1 sends it (F06), every message included: `{ requestedMessage, evse? }`. */
const triggerMessage201 = {
  call: V201.TriggerMessage,
  request: ({ requestedMessage, portNumber }: ChargerOperationInput<'TriggerMessage'>) => ({
    requestedMessage: requestedMessage as MessageTriggerEnumType,
    ...(portNumber === undefined ? {} : { evse: { id: portNumber } }),
  }),
  result: answerOf,
};

/** TriggerMessage: 1.6 `{ requestedMessage, connectorId? }`; 2.0.1 `{ requestedMessage, evse? }`. */
export const triggerMessage = defineCommand<
  ChargerOperationInput<'TriggerMessage'>,
  OperationAnswer,
  'TriggerMessage',
  'TriggerMessage'
>({
  name: 'TriggerMessage',
  'ocpp1.6': {
    call: V16.TriggerMessage,
    request: ({ requestedMessage, portNumber }) => ({
      requestedMessage: requestedMessage as V16TriggerMessageRequest['requestedMessage'],
      ...(portNumber === undefined ? {} : { connectorId: portNumber }),
    }),
    result: answerOf,
  },
  'ocpp2.0.1': triggerMessage201,
});

/**
 * ExtendedTriggerMessage (1.6 security extension, edition 2) `{ requestedMessage, connectorId? }`
 * for the messages only it triggers; 2.0.1 has them all in TriggerMessage.
 */
export const extendedTriggerMessage = defineCommand<
  ChargerOperationInput<'ExtendedTriggerMessage'>,
  OperationAnswer,
  'ExtendedTriggerMessage',
  'TriggerMessage'
>({
  name: 'ExtendedTriggerMessage',
  'ocpp1.6': {
    call: V16.ExtendedTriggerMessage,
    request: ({ requestedMessage, portNumber }) => ({
      requestedMessage: requestedMessage as ExtendedTriggerMessageRequest['requestedMessage'],
      ...(portNumber === undefined ? {} : { connectorId: portNumber }),
    }),
    result: answerOf,
  },
  'ocpp2.0.1': triggerMessage201,
});

/** ClearCache: an empty request in both versions. */
export const clearCache = defineCommand<undefined, OperationAnswer, 'ClearCache', 'ClearCache'>({
  name: 'ClearCache',
  'ocpp1.6': { call: V16.ClearCache, request: () => ({}), result: answerOf },
  'ocpp2.0.1': { call: V201.ClearCache, request: () => ({}), result: answerOf },
});

/** 2.0.1 UpdateFirmware (L01), which carries the signature and signing certificate when given. */
const updateFirmware201 = {
  call: V201.UpdateFirmware,
  request: ({
    requestId,
    location,
    retrieveDate,
    installDate,
    retries,
    retryInterval,
    signingCertificate,
    signature,
  }: UpdateFirmwareInput): Ocpp201UpdateFirmwareRequest => ({
    requestId,
    firmware: {
      location,
      retrieveDateTime: retrieveDate,
      ...(installDate === undefined ? {} : { installDateTime: installDate }),
      ...(signingCertificate === undefined ? {} : { signingCertificate }),
      ...(signature === undefined ? {} : { signature }),
    },
    ...(retries === undefined ? {} : { retries }),
    ...(retryInterval === undefined ? {} : { retryInterval }),
  }),
  result: answerOf,
};

/**
 * UpdateFirmware: 1.6 §5.19 `{ location, retrieveDate, retries?, retryInterval? }`, its empty
 * answer taken as `Accepted`; 2.0.1 L01 `{ requestId, firmware: { location, retrieveDateTime,
 * installDateTime?, signingCertificate?, signature? }, retries?, retryInterval? }`.
 */
export const updateFirmware = defineCommand<
  ChargerOperationInput<'UpdateFirmware'>,
  OperationAnswer,
  'UpdateFirmware',
  'UpdateFirmware'
>({
  name: 'UpdateFirmware',
  'ocpp1.6': {
    call: V16.UpdateFirmware,
    request: ({ location, retrieveDate, retries, retryInterval }) => ({
      location,
      retrieveDate,
      ...(retries === undefined ? {} : { retries }),
      ...(retryInterval === undefined ? {} : { retryInterval }),
    }),
    result: (response) => ({ ocppStatus: 'Accepted', answer: response as Record<string, unknown> }),
  },
  'ocpp2.0.1': updateFirmware201,
});

/**
 * SignedUpdateFirmware: the 1.6 security extension's (edition 2, "Signed Firmware Update")
 * `{ requestId, firmware: { location, retrieveDateTime, installDateTime?, signingCertificate,
 * signature }, retries?, retryInterval? }`, answered Accepted, Rejected, AcceptedCanceled,
 * InvalidCertificate or RevokedCertificate; 2.0.1 UpdateFirmware (L01).
 */
export const signedUpdateFirmware = defineCommand<
  ChargerOperationInput<'SignedUpdateFirmware'>,
  OperationAnswer,
  'SignedUpdateFirmware',
  'UpdateFirmware'
>({
  name: 'SignedUpdateFirmware',
  'ocpp1.6': {
    call: V16.SignedUpdateFirmware,
    // The security extension's FirmwareType is 2.0.1's; both fields are there (checked before sending).
    request: (input) => updateFirmware201.request(input) as Ocpp16SignedUpdateFirmwareRequest,
    result: answerOf,
  },
  'ocpp2.0.1': updateFirmware201,
});

/**
 * CustomerInformation (2.0.1 N09/N10): `{ requestId, report, clear, customerIdentifier?, idToken?,
 * customerCertificate? }`, answered Accepted, Rejected or Invalid. OCPP 1.6 has no such message.
 */
export const customerInformation = defineCommand201<CustomerInformationInput, OperationAnswer, 'CustomerInformation'>({
  name: 'CustomerInformation',
  'ocpp2.0.1': {
    call: V201.CustomerInformation,
    request: ({ requestId, report, clear, customerIdentifier, idToken, customerCertificate }) => ({
      requestId,
      report,
      clear,
      ...(customerIdentifier === undefined ? {} : { customerIdentifier }),
      ...(idToken === undefined ? {} : { idToken: idToken as Ocpp201IdTokenType }),
      ...(customerCertificate === undefined
        ? {}
        : { customerCertificate: customerCertificate as Ocpp201CertificateHashDataType }),
    }),
    result: answerOf,
  },
});

/**
 * PublishFirmware (2.0.1 L03): `{ requestId, location, checksum, retries?, retryInterval? }`, answered
 * Accepted or Rejected. OCPP 1.6 has no local controller messages.
 */
export const publishFirmware = defineCommand201<PublishFirmwareInput, OperationAnswer, 'PublishFirmware'>({
  name: 'PublishFirmware',
  'ocpp2.0.1': {
    call: V201.PublishFirmware,
    request: ({ requestId, location, checksum, retries, retryInterval }) => ({
      requestId,
      location,
      checksum,
      ...(retries === undefined ? {} : { retries }),
      ...(retryInterval === undefined ? {} : { retryInterval }),
    }),
    result: answerOf,
  },
});

/** UnpublishFirmware (2.0.1 L04): `{ checksum }`, answered Unpublished, NoFirmware or DownloadOngoing. */
export const unpublishFirmware = defineCommand201<{ checksum: string }, OperationAnswer, 'UnpublishFirmware'>({
  name: 'UnpublishFirmware',
  'ocpp2.0.1': {
    call: V201.UnpublishFirmware,
    request: ({ checksum }) => ({ checksum }),
    result: answerOf,
  },
});

/**
 * GetReport (2.0.1 B08): `{ requestId, componentCriteria?, componentVariable? }`, answered Accepted,
 * Rejected, NotSupported or EmptyResultSet; the report comes in NotifyReport pages.
 */
export const getReport = defineCommand201<GetReportInput, OperationAnswer, 'GetReport'>({
  name: 'GetReport',
  'ocpp2.0.1': {
    call: V201.GetReport,
    request: ({ requestId, componentCriteria, componentVariable }) => ({
      requestId,
      ...(componentCriteria ? { componentCriteria: componentCriteria as [ComponentCriterionEnumType] } : {}),
      ...(componentVariable ? { componentVariable: componentVariable as [ComponentVariableType] } : {}),
    }),
    result: answerOf,
  },
});

/** The OCPP declaration of each charger-operation command. */
export const CHARGER_OPERATION_COMMANDS: CommandSet<ChargerOperationCommandCatalog> = {
  Reset: reset,
  UnlockConnector: unlockConnector,
  ChangeAvailability: changeAvailability,
  TriggerMessage: triggerMessage,
  ExtendedTriggerMessage: extendedTriggerMessage,
  ClearCache: clearCache,
  UpdateFirmware: updateFirmware,
  SignedUpdateFirmware: signedUpdateFirmware,
  GetLog: getLog,
  GetSecurityLog: getSecurityLog,
  GetCompositeSchedule: getCompositeSchedule,
  CustomerInformation: customerInformation,
  InstallCertificate: installCertificate,
  GetInstalledCertificateIds: getInstalledCertificateIds,
  DeleteCertificate: deleteCertificate,
  SetVariableMonitoring: setVariableMonitoring,
  ClearVariableMonitoring: clearVariableMonitoring,
  SetMonitoringBase: setMonitoringBase,
  SetMonitoringLevel: setMonitoringLevel,
  SetDisplayMessage: setDisplayMessage,
  ClearDisplayMessage: clearDisplayMessage,
  GetDisplayMessages: getDisplayMessages,
  SetNetworkProfile: setNetworkProfile,
  ChangeSettings: changeSettings,
  PublishFirmware: publishFirmware,
  UnpublishFirmware: unpublishFirmware,
  GetReport: getReport,
  GetTransactionStatus: getTransactionStatus,
  GetTariffs: getTariffs,
};

/**
 * The alert sweep's probe (TriggerMessage `Heartbeat`, docs/alerts.md): the one charger-operation
 * command its function sends.
 */
export const PROBE_COMMANDS: CommandSet<Pick<ChargerOperationCommandCatalog, 'TriggerMessage'>> = {
  TriggerMessage: triggerMessage,
};
