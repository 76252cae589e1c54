/**
 * The monitoring commands (OCPP 2.0.1 functional block N, docs/monitoring.md): N04
 * SetVariableMonitoring, N06 ClearVariableMonitoring, N03 SetMonitoringBase, N05
 * SetMonitoringLevel. OCPP 1.6 has none of them: declared for 2.0.1 only, a 1.6 charger answers
 * NotSupported without a CALL. Per-monitor answers are kept version-neutral with OCPP's names
 * (`MonitorResult`), without `customData`.
 */
import type {
  ChargerOperationCommandCatalog,
  MonitorAnswer,
  MonitorResult,
  OperationAnswer,
} from '../../charger-operations';
import type * as Ocpp201 from '../types/v201';
import { defineCommand201 } from './command';
import * as V201 from '../validators/v201';

/** The version-neutral input of a monitoring command. */
type Input<K extends keyof ChargerOperationCommandCatalog> = ChargerOperationCommandCatalog[K]['input'];

/** A component or variable without `customData` (and an EVSE without its own). */
function refOf<T extends { name: string; instance?: string; evse?: Ocpp201.EVSEType }>(ref: T) {
  return {
    name: ref.name,
    ...(ref.instance === undefined ? {} : { instance: ref.instance }),
    ...(ref.evse === undefined
      ? {}
      : {
          evse: {
            id: ref.evse.id,
            ...(ref.evse.connectorId === undefined ? {} : { connectorId: ref.evse.connectorId }),
          },
        }),
  };
}

/** A SetMonitoringResult, version-neutral. */
function setResultOf(result: Ocpp201.SetMonitoringResultType): MonitorResult {
  return {
    ...(result.id === undefined ? {} : { id: result.id }),
    status: result.status,
    ...(result.statusInfo ? { statusInfo: result.statusInfo.reasonCode } : {}),
    type: result.type,
    severity: result.severity,
    component: refOf(result.component),
    variable: refOf(result.variable),
  };
}

/** SetVariableMonitoring (N04): `{ setMonitoringData: [{ id?, transaction?, value, type, severity, component, variable }] }`. */
export const setVariableMonitoring = defineCommand201<
  Input<'SetVariableMonitoring'>,
  MonitorAnswer,
  'SetVariableMonitoring'
>({
  name: 'SetVariableMonitoring',
  'ocpp2.0.1': {
    call: V201.SetVariableMonitoring,
    request: ({ monitors }) => {
      const [first, ...rest] = monitors.map((m) => ({
        ...(m.id === undefined ? {} : { id: m.id }),
        ...(m.transaction === undefined ? {} : { transaction: m.transaction }),
        value: m.value,
        type: m.type,
        severity: m.severity,
        component: refOf(m.component),
        variable: refOf(m.variable),
      }));
      return { setMonitoringData: [first!, ...rest] };
    },
    result: (response) => ({
      monitors: response.setMonitoringResult.map(setResultOf),
      answer: response as unknown as Record<string, unknown>,
    }),
  },
});

/** ClearVariableMonitoring (N06): `{ id: [...] }`, answered per ID. */
export const clearVariableMonitoring = defineCommand201<
  Input<'ClearVariableMonitoring'>,
  MonitorAnswer,
  'ClearVariableMonitoring'
>({
  name: 'ClearVariableMonitoring',
  'ocpp2.0.1': {
    call: V201.ClearVariableMonitoring,
    request: ({ monitorIds }) => {
      const [first, ...rest] = monitorIds;
      return { id: [first!, ...rest] };
    },
    result: (response) => ({
      monitors: response.clearMonitoringResult.map((r) => ({
        id: r.id,
        status: r.status,
        ...(r.statusInfo ? { statusInfo: r.statusInfo.reasonCode } : {}),
      })),
      answer: response as unknown as Record<string, unknown>,
    }),
  },
});

/** The answer of a response with a `status`. */
const answerOf = (response: { status: string }): OperationAnswer => ({
  ocppStatus: response.status,
  answer: response as unknown as Record<string, unknown>,
});

/** SetMonitoringBase (N03): `{ monitoringBase }`, answered Accepted, Rejected, NotSupported or EmptyResultSet. */
export const setMonitoringBase = defineCommand201<Input<'SetMonitoringBase'>, OperationAnswer, 'SetMonitoringBase'>({
  name: 'SetMonitoringBase',
  'ocpp2.0.1': {
    call: V201.SetMonitoringBase,
    request: ({ monitoringBase }) => ({ monitoringBase }),
    result: answerOf,
  },
});

/** SetMonitoringLevel (N05): `{ severity }`, answered Accepted or Rejected. */
export const setMonitoringLevel = defineCommand201<Input<'SetMonitoringLevel'>, OperationAnswer, 'SetMonitoringLevel'>({
  name: 'SetMonitoringLevel',
  'ocpp2.0.1': {
    call: V201.SetMonitoringLevel,
    request: ({ severity }) => ({ severity }),
    result: answerOf,
  },
});
