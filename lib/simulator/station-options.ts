/**
 * What a {@link Station} is built with (`station.ts`).
 *
 * @module
 */
import type { RPCClient } from 'ocpp-rpc';
import type { ChargePoint } from './charge-point';
import type { FirmwareOptions } from './firmware';
import type { AdapterFactory, ChargePointInfo, SimulatorLogEntry } from './protocol';
import type { SmartChargingConfig } from './smart-charging';

/** Construction options of `Station`. */
export interface StationOptions {
  /** Connected (or connecting) strict-mode RPC client. */
  readonly client: RPCClient;
  /** The model. */
  readonly chargePoint: ChargePoint;
  /** BootNotification identity. */
  readonly info: ChargePointInfo;
  /** Connector used when none is named. */
  readonly defaultConnectorId: number;
  /** Meter value interval, seconds. */
  readonly meterIntervalSeconds: number;
  /** Whether reservations are supported. */
  readonly reservationEnabled: boolean;
  /**
   * Free vend: charge whatever the CSMS answers for the idTag (no Authorize first, and an
   * unaccepted transaction keeps charging, as with 1.6 `StopTransactionOnInvalidId` = false).
   */
  readonly freeVend?: boolean;
  /** What smart charging is supported. */
  readonly smartCharging: SmartChargingConfig;
  /** Whether 2.0.1 sessions send NotifyEVChargingNeeds. @default false */
  readonly iso15118?: boolean;
  /** Creates the OCPP adapter. */
  readonly adapterFactory: AdapterFactory;
  /** How firmware updates go (`firmware.ts`). @default 500 ms steps, no failure */
  readonly firmware?: FirmwareOptions;
  /** Receives log lines. */
  readonly log: (entry: SimulatorLogEntry) => void;
}
