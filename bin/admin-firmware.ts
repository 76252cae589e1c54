/**
 * Operator CLI commands of firmware (docs/firmware.md): `chargers update-firmware` (the
 * update-firmware operation; `publish-firmware` and `unpublish-firmware`, a local controller's, performed by this process through the OCPP command path like the other
 * operations: `admin-operations.ts`) and `firmware-campaigns create|list|show|cancel`. A campaign's
 * chargers are started by this process too: `create` and `show` advance the campaign and wait for
 * the CALLs they sent; `--follow` advances it every `--interval` seconds until it ends.
 */
import { Option, type Command } from 'commander';
import type { Db } from '../shared/db';
import { type OperationStarter, performOperation } from '../shared/charger-operations';
import { CAMPAIGN_STATUSES } from '../shared/db/entities/firmware-campaigns';
import {
  type CampaignDeps,
  campaignRequestOf,
  cancelCampaign,
  createCampaign,
  type FirmwareCampaign,
  listCampaigns,
  readCampaign,
} from '../shared/firmware-campaigns';
import { FirmwareCampaignRequest } from '../shared/api/routes/firmware-campaigns';
import type { AccessScope } from '../shared/organizations';
import {
  givenOf,
  LOCAL_MANAGEMENT_URL,
  operate,
  operationCommand,
  operationCommands,
  targetsOf,
  type Options,
} from './admin-operations';
import { parse, positiveInteger, run } from './cli-support';

/** The option of each body field (for error messages). */
const OPTION_OF: Record<string, string> = {
  chargerIds: '--charger-id',
  siteId: '--site-id',
  model: '--model',
  manufacturer: '--manufacturer',
  location: '--location',
  retrieveDate: '--retrieve-date',
  installDate: '--install-date',
  retries: '--retries',
  retryInterval: '--retry-interval',
  checksum: '--checksum',
  signature: '--signature',
  signingCertificate: '--signing-certificate',
  maxConcurrent: '--max-concurrent',
  maxFailures: '--max-failures',
  maxDownPerSite: '--max-down-per-site',
};

/** Repeatable `--charger-id`. */
const chargerIds = (value: string, previous: number[] = []) => [...previous, positiveInteger(value)];

/** Adds the firmware options to a command. */
function firmwareOptions(command: Command): Command {
  return command
    .requiredOption('--location <url>', 'firmware URL: https, ftp or ftps')
    .option('--retrieve-date <iso>', 'when to download it (default now)')
    .option('--install-date <iso>', 'when to install it (2.0.1; 1.6 with signed firmware)')
    .option('--retries <n>', 'download attempts', positiveInteger)
    .option('--retry-interval <seconds>', 'seconds between attempts', positiveInteger)
    .option('--signature <base64>', 'firmware signature, base64 (1.6: SignedUpdateFirmware)')
    .option('--signing-certificate <pem>', 'PEM certificate that signed it (1.6: SignedUpdateFirmware)');
}

/** The firmware fields given (each option is named as its field). */
const firmwareOf = (o: Options) =>
  givenOf(o, [
    'location',
    'retrieveDate',
    'installDate',
    'retries',
    'retryInterval',
    'signature',
    'signingCertificate',
  ]);

/** What a campaign starts its operations with here: the command path, each operation performed in this process. */
async function campaignDeps(db: Db, o: Options): Promise<{ deps: CampaignDeps; performed: () => Promise<unknown> }> {
  const commands = await operationCommands(db, o);
  const running: Promise<void>[] = [];
  const start: OperationStarter = async (operationId) => {
    running.push(performOperation(db, commands, operationId));
  };
  return { deps: { commands, start }, performed: () => Promise.all(running) };
}

/** Reads (advances) a campaign until it ends, every `intervalS` seconds, when `follow`. */
async function followCampaign(
  db: Db,
  o: Options,
  first: (deps: CampaignDeps) => Promise<FirmwareCampaign>,
): Promise<FirmwareCampaign> {
  const { deps, performed } = await campaignDeps(db, o);
  const scope: AccessScope = { organizationId: o.organizationId, scope: 'organization' };
  let campaign = await first(deps);
  while (o.follow && campaign.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, ((o.interval as number | undefined) ?? 2) * 1000));
    campaign = await readCampaign(db, deps, scope, campaign.campaignId);
    process.stderr.write(`${campaign.status}: ${JSON.stringify(campaign.counts)}\n`);
  }
  await performed();
  return campaign;
}

/**
 * Adds `update-firmware`, `publish-firmware` and `unpublish-firmware` to the `chargers` command, and
 * the `firmware-campaigns` command.
 * @param db opens the table the CLI's options name
 */
export function addFirmwareCommands(program: Command, chargers: Command, db: () => Db): void {
  addUpdateFirmware(chargers, db);
  addPublishFirmware(chargers, db);
  const campaigns = program.command('firmware-campaigns').description('Firmware campaigns (docs/firmware.md)');
  addCampaignCreate(campaigns, db);
  addCampaignReads(campaigns, db);
}

/** `--organization-id`, `--ocpp-management-url`, `--follow`, `--interval`. */
const organization = (command: Command) =>
  command
    .requiredOption('--organization-id <id>', 'organization ID', positiveInteger)
    .option('--ocpp-management-url <url>', `management API the CALLs are posted to (default ${LOCAL_MANAGEMENT_URL})`)
    .option('--follow', 'advance the campaign until it ends (progress on standard error)')
    .option('--interval <seconds>', 'with --follow: seconds between two advances (default 2)', positiveInteger);

/** `chargers update-firmware`. */
function addUpdateFirmware(chargers: Command, db: () => Db): void {
  firmwareOptions(
    operationCommand(
      chargers,
      'update-firmware',
      "Update chargers' firmware (OCPP UpdateFirmware)",
      'no',
      'firmware.md',
    ),
  ).action(
    run(async (o: Options) => operate(db(), 'updateFirmware', { ...targetsOf(o), ...firmwareOf(o) }, o, OPTION_OF)),
  );
}

/** `chargers publish-firmware` and `unpublish-firmware` (OCPP 2.0.1 L03/L04, local controllers). */
function addPublishFirmware(chargers: Command, db: () => Db): void {
  const operation = (name: string, description: string) =>
    operationCommand(chargers, name, description, 'no', 'firmware.md').requiredOption(
      '--checksum <md5>',
      "the image's MD5 checksum (32 hexadecimal characters)",
    );
  operation(
    'publish-firmware',
    'A local controller serves a firmware image to its chargers (OCPP 2.0.1 PublishFirmware)',
  )
    .requiredOption('--location <url>', 'where it downloads the image: https, ftp or ftps')
    .option('--retries <n>', 'download attempts', positiveInteger)
    .option('--retry-interval <seconds>', 'seconds between attempts', positiveInteger)
    .action(
      run(async (o: Options) =>
        operate(
          db(),
          'publishFirmware',
          { ...targetsOf(o), ...givenOf(o, ['location', 'checksum', 'retries', 'retryInterval']) },
          o,
          OPTION_OF,
        ),
      ),
    );
  operation(
    'unpublish-firmware',
    'A local controller stops serving a firmware image (OCPP 2.0.1 UnpublishFirmware)',
  ).action(
    run(async (o: Options) =>
      operate(db(), 'unpublishFirmware', { ...targetsOf(o), checksum: o.checksum }, o, OPTION_OF),
    ),
  );
}

/** `firmware-campaigns create`. */
function addCampaignCreate(campaigns: Command, db: () => Db): void {
  firmwareOptions(
    organization(campaigns.command('create').description('Start a campaign; prints it'))
      .option('--charger-id <id>', 'a charger; repeat for several', chargerIds)
      .option('--site-id <id>', 'every charger of the site (with --model: those of the site)', positiveInteger)
      .option('--model <model>', "chargers of this model (their BootNotification's)")
      .option('--manufacturer <vendor>', "chargers of this vendor (their BootNotification's)")
      .option('--max-concurrent <n>', 'most chargers updating at once (default 10)', positiveInteger)
      .option('--max-failures <n>', 'stop once this many failed', positiveInteger)
      .option('--max-down-per-site <n>', 'most chargers of one site updating at once', positiveInteger),
  ).action(
    run(async (o: Options) => {
      const body = parse(
        FirmwareCampaignRequest,
        {
          ...givenOf(o, ['siteId', 'model', 'manufacturer', 'maxConcurrent', 'maxFailures', 'maxDownPerSite']),
          ...firmwareOf(o),
          ...(o.chargerId ? { chargerIds: o.chargerId } : {}),
        },
        (path) => OPTION_OF[String(path[0])] ?? 'input',
      );
      const request = campaignRequestOf(body, { operator: 'cli' });
      return followCampaign(db(), o, (deps) =>
        createCampaign(db(), deps, { organizationId: o.organizationId, scope: 'organization' }, request),
      );
    }),
  );
}

/** `firmware-campaigns list`, `show`, `cancel`. */
function addCampaignReads(campaigns: Command, db: () => Db): void {
  campaigns
    .command('list')
    .description('Campaigns, newest first (one page of 100)')
    .requiredOption('--organization-id <id>', 'organization ID', positiveInteger)
    .addOption(new Option('--status <status>').choices(CAMPAIGN_STATUSES))
    .option('--cursor <cursor>', 'nextPageCursor of the previous page')
    .action(
      run(async (o: Options) =>
        listCampaigns(
          db(),
          { organizationId: o.organizationId, scope: 'organization' },
          {
            status: o.status as (typeof CAMPAIGN_STATUSES)[number] | undefined,
            nextPageCursor: o.cursor as string | undefined,
          },
        ),
      ),
    );

  organization(campaigns.command('show').description('One campaign with its progress per charger (advanced first)'))
    .requiredOption('--campaign-id <id>', 'the campaign (UUIDv7)')
    .action(
      run(async (o: Options) =>
        followCampaign(db(), o, (deps) =>
          readCampaign(db(), deps, { organizationId: o.organizationId, scope: 'organization' }, String(o.campaignId)),
        ),
      ),
    );

  organization(campaigns.command('cancel').description('Start no more chargers; skip the pending ones'))
    .requiredOption('--campaign-id <id>', 'the campaign (UUIDv7)')
    .action(
      run(async (o: Options) =>
        followCampaign(db(), o, (deps) =>
          cancelCampaign(db(), deps, { organizationId: o.organizationId, scope: 'organization' }, String(o.campaignId)),
        ),
      ),
    );
}
