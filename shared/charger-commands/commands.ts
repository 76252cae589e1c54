/**
 * What every charger command shares, whichever domain sends it: the target charger as the command
 * path knows it ({@link CommandableCharger}, with what its OCPP version takes of the
 * version-dependent inputs), the answer ({@link ChargerAnswer}) and the kinds of failure, how a
 * command is sent besides its input ({@link SendOptions}), and the generic interface a domain sends
 * through ({@link ChargerCommands}). Each domain declares its own commands beside it
 * (`RemoteControlCommandCatalog` in `shared/charging/commands.ts`, `LocalListCommandCatalog` in
 * `shared/local-auth-list/commands.ts`, …); the OCPP command path (`shared/ocpp/commands`)
 * implements the interface for a domain's commands, and a Lambda wires the two together, so no
 * domain knows OCPP frames, connections or correlation, and none imports another to send a
 * command.
 */
import type { TransactionEntities, TransactionWrite } from '../db';
import type { OcppProtocol } from '../db/entities/common';

/** A command's version-neutral input and result. */
export interface CommandShape {
  input: unknown;
  result: unknown;
}

/**
 * A domain's commands, by name: each one's version-neutral input and result (spec §4.3, §4.4 and
 * the OCPP clause of each). A domain declares its catalogue as an interface and sends through
 * `ChargerCommands<ItsCatalog>`.
 */
export type CommandCatalog<C> = { [K in keyof C]: CommandShape };

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
  /** Log types the version uploads: `DiagnosticsLog` and `SecurityLog` (2.0.1 N01 LogEnumType; 1.6 GetDiagnostics, and GetLog of the security extension). */
  logTypes: readonly string[];
  /** Longest upload URL the version carries: 2.0.1 `remoteLocation` 512 characters; 1.6 `location` (anyURI) no limit. */
  maxLogLocationLength: number;
  /** Longest idTag the version carries: 1.6 IdToken CiString20Type, 2.0.1 IdTokenType.idToken 36. */
  maxIdTagLength: number;
  /** Whether UpdateFirmware takes `signature`, `signingCertificate` and `installDateTime` (2.0.1 L01 FirmwareType; not 1.6 §5.19). */
  signedFirmware: boolean;
  /** Certificate types InstallCertificate takes (1.6 whitepaper CertificateUseEnumType; 2.0.1 M05 InstallCertificateUseEnumType). */
  installCertificateTypes: readonly string[];
  /** Certificate types GetInstalledCertificateIds asks for (1.6 CertificateUseEnumType; 2.0.1 M03 GetCertificateIdUseEnumType). */
  certificateIdTypes: readonly string[];
  /** Certificate types one GetInstalledCertificateIds may name: 1.6 one; 2.0.1 any (none: every type). */
  certificateIdTypesPerCall: number;
  /** Whether the version monitors device-model variables (2.0.1 N01-N07 SetVariableMonitoring and the rest; 1.6 has none). */
  monitoring: boolean;
  /** Whether the version has the tariff messages (OCPP 2.1 I07-I12 GetTariffs and the rest; 1.6 and 2.0.1 have none). */
  tariffs: boolean;
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

/**
 * A charger as its item holds it, the fields the command path reads to reach it: what a caller
 * that has just read the charger (a GetItem or a Query of its site's chargers) passes along
 * ({@link SendOptions.charger}), and what the command path's own read makes its snapshot of
 * (`shared/ocpp/commands/targets.ts`).
 */
export interface ChargerRecord {
  chargerId: number;
  organizationId: number;
  siteId: number;
  connectionStatus?: { status: string };
  currentConnectionId?: string;
  ocppProtocol?: OcppProtocol;
  reservationSupport?: 'supported' | 'unsupported';
}

/** How a command is sent besides its input. */
export interface SendOptions {
  /**
   * The charger as the caller has just read it, so the command path does not read it again when
   * it says connected. A connection it names that is no longer the charger's is found out where
   * the command claims the charger's lane (a conditional write), which then reads the charger, as
   * with a cached one. One that says not connected is read again (the caller's read may be of an
   * eventually consistent index); it is never cached either way.
   */
  charger?: ChargerRecord;
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
 * Finds chargers as the commands see them, without sending any: what asking for a charger
 * operation or advancing a firmware campaign needs, so the functions that only ask bundle no
 * command's OCPP mapping or validators.
 */
export interface ChargerFinder {
  /**
   * A charger: possibly cached (the connection is verified when a command is sent), or read.
   * @param fresh read it even when cached
   * @returns undefined when it does not exist
   */
  find(chargerId: number, fresh?: boolean): Promise<CommandableCharger | undefined>;
}

/**
 * How a domain reaches chargers (implemented by `shared/ocpp/commands`), for the commands of its
 * catalogue `C` only: a Lambda wires in the commands its domain sends and bundles nothing of the
 * others (their OCPP mappings and validators).
 */
export interface ChargerCommands<C extends CommandCatalog<C>> extends ChargerFinder {
  /**
   * Sends a command and waits for the charger's answer.
   * @throws the command path's errors: not connected, timeout, invalid reply
   */
  send<K extends keyof C & string>(
    chargerId: number,
    name: K,
    input: C[K]['input'],
    options?: SendOptions,
  ): Promise<ChargerAnswer<C[K]['result']>>;
  /** The error for a charger that is not connected (the command is not sent). */
  notConnected(chargerId: number): Error;
  /** A new messageId for a CALL ({@link SendOptions.messageId}). */
  newMessageId(): string;
  /** What an error {@link send} threw was, when it is one of the command path's; undefined otherwise. */
  failureOf(error: unknown): CommandFailureKind | undefined;
}
