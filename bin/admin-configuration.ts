/**
 * Operator CLI commands of charger configuration (`npm run admin -- chargers configuration|configure|
 * get-report`, docs/charger-configuration.md): the configuration a charger last reported, read again
 * from the charger (whole, or a targeted report: the get-report operation), and changed. Reading from or changing the charger sends OCPP commands through the
 * WebSocket API's management endpoint (`--ws-endpoint`: the local gateway by default, the
 * WebSocket stage's callback URL on AWS), exactly as the HTTP API does.
 */
import { InvalidArgumentError, Option, type Command } from 'commander';
import type { Db } from '../shared/db';
import {
  changeChargerConfiguration,
  type ConfigurationChangeItem,
  readChargerConfiguration,
  readChargerMonitors,
  refreshChargerConfiguration,
  refreshChargerMonitors,
} from '../shared/charger-configuration';
import { ConfigurationChangeBody, ConfigurationRefreshBody } from '../shared/api/routes/charger-configuration';
import { chargerOperatorScope, parse, positiveInteger, run } from './cli-support';
import { operate, operationCommand, targetsOf, type Options } from './admin-operations';
import { localGatewayUrl } from '../lib/local/defaults';

const ATTRIBUTE_TYPES = ['Actual', 'Target', 'MinSet', 'MaxSet'];

/**
 * A setting as typed: a 1.6 key (`HeartbeatInterval`) or a 2.0.1 variable
 * (`Component[/evseId].Variable[@AttributeType]`, e.g. `EVSE/1.Power@MaxSet`).
 */
export function parseSetting(
  text: string,
): { key: string } | Omit<Extract<ConfigurationChangeItem, { component: unknown }>, 'value'> {
  const dot = text.indexOf('.');
  if (dot < 0) return { key: text };
  const [componentName = '', evse] = text.slice(0, dot).split('/');
  const [variableName = '', attributeType] = text.slice(dot + 1).split('@');
  if (evse !== undefined && !/^\d+$/.test(evse))
    throw new InvalidArgumentError(`${text}: the EVSE after / must be a number`);
  if (attributeType !== undefined && !ATTRIBUTE_TYPES.includes(attributeType))
    throw new InvalidArgumentError(`${text}: the attribute type after @ must be one of ${ATTRIBUTE_TYPES.join(', ')}`);
  return {
    component: { name: componentName, ...(evse !== undefined ? { evse: { id: Number(evse) } } : {}) },
    variable: { name: variableName },
    ...(attributeType ? { attributeType: attributeType as 'Actual' } : {}),
  };
}

/** `setting=value` as a change (the value may be empty, may hold `=`). */
function parseChange(text: string): ConfigurationChangeItem {
  const equals = text.indexOf('=');
  if (equals < 1) throw new InvalidArgumentError(`${text}: give setting=value`);
  return { ...parseSetting(text.slice(0, equals)), value: text.slice(equals + 1) } as ConfigurationChangeItem;
}

/**
 * The command path, posting through `--ws-endpoint`; imported when used, so the CLI's other
 * commands do not load the OCPP validators.
 */
async function commandsOf(data: Db, wsEndpoint: string) {
  process.env.WS_MANAGEMENT_ENDPOINT = wsEndpoint;
  const { ocppChargerCommands } = await import('../shared/ocpp/commands/charger-commands');
  const { CONFIGURATION_COMMANDS } = await import('../shared/ocpp/commands/configuration');
  return ocppChargerCommands(data, CONFIGURATION_COMMANDS);
}

/** `--ws-endpoint`: where commands are posted (and connections closed). */
export function wsEndpoint(): Option {
  return new Option(
    '--ws-endpoint <url>',
    "WebSocket API management endpoint: the deployed stack's WebSocket stage callback URL " +
      '(https://<api-id>.execute-api.<region>.amazonaws.com/<stage>); default the local gateway',
  ).default(localGatewayUrl());
}

/**
 * Adds `configuration`, `configure`, `get-report` and `monitors` to the `chargers` command.
 * @param db opens the table the CLI's options name
 */
export function addConfigurationCommands(chargers: Command, db: () => Db): void {
  addReadCommand(chargers, db);
  addChangeCommand(chargers, db);
  addGetReportCommand(chargers, db);
  addMonitorsCommand(chargers, db);
}

/** A component and optionally one of its variables as typed: `Component[/evseId][.Variable]`. */
function parseComponentVariable(text: string) {
  const setting = parseSetting(text.includes('.') ? text : `${text}.`);
  if (!('component' in setting)) throw new InvalidArgumentError(`${text}: give Component[/evseId][.Variable]`);
  return { component: setting.component, ...(setting.variable.name ? { variable: setting.variable } : {}) };
}

/** `get-report`: a targeted device-model read, as the get-report operation (OCPP 2.0.1 GetReport). */
function addGetReportCommand(chargers: Command, db: () => Db): void {
  operationCommand(
    chargers,
    'get-report',
    'Ask for a targeted device-model report (OCPP 2.0.1 GetReport)',
    'no',
    'charger-configuration.md',
  )
    .option('--criterion <criterion...>', 'only components that are Active, Available, Enabled or have a Problem')
    .option(
      '--variable <Component.Variable...>',
      'only these (Component[/evseId][.Variable]: a whole component without .Variable)',
    )
    .action(
      run(async (o: Options) =>
        operate(
          db(),
          'getReport',
          {
            ...targetsOf(o),
            ...(o.criterion ? { componentCriteria: o.criterion } : {}),
            ...(o.variable ? { componentVariable: (o.variable as string[]).map(parseComponentVariable) } : {}),
          },
          o,
          { componentCriteria: '--criterion', componentVariable: '--variable' },
        ),
      ),
    );
}

/** `chargers monitors`: a 2.0.1 station's monitors as last reported, or asked for first (docs/monitoring.md). */
function addMonitorsCommand(chargers: Command, db: () => Db): void {
  chargers
    .command('monitors')
    .description(
      "Print a 2.0.1 station's monitors as last reported (docs/monitoring.md); --refresh asks for them first " +
        '(GetMonitoringReport)',
    )
    .requiredOption('--id <id>', 'charger ID', positiveInteger)
    .option('--refresh', 'ask the station for its monitors now')
    .addOption(wsEndpoint())
    .action(
      run(async (o: { id: number; refresh?: boolean; wsEndpoint: string }) => {
        const data = db();
        const scope = await chargerOperatorScope(data, o.id);
        if (!o.refresh) return readChargerMonitors(data, scope, o.id);
        return refreshChargerMonitors(data, await commandsOf(data, o.wsEndpoint), scope, o.id);
      }),
    );
}

/** `chargers configuration`: the stored configuration, or read from the charger first. */
function addReadCommand(chargers: Command, db: () => Db): void {
  chargers
    .command('configuration')
    .description(
      "Print a charger's configuration as last read (1.6 keys, 2.0.1 device model) and when; --refresh reads it " +
        'from the charger first (1.6 GetConfiguration, 2.0.1 GetBaseReport), --key/--variable only some settings',
    )
    .requiredOption('--id <id>', 'charger ID', positiveInteger)
    .option('--refresh', 'read it from the charger now')
    .option('--key <key...>', 'with --refresh: only these 1.6 keys')
    .option(
      '--variable <Component.Variable...>',
      'with --refresh: only these 2.0.1 variables (Component[/evse].Variable[@Type])',
    )
    .addOption(
      new Option(
        '--report-base <base>',
        'with --refresh, 2.0.1: the report to ask for (default FullInventory)',
      ).choices(['ConfigurationInventory', 'FullInventory', 'SummaryInventory']),
    )
    .addOption(wsEndpoint())
    .action(
      run(
        async (o: {
          id: number;
          refresh?: boolean;
          key?: string[];
          variable?: string[];
          reportBase?: string;
          wsEndpoint: string;
        }) => {
          const data = db();
          const scope = await chargerOperatorScope(data, o.id);
          if (!o.refresh) {
            if (o.key || o.variable || o.reportBase)
              throw new InvalidArgumentError('--key, --variable and --report-base go with --refresh');
            return readChargerConfiguration(data, scope, o.id);
          }
          const request = parse(
            ConfigurationRefreshBody,
            {
              ...(o.key ? { keys: o.key } : {}),
              ...(o.variable ? { variables: o.variable.map(parseSetting) } : {}),
              ...(o.reportBase ? { reportBase: o.reportBase } : {}),
            },
            (path) => (path[0] === 'keys' ? 'key' : path[0] === 'variables' ? 'variable' : String(path[0] ?? 'input')),
          );
          return refreshChargerConfiguration(data, await commandsOf(data, o.wsEndpoint), scope, o.id, request);
        },
      ),
    );
}

/** `chargers configure`: changes settings. */
function addChangeCommand(chargers: Command, db: () => Db): void {
  chargers
    .command('configure')
    .description(
      "Change a charger's settings: 1.6 key=value, 2.0.1 Component[/evse].Variable[@Type]=value (e.g. " +
        "OCPPCommCtrlr.WebSocketPingInterval=30); prints the charger's status per setting. Settings the product " +
        'relies on need --force; credentials are never changed here',
    )
    .requiredOption('--id <id>', 'charger ID', positiveInteger)
    .argument('<setting=value...>', 'settings to change, in order')
    .option('--force', 'change settings the product relies on anyway')
    .addOption(wsEndpoint())
    .action(
      run(async (settings: string[], o: { id: number; force?: boolean; wsEndpoint: string }) => {
        const request = parse(
          ConfigurationChangeBody,
          { changes: settings.map(parseChange), ...(o.force ? { force: true } : {}) },
          (path) =>
            path[0] === 'changes'
              ? [`setting ${Number(path[1]) + 1}`, path.slice(2).join('.')].filter(Boolean).join(' ')
              : String(path[0] ?? 'input'),
        );
        const data = db();
        const scope = await chargerOperatorScope(data, o.id);
        return changeChargerConfiguration(data, await commandsOf(data, o.wsEndpoint), scope, o.id, request);
      }),
    );
}
