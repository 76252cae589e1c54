/**
 * The monitoring operation kinds (docs/monitoring.md): monitors on the OCPP 2.0.1 device model's
 * variables, set and cleared through the API (N04 SetVariableMonitoring, N06
 * ClearVariableMonitoring), and which of a station's monitors report (N03 SetMonitoringBase, N05
 * SetMonitoringLevel). OCPP 1.6 has no monitoring: a connected 1.6 charger is refused with a 400
 * naming the body's field (nothing sent), as other inputs a version does not take are; a 1.6
 * charger that was not connected when asked is answered NotSupported without a CALL (the commands
 * are declared for 2.0.1 only).
 *
 * A monitor's component and variable are checked against the device model the charger last
 * reported (`chargerConfiguration`): one it does not report is a 400 naming the field, nothing
 * sent. With no device model stored (never read, or too large to store whole), the charger's own
 * per-monitor status decides (`UnknownComponent`, `UnknownVariable`).
 */
import type { ChargerAnswer, CommandableCharger } from '../charger-commands';
import { loadConfiguration } from '../charger-configuration/store';
import type { ComponentRef, StoredVariable } from '../charger-configuration/settings';
import type { MonitorAnswer, MonitoredVariable } from './monitors';
import { NotTakenByChargerError } from './errors';
import type { OperationInput } from './inputs';
import { outcomeOf, type OperationKind, type TargetOutcome } from './kinds';

/** Same name (case-insensitive, as OCPP's identifiers) and the same instance (or neither). */
function sameName(a: { name: string; instance?: string }, b: { name: string; instance?: string }): boolean {
  return a.name.toLowerCase() === b.name.toLowerCase() && (a.instance ?? '') === (b.instance ?? '');
}

/** Same component: name, instance, EVSE and connector. */
function sameComponent(a: ComponentRef, b: ComponentRef): boolean {
  return sameName(a, b) && a.evse?.id === b.evse?.id && a.evse?.connectorId === b.evse?.connectorId;
}

/**
 * Refuses a monitor whose component or variable the device model does not report, or whose variable
 * it reports without monitoring (`supportsMonitoring` false). Pure.
 * @throws NotTakenByChargerError naming `monitors.N.component` or `monitors.N.variable`
 */
export function checkMonitoredVariables(
  chargerId: number,
  variables: readonly StoredVariable[],
  monitors: readonly MonitoredVariable[],
): void {
  monitors.forEach((monitor, index) => {
    const ofComponent = variables.filter((v) => sameComponent(v.component, monitor.component));
    if (ofComponent.length === 0) {
      throw new NotTakenByChargerError(
        `monitors.${index}.component`,
        chargerId,
        'the device model it last reported has no such component',
      );
    }
    const found = ofComponent.find((v) => sameName(v.variable, monitor.variable));
    const field = `monitors.${index}.variable`;
    if (!found)
      throw new NotTakenByChargerError(field, chargerId, 'the device model it last reported has no such variable');
    if (found.characteristics?.supportsMonitoring === false) {
      throw new NotTakenByChargerError(field, chargerId, 'it reports that this variable does not support monitoring');
    }
  });
}

/** Refuses a charger whose OCPP version has no monitoring, naming `field`. */
function checkVersion(field: string, { chargerId, connection }: Pick<CommandableCharger, 'chargerId' | 'connection'>) {
  if (!connection?.takes.monitoring) {
    throw new NotTakenByChargerError(field, chargerId, 'monitoring is OCPP 2.0.1 (N01-N07): its OCPP version has none');
  }
}

/** The outcome of a per-monitor answer: accepted when every monitor is, else rejected; a CALLERROR as usual. */
function monitorsOutcome(answer: ChargerAnswer<MonitorAnswer>): TargetOutcome {
  if (!answer.ok) return outcomeOf(answer);
  const { monitors, answer: payload } = answer.result;
  const status = monitors.every((m) => m.status === 'Accepted') ? 'accepted' : 'rejected';
  return { status, answer: payload, monitors };
}

/**
 * SetVariableMonitoring (N04): the monitors in one CALL; each comes back with its status and, when
 * Accepted, the ID the charger gave it (to clear or replace it later).
 */
export const setVariableMonitoring: OperationKind<OperationInput<'setVariableMonitoring'>> = {
  action: 'setVariableMonitoring',
  async check(request, charger, db) {
    checkVersion('monitors', charger);
    const stored = await loadConfiguration(db, charger.chargerId);
    const variables = stored?.settings.variables;
    if (!variables?.length || stored?.settings.omittedVariables) return;
    checkMonitoredVariables(charger.chargerId, variables, request.monitors);
  },
  async perform({ commands, request, target }) {
    return monitorsOutcome(
      await commands.send(target.chargerId, 'SetVariableMonitoring', { monitors: request.monitors }),
    );
  },
};

/** ClearVariableMonitoring (N06): each monitor ID comes back Accepted, Rejected (a hard-wired one) or NotFound. */
export const clearVariableMonitoring: OperationKind<OperationInput<'clearVariableMonitoring'>> = {
  action: 'clearVariableMonitoring',
  check: (_request, charger) => checkVersion('monitorIds', charger),
  async perform({ commands, request, target }) {
    return monitorsOutcome(
      await commands.send(target.chargerId, 'ClearVariableMonitoring', { monitorIds: request.monitorIds }),
    );
  },
};

/** SetMonitoringBase (N03): All, FactoryDefault (the preconfigured monitors again) or HardWiredOnly. */
export const setMonitoringBase: OperationKind<OperationInput<'setMonitoringBase'>> = {
  action: 'setMonitoringBase',
  check: (_request, charger) => checkVersion('monitoringBase', charger),
  async perform({ commands, request, target }) {
    return outcomeOf(
      await commands.send(target.chargerId, 'SetMonitoringBase', { monitoringBase: request.monitoringBase }),
    );
  },
};

/** SetMonitoringLevel (N05): events of a severity number above `severity` are no longer reported. */
export const setMonitoringLevel: OperationKind<OperationInput<'setMonitoringLevel'>> = {
  action: 'setMonitoringLevel',
  check: (_request, charger) => checkVersion('severity', charger),
  async perform({ commands, request, target }) {
    return outcomeOf(await commands.send(target.chargerId, 'SetMonitoringLevel', { severity: request.severity }));
  },
};
