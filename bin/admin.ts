/**
 * Operator CLI: `npm run admin -- <command>`: organizations, API keys, sites, chargers, and the
 * vehicle telematics stand-in. Prints JSON on stdout; bad input prints one clear
 * message on stderr and exits 1. Talks to the local stack's DynamoDB Local by default, or to a
 * deployed table with `--table <name>` (normal AWS credentials and region).
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import { openDb, type Db, type DbConfig } from '../shared/db';
import { createOrganization, createOrganizationSchema, listOrganizations, ROLES } from '../shared/organizations';
import { createApiKey, createApiKeySchema, revokeApiKey } from '../shared/api/api-keys';
import {
  backfillPortLocations,
  createSite,
  createSiteSchema,
  listChargers,
  listSitesWithChargers,
  registerCharger,
  registerChargerSchema,
  updateCharger,
  updateChargerSchema,
} from '../shared/chargers';
import { localDynamoDbEndpoint, LOCAL_TABLE_NAME } from '../lib/local/defaults';
import { setTelematics, updateVehicle } from '../shared/access';
import {
  operatorSite,
  parseTariffPrice,
  putSiteTariff,
  readSiteTariff,
  removeSiteTariff,
  siteTariffInputSchema,
} from '../shared/site-power';
import { addLimitCommands } from './admin-limits';
import { addConfigurationCommands } from './admin-configuration';
import { addOperationCommands } from './admin-operations';
import { addMonitoringCommands } from './admin-monitoring';
import { addDisplayCommands } from './admin-display';
import { addLocalListCommands } from './admin-local-list';
import { addCertificateCommands } from './admin-certificates';
import { addFirmwareCommands } from './admin-firmware';
import { addLogCommands } from './admin-logs';
import { addUserCommands } from './admin-users';
import { CHARGER_TYPES } from '../shared/smart-charging';
import { decimal, parse, positiveInteger, run } from './cli-support';

/** Parses `CCS1` or `CCS1:150` (connector type and maximum kW) for `--port`. */
function portSpec(value: string, previous: { connectorType: string; maximumPowerKw?: number }[] = []) {
  const [connectorType, kw] = value.split(':');
  const port = { connectorType: connectorType ?? '', ...(kw !== undefined ? { maximumPowerKw: decimal(kw) } : {}) };
  return [...previous, port];
}

const program = new Command()
  .name('npm run admin --')
  .description('Operator CLI of the charging network: organizations, API keys, sites and chargers. Prints JSON.')
  .option('--table <name>', 'DynamoDB table of a deployed stack (uses your AWS credentials and region)')
  .option(
    '--endpoint <url>',
    "DynamoDB endpoint (default: the local stack's DynamoDB Local: DYNAMODB_ENDPOINT, DYNAMODB_PORT, or the one " +
      'a running npm start recorded in .data/local-stack.json; unless --table is given)',
  )
  .option('--region <region>', 'AWS region of --table (default: AWS_REGION)')
  .showHelpAfterError()
  .configureOutput({ outputError: (message, write) => write(message) });

/** The table the options name: `--table` on AWS, else the local stack's. */
function dbConfig(): DbConfig {
  const { table, endpoint, region } = program.opts<{ table?: string; endpoint?: string; region?: string }>();
  return {
    tableName: table ?? LOCAL_TABLE_NAME,
    // The local stack's: DYNAMODB_ENDPOINT, DYNAMODB_PORT, else the one a running npm start recorded in .data/.
    endpoint: endpoint ?? (table ? undefined : localDynamoDbEndpoint().url),
    region: region ?? process.env.AWS_REGION,
  };
}

function db(): Db {
  return openDb(dbConfig());
}

const organizations = program.command('organizations').description('Create and list organizations');
organizations
  .command('create')
  .description('Create an organization')
  .requiredOption('--name <name>', 'organization name')
  .action(run(async (o: { name: string }) => createOrganization(db(), parse(createOrganizationSchema, o))));
organizations
  .command('list')
  .description('List every organization')
  .action(run(async () => listOrganizations(db())));

const apiKeys = program
  .command('api-keys')
  .description('Create and revoke API keys (the key is printed once and stored only as a hash)');
apiKeys
  .command('create')
  .description('Create an API key for an organization, or for one of its sites')
  .requiredOption('--organization-id <id>', 'organization ID', positiveInteger)
  .addOption(
    new Option('--scope <scope>', 'what the key reaches').choices(['organization', 'site']).default('organization'),
  )
  .option('--site-id <id>', 'the site, for --scope site', positiveInteger)
  .option('--name <name>', 'a label for the key')
  .addOption(
    new Option('--role <role>', 'what the key may do (docs/people-and-roles.md)').choices(ROLES).default('admin'),
  )
  .action(run(async (o: object) => createApiKey(db(), parse(createApiKeySchema, o))));
apiKeys
  .command('revoke')
  .description('Revoke an API key by its ID; requests with it then get 401')
  .requiredOption('--id <id>', 'API key ID (printed by `api-keys create`)', positiveInteger)
  .action(run(async (o: { id: number }) => revokeApiKey(db(), o.id)));

const sites = program
  .command('sites')
  .description('Create and list sites; set, read and clear their tariffs; set and read their power limits');
sites
  .command('create')
  .description('Create a site')
  .requiredOption('--organization-id <id>', 'organization ID', positiveInteger)
  .requiredOption('--name <name>', 'site name')
  .requiredOption('--timezone <tz>', 'IANA time zone, e.g. America/New_York')
  .option('--address <address>', 'postal address')
  .action(run(async (o: object) => createSite(db(), parse(createSiteSchema(), o))));
sites
  .command('list')
  .description('List the sites of an organization, with their chargers')
  .requiredOption('--organization-id <id>', 'organization ID', positiveInteger)
  .action(
    run(async (o: { organizationId: number }) =>
      listSitesWithChargers(db(), { organizationId: o.organizationId, scope: 'organization' }),
    ),
  );
sites
  .command('set-tariff')
  .description(
    "Set a site's tariff (replaces it): time-of-use energy prices in the site's time zone, covering every minute " +
      "of the week exactly once, and an optional demand charge per kW of the month's highest 15-minute average. " +
      'Replaces the periods set with the retired set-tou.',
  )
  .requiredOption('--site-id <id>', 'site ID', positiveInteger)
  .requiredOption('--currency <code>', 'ISO 4217 currency of every price, e.g. USD')
  .requiredOption(
    '--price <period>',
    'name=HH:MM-HH:MM[/Days]@pricePerKwh, repeatable, e.g. "onPeak=16:00-21:00/Mon-Fri@0.45" (days default every ' +
      'day); an end at or before the start runs past midnight',
    (value: string, previous: string[] = []) => [...previous, value],
  )
  .option('--demand-charge <perKw>', "price per kW of the billing month's highest 15-minute average power", decimal)
  .action(
    run(async (o: { siteId: number; currency: string; price: string[]; demandCharge?: number }) => {
      const input = parse(siteTariffInputSchema, {
        currency: o.currency,
        energyPrices: o.price.flatMap((text, i) =>
          parseTariffPrice(text, o.price.length > 1 ? `price[${i}]` : 'price'),
        ),
        ...(o.demandCharge === undefined ? {} : { demandCharge: { pricePerKw: o.demandCharge } }),
      });
      const data = db();
      return { tariff: await putSiteTariff(data, await operatorSite(data, o.siteId), input) };
    }),
  );
sites
  .command('get-tariff')
  .description("Print a site's tariff")
  .requiredOption('--site-id <id>', 'site ID', positiveInteger)
  .action(
    run(async (o: { siteId: number }) => {
      const data = db();
      return { tariff: await readSiteTariff(data, await operatorSite(data, o.siteId)) };
    }),
  );
sites
  .command('clear-tariff')
  .description("Remove a site's tariff (its sessions then have one time-of-use period, all)")
  .requiredOption('--site-id <id>', 'site ID', positiveInteger)
  .action(
    run(async (o: { siteId: number }) => {
      const data = db();
      await removeSiteTariff(data, await operatorSite(data, o.siteId));
      return { siteId: o.siteId, tariff: null };
    }),
  );

addLimitCommands(sites, db);

const chargers = program
  .command('chargers')
  .description(
    'Register, update and list chargers; read and change their configuration; reset, unlock, availability, trigger message, clear cache',
  );

/** The optional charger details `register` and `update` share. */
function withChargerDetails(command: Command): Command {
  return command
    .option('--external-id <id>', 'network station ID')
    .option('--manufacturer <name>')
    .option('--model <name>')
    .option('--serial-number <sn>')
    .option('--latitude <deg>', 'latitude in degrees', decimal)
    .option('--longitude <deg>', 'longitude in degrees', decimal)
    .option('--password <password>', 'OCPP Basic-auth password (security profile 1/2); stored as a scrypt hash');
}

withChargerDetails(
  chargers
    .command('register')
    .description('Register a charger and create its ports (port numbers 1..N = OCPP connectorId / evseId)')
    .requiredOption('--site-id <id>', 'site ID', positiveInteger)
    .requiredOption('--ocpp-id <ocppId>', "OCPP identity (last segment of the charger's OCPP URL)")
    .requiredOption('--name <name>', 'charger name')
    .addOption(new Option('--type <type>', 'charger type').choices(CHARGER_TYPES).makeOptionMandatory())
    .option('--ports <n>', 'number of ports, all of --connector-type and --max-kw', positiveInteger)
    .addOption(
      new Option('--connector-type <type>', 'connector type of every port (with --ports)').choices([
        'CCS1',
        'J1772',
        'NACS',
      ]),
    )
    .option('--max-kw <kW>', 'maximum power of every port in kW (with --ports)', decimal)
    .option('--port <type[:kW]>', 'one port, repeatable, for mixed ports: --port CCS1:150 --port NACS:150', portSpec)
    .option(
      '--insecure-no-password',
      'register it without an OCPP password (instead of --password): anyone who knows its identity can connect as it',
    ),
).action(
  run(
    async (
      o: Record<string, unknown> & {
        ports?: number;
        port?: object[];
        connectorType?: string;
        maxKw?: number;
        password?: string;
        insecureNoPassword?: boolean;
      },
    ) => {
      const { ports: count, port, connectorType, maxKw, insecureNoPassword, ...rest } = o;
      if ((o.password === undefined) === (insecureNoPassword === undefined))
        throw new InvalidArgumentError(
          'give --password <password>, or --insecure-no-password to register a charger anyone who knows its ' +
            'identity can connect as (docs/charger-credentials.md)',
        );
      if ((count === undefined) === (port === undefined))
        throw new InvalidArgumentError(
          'give either --ports N with --connector-type (and --max-kw), or one --port per port',
        );
      if (count !== undefined && !connectorType) throw new InvalidArgumentError('--ports needs --connector-type');
      const ports =
        port ??
        Array.from({ length: count! }, () => ({
          connectorType,
          ...(maxKw !== undefined ? { maximumPowerKw: maxKw } : {}),
        }));
      return registerCharger(db(), parse(registerChargerSchema, { ...rest, ports }));
    },
  ),
);
withChargerDetails(
  chargers
    .command('update')
    .description('Update a charger; --clear removes optional values')
    .requiredOption('--id <id>', 'charger ID', positiveInteger)
    .option('--name <name>')
    .addOption(new Option('--type <type>').choices(CHARGER_TYPES)),
)
  .addOption(
    new Option('--clear <fields...>', 'optional fields to remove').choices([
      'externalId',
      'manufacturer',
      'model',
      'serialNumber',
      'latitude',
      'longitude',
      'password',
    ]),
  )
  .action(
    run(async (o: Record<string, unknown> & { id: number; clear?: string[] }) => {
      const { id, clear, ...rest } = o;
      return updateCharger(
        db(),
        id,
        parse(updateChargerSchema, { ...rest, ...Object.fromEntries((clear ?? []).map((f) => [f, null])) }),
      );
    }),
  );
chargers
  .command('list')
  .description('List the chargers of an organization (optionally one site)')
  .requiredOption('--organization-id <id>', 'organization ID', positiveInteger)
  .option('--site-id <id>', 'only this site', positiveInteger)
  .action(
    run(async (o: { organizationId: number; siteId?: number }) => listChargers(db(), o.organizationId, o.siteId)),
  );

chargers
  .command('backfill-port-locations')
  .description(
    "Write every port's location item and remove its old by-ID index keys (once, for tables whose ports were stored before)",
  )
  .action(run(async () => backfillPortLocations(dbConfig())));

addConfigurationCommands(chargers, db);
addOperationCommands(chargers, db);
addMonitoringCommands(chargers, db);
addDisplayCommands(chargers, db);
addLocalListCommands(chargers, db);
addCertificateCommands(chargers, db);
addFirmwareCommands(program, chargers, db);
addLogCommands(chargers, db);
addUserCommands(program, db, () => {
  const { table, endpoint } = program.opts<{ table?: string; endpoint?: string }>();
  return table !== undefined && endpoint === undefined;
});

const vehicles = program.command('vehicles').description("Vehicles' telematics stand-in and battery");
vehicles
  .command('set-telematics')
  .description('Mark a vehicle as having telematics and set the VIN it reports (submitted VINs are then ignored)')
  .requiredOption('--organization-id <id>', 'organization ID', positiveInteger)
  .requiredOption('--vehicle-id <id>', 'vehicle ID', positiveInteger)
  .option('--vin <vin>', 'VIN reported by telematics')
  .action(
    run(async (o: { organizationId: number; vehicleId: number; vin?: string }) => {
      if (o.vin !== undefined && !/^[A-Za-z0-9]{1,17}$/.test(o.vin.trim()))
        throw new InvalidArgumentError('--vin must be 1-17 letters or digits');
      return setTelematics(db(), o.organizationId, o.vehicleId, o.vin);
    }),
  );

vehicles
  .command('set-battery-capacity')
  .description(
    'Set the usable battery capacity of a vehicle, kWh (wins over telematics and what its sessions taught; docs/vehicle-state.md)',
  )
  .requiredOption('--organization-id <id>', 'organization ID', positiveInteger)
  .requiredOption('--vehicle-id <id>', 'vehicle ID', positiveInteger)
  .requiredOption('--kwh <kWh>', 'usable capacity, kWh (above 0, at most 1000), or "none" to remove it', (value) =>
    value === 'none' ? value : decimal(value),
  )
  .action(
    run(async (o: { organizationId: number; vehicleId: number; kwh: number | 'none' }) =>
      updateVehicle(db(), o.organizationId, o.vehicleId, { batteryCapacityKwh: o.kwh === 'none' ? null : o.kwh }),
    ),
  );

await program.parseAsync();
