/**
 * The OCPP command path as a domain's {@link ChargerCommands}: each command of the domain's
 * catalogue is one command declaration of this folder, sent with {@link runCommand}. A Lambda
 * passes the command set of its domain (`REMOTE_CONTROL_COMMANDS` of `remote-control.ts`,
 * `SMART_CHARGING_COMMANDS` of `smart-charging.ts`), so its bundle holds those commands' OCPP
 * mappings and validators and no others.
 */
import type { Db } from '../../db';
import type {
  ChargerCommands,
  ChargerFinder,
  CommandableCharger,
  CommandCatalog,
  VersionInputs,
} from '../../charger-commands';
import type { BaseProtocol, OcppProtocol } from '../../db/entities/common';
import { runCommand, type Command, type CommandOptions } from './command';
import { ChargerErrorResponse, ChargerNotConnectedError, ChargerTimeoutError } from './errors';
import {
  CERTIFICATE_ID_TYPES,
  INSTALL_CERTIFICATE_TYPES,
  RESET_TYPES,
  TRIGGER_MESSAGES,
} from '../../charger-operations';
import type { LogEnumType } from '../types/v201';
import { connectedSnapshot, findCharger, targetOf, type ChargerSnapshot } from './targets';
import { newMessageId } from './correlation';

// Here, not with the GetLog command (`charger-logs.ts`): a function that finds chargers without
// sending bundles no command declaration.
/**
 * Log types per version: 2.0.1 LogEnumType; 1.6 diagnostics (GetDiagnostics) and security logs
 * (GetLog of the security extension, which a charger without it answers NotSupported).
 */
export const LOG_TYPES_BY_VERSION = {
  'ocpp1.6': ['DiagnosticsLog', 'SecurityLog'],
  'ocpp2.0.1': ['DiagnosticsLog', 'SecurityLog'],
} as const satisfies Record<BaseProtocol, readonly LogEnumType[]>;

/** Longest upload URL per version: 2.0.1 LogParametersType.remoteLocation maxLength 512; 1.6 anyURI has none. */
export const MAX_LOG_LOCATION_LENGTH: Record<BaseProtocol, number> = {
  'ocpp1.6': Number.MAX_SAFE_INTEGER,
  'ocpp2.0.1': 512,
};

/** CALLERROR codes that mean "this charger cannot do that" (OCPP-J: NotImplemented, NotSupported). */
const UNSUPPORTED_CODES = new Set(['NotImplemented', 'NotSupported']);

/**
 * What OCPP 1.6 and 2.0.1 take of the version-dependent inputs, as the command declarations map
 * them: ReserveNow's `parentIdTag` is 1.6 only (§5.13), `idTokenType` 2.0.1 only (IdTokenType);
 * configuration settings are 1.6 keys changed one per ChangeConfiguration (§5.3), 2.0.1 component
 * variables set together (SetVariables, B05); the reset types, a port's reset and the messages
 * TriggerMessage may ask for (`shared/charger-operations/version-inputs.ts`); a 1.6 idTag is at most 20 characters
 * (CiString20Type), a 2.0.1 idToken 36.
 */
const BASE_INPUTS: Record<BaseProtocol, VersionInputs> = {
  'ocpp1.6': {
    parentIdTag: true,
    idTokenType: false,
    componentVariables: false,
    settingsPerCall: 1,
    resetTypes: RESET_TYPES['ocpp1.6'],
    portReset: false,
    triggerMessages: TRIGGER_MESSAGES['ocpp1.6'],
    logTypes: LOG_TYPES_BY_VERSION['ocpp1.6'],
    maxLogLocationLength: MAX_LOG_LOCATION_LENGTH['ocpp1.6'],
    maxIdTagLength: 20,
    signedFirmware: false,
    installCertificateTypes: INSTALL_CERTIFICATE_TYPES['ocpp1.6'],
    certificateIdTypes: CERTIFICATE_ID_TYPES['ocpp1.6'],
    certificateIdTypesPerCall: 1,
    monitoring: false,
    tariffs: false,
  },
  'ocpp2.0.1': {
    parentIdTag: false,
    idTokenType: true,
    componentVariables: true,
    settingsPerCall: Number.MAX_SAFE_INTEGER,
    resetTypes: RESET_TYPES['ocpp2.0.1'],
    portReset: true,
    triggerMessages: TRIGGER_MESSAGES['ocpp2.0.1'],
    logTypes: LOG_TYPES_BY_VERSION['ocpp2.0.1'],
    maxLogLocationLength: MAX_LOG_LOCATION_LENGTH['ocpp2.0.1'],
    maxIdTagLength: 36,
    signedFirmware: true,
    installCertificateTypes: INSTALL_CERTIFICATE_TYPES['ocpp2.0.1'],
    certificateIdTypes: CERTIFICATE_ID_TYPES['ocpp2.0.1'],
    certificateIdTypesPerCall: Number.MAX_SAFE_INTEGER,
    monitoring: true,
    tariffs: false,
  },
};

/** What each OCPP version takes: 2.1 takes 2.0.1's inputs (its commands are 2.0.1's), and its own tariff messages. */
const VERSION_INPUTS: Record<OcppProtocol, VersionInputs> = {
  ...BASE_INPUTS,
  'ocpp2.1': { ...BASE_INPUTS['ocpp2.0.1'], tariffs: true },
};

/** A charger snapshot as the domain sees it: its connection says what its OCPP version takes. */
function commandable(snapshot: ChargerSnapshot | undefined): CommandableCharger | undefined {
  if (!snapshot?.connection) return snapshot as Omit<ChargerSnapshot, 'connection'> | undefined;
  const { connection } = snapshot;
  const takes = VERSION_INPUTS[connection.protocol];
  return { ...snapshot, connection: { ...connection, takes } };
}

/** The chargers as the domain's commands find them, without any command to send (`ChargerFinder`). */
export function ocppChargerFinder(db: Db): ChargerFinder {
  return { find: async (chargerId, fresh) => commandable(await findCharger(db, chargerId, fresh)) };
}

/** The OCPP command declaration of each command of a domain's catalogue `C`. */
export type CommandSet<C extends CommandCatalog<C>> = {
  [K in keyof C]: Command<C[K]['input'], C[K]['result']>;
};

/**
 * A domain's charger commands (its catalogue `C`) over OCPP.
 * @param commands the OCPP declaration of each command the caller may send
 * @param options deadline and transport for every command sent (tests shorten the deadline)
 */
export function ocppChargerCommands<C extends CommandCatalog<C>>(
  db: Db,
  commands: CommandSet<C>,
  options: Omit<CommandOptions, 'with' | 'before' | 'messageId'> = {},
): ChargerCommands<C> {
  return {
    ...ocppChargerFinder(db),
    notConnected: (chargerId) => new ChargerNotConnectedError(chargerId),
    newMessageId,
    failureOf: (error) =>
      error instanceof ChargerNotConnectedError
        ? 'notConnected'
        : error instanceof ChargerTimeoutError
          ? 'timeout'
          : error instanceof ChargerErrorResponse
            ? 'invalidAnswer'
            : undefined,
    async send(chargerId, name, input, sendOptions = {}) {
      const { charger: seen, ...commandOptions } = sendOptions;
      const passed = seen?.chargerId === chargerId ? connectedSnapshot(seen) : undefined;
      const charger = passed ?? (await findCharger(db, chargerId));
      if (!charger) throw new ChargerNotConnectedError(chargerId);
      const outcome = await runCommand(db, targetOf(charger), commands[name] as Command<typeof input, never>, input, {
        ...options,
        ...commandOptions,
      });
      if (outcome.ok) return outcome;
      const description = outcome.errorDescription ? `: ${outcome.errorDescription}` : '';
      return {
        ok: false,
        unsupported: UNSUPPORTED_CODES.has(outcome.errorCode),
        error: new ChargerErrorResponse(chargerId, outcome.action, `CALLERROR ${outcome.errorCode}${description}`),
        errorCode: outcome.errorCode,
        errorDescription: outcome.errorDescription,
      };
    },
  };
}
