/**
 * How the charging domain reaches chargers: the commands it sends (version-neutral inputs and
 * results, spec §4.3, §4.4) and the {@link ChargerCommands} interface it sends them through. The
 * OCPP command path (`shared/ocpp/commands`) implements it; a Lambda wires the two together, so the
 * domain knows nothing of OCPP frames, connections or correlation.
 */
import type { TransactionEntities, TransactionWrite } from '../db';
import type { OcppProtocol } from '../db/entities/common';

/** An idTokenType of the API (spec §2.5, validated there): used for OCPP 2.0.1 only. */
export type IdTokenType = string;

/** ReserveNow input, version-neutral (spec §2.5). */
export interface ReserveNowInput {
  reservationId: number;
  /** The port's number: 1.6 connectorId, 2.0.1 evseId. */
  portNumber: number;
  /** ISO 8601. */
  expiryDate: string;
  idTag: string;
  /** 1.6 only. */
  parentIdTag?: string;
  /** 2.0.1 only; default `Central`. */
  idTokenType?: IdTokenType;
}

/** Reservation statuses a charger can answer (spec §4.3). */
export type ReserveNowStatus = 'Accepted' | 'Faulted' | 'Occupied' | 'Rejected' | 'Unavailable';

/** Remote start input, version-neutral (spec §4.4). */
export interface RemoteStartInput {
  portNumber: number;
  idTag: string;
  /** 2.0.1 only; default `Central`. */
  idTokenType?: IdTokenType;
  /** Our remote start ID (2.0.1 `remoteStartId`); the session that follows carries it. */
  remoteStartId: number;
}

/** A unit of a charging schedule: A (per phase) or W. */
export type ChargingRateUnit = 'A' | 'W';

/** One period of a charging schedule: `limit` in the schedule's unit from `startPeriod` on. */
export interface ChargingPeriodInput {
  /** Seconds from the schedule's start (the first period: 0), increasing. */
  startPeriod: number;
  /** In the schedule's unit (A per phase), ≥ 0, at most one decimal. */
  limit: number;
}

/**
 * A charging profile limiting one port (OCPP 1.6 SetChargingProfile K §5.16 / 2.0.1 K01): its
 * periods in `unit`, each until the next, the last one holding. Profiles of this CSMS have fixed
 * IDs per purpose and port (`shared/ocpp/commands/smart-charging.ts`), so a new one replaces the
 * previous one.
 */
export interface ChargingProfileInput {
  /** 1.6 connectorId / 2.0.1 evseId; 0 = every connector (TxDefaultProfile only). */
  portNumber: number;
  /** `TxProfile` for the running transaction; `TxDefaultProfile` for transactions to come. */
  purpose: 'TxProfile' | 'TxDefaultProfile';
  /** TxProfile: the OCPP transactionId (1.6: our integer as a string; 2.0.1: the charger's). */
  ocppTransactionId?: string;
  unit: ChargingRateUnit;
  /** At least one; within the charger's `ChargingScheduleMaxPeriods` / `PeriodsPerSchedule`. */
  periods: ChargingPeriodInput[];
  /**
   * ISO 8601 UTC: when the first period starts (kind `Absolute`). Absent: kind `Relative`, from the
   * start of the transaction (from now for a TxDefaultProfile).
   */
  startSchedule?: string;
  /** AC phases the limit applies to (A limits), when known. */
  numberPhases?: number;
}

/** Whether a charger takes charging profiles, and in which units, as it reports it. */
export interface SmartChargingSupport {
  supported: boolean;
  /** Units it accepts in schedules; empty when it did not say. */
  rateUnits: ChargingRateUnit[];
  /**
   * Most periods it takes in a schedule (1.6 `ChargingScheduleMaxPeriods`, 2.0.1
   * `SmartChargingCtrlr.PeriodsPerSchedule`), when it said.
   */
  maxPeriods?: number;
}

/**
 * How a charger answers a new Basic-auth password: 1.6 ChangeConfiguration `AuthorizationKey`
 * (ConfigurationStatus), 2.0.1 SetVariables `SecurityCtrlr.BasicAuthPassword` (SetVariableStatus).
 * `Accepted` and `RebootRequired` confirm it (the charger uses it from its next connection).
 */
export type ChargerPasswordStatus =
  | 'Accepted'
  | 'RebootRequired'
  | 'Rejected'
  | 'NotSupported'
  | 'UnknownComponent'
  | 'UnknownVariable'
  | 'NotSupportedAttributeType';

/** Whether a status confirms a new password: the charger took it (now, or from its reboot). */
export function confirmsPassword(status: ChargerPasswordStatus | undefined): boolean {
  return status === 'Accepted' || status === 'RebootRequired';
}

/**
 * A configuration setting of a charger: an OCPP 1.6 configuration key (`name` alone, §9), or an
 * OCPP 2.0.1 variable of a component of the device model (`component`, `name` the variable's
 * name, `instance` the variable's instance, `attributeType`: part 2 §1.2 "Device model").
 */
export interface SettingRef {
  /** 2.0.1 only: the component, with its instance and EVSE (and connector) when it has them. */
  component?: { name: string; instance?: string; evse?: { id: number; connectorId?: number } };
  /** 1.6 the key; 2.0.1 the variable's name. At most 50 characters (CiString50 / identifierString). */
  name: string;
  /** 2.0.1 only: the variable's instance. */
  instance?: string;
  /** 2.0.1 only: which attribute (default `Actual`). */
  attributeType?: 'Actual' | 'Target' | 'MinSet' | 'MaxSet';
}

/** A setting to change: its new value (1.6 at most 500 characters, 2.0.1 at most 1000). */
export interface SettingChange extends SettingRef {
  value: string;
}

/** A charger's answer about one setting it was asked to read (1.6 GetConfiguration, 2.0.1 GetVariables). */
export interface SettingReading extends SettingRef {
  /**
   * 1.6: `Accepted` (in `configurationKey`) or `UnknownKey` (in `unknownKey`); 2.0.1 the
   * GetVariableResult's `attributeStatus`.
   */
  status: 'Accepted' | 'UnknownKey' | 'Rejected' | 'UnknownComponent' | 'UnknownVariable' | 'NotSupportedAttributeType';
  value?: string;
  /** 1.6 only: the key is read-only, as the charger says. */
  readonly?: boolean;
  /** 2.0.1 `attributeStatusInfo.reasonCode`, when given. */
  statusInfo?: string;
}

/** A charger's answer about one setting it was asked to change (1.6 ChangeConfiguration, 2.0.1 SetVariables). */
export interface SettingChangeAnswer extends SettingRef {
  status:
    | 'Accepted'
    | 'Rejected'
    | 'RebootRequired'
    | 'NotSupported'
    | 'UnknownComponent'
    | 'UnknownVariable'
    | 'NotSupportedAttributeType';
  /** 2.0.1 `attributeStatusInfo.reasonCode`, when given. */
  statusInfo?: string;
}

/** The 2.0.1 report bases (GetBaseReport `reportBase`, B07). */
export type ReportBase = 'ConfigurationInventory' | 'FullInventory' | 'SummaryInventory';

/**
 * A charger's answer to "send your whole configuration": OCPP 1.6 in the answer itself (every key
 * of GetConfiguration without keys), OCPP 2.0.1 a status now and the report later, in NotifyReport
 * pages carrying the request's ID (GetBaseReport, B07).
 */
export type ConfigurationReadAnswer =
  | { kind: 'keys'; readings: SettingReading[] }
  | { kind: 'report'; status: 'Accepted' | 'Rejected' | 'NotSupported' | 'EmptyResultSet'; statusInfo?: string };

/**
 * What a charger says of its local authorization list (OCPP 1.6 §3.5 / 2.0.1 D): whether it keeps
 * one, and its limits when it said them.
 */
export interface LocalListSupport {
  supported: boolean;
  /** Most entries the list may hold (1.6 `LocalAuthListMaxLength`; 2.0.1 reports it only in a device-model report). */
  maxLength?: number;
  /** Most entries per SendLocalList (1.6 `SendLocalListMaxLength`, 2.0.1 `LocalAuthListCtrlr.ItemsPerMessage`). */
  itemsPerMessage?: number;
  /** Most bytes per SendLocalList (2.0.1 `LocalAuthListCtrlr.BytesPerMessage`). */
  bytesPerMessage?: number;
}

/** One entry of a SendLocalList, version-neutral: an access ID's tag to hold (Accepted) or to remove. */
export interface LocalListEntry {
  /** The normalised ocppIdTag (1.6 idTag ≤ 20 characters, 2.0.1 idToken ≤ 36). */
  idTag: string;
  /** The access ID's type: `RFID` cards go as 2.0.1 `ISO14443`, `Vehicle` IDs as `MacAddress`. */
  type: 'RFID' | 'Vehicle';
  /** Differential only: remove the entry (sent without idTagInfo / idTokenInfo). */
  remove?: boolean;
}

/** SendLocalList input, version-neutral (1.6 §5.15, 2.0.1 D01). */
export interface SendLocalListInput {
  /** The list's version after the update (1.6 `listVersion`, 2.0.1 `versionNumber`), > 0. */
  listVersion: number;
  updateType: 'Full' | 'Differential';
  entries: LocalListEntry[];
}

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

/** The commands this module sends, by name: version-neutral input and result. */
export interface ChargerCommandCatalog {
  ReserveNow: { input: ReserveNowInput; result: ReserveNowStatus };
  CancelReservation: { input: { reservationId: number }; result: 'Accepted' | 'Rejected' };
  /** Whether the charger supports reservations, as it reports it. */
  ReservationSupport: { input: undefined; result: boolean };
  RemoteStart: { input: RemoteStartInput; result: 'Accepted' | 'Rejected' };
  /** `ocppTransactionId`: the OCPP transactionId as a string (1.6: our integer; 2.0.1: the charger's). */
  RemoteStop: { input: { ocppTransactionId: string }; result: 'Accepted' | 'Rejected' };
  /** Whether the charger takes charging profiles (1.6 GetConfiguration, 2.0.1 GetVariables SmartChargingCtrlr). */
  SmartChargingSupport: { input: undefined; result: SmartChargingSupport };
  SetChargingProfile: { input: ChargingProfileInput; result: 'Accepted' | 'Rejected' | 'NotSupported' };
  /** Clears this CSMS's profiles of one purpose on every port. */
  ClearChargingProfile: { input: { purpose: 'TxProfile' | 'TxDefaultProfile' }; result: 'Accepted' | 'Unknown' };
  /** Sets the charger's Basic-auth password (OCPP 1.6 security whitepaper, 2.0.1 A01). */
  SetChargerPassword: { input: { password: string }; result: ChargerPasswordStatus };
  /** The whole configuration: 1.6 GetConfiguration (no keys); 2.0.1 GetBaseReport (`requestId`, `reportBase`). */
  ReadConfiguration: { input: { requestId: number; reportBase: ReportBase }; result: ConfigurationReadAnswer };
  /** Some settings: 1.6 GetConfiguration (keys); 2.0.1 GetVariables. At least one. */
  GetSettings: { input: { settings: SettingRef[] }; result: SettingReading[] };
  /**
   * Changes settings: 2.0.1 SetVariables (all of them in one); 1.6 ChangeConfiguration, one key per
   * CALL, so a 1.6 caller sends one change at a time ({@link VersionInputs.settingsPerCall}).
   */
  ChangeSettings: { input: { settings: SettingChange[] }; result: SettingChangeAnswer[] };
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
  /** Clear the charger's authorization cache. */
  ClearCache: { input: undefined; result: OperationAnswer };
  /** Update the firmware (1.6 §5.19, 2.0.1 L01): 1.6's empty answer is `Accepted`. */
  UpdateFirmware: { input: UpdateFirmwareInput; result: OperationAnswer };
  /** Ask for a log to be uploaded (1.6 GetDiagnostics, 2.0.1 GetLog). */
  GetLog: { input: GetLogInput; result: LogRequestAnswer };
  /** Whether the charger keeps a local list, and its limits (1.6 GetConfiguration, 2.0.1 GetVariables LocalAuthListCtrlr). */
  LocalListSupport: { input: undefined; result: LocalListSupport };
  /** The version of the charger's local list (0: none; 1.6 -1: local lists not enabled). */
  GetLocalListVersion: { input: undefined; result: number };
  SendLocalList: { input: SendLocalListInput; result: 'Accepted' | 'Failed' | 'NotSupported' | 'VersionMismatch' };
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
  /** ISO 8601 UTC (2.0.1 only). */
  installDate?: string;
  retries?: number;
  /** Seconds. */
  retryInterval?: number;
  /** PEM (2.0.1 only). */
  signingCertificate?: string;
  /** Base64 (2.0.1 only). */
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

/** A command's name. */
export type ChargerCommandName = keyof ChargerCommandCatalog;

/** The commands of remote control (spec §4.3 reservations, §4.4 remote start and stop). */
export type RemoteControlCommandName =
  | 'ReserveNow'
  | 'CancelReservation'
  | 'ReservationSupport'
  | 'RemoteStart'
  | 'RemoteStop';

/** The commands of charger configuration (1.6 GetConfiguration/ChangeConfiguration, 2.0.1 device model). */
export type ConfigurationCommandName = 'ReadConfiguration' | 'GetSettings' | 'ChangeSettings';

/** The commands of smart charging (spec §2.6 enforced: charging profiles). */
export type SmartChargingCommandName = 'SmartChargingSupport' | 'SetChargingProfile' | 'ClearChargingProfile';

/** The commands of charger credentials (the Basic-auth password). */
export type CredentialsCommandName = 'SetChargerPassword';

/** The commands of charger operations (`shared/charger-operations/`): one per operation kind. */
export type ChargerOperationCommandName =
  | 'Reset'
  | 'UnlockConnector'
  | 'ChangeAvailability'
  | 'TriggerMessage'
  | 'ClearCache'
  | 'UpdateFirmware'
  | 'GetLog';

/** The commands of the local authorization list (OCPP 1.6 §3.5, 2.0.1 D01/D02). */
export type LocalListCommandName = 'LocalListSupport' | 'GetLocalListVersion' | 'SendLocalList';

/**
 * The charger's answer: its result, or a CALLERROR (`unsupported`: it cannot do that, NotSupported
 * or NotImplemented; `error`: what to throw; `errorCode` and `errorDescription` as it sent them).
 */
export type ChargerAnswer<Result> =
  | { ok: true; result: Result }
  | { ok: false; unsupported: boolean; error: Error; errorCode: string; errorDescription: string };

/**
 * What a failed send was, for callers that record it rather than throw it: the charger is not
 * (or no longer) connected, it did not answer in time, or it answered something the action's
 * schema refuses.
 */
export type CommandFailureKind = 'notConnected' | 'timeout' | 'invalidAnswer';

/**
 * The optional inputs whose use depends on a charger's OCPP version: whether its version takes
 * each (the command path's mapping per version says; an input not taken is not sent).
 */
export interface VersionInputs {
  /** ReserveNow `parentIdTag` (OCPP 1.6 §5.13 only). */
  parentIdTag: boolean;
  /** `idTokenType` of ReserveNow and RemoteStart (OCPP 2.0.1 IdTokenType only; default `Central`). */
  idTokenType: boolean;
  /**
   * Settings are 2.0.1 variables of components (`component`, `instance`, `attributeType`) rather
   * than 1.6 keys (a name alone).
   */
  componentVariables: boolean;
  /** Settings one ChangeSettings may carry: 1.6 one (ChangeConfiguration); 2.0.1 any (SetVariables). */
  settingsPerCall: number;
  /** Reset types the version takes: 1.6 `Soft`, `Hard` (§5.14); 2.0.1 `OnIdle`, `Immediate` (B11, B12). */
  resetTypes: readonly string[];
  /** Whether a Reset may name one port (2.0.1 `evseId`, B12; 1.6 resets the whole charge point). */
  portReset: boolean;
  /** Messages TriggerMessage may ask for (1.6 §5.17 MessageTrigger; 2.0.1 F06 MessageTriggerEnumType). */
  triggerMessages: readonly string[];
  /** Log types the version uploads: 1.6 `DiagnosticsLog` (GetDiagnostics); 2.0.1 also `SecurityLog` (N01 LogEnumType). */
  logTypes: readonly string[];
  /** Longest upload URL the version carries: 2.0.1 `remoteLocation` 512 characters; 1.6 `location` (anyURI) no limit. */
  maxLogLocationLength: number;
  /** Longest idTag the version carries: 1.6 IdToken CiString20Type, 2.0.1 IdTokenType.idToken 36. */
  maxIdTagLength: number;
  /** Whether UpdateFirmware takes `signature`, `signingCertificate` and `installDateTime` (2.0.1 L01 FirmwareType; not 1.6 §5.19). */
  signedFirmware: boolean;
}

/** A charger as the command path knows it. */
export interface CommandableCharger {
  chargerId: number;
  organizationId: number;
  siteId: number;
  /**
   * Its connection's OCPP version, and what that version takes of the version-dependent inputs;
   * undefined when it is not connected.
   */
  connection?: { protocol: OcppProtocol; takes: VersionInputs };
  /** Whether it supports reservations, when known. */
  reservationSupport?: 'supported' | 'unsupported';
}

/** Writes to commit only if the command goes on the wire, just before it does. */
export type WritesWithCommand = (entities: TransactionEntities) => readonly TransactionWrite[];

/** How a command is sent besides its input. */
export interface SendOptions {
  /** Writes committed in the transaction that puts the command on the wire. */
  with?: WritesWithCommand;
  /**
   * Work started alongside the command that must succeed before the charger is sent anything
   * (the command's own writes, the caller's rate-limit check); when it fails, nothing is sent and
   * its error is thrown.
   */
  before?: Promise<unknown>;
  /**
   * The CALL's messageId, from {@link ChargerCommands.newMessageId}: given when something keyed
   * by it is written before the command is sent (its answer is found by it).
   */
  messageId?: string;
}

/**
 * How this module reaches chargers (implemented by `shared/ocpp/commands`), for the commands `Names`
 * only: a Lambda wires in the commands its domain sends and bundles nothing of the others (their
 * OCPP mappings and validators).
 */
export interface ChargerCommands<Names extends ChargerCommandName = ChargerCommandName> {
  /**
   * A charger: possibly cached (the connection is verified when a command is sent), or read.
   * @param fresh read it even when cached
   * @returns undefined when it does not exist
   */
  find(chargerId: number, fresh?: boolean): Promise<CommandableCharger | undefined>;
  /**
   * Sends a command and waits for the charger's answer.
   * @throws the command path's errors: not connected, timeout, invalid reply
   */
  send<K extends Names>(
    chargerId: number,
    name: K,
    input: ChargerCommandCatalog[K]['input'],
    options?: SendOptions,
  ): Promise<ChargerAnswer<ChargerCommandCatalog[K]['result']>>;
  /** The error for a charger that is not connected (the command is not sent). */
  notConnected(chargerId: number): Error;
  /** A new messageId for a CALL ({@link SendOptions.messageId}). */
  newMessageId(): string;
  /** What an error {@link send} threw was, when it is one of the command path's; undefined otherwise. */
  failureOf(error: unknown): CommandFailureKind | undefined;
}

/** What remote control sends through (`shared/charging/remote-control.ts`). */
export type RemoteControlCommands = ChargerCommands<RemoteControlCommandName>;

/** What charger configuration sends through (`shared/charger-configuration/`). */
export type ConfigurationCommands = ChargerCommands<ConfigurationCommandName>;
/** What charger operations send through (`shared/charger-operations/`). */
export type ChargerOperationCommands = ChargerCommands<ChargerOperationCommandName>;

/** What smart charging sends through (`shared/site-power/`). */
export type SmartChargingCommands = ChargerCommands<SmartChargingCommandName>;

/** What charger credentials are sent through (`shared/charging/charger-password.ts`). */
export type CredentialsCommands = ChargerCommands<CredentialsCommandName>;

/** What the local-list synchronisation sends through (`shared/local-auth-list/`). */
export type LocalListCommands = ChargerCommands<LocalListCommandName>;
