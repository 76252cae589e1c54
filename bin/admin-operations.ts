/**
 * Operator CLI commands of charger operations (`npm run admin -- chargers reset|unlock|…`,
 * docs/charger-operations.md): the same operations as the API, recorded in the audit trail as asked
 * by the operator CLI, performed by this process through the OCPP command path (at
 * `--ocpp-management-url`: the local stack by default, or a deployed WebSocket API's `@connections`
 * endpoint); the command prints the operation once every charger has answered.
 */
import { Option, type Command } from 'commander';
import type { Db } from '../shared/db';
import { readFileSync } from 'node:fs';
import {
  ALL_RESET_TYPES,
  ALL_TRIGGER_MESSAGES,
  CERTIFICATE_ID_TYPES,
  INSTALL_CERTIFICATE_TYPES,
  listOperations,
  OPERATION_ACTIONS,
  OPERATION_INPUTS,
  type OperationAction,
  performOperation,
  readOperation,
  requestOperation,
} from '../shared/charger-operations';
import type { AccessScope } from '../shared/organizations';
import { OPERATION_STATUSES } from '../shared/db/entities/charger-operations';
import { parse, positiveInteger, run } from './cli-support';
import { localGatewayUrl } from '../lib/local/defaults';

/** The local stack's gateway, which serves the management API `npm start` posts to. */
export const LOCAL_MANAGEMENT_URL = localGatewayUrl();

/** Options of a command, as parsed. */
export type Options = Record<string, unknown> & { organizationId: number; ocppManagementUrl?: string };

/** The option naming each body field (for error messages). */
const OPTION_OF: Record<string, string> = {
  chargerId: '--charger-id',
  chargerIds: '--charger-id',
  siteId: '--site-id',
  portId: '--port-id',
  type: '--type',
  operationalStatus: '--status',
  requestedMessage: '--message',
  logType: '--log-type',
  oldestTimestamp: '--oldest',
  latestTimestamp: '--latest',
  retries: '--retries',
  retryInterval: '--retry-interval',
};

/** Repeatable `--charger-id`. */
const chargerIds = (value: string, previous: number[] = []) => [...previous, positiveInteger(value)];

/**
 * The OCPP command path of the operations, posting to `--ocpp-management-url` (the local stack by
 * default). Loaded only by the commands that send (its validators are large).
 */
export async function operationCommands(db: Db, options: Options) {
  process.env.WS_MANAGEMENT_ENDPOINT = options.ocppManagementUrl ?? LOCAL_MANAGEMENT_URL;
  const [{ ocppChargerCommands }, { CHARGER_OPERATION_COMMANDS }] = await Promise.all([
    import('../shared/ocpp/commands/charger-commands'),
    import('../shared/ocpp/commands/charger-operations'),
  ]);
  return ocppChargerCommands(db, CHARGER_OPERATION_COMMANDS);
}

/**
 * Runs one operation to its end in this process: written, performed, read back.
 * @param optionOf the option of each body field, besides the common ones (for error messages)
 * @throws InputError naming the option of a bad field; the domain's errors (unknown charger, …)
 */
export async function operate(
  db: Db,
  action: OperationAction,
  body: Record<string, unknown>,
  options: Options,
  optionOf: Record<string, string> = {},
) {
  const scope: AccessScope = { organizationId: options.organizationId, scope: 'organization' };
  const input = parse(
    OPERATION_INPUTS[action],
    body,
    (path) => optionOf[String(path[0])] ?? OPTION_OF[String(path[0])] ?? 'input',
  );
  const commands = await operationCommands(db, options);
  let performed: Promise<void> = Promise.resolve();
  const { operation } = await requestOperation(
    db,
    commands,
    async (operationId) => {
      performed = performOperation(db, commands, operationId);
    },
    scope,
    { action, body: input as Record<string, unknown>, requestedBy: { operator: 'cli' } },
    { waitMs: 0 },
  );
  await performed;
  return readOperation(db, scope, operation.operationId);
}

/** The target options of a body: `--charger-id` (repeatable: bulk), `--site-id`, and `--port-id` where `port`. */
export function targetsOf(o: Options): Record<string, unknown> {
  const ids = o.chargerId as number[] | undefined;
  return {
    ...(ids?.length === 1 ? { chargerId: ids[0] } : ids ? { chargerIds: ids } : {}),
    ...(o.siteId === undefined ? {} : { siteId: o.siteId }),
    ...(o.portId === undefined ? {} : { portId: o.portId }),
  };
}

/**
 * The body fields given as options; options not given are left out.
 * @param fields body field → option key (as commander names it): `{ oldestTimestamp: 'oldest' }`
 *   takes `--oldest`; or a list of fields whose options have their names
 */
export function givenOf(o: Options, fields: readonly string[] | Record<string, string>): Record<string, unknown> {
  const pairs = Array.isArray(fields) ? fields.map((f) => [f, f] as const) : Object.entries(fields);
  return Object.fromEntries(
    pairs.filter(([, option]) => o[option] !== undefined).map(([field, option]) => [field, o[option]]),
  );
}

/**
 * A command of one operation under `chargers`: `--organization-id`, `--ocpp-management-url`, and
 * the targets: `--charger-id` (repeatable) and `--site-id` unless `port` is `only`, `--port-id`
 * unless it is `no`.
 * @param doc the page of docs/ that explains it
 */
export function operationCommand(
  chargers: Command,
  name: string,
  description: string,
  port: 'also' | 'only' | 'no',
  doc = 'charger-operations.md',
): Command {
  const command = chargers
    .command(name)
    .description(`${description} (docs/${doc}); prints the operation`)
    .requiredOption('--organization-id <id>', 'organization ID', positiveInteger)
    .option('--ocpp-management-url <url>', `management API the CALLs are posted to (default ${LOCAL_MANAGEMENT_URL})`);
  if (port !== 'only') {
    command
      .option('--charger-id <id>', 'a charger; repeat for several', chargerIds)
      .option('--site-id <id>', 'every charger of the site', positiveInteger);
  }
  if (port !== 'no') command.option('--port-id <id>', 'a port', positiveInteger);
  return command;
}

/**
 * Adds the operations to the `chargers` command: `reset`, `unlock`, `change-availability`,
 * `trigger-message`, `clear-cache`, `composite-schedule`, `transaction-status`, `customer-information`, the certificate
 * operations, `operations` (the audit trail) and `operation` (one).
 * @param db opens the table the CLI's options name
 */
export function addOperationCommands(chargers: Command, db: () => Db): void {
  const operation = (name: string, description: string, port: 'also' | 'only' | 'no') =>
    operationCommand(chargers, name, description, port);

  operation('reset', 'Reset chargers (OCPP Reset)', 'also')
    .addOption(
      new Option('--type <type>', '1.6: Soft or Hard; 2.0.1: OnIdle or Immediate')
        .choices(ALL_RESET_TYPES)
        .makeOptionMandatory(),
    )
    .action(run(async (o: Options) => operate(db(), 'reset', { ...targetsOf(o), type: o.type }, o)));

  operation('unlock', "Unlock a port's connector (OCPP UnlockConnector)", 'only').action(
    run(async (o: Options) => operate(db(), 'unlockConnector', targetsOf(o), o)),
  );

  operation('change-availability', 'Make chargers or a port Operative or Inoperative (OCPP ChangeAvailability)', 'also')
    .addOption(
      new Option('--status <status>', 'the availability').choices(['Operative', 'Inoperative']).makeOptionMandatory(),
    )
    .action(
      run(async (o: Options) =>
        operate(db(), 'changeAvailability', { ...targetsOf(o), operationalStatus: o.status }, o),
      ),
    );

  operation('trigger-message', 'Ask chargers to send a message (OCPP TriggerMessage)', 'also')
    .addOption(
      new Option('--message <message>', "a message of the charger's OCPP version")
        .choices(ALL_TRIGGER_MESSAGES)
        .makeOptionMandatory(),
    )
    .action(
      run(async (o: Options) => operate(db(), 'triggerMessage', { ...targetsOf(o), requestedMessage: o.message }, o)),
    );

  operation('clear-cache', "Clear chargers' authorization cache (OCPP ClearCache)", 'no').action(
    run(async (o: Options) => operate(db(), 'clearCache', targetsOf(o), o)),
  );

  operation('composite-schedule', 'Ask chargers what they will enforce (OCPP GetCompositeSchedule)', 'also')
    .requiredOption('--duration <seconds>', 'seconds from now the schedule covers (at most 86400)', positiveInteger)
    .addOption(new Option('--unit <unit>', "A (per phase) or W; default the charger's choice").choices(['A', 'W']))
    .action(
      run(async (o: Options) =>
        operate(
          db(),
          'getCompositeSchedule',
          { ...targetsOf(o), duration: o.duration, ...(o.unit ? { chargingRateUnit: o.unit } : {}) },
          o,
          { duration: '--duration', chargingRateUnit: '--unit' },
        ),
      ),
    );

  operation('transaction-status', 'Queued transaction messages (OCPP 2.0.1 GetTransactionStatus)', 'no')
    .option('--transaction-id <id>', "the charger's transactionId (with one --charger-id); default any transaction")
    .action(
      run(async (o: Options) => {
        const body = { ...targetsOf(o), ...givenOf(o, ['transactionId']) };
        return operate(db(), 'getTransactionStatus', body, o, { transactionId: '--transaction-id' });
      }),
    );

  operation('tariffs', 'The tariffs OCPP 2.1 stations hold (GetTariffs)', 'no').action(
    run(async (o: Options) => operate(db(), 'getTariffs', targetsOf(o), o, {})),
  );

  addCustomerInformationCommand(chargers, db);
  addCertificateCommands(chargers, db);
  addSecurityProfileCommand(chargers, db);
  addReadCommands(chargers, db);
}

/** `customer-information`: what chargers hold about a customer, or clear it (OCPP 2.0.1 CustomerInformation). */
function addCustomerInformationCommand(chargers: Command, db: () => Db): void {
  operationCommand(
    chargers,
    'customer-information',
    'What chargers hold about a customer, or clear it (OCPP 2.0.1 CustomerInformation)',
    'no',
  )
    .option('--customer-identifier <id>', "the charger vendor's customer identifier")
    .option('--id-token <token>', 'an ID token the charger knows')
    .option('--id-token-type <type>', 'its OCPP 2.0.1 IdTokenEnumType', 'ISO14443')
    .option('--no-report', 'do not ask for a report')
    .option('--clear', 'clear what the charger holds about the customer')
    .action(
      run(async (o: Options) =>
        operate(
          db(),
          'customerInformation',
          {
            ...targetsOf(o),
            report: o.report !== false,
            clear: o.clear === true,
            ...(o.customerIdentifier ? { customerIdentifier: o.customerIdentifier } : {}),
            ...(o.idToken ? { idToken: { idToken: o.idToken, type: o.idTokenType } } : {}),
          },
          o,
          { customerIdentifier: '--customer-identifier', idToken: '--id-token', report: '--no-report' },
        ),
      ),
    );
}

/** The types of both versions, each once. */
const bothVersions = (lists: Record<string, readonly string[]>) => [...new Set(Object.values(lists).flat())];

/** Repeatable `--type`. */
const types = (value: string, previous: string[] = []) => [...previous, value];

/**
 * `install-certificate`, `installed-certificates` and `delete-certificate`: the certificate
 * management operations (docs/certificates.md, "Certificate management").
 */
function addCertificateCommands(chargers: Command, db: () => Db): void {
  operationCommand(chargers, 'install-certificate', 'Install a root certificate (OCPP InstallCertificate)', 'no')
    .addOption(
      new Option('--type <type>', 'the certificate type')
        .choices(bothVersions(INSTALL_CERTIFICATE_TYPES))
        .makeOptionMandatory(),
    )
    .requiredOption('--certificate-file <path>', 'the certificate, PEM')
    .action(
      run(async (o: Options) =>
        operate(
          db(),
          'installCertificate',
          { ...targetsOf(o), certificateType: o.type, certificate: readFileSync(o.certificateFile as string, 'utf8') },
          o,
          { certificateType: '--type', certificate: '--certificate-file' },
        ),
      ),
    );

  operationCommand(
    chargers,
    'installed-certificates',
    "List chargers' installed certificates (OCPP GetInstalledCertificateIds)",
    'no',
  )
    .addOption(
      new Option('--type <type>', 'a type to list (repeat); default every type')
        .choices(bothVersions(CERTIFICATE_ID_TYPES))
        .argParser(types),
    )
    .action(
      run(async (o: Options) =>
        operate(
          db(),
          'getInstalledCertificateIds',
          { ...targetsOf(o), ...(o.type ? { certificateTypes: o.type } : {}) },
          o,
          {
            certificateTypes: '--type',
          },
        ),
      ),
    );

  operationCommand(
    chargers,
    'delete-certificate',
    'Delete an installed certificate by its hash data (OCPP DeleteCertificate)',
    'no',
  )
    .addOption(new Option('--hash-algorithm <algorithm>').choices(['SHA256', 'SHA384', 'SHA512']).makeOptionMandatory())
    .requiredOption('--issuer-name-hash <hex>', "hash of the issuer's name, as installed-certificates lists it")
    .requiredOption('--issuer-key-hash <hex>', "hash of the issuer's public key")
    .requiredOption('--serial-number <hex>', 'the serial number')
    .action(
      run(async (o: Options) => {
        const certificateHashData = givenOf(o, ['hashAlgorithm', 'issuerNameHash', 'issuerKeyHash', 'serialNumber']);
        return operate(db(), 'deleteCertificate', { ...targetsOf(o), certificateHashData }, o, {
          certificateHashData: '--issuer-name-hash, --issuer-key-hash or --serial-number',
        });
      }),
    );
}

/**
 * `upgrade-security-profile`: the move of chargers to security profile 3 (docs/certificates.md,
 * "Moving a fleet from profile 2 to 3").
 */
function addSecurityProfileCommand(chargers: Command, db: () => Db): void {
  operationCommand(
    chargers,
    'upgrade-security-profile',
    'Move chargers with a certificate of the CSMS CA to security profile 3 (2.0.1 SetNetworkProfile; 1.6 SecurityProfile key)',
    'no',
    'certificates.md',
  )
    .requiredOption(
      '--csms-url <url>',
      "the CSMS's wss URL the charger connects to with its certificate (wss://…/ocpp)",
    )
    .option('--slot <n>', '2.0.1: the network configuration slot (default 2)', Number)
    .action(
      run(async (o: Options) =>
        operate(
          db(),
          'upgradeSecurityProfile',
          { ...targetsOf(o), ocppCsmsUrl: o.csmsUrl, ...(o.slot === undefined ? {} : { configurationSlot: o.slot }) },
          o,
          { ocppCsmsUrl: '--csms-url', configurationSlot: '--slot' },
        ),
      ),
    );
}

/** `operations` (the audit trail's first page, or the one after `--cursor`) and `operation` (one). */
function addReadCommands(chargers: Command, db: () => Db): void {
  chargers
    .command('operations')
    .description('The audit trail of charger operations, newest first (one page of 100)')
    .requiredOption('--organization-id <id>', 'organization ID', positiveInteger)
    .option('--charger-id <id>', 'operations that addressed this charger', positiveInteger)
    .option('--site-id <id>', "operations of this site's chargers", positiveInteger)
    .addOption(new Option('--action <action>').choices(OPERATION_ACTIONS))
    .addOption(new Option('--status <status>').choices(OPERATION_STATUSES))
    .option('--cursor <cursor>', 'nextPageCursor of the previous page')
    .action(
      run(async (o: Options) =>
        listOperations(
          db(),
          { organizationId: o.organizationId, scope: 'organization' },
          {
            chargerId: o.chargerId as number | undefined,
            siteId: o.siteId as number | undefined,
            action: o.action as string | undefined,
            status: o.status as (typeof OPERATION_STATUSES)[number] | undefined,
            nextPageCursor: o.cursor as string | undefined,
          },
        ),
      ),
    );

  chargers
    .command('operation')
    .description('One charger operation')
    .requiredOption('--organization-id <id>', 'organization ID', positiveInteger)
    .requiredOption('--operation-id <id>', 'the operation (UUIDv7)')
    .action(
      run(async (o: Options) =>
        readOperation(db(), { organizationId: o.organizationId, scope: 'organization' }, String(o.operationId)),
      ),
    );
}
