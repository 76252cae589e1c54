/**
 * What a monitor is, version-neutral with OCPP 2.0.1's names (part 2 §3.5, N04/N06): the monitor
 * types and bases, a monitor to set, and the charger's answer per monitor. Types and constants
 * only, imported by the kinds, their bodies and their commands alike.
 */
import type { ComponentRef } from '../charger-configuration/settings';

/** Monitor types (2.0.1 MonitorEnumType): thresholds and a delta on the value, or a periodic report (`value` in s). */
export const MONITOR_TYPES = ['UpperThreshold', 'LowerThreshold', 'Delta', 'Periodic', 'PeriodicClockAligned'] as const;

/** Monitoring bases (2.0.1 MonitoringBaseEnumType, N03). */
export const MONITORING_BASES = ['All', 'FactoryDefault', 'HardWiredOnly'] as const;

/** A monitoring base. */
export type MonitoringBase = (typeof MONITORING_BASES)[number];

/** A device-model variable as a monitor names it. */
export interface MonitoredVariable {
  component: ComponentRef;
  variable: { name: string; instance?: string };
}

/** A monitor to set (2.0.1 SetMonitoringDataType): `id` only to replace one the charger has. */
export interface MonitorSetting extends MonitoredVariable {
  id?: number;
  type: (typeof MONITOR_TYPES)[number];
  /** Threshold or delta in the variable's unit; for the periodic types the interval, s. */
  value: number;
  /** 0 (danger) to 9 (debug). */
  severity: number;
  /** Active only while a transaction runs on the component (default false). */
  transaction?: boolean;
}

/**
 * The charger's answer about one monitor: set (SetMonitoringResultType: its `id` when Accepted,
 * the status, the monitor as the charger names it back) or cleared (ClearMonitoringResultType: the
 * `id` and the status).
 */
export interface MonitorResult extends Partial<MonitoredVariable> {
  id?: number;
  /** Set: Accepted, UnknownComponent, UnknownVariable, UnsupportedMonitorType, Rejected, Duplicate; clear: Accepted, Rejected, NotFound. */
  status: string;
  /** `statusInfo.reasonCode`, when given. */
  statusInfo?: string;
  type?: string;
  severity?: number;
}

/** A charger's answer to SetVariableMonitoring / ClearVariableMonitoring: one result per monitor, and the whole answer. */
export interface MonitorAnswer {
  monitors: MonitorResult[];
  answer: Record<string, unknown>;
}
