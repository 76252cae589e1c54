/**
 * The commands the charging domain sends to chargers: remote control (spec §4.3 reservations,
 * §4.4 remote start and stop; `remote-control.ts`) and the charger's Basic-auth password
 * (`charger-password.ts`), with their version-neutral inputs and results. The OCPP command path
 * implements them (`REMOTE_CONTROL_COMMANDS`, `CREDENTIALS_COMMANDS` in `shared/ocpp/commands`).
 */
import type { ChargerCommands } from '../charger-commands';
import { logger } from '../logger';
import type { StationTariff } from './station-tariff';

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

/** The commands of remote control (spec §4.3 reservations, §4.4 remote start and stop). */
export interface RemoteControlCommandCatalog {
  ReserveNow: { input: ReserveNowInput; result: ReserveNowStatus };
  CancelReservation: { input: { reservationId: number }; result: 'Accepted' | 'Rejected' };
  /** Whether the charger supports reservations, as it reports it. */
  ReservationSupport: { input: undefined; result: boolean };
  RemoteStart: { input: RemoteStartInput; result: 'Accepted' | 'Rejected' };
  /** `ocppTransactionId`: the OCPP transactionId as a string (1.6: our integer; 2.0.1: the charger's). */
  RemoteStop: { input: { ocppTransactionId: string }; result: 'Accepted' | 'Rejected' };
}

/** What remote control sends through (`remote-control.ts`). */
export type RemoteControlCommands = ChargerCommands<RemoteControlCommandCatalog>;

/** The commands of charger credentials (the Basic-auth password). */
export interface CredentialsCommandCatalog {
  /** Sets the charger's Basic-auth password (OCPP 1.6 security whitepaper, 2.0.1 A01). */
  SetChargerPassword: { input: { password: string }; result: ChargerPasswordStatus };
}

/** What charger credentials are sent through (`charger-password.ts`). */
export type CredentialsCommands = ChargerCommands<CredentialsCommandCatalog>;

/** OCPP's `CertificateSigningUseEnumType`: the station's TLS client certificate, or its ISO 15118 (V2G) one. */
export type CertificateSigningUse = 'ChargingStationCertificate' | 'V2GCertificate';

/** The commands of a charger's certificates (docs/certificates.md). */
export interface CertificateCommandCatalog {
  /**
   * Delivers the certificate chain the CSMS CA issued for the charger's CSR (OCPP 2.0.1 A02/A03
   * CertificateSigned; 1.6 security whitepaper): PEM, leaf first. The charger answers whether it
   * installed it. `certificateType` omitted: the CSR asked for both uses (2.0.1 A02); `requestId`:
   * OCPP 2.1's, the one its SignCertificate carried (sent to 2.1 stations only).
   */
  CertificateSigned: {
    input: { certificateChain: string; certificateType?: CertificateSigningUse; requestId?: number };
    result: 'Accepted' | 'Rejected';
  };
}

/** The commands of a session's cost (docs/tariffs.md, "Cost of a session"). */
export interface CostCommandCatalog {
  /**
   * Tells a charger the running cost of a transaction in progress (OCPP 2.0.1 I04 CostUpdated):
   * `totalCost` in the currency's units rounded to its minor unit, `ocppTransactionId` the
   * charger's transactionId. The charger answers nothing but the CALLRESULT.
   */
  CostUpdated: { input: { ocppTransactionId: string; totalCost: number }; result: undefined };
}

/** What cost updates are sent through (`cost-updates.ts`). */
export type CostCommands = ChargerCommands<CostCommandCatalog>;

/**
 * The commands that keep a 2.1 station's default tariff, and its transactions' tariffs, the site's
 * (docs/tariffs.md, "OCPP 2.1 stations"; `tariff-updates.ts`). Only OCPP 2.1 has them: any other
 * version answers NotSupported without a CALL.
 */
export interface TariffCommandCatalog {
  /**
   * Sets the station's default tariff for all its EVSEs (I07 SetDefaultTariff, `evseId` 0): the
   * result is the station's status word (`Accepted`, `Rejected`, `TooManyElements`,
   * `ConditionNotSupported`, `DuplicateTariffId`).
   */
  SetDefaultTariff: { input: { tariff: StationTariff }; result: { status: string } };
  /**
   * Clears the tariffs named (I09 ClearTariffs, every EVSE): the result is each tariff's status
   * word (`Accepted`, `Rejected`, `NoTariff`).
   */
  ClearTariffs: { input: { tariffIds: [string, ...string[]] }; result: { statuses: string[] } };
  /**
   * Makes a transaction in progress priced under `tariff` from now on (I10 ChangeTransactionTariff;
   * `ocppTransactionId` the station's transactionId): the result is the station's status word
   * (`Accepted`, `Rejected`, `TooManyElements`, `ConditionNotSupported`, `TxNotFound`,
   * `NoCurrencyChange`).
   */
  ChangeTransactionTariff: { input: { ocppTransactionId: string; tariff: StationTariff }; result: { status: string } };
}

/** What station tariffs are sent through (`tariff-updates.ts`). */
export type TariffCommands = ChargerCommands<TariffCommandCatalog>;

/**
 * What a stream sender makes of a CALL that failed (CostUpdated, the station tariffs): a charger
 * no longer connected is `notConnected`; anything else (a timeout, an invalid answer, another
 * CALLERROR) is logged as `message` with `context` and `failed`. Never throws.
 */
export function deliveryFailure(
  commands: Pick<ChargerCommands<never>, 'failureOf'>,
  message: string,
  context: Record<string, unknown>,
): (error: unknown) => 'notConnected' | 'failed' {
  return (error) => {
    const kind = commands.failureOf(error);
    if (kind === 'notConnected') return 'notConnected';
    logger.warn(message, { ...context, kind, error: String(error) });
    return 'failed';
  };
}
