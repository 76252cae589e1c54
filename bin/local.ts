/**
 * `npm start`: the whole product on this machine (docs/architecture.md, "Local stack").
 * DynamoDB Local (data under `.data/`, or `--in-memory`), the local API Gateway on `PORT`
 * (default 3000), the chargers' TLS listener with client certificates on `TLS_PORT` (default
 * `PORT` + 2; docs/certificates.md "On a laptop"), Plug & Charge's test OCSP responder on
 * 127.0.0.1:`OCSP_PORT` (default `PORT` + 3: the V2G test PKI names it in its certificates, so a
 * fixed port keeps the PKI across restarts), demo data seeded on first start, and how to use it
 * printed.
 *
 * A port already in use (either one) is refused in one line with exit 1, before anything starts;
 * how the stack stops, and that DynamoDB Local never outlives it: `lib/local/supervise.ts`.
 */
import { Command } from 'commander';
import { existsSync, readFileSync, writeFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startDynamoDbLocal, JAVA_MISSING, PortInUseError, type DynamoDbLocal } from '../lib/local/dynamodb';
import type { LocalStack } from '../lib/local/stack';
import type { DemoData } from '../lib/local/seed';
import type { Charger } from '../shared/chargers';
import { dbConfigFromEnv } from '../shared/db';
import {
  IDENTITY_ACCOUNTS_FILE,
  LOCAL_TABLE_NAME,
  LOCAL_DYNAMODB_PORT,
  recordRunningStack,
} from '../lib/local/defaults';
import { assertPortFree, GATEWAY_SERVICE } from '../lib/local/ports';
import { LocalStackSupervisor, portInUseLine } from '../lib/local/supervise';

/**
 * The stack's modules (every handler, the AWS SDK clients, the solver): seconds of loading, so they
 * load while DynamoDB Local's JVM starts instead of before it. A taken port is still refused
 * before either (the checks need neither).
 */
function loadStackModules() {
  return Promise.all([import('../lib/local/stack'), import('../lib/local/seed'), import('../shared/chargers')]);
}

const HOST = '127.0.0.1';

const program = new Command()
  .name('npm start --')
  .description('Run the charging network locally: DynamoDB Local + the local API Gateway with the real handlers')
  .option('--in-memory', 'keep nothing: DynamoDB Local in memory, demo data seeded afresh')
  .option('--port <port>', 'HTTP/WebSocket port (default: $PORT or 3000)')
  .option('--data-dir <dir>', 'where data is kept', '.data')
  .parse();
const options = program.opts<{ inMemory?: boolean; port?: string; dataDir: string }>();
// Absolute from here on: DynamoDB Local's Java process has a working directory of its own.
const dataDir = resolve(options.dataDir);
process.env.LOG_LEVEL ??= 'WARN';
// Webhook endpoints may be http://localhost receivers on a developer's machine (docs/webhooks.md, "Local settings").
process.env.WEBHOOK_ALLOW_HTTP_LOCALHOST ??= 'true';

/** Prints `message` and exits 1. */
function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** A TCP port from the command line or the environment; exits with a clear line when it is not one. */
function parsePort(value: string, name: string, min: number): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port < min || port > 65535) fail(`Invalid ${name} ${value}: a port is ${min}..65535`);
  return port;
}

const port = parsePort(options.port ?? process.env.PORT ?? '3000', 'port', 0);
// The chargers' TLS listener (security profile 3): TLS_PORT, else two above the gateway (3002 by default).
const tlsPort = parsePort(process.env.TLS_PORT ?? String(port ? port + 2 : 0), 'TLS_PORT', 0);
const TLS_SERVICE = 'the TLS listener for chargers';
// Plug & Charge's test OCSP responder: OCSP_PORT, else three above the gateway (3003 by default).
const ocspPort = parsePort(process.env.OCSP_PORT ?? String(port ? port + 3 : 0), 'OCSP_PORT', 0);
const OCSP_SERVICE = 'the test OCSP responder';
const dynamoPort = parsePort(process.env.DYNAMODB_PORT ?? String(LOCAL_DYNAMODB_PORT), 'DYNAMODB_PORT', 1);

/** Checks the HTTP port, then starts DynamoDB Local; any failure is one line and exit 1. */
async function startDatabase(): Promise<DynamoDbLocal> {
  try {
    if (port !== 0) await assertPortFree(port, GATEWAY_SERVICE, [HOST]);
    if (tlsPort !== 0) await assertPortFree(tlsPort, TLS_SERVICE, [HOST]);
    if (ocspPort !== 0) await assertPortFree(ocspPort, OCSP_SERVICE, ['127.0.0.1']);
    return await startDynamoDbLocal({
      port: dynamoPort,
      dataDir: options.inMemory ? undefined : join(dataDir, 'dynamodb'),
    });
  } catch (error) {
    if (error instanceof PortInUseError) {
      const settings: Record<string, string> = {
        [GATEWAY_SERVICE]: 'PORT',
        [TLS_SERVICE]: 'TLS_PORT',
        [OCSP_SERVICE]: 'OCSP_PORT',
      };
      const setting = settings[error.service] ?? 'DYNAMODB_PORT';
      fail(portInUseLine(error, setting));
    }
    if ((error as Error).message === JAVA_MISSING) fail(JAVA_MISSING);
    return fail(`Could not start DynamoDB Local: ${(error as Error).message}`);
  }
}

/** Starts the table and the gateway; a port taken meanwhile is one line, DynamoDB Local stopped, exit 1. */
async function startStack(dynamo: DynamoDbLocal, supervisor: LocalStackSupervisor): Promise<LocalStack> {
  try {
    return await startLocalStack({
      dynamoDbEndpoint: dynamo.endpoint,
      tableName: LOCAL_TABLE_NAME,
      port,
      host: HOST,
      // The OpenID provider beside the gateway: OIDC_PORT, else the next port (3001 by default).
      identityPort: parsePort(process.env.OIDC_PORT ?? String(port ? port + 1 : 0), 'OIDC_PORT', 0),
      smartCharging: true,
      localList: true,
      alerts: true,
      webhooks: true,
      // The local CA and the server certificate are kept with the data (a temporary folder in memory).
      tls: {
        dataDir: options.inMemory ? mkdtempSync(join(tmpdir(), 'charging-network-tls-')) : dataDir,
        port: tlsPort,
      },
      // Plug & Charge: the V2G test PKI kept with the data (in memory with --in-memory), its OCSP responder.
      plugAndCharge: { port: ocspPort, ...(options.inMemory ? {} : { dataDir }) },
      ...(options.inMemory
        ? {}
        : {
            logDir: join(dataDir, 'logs'),
            mailDir: join(dataDir, 'mail'),
            // Webhook retries still due when the stack stops are made by the next start (docs/webhooks.md).
            webhookQueueFile: join(dataDir, 'webhook-queue.json'),
            identityAccountsFile: join(dataDir, IDENTITY_ACCOUNTS_FILE),
          }),
    });
  } catch (error) {
    if (!(error instanceof PortInUseError)) throw error;
    await supervisor.stop(1, portInUseLine(error, 'PORT'));
    throw error; // not reached: stop() exits
  }
}

/**
 * Seeds the demo on first start. The demo key is kept beside the local data (never on AWS) so
 * that every start can print it.
 */
async function demoData(stack: LocalStack): Promise<DemoData | undefined> {
  const demoFile = join(dataDir, 'demo.json');
  if (!(await isSeeded(stack.db))) {
    const demo = await seedDemo(stack.db);
    if (!options.inMemory) {
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(demoFile, JSON.stringify(demo, null, 2));
    }
    console.log('Seeded the demo organization, site, chargers and API key.');
    return demo;
  }
  // Data kept from an earlier version may hold ports without their location item (found by ID).
  await backfillPortLocations(dbConfigFromEnv());
  const demo = existsSync(demoFile) ? (JSON.parse(readFileSync(demoFile, 'utf8')) as DemoData) : undefined;
  // A demo seeded before people existed gets its people now.
  if (demo && !demo.people) {
    demo.people = await seedPeople(stack.db, demo.organization.id);
    writeFileSync(demoFile, JSON.stringify(demo, null, 2));
  }
  return demo;
}

/**
 * How to run the demo depot's fleet and what to look at: the sites page, the site's power page and
 * its allocation with the late list, and a limit to set. Data seeded before the vans existed gets
 * the allocation line only.
 */
function fleetTour(demo: DemoData, base: string, ocpp: string): string[] {
  const auth = `-H "Authorization: Bearer ${demo.apiKey}"`;
  const allocation = `${base}/api/site/${demo.site.id}/power-allocation`;
  const [first, last] = [demo.fleet?.[0], demo.fleet?.at(-1)];
  const vans = demo.vans ?? [];
  if (!first || !last || vans.length < (demo.fleet?.length ?? 0))
    return [`Smart charging: set a limit, then watch  curl ${auth} ${allocation}`];
  const limit = JSON.stringify({ sitePowerLimitSchedule: { type: 'capacity', limit: 60_000, chargingRateUnit: 'W' } });
  return [
    '',
    `The depot: ${first.ocppId}…${last.ocppId} each charge their own van (${vans[0]!.name}…${vans.at(-1)!.name}, ` +
      `cards ${vans[0]!.idTag}…${vans.at(-1)!.idTag}),`,
    '1 h to 5 h 30 min from plug-in to departure, departures published through the API. In another terminal:',
    `  npm run simulate -- --fleet ${demo.fleet!.length} --url ${ocpp} --api-key ${demo.apiKey}`,
    'Then look at:',
    `  Sites page (each port's van, power, SoC):          ${base}/#/sites`,
    `  Site power (allocation per port, vans late):       ${base}/#/sites/${demo.site.id}/power`,
    `  The allocation (ports[].departureTime, lateVehicles):  curl ${auth} ${allocation}`,
    '  Set a 60 kW capacity limit (or use the site power page) and watch the allocation share it at the limit, the late vans each with an ETA:',
    `  curl -X POST ${auth} -H "Content-Type: application/json" -d '${limit}' ${base}/api/site/${demo.site.id}/limits`,
    '',
  ];
}

/**
 * The lines naming the organization's chargers without an OCPP password (docs/charger-credentials.md):
 * anyone who knows such a charger's identity can connect as it.
 */
function passwordWarning(passwordless: Charger[], all: number, base: string, auth: string): string[] {
  if (!passwordless.length) return [];
  return [
    '',
    `Without an OCPP password (${passwordless.length} of ${all} chargers; anyone who knows the identity can ` +
      'connect as the charger, which is how the demo simulators connect):',
    `  ${passwordless.map((c) => c.ocppId).join(', ')}`,
    `  Set one on a connected charger: curl -X POST ${auth} -H "Content-Type: application/json" -d '{}' ` +
      `${base}/api/chargers/${passwordless[0]!.id}/password`,
  ];
}

/** The lines on alerts and webhooks: where alerts are listed, where e-mails land, how to subscribe a local receiver. */
function alertsTour(base: string, auth: string): string[] {
  const mail = options.inMemory ? 'a temporary folder' : `${options.dataDir}/mail/`;
  const endpoint =
    '{"webhookEndpoint":{"url":"http://localhost:8080/hooks","eventTypes":["alert.raised","session.started"]}}';
  return [
    '',
    `Alerts (docs/alerts.md): the console's Alerts page ${base}/#/alerts, or  curl ${auth} "${base}/api/alerts?includeMuted=true"`,
    `  E-mails to alert recipients (/api/alert-recipients) are written as .eml files to ${mail}`,
    `Webhooks (docs/webhooks.md; http://localhost receivers are allowed here), the secret printed once:`,
    `  curl -X POST ${auth} -H "Content-Type: application/json" -d '${endpoint}' ${base}/api/webhook-endpoints`,
  ];
}

/** What `npm start` prints once it serves: where, the demo key, curl lines and OCPP URLs. */
function usage(stack: LocalStack, dynamo: DynamoDbLocal, demo: DemoData | undefined, chargers: Charger[]): string {
  const base = `http://localhost:${stack.gateway.port}`;
  const where = options.inMemory ? ', in memory' : `, data in ${options.dataDir}/`;
  const lines = [
    '',
    `Charging network running at ${base}  (DynamoDB Local at ${dynamo.endpoint}, pid ${dynamo.pid}, ` +
      `table ${LOCAL_TABLE_NAME}${where})`,
  ];
  if (demo) {
    const auth = `-H "Authorization: Bearer ${demo.apiKey}"`;
    const ocpp = `ws://localhost:${stack.gateway.port}/ocpp`;
    lines.push(
      '',
      `API key (organization "${demo.organization.name}", organization scope): ${demo.apiKey}`,
      '',
      `Operator console: ${base}/ (paste the key)   API reference: ${base}/api/docs`,
      ...peopleLines(stack, demo),
      '',
      'Try:',
      `  curl ${auth} ${base}/api/sites`,
      ...demo.chargers.map((c) => `  curl ${auth} ${base}/api/chargers/${c.id}`),
      `  curl ${auth} ${base}/api/chargers/by-ocpp-id/${demo.chargers[0]?.ocppId}`,
      `  curl ${base}/api/openapi.json`,
      '',
      'Chargers (OCPP 1.6-J, 2.0.1 or 2.1):',
      ...demo.chargers.map(
        (c) => `  ${c.name} (${c.type}, ${c.numberOfPorts} port${c.numberOfPorts > 1 ? 's' : ''}): ${ocpp}/${c.ocppId}`,
      ),
      ...tlsLines(stack),
      ...plugAndChargeLines(stack),
      ...passwordWarning(
        chargers.filter((c) => !c.ocppPasswordSet),
        chargers.length,
        base,
        auth,
      ),
      '',
      `Simulate one:  npm run simulate -- --id ${demo.chargers[0]?.ocppId} --protocol ocpp1.6 --url ${ocpp}`,
      ...fleetTour(demo, base, ocpp),
      ...alertsTour(base, auth),
    );
  } else {
    lines.push(
      '',
      'Data was seeded earlier, but its demo key file is gone; ' +
        'create a key with `npm run admin -- api-keys create --help`.',
    );
  }
  lines.push(`Operator CLI:  npm run admin -- --help`, '', 'Ctrl-C stops everything.');
  return lines.join('\n');
}

const loading = loadStackModules();
// Awaited after DynamoDB Local: a failure to load is reported then, not as an unhandled rejection.
loading.catch(() => undefined);
const dynamo = await startDatabase();
const [{ startLocalStack }, { isSeeded, seedDemo, seedPeople }, { backfillPortLocations, listChargers }] =
  await loading;
const supervisor = new LocalStackSupervisor(dynamo);
const stack = await startStack(dynamo, supervisor);
supervisor.attach(stack);
const demo = await demoData(stack);
// Read now, not from the demo file: a password set since the seed counts.
const chargers = demo ? await listChargers(stack.db, demo.organization.id) : [];
// Where this stack serves, for the operator CLI to find (docs/cli.md); an in-memory stack keeps no files.
if (!options.inMemory) recordRunningStack(dataDir, { url: stack.url, dynamoDbEndpoint: dynamo.endpoint });
console.log(usage(stack, dynamo, demo, chargers));

/** Where the Plug & Charge test PKI and its OCSP responder are. */
function plugAndChargeLines(stack: LocalStack): string[] {
  if (!stack.plugAndCharge) return [];
  const where = options.inMemory ? 'in memory' : `in ${options.dataDir}/certificates/v2g-test-pki/`;
  return [
    `  Plug & Charge (docs/certificates.md): V2G test PKI ${where}, OCSP at ${stack.plugAndCharge.responder.url}`,
  ];
}

/** Where chargers connect with a client certificate (security profile 3), and the CA file they trust. */
function tlsLines(stack: LocalStack): string[] {
  if (!stack.tls) return [];
  return [
    `  With a client certificate (security profile 3, docs/certificates.md): ${stack.tls.ocppUrl}/<ocppId>`,
    `  trusting the local CA ${stack.tls.caFile}, which also issues chargers' certificates`,
  ];
}

/** The demo's people (one per role) and where they sign in (docs/people-and-roles.md). */
function peopleLines(stack: LocalStack, demo: DemoData): string[] {
  if (!demo.people?.length) return [];
  return [
    '',
    `People (the console's "Sign in" takes them to the local OpenID provider ${stack.identityIssuer}; docs/people-and-roles.md):`,
    ...demo.people.map((p) => `  ${p.role.padEnd(8)} ${p.email}  password ${p.password}`),
  ];
}
