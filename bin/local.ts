/**
 * `npm start`: the whole product on this machine (ARCHITECTURE.md, "Local stack").
 * DynamoDB Local (data under `.data/`, or `--in-memory`), the local API Gateway on `PORT`
 * (default 3000), demo data seeded on first start, and how to use it printed.
 */
import { Command } from 'commander';
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startDynamoDbLocal, JAVA_MISSING, type DynamoDbLocal } from '../lib/local/dynamodb';
import { startLocalStack } from '../lib/local/stack';
import { isSeeded, seedDemo, type DemoData } from '../lib/local/seed';
import { LOCAL_TABLE_NAME, LOCAL_DYNAMODB_PORT } from '../lib/local/defaults';

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
const port = Number(options.port ?? process.env.PORT ?? 3000);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Invalid port ${options.port ?? process.env.PORT}`);
  process.exit(1);
}
process.env.LOG_LEVEL ??= 'WARN';

let dynamo: DynamoDbLocal;
try {
  dynamo = await startDynamoDbLocal({
    port: Number(process.env.DYNAMODB_PORT ?? LOCAL_DYNAMODB_PORT),
    dataDir: options.inMemory ? undefined : join(dataDir, 'dynamodb'),
  });
} catch (error) {
  console.error((error as Error).message === JAVA_MISSING ? JAVA_MISSING : `Could not start DynamoDB Local: ${(error as Error).message}`);
  process.exit(1);
}
const stack = await startLocalStack({ dynamoDbEndpoint: dynamo.endpoint, tableName: LOCAL_TABLE_NAME, port, host: '127.0.0.1' });

// The demo key is kept beside the local data (never on AWS) so every start can print it.
const demoFile = join(dataDir, 'demo.json');
let demo: DemoData | undefined;
if (!(await isSeeded(stack.db))) {
  demo = await seedDemo(stack.db);
  if (!options.inMemory) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(demoFile, JSON.stringify(demo, null, 2));
  }
  console.log('Seeded the demo organization, site, chargers and API key.');
} else if (existsSync(demoFile)) {
  demo = JSON.parse(readFileSync(demoFile, 'utf8')) as DemoData;
}

const base = `http://localhost:${stack.gateway.port}`;
const lines = [
  '',
  `Charging network running at ${base}  (DynamoDB Local at ${dynamo.endpoint}, table ${LOCAL_TABLE_NAME}${options.inMemory ? ', in memory' : `, data in ${options.dataDir}/`})`,
];
if (demo) {
  const auth = `-H "Authorization: Bearer ${demo.apiKey}"`;
  lines.push(
    '',
    `API key (organization "${demo.organization.name}", organization scope): ${demo.apiKey}`,
    '',
    `Operator console: ${base}/ (paste the key)   API reference: ${base}/api/docs`,
    '',
    'Try:',
    `  curl ${auth} ${base}/api/sites`,
    ...demo.chargers.map((c) => `  curl ${auth} ${base}/api/chargers/${c.id}`),
    `  curl ${auth} ${base}/api/chargers/by-ocpp-id/${demo.chargers[0]?.ocppId}`,
    `  curl ${base}/api/openapi.json`,
    '',
    'Chargers (OCPP 1.6-J or 2.0.1, no password):',
    ...demo.chargers.map((c) => `  ${c.name} (${c.type}, ${c.numberOfPorts} port${c.numberOfPorts > 1 ? 's' : ''}): ws://localhost:${stack.gateway.port}/ocpp/${c.ocppId}`),
    '',
    `Simulate one:  npm run simulate -- --id ${demo.chargers[0]?.ocppId} --protocol ocpp1.6 --url ws://localhost:${stack.gateway.port}/ocpp`,
  );
} else {
  lines.push('', 'Data was seeded earlier, but its demo key file is gone; create a key with `npm run admin -- api-keys create --help`.');
}
lines.push(`Operator CLI:  npm run admin -- --help`, '', 'Ctrl-C stops everything.');
console.log(lines.join('\n'));

let stopping = false;
async function shutdown(): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping…');
  await stack.close().catch(() => undefined);
  await dynamo.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
