/**
 * The commands smart charging sends to chargers (spec §2.6 enforced: charging profiles, OCPP 1.6
 * SetChargingProfile K §5.16 / 2.0.1 K01), with their version-neutral inputs and results. The OCPP
 * command path implements them (`SMART_CHARGING_COMMANDS` in `shared/ocpp/commands`).
 */
import type { ChargerCommands } from '../charger-commands';

/** Stack level of this CSMS's profiles (0 is left to the charger's own defaults). */
export const STACK_LEVEL = 1;
/** ID of this CSMS's TxDefaultProfile. */
export const TX_DEFAULT_PROFILE_ID = 9_000_000;

/** ID of this CSMS's TxProfile on a connector/EVSE (one per port, replaced by the next). */
export function txProfileId(portNumber: number): number {
  return 9_000_000 + portNumber;
}

/** Whether a profile ID is one this CSMS sends on the port (its TxProfile) or the charger (its TxDefaultProfile). */
export function isOurProfileId(id: number, portNumber: number): boolean {
  return id === TX_DEFAULT_PROFILE_ID || id === txProfileId(portNumber);
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
 * What a composite schedule is asked for (OCPP 1.6 GetCompositeSchedule §5.7, 2.0.1
 * GetCompositeSchedule K08): one port, or the whole charger (`portNumber` 0: 1.6 connectorId 0,
 * the grid connection; 2.0.1 evseId 0), for `duration` seconds from now, in `chargingRateUnit`
 * when given (else the charger's choice).
 */
export interface CompositeScheduleRequest {
  /** 1.6 connectorId / 2.0.1 evseId; 0 = the whole charger. */
  portNumber: number;
  /** Seconds from now, > 0. */
  duration: number;
  chargingRateUnit?: ChargingRateUnit;
}

/**
 * The schedule a charger says it will enforce (its profiles combined with its own limits), in the
 * version-neutral form both versions map to, with OCPP's names: 1.6 `scheduleStart` (or the
 * schedule's `startSchedule`) and `chargingSchedule`; 2.0.1 `schedule`.
 */
export interface CompositeSchedule {
  /** 1.6 connectorId / 2.0.1 evseId it is for; absent when a 1.6 answer omits it (the one asked). */
  portNumber?: number;
  /** ISO 8601 as the charger sent it: when the first period starts (absent: 1.6 said neither). */
  scheduleStart?: string;
  /** Seconds the schedule covers (1.6 may omit it). */
  duration?: number;
  chargingRateUnit: ChargingRateUnit;
  /** Each period from `startPeriod` seconds after `scheduleStart` until the next. */
  chargingSchedulePeriod: CompositeSchedulePeriod[];
}

/**
 * OCPP 2.1's `operationMode` of a schedule period (absent: `ChargingOnly`, the only mode of 1.6
 * and 2.0.1).
 */
export type OperationMode =
  | 'Idle'
  | 'ChargingOnly'
  | 'CentralSetpoint'
  | 'ExternalSetpoint'
  | 'ExternalLimits'
  | 'CentralFrequency'
  | 'LocalFrequency'
  | 'LocalLoadBalancing';

/**
 * One period of a composite schedule, OCPP's fields: in `chargingRateUnit`, A per phase or W. 1.6
 * and 2.0.1 always give `limit`; OCPP 2.1 made it optional (a period may carry a `setpoint` under
 * an `operationMode` instead) and added per-phase values (`limit` is then phase L1's).
 */
export interface CompositeSchedulePeriod {
  startPeriod: number;
  /** The charging rate limit; absent when a 2.1 period states none. */
  limit?: number;
  /** 2.1: phase L2's and L3's limits (then `limit` is L1's). */
  limit_L2?: number;
  limit_L3?: number;
  numberPhases?: number;
  /** 2.1: the rate the EV follows as closely as it can (negative: discharging); per phase as `limit`. */
  setpoint?: number;
  setpoint_L2?: number;
  setpoint_L3?: number;
  /** 2.1: absent means `ChargingOnly`. */
  operationMode?: OperationMode;
}

/** A charger's answer to GetCompositeSchedule: its status word, the schedule when Accepted, the whole answer. */
export interface CompositeScheduleAnswer {
  ocppStatus: 'Accepted' | 'Rejected';
  schedule?: CompositeSchedule;
  answer: Record<string, unknown>;
}

/** What GetChargingProfiles asks (2.0.1 K09): every profile on one EVSE, reported under `requestId`. */
export interface ChargingProfilesRequest {
  requestId: number;
  portNumber: number;
}

/** The commands of smart charging. */
export interface SmartChargingCommandCatalog {
  /** Whether the charger takes charging profiles (1.6 GetConfiguration, 2.0.1 GetVariables SmartChargingCtrlr). */
  SmartChargingSupport: { input: undefined; result: SmartChargingSupport };
  SetChargingProfile: { input: ChargingProfileInput; result: 'Accepted' | 'Rejected' | 'NotSupported' };
  /** Clears this CSMS's profiles of one purpose on every port. */
  ClearChargingProfile: { input: { purpose: 'TxProfile' | 'TxDefaultProfile' }; result: 'Accepted' | 'Unknown' };
  /** What the charger will enforce on a port (the drift check after a profile, `drift.ts`). */
  GetCompositeSchedule: { input: CompositeScheduleRequest; result: CompositeScheduleAnswer };
  /** Which profiles a station holds on a port (2.0.1 only: a 1.6 charger answers NotSupported); reported by ReportChargingProfiles. */
  GetChargingProfiles: { input: ChargingProfilesRequest; result: 'Accepted' | 'NoProfiles' };
}

/** What smart charging sends through (`run.ts`, `delivery.ts`, `default-profiles.ts`). */
export type SmartChargingCommands = ChargerCommands<SmartChargingCommandCatalog>;
