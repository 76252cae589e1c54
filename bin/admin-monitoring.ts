/**
 * Operator CLI commands of monitoring (`npm run admin -- chargers set-monitor|clear-monitors|
 * monitoring-base|monitoring-level`, docs/monitoring.md): OCPP 2.0.1 monitors on device-model
 * variables, as the API's monitoring operations, recorded in the audit trail as asked by the
 * operator CLI.
 */
import { InvalidArgumentError, Option, type Command } from 'commander';
import type { Db } from '../shared/db';
import { MONITOR_TYPES, MONITORING_BASES } from '../shared/charger-operations';
import { parseSetting } from './admin-configuration';
import { operate, operationCommand, targetsOf, type Options } from './admin-operations';
import { decimal, run } from './cli-support';

/** A variable as typed, `Component[/evseId].Variable` (e.g. `EVSE/1.Power`), without an attribute type. */
export function parseMonitoredVariable(text: string) {
  const setting = parseSetting(text);
  if (!('component' in setting)) throw new InvalidArgumentError(`${text}: give Component[/evse].Variable`);
  if (setting.attributeType) throw new InvalidArgumentError(`${text}: a monitor watches a variable, not an @attribute`);
  return { component: setting.component, variable: setting.variable };
}

/** A severity, 0 (danger) to 9 (debug). */
function severityOf(value: string): number {
  if (!/^[0-9]$/.test(value)) throw new InvalidArgumentError('must be 0 (danger) to 9 (debug)');
  return Number(value);
}

/** A monitor ID as the charger gave it (repeatable). */
const monitorIds = (value: string, previous: number[] = []) => {
  if (!/^[0-9]{1,10}$/.test(value)) throw new InvalidArgumentError('must be a monitor ID (a whole number)');
  return [...previous, Number(value)];
};

/** Adds `set-monitor`, `clear-monitors`, `monitoring-base` and `monitoring-level` to the `chargers` command. */
export function addMonitoringCommands(chargers: Command, db: () => Db): void {
  const operation = (name: string, description: string) =>
    operationCommand(chargers, name, description, 'no', 'monitoring.md');

  operation('set-monitor', 'Set a monitor on a device-model variable (OCPP 2.0.1 SetVariableMonitoring)')
    .requiredOption('--variable <Component[/evse].Variable>', 'the variable watched', parseMonitoredVariable)
    .addOption(new Option('--type <type>', 'the monitor type').choices(MONITOR_TYPES).makeOptionMandatory())
    .requiredOption('--value <n>', 'threshold or delta; for the periodic types the interval, s', decimal)
    .requiredOption('--severity <0-9>', 'severity of its events: 0 danger … 9 debug', severityOf)
    .option('--transaction', 'active only during a transaction')
    .option('--replace <id>', "replace the charger's monitor of this ID", (v: string) => monitorIds(v)[0])
    .action(
      run(async (o: Options) => {
        const variable = o.variable as ReturnType<typeof parseMonitoredVariable>;
        const monitor = {
          ...variable,
          type: o.type,
          value: o.value,
          severity: o.severity,
          ...(o.transaction ? { transaction: true } : {}),
          ...(o.replace === undefined ? {} : { id: o.replace }),
        };
        return operate(db(), 'setVariableMonitoring', { ...targetsOf(o), monitors: [monitor] }, o, {
          monitors: '--variable, --type, --value or --severity',
        });
      }),
    );

  operation('clear-monitors', 'Remove monitors by their IDs (OCPP 2.0.1 ClearVariableMonitoring)')
    .requiredOption('--monitor-id <id>', "a monitor's ID as the charger gave it; repeat for several", monitorIds)
    .action(
      run(async (o: Options) =>
        operate(db(), 'clearVariableMonitoring', { ...targetsOf(o), monitorIds: o.monitorId }, o, {
          monitorIds: '--monitor-id',
        }),
      ),
    );

  operation('monitoring-base', 'Choose which monitors are active (OCPP 2.0.1 SetMonitoringBase)')
    .addOption(new Option('--base <base>', 'the monitoring base').choices(MONITORING_BASES).makeOptionMandatory())
    .action(
      run(async (o: Options) =>
        operate(db(), 'setMonitoringBase', { ...targetsOf(o), monitoringBase: o.base }, o, {
          monitoringBase: '--base',
        }),
      ),
    );

  operation('monitoring-level', 'The least severe events still reported (OCPP 2.0.1 SetMonitoringLevel)')
    .requiredOption('--severity <0-9>', 'events above this severity number are not reported', severityOf)
    .action(
      run(async (o: Options) =>
        operate(db(), 'setMonitoringLevel', { ...targetsOf(o), severity: o.severity }, o, { severity: '--severity' }),
      ),
    );
}
