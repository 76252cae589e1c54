/**
 * The commands of charger operations (docs/charger-operations.md): one per operation kind, each
 * answered with the charger's status word and its whole answer ({@link OperationAnswer}), with
 * their version-neutral inputs. The OCPP command path implements them
 * (`CHARGER_OPERATION_COMMANDS` in `shared/ocpp/commands`).
 */
import type { ChargerCommands, VersionInputs } from '../charger-commands';
import type { SettingChange, SettingChangeAnswer } from '../charger-configuration';
import type { CompositeScheduleAnswer, CompositeScheduleRequest } from '../site-power/commands';
import type { MonitorAnswer, MonitorSetting, MonitoringBase } from './monitors';
import type { DisplayMessage, GetDisplayMessagesInput } from './display';

/**
 * A log request, version-neutral (1.6 GetDiagnostics §5.9, 2.0.1 GetLog N01): where to upload,
 * and which log (`logType` one of the version's {@link VersionInputs.logTypes}; 1.6 sends
 * diagnostics, and neither `requestId` nor `logType`).
 */
export interface GetLogInput {
  requestId: number;
  logType: string;
  /** The upload URL this product issues (1.6 `location`, 2.0.1 `log.remoteLocation`). */
  remoteLocation: string;
  /** ISO 8601 UTC (1.6 `startTime`, 2.0.1 `log.oldestTimestamp`). */
  oldestTimestamp?: string;
  /** ISO 8601 UTC (1.6 `stopTime`, 2.0.1 `log.latestTimestamp`). */
  latestTimestamp?: string;
  retries?: number;
  /** Seconds. */
  retryInterval?: number;
}

/**
 * A charger's answer to a log request: 2.0.1 its `status` (Accepted, Rejected, AcceptedCanceled);
 * 1.6 has none (a `fileName` means it will upload); the file name and the whole answer.
 */
export interface LogRequestAnswer {
  status?: string;
  fileName?: string;
  answer: Record<string, unknown>;
}

/** PublishFirmware's input (2.0.1 PublishFirmwareRequest, L03). */
export interface PublishFirmwareInput {
  /** Ours (the `publishFirmwareRequest` counter). */
  requestId: number;
  /** Where the local controller downloads the image from. */
  location: string;
  /** The image's MD5 checksum, 32 hexadecimal characters. */
  checksum: string;
  retries?: number;
  /** Seconds. */
  retryInterval?: number;
}

/** GetTransactionStatus's input (2.0.1 GetTransactionStatusRequest, E14). */
export interface TransactionStatusInput {
  /** The station's transactionId (at most 36 characters); absent: whether any message is queued. */
  transactionId?: string;
}

/**
 * A station's answer to GetTransactionStatus (2.0.1 E14): whether it still holds transaction-related
 * messages to deliver (of the transaction named, else of any), whether the named transaction is
 * still ongoing there (only when one was named), and the whole answer.
 */
export interface TransactionStatusAnswer {
  messagesInQueue: boolean;
  ongoingIndicator?: boolean;
  answer: Record<string, unknown>;
}

/** GetReport's input (2.0.1 GetReportRequest, B08): at least one of the filters, or neither for every variable. */
export interface GetReportInput {
  /** Ours (the `reportRequest` counter). */
  requestId: number;
  /** ComponentCriterionEnumType values. */
  componentCriteria?: string[];
  /** ComponentVariableType: a component, and one of its variables (absent: all of them). */
  componentVariable?: {
    component: { name: string; instance?: string; evse?: { id: number; connectorId?: number } };
    variable?: { name: string; instance?: string };
  }[];
}

/** CustomerInformation's input (2.0.1 CustomerInformationRequest, N09/N10). */
export interface CustomerInformationInput {
  /** Ours; 0 for a request that only clears (no report to name). */
  requestId: number;
  report: boolean;
  clear: boolean;
  customerIdentifier?: string;
  /** 2.0.1 IdTokenType. */
  idToken?: { idToken: string; type: string };
  /** 2.0.1 CertificateHashDataType. */
  customerCertificate?: { hashAlgorithm: string; issuerNameHash: string; issuerKeyHash: string; serialNumber: string };
}

/**
 * UpdateFirmware's input (`shared/charger-operations/firmware-kind.ts`): 1.6 sends `location`,
 * `retrieveDate`, `retries`, `retryInterval`; 2.0.1 also `requestId` and the rest, in `firmware`.
 */
export interface UpdateFirmwareInput {
  /** Ours, unique per charger (2.0.1 `requestId`; 1.6 has none). */
  requestId: number;
  location: string;
  /** ISO 8601 UTC. */
  retrieveDate: string;
  /** ISO 8601 UTC (2.0.1; 1.6 only with signed firmware). */
  installDate?: string;
  retries?: number;
  /** Seconds. */
  retryInterval?: number;
  /** PEM (2.0.1; 1.6 SignedUpdateFirmware). */
  signingCertificate?: string;
  /** Base64 (2.0.1; 1.6 SignedUpdateFirmware). */
  signature?: string;
}

/**
 * A charger operation's answer (`shared/charger-operations/`): the charger's status word as sent
 * (`Accepted`, `Scheduled`, `Unlocked`, …) and its whole CALLRESULT payload.
 */
export interface OperationAnswer {
  ocppStatus: string;
  answer: Record<string, unknown>;
}

/**
 * OCPP's certificate hash data (2.0.1 CertificateHashDataType; the 1.6 security whitepaper's):
 * the hash algorithm, the hashes of the issuer's name and public key (hexadecimal) and the serial
 * number (hexadecimal, no leading zeros).
 */
export interface CertificateHashData {
  hashAlgorithm: 'SHA256' | 'SHA384' | 'SHA512';
  issuerNameHash: string;
  issuerKeyHash: string;
  serialNumber: string;
}

/** A certificate a charger reports installed (GetInstalledCertificateIds), with its type (1.6: the type asked). */
export interface InstalledCertificate extends CertificateHashData {
  certificateType: string;
  /** 2.0.1 `childCertificateHashData`: the sub-CAs installed under a V2G certificate chain. */
  childCertificateHashData?: CertificateHashData[];
}

/**
 * GetInstalledCertificateIds' answer: the status word, the whole answer and the certificates
 * listed (none for `NotFound`); a 1.6 answer's have no `certificateType` (it is the one asked).
 */
export interface InstalledCertificatesAnswer extends OperationAnswer {
  installedCertificates: (Omit<InstalledCertificate, 'certificateType'> & { certificateType?: string })[];
}

/** The commands of charger operations: one per operation kind. */
export interface ChargerOperationCommandCatalog {
  /** Reset the charger, or one port (2.0.1 only); `type` is one of the version's {@link VersionInputs.resetTypes}. */
  Reset: { input: { type: string; portNumber?: number }; result: OperationAnswer };
  /** Unlock a port's connector (2.0.1: the EVSE's connector 1). */
  UnlockConnector: { input: { portNumber: number }; result: OperationAnswer };
  /** Make the charger (no `portNumber`) or a port Operative or Inoperative. */
  ChangeAvailability: {
    input: { operationalStatus: 'Operative' | 'Inoperative'; portNumber?: number };
    result: OperationAnswer;
  };
  /** Ask for a message; `requestedMessage` is one of the version's {@link VersionInputs.triggerMessages}. */
  TriggerMessage: { input: { requestedMessage: string; portNumber?: number }; result: OperationAnswer };
  /**
   * Ask for a message only 1.6's security extension triggers (ExtendedTriggerMessage; 2.0.1 sends
   * TriggerMessage): a 1.6 charger without the extension answers NotSupported or NotImplemented.
   */
  ExtendedTriggerMessage: { input: { requestedMessage: string; portNumber?: number }; result: OperationAnswer };
  /** Clear the charger's authorization cache. */
  ClearCache: { input: undefined; result: OperationAnswer };
  /** Update the firmware (1.6 §5.19, 2.0.1 L01): 1.6's empty answer is `Accepted`. */
  UpdateFirmware: { input: UpdateFirmwareInput; result: OperationAnswer };
  /** Update to signed firmware (1.6 security extension SignedUpdateFirmware; 2.0.1 UpdateFirmware, L01). */
  SignedUpdateFirmware: { input: UpdateFirmwareInput; result: OperationAnswer };
  /** Ask for a diagnostics log to be uploaded (1.6 GetDiagnostics, 2.0.1 GetLog). */
  GetLog: { input: GetLogInput; result: LogRequestAnswer };
  /** Ask for a security log to be uploaded (GetLog: 2.0.1 N01, the 1.6 security extension). */
  GetSecurityLog: { input: GetLogInput; result: LogRequestAnswer };
  /** A data-protection request about one customer: report and/or clear (2.0.1 N09/N10; 1.6 has none). */
  CustomerInformation: { input: CustomerInformationInput; result: OperationAnswer };
  /** What a port (0: the whole charger) will be held to (1.6 §5.7, 2.0.1 K08). */
  GetCompositeSchedule: { input: CompositeScheduleRequest; result: CompositeScheduleAnswer };
  /** Install a root certificate; `certificateType` one of the version's {@link VersionInputs.installCertificateTypes}. */
  InstallCertificate: { input: { certificateType: string; certificate: string }; result: OperationAnswer };
  /**
   * List the installed certificates of `certificateTypes` (the version's
   * {@link VersionInputs.certificateIdTypes}; 1.6 exactly one, 2.0.1 none for every type).
   */
  GetInstalledCertificateIds: { input: { certificateTypes?: string[] }; result: InstalledCertificatesAnswer };
  /** Delete the installed certificate the hash data names. */
  DeleteCertificate: { input: { certificateHashData: CertificateHashData }; result: OperationAnswer };
  /** Set monitors on device-model variables (2.0.1 N04 SetVariableMonitoring; 1.6 has none). */
  SetVariableMonitoring: { input: { monitors: MonitorSetting[] }; result: MonitorAnswer };
  /** Remove monitors by the charger's IDs (2.0.1 N06 ClearVariableMonitoring; 1.6 has none). */
  ClearVariableMonitoring: { input: { monitorIds: number[] }; result: MonitorAnswer };
  /** Which monitors are active (2.0.1 N03 SetMonitoringBase; 1.6 has none). */
  SetMonitoringBase: { input: { monitoringBase: MonitoringBase }; result: OperationAnswer };
  /** The highest severity number still reported (2.0.1 N05 SetMonitoringLevel; 1.6 has none). */
  SetMonitoringLevel: { input: { severity: number }; result: OperationAnswer };
  /** Show a message on the charger's screen (2.0.1 O01 SetDisplayMessage; 1.6 has none). */
  SetDisplayMessage: { input: DisplayMessage; result: OperationAnswer };
  /** Remove a message by its id (2.0.1 O05 ClearDisplayMessage; 1.6 has none). */
  ClearDisplayMessage: { input: { id: number }; result: OperationAnswer };
  /** Ask for the messages a charger holds, filtered (2.0.1 O03/O04 GetDisplayMessages; 1.6 has none). */
  GetDisplayMessages: { input: GetDisplayMessagesInput; result: OperationAnswer };
  /** Store a network connection profile in a slot (2.0.1 B09 SetNetworkProfile; 1.6 has none). */
  SetNetworkProfile: { input: NetworkProfileInput; result: OperationAnswer };
  /** Change settings (1.6 ChangeConfiguration of one key, 2.0.1 SetVariables): the configuration domain's command. */
  ChangeSettings: { input: { settings: SettingChange[] }; result: SettingChangeAnswer[] };
  /** A local controller downloads an image and serves it to its chargers (2.0.1 L03; 1.6 has none). */
  PublishFirmware: { input: PublishFirmwareInput; result: OperationAnswer };
  /** A local controller stops serving the image of that MD5 checksum (2.0.1 L04; 1.6 has none). */
  UnpublishFirmware: { input: { checksum: string }; result: OperationAnswer };
  /** A targeted device-model report, in NotifyReport pages carrying `requestId` (2.0.1 B08; 1.6 has none). */
  GetReport: { input: GetReportInput; result: OperationAnswer };
  /** Whether the station still queues messages of a transaction (or of any), and whether it is ongoing (2.0.1 E14; 1.6 has none). */
  GetTransactionStatus: { input: TransactionStatusInput; result: TransactionStatusAnswer };
  /** The tariffs a station holds, on every EVSE (2.1 I12 GetTariffs, `evseId` 0; 1.6 and 2.0.1 have none). */
  GetTariffs: { input: Record<string, never>; result: TariffsAnswer };
}

/**
 * A station's answer to GetTariffs (OCPP 2.1 I12): its status word (`Accepted`, `Rejected`,
 * `NoTariff`), each tariff it holds with its kind, EVSEs and idTokens (2.1 TariffAssignmentType),
 * and the whole answer.
 */
export interface TariffsAnswer extends OperationAnswer {
  tariffAssignments: Record<string, unknown>[];
}

/**
 * A network connection profile for the CSMS's own URL (2.0.1 NetworkConnectionProfileType): OCPP
 * 2.0 over JSON, on the charger's first wired interface.
 */
export interface NetworkProfileInput {
  /** The slot it is stored in (the charger's `OCPPCommCtrlr.NetworkConfigurationPriority` names slots). */
  configurationSlot: number;
  /** The CSMS's URL for this charger, without its identity (`wss://…/ocpp`); at most 512 characters. */
  ocppCsmsUrl: string;
  /** The security profile the charger connects with (1, 2 or 3). */
  securityProfile: number;
  /** Seconds the charger waits for an answer before it gives up on a CALL. */
  messageTimeout: number;
}

/** What charger operations send through (`operations.ts`, `kinds.ts`). */
export type ChargerOperationCommands = ChargerCommands<ChargerOperationCommandCatalog>;
