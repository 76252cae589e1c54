/**
 * Defaults shared by `npm start` and the operator CLI so that they find each other: the table's
 * name, the ports, and the file in the data directory where a running `npm start` records its
 * ports (`.data/local-stack.json`), which the CLI reads when no setting names them.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Table name of the local stack. */
export const LOCAL_TABLE_NAME = 'charging-network';
/** DynamoDB Local's port for `npm start` (override with `DYNAMODB_PORT`). */
export const LOCAL_DYNAMODB_PORT = 8000;
/** The local gateway's port for `npm start` (override with `PORT` or `--port`). */
export const LOCAL_GATEWAY_PORT = 3000;
/** `npm start`'s data directory (override with `--data-dir`); the CLI reads the stack file from this one. */
export const LOCAL_DATA_DIR = '.data';
/** The file of the data directory where a running `npm start` records where it serves. */
export const STACK_FILE = 'local-stack.json';
/** The local OpenID provider's accounts file in `npm start`'s data directory. */
export const IDENTITY_ACCOUNTS_FILE = 'identity-accounts.json';

/** What a running `npm start` records. */
export interface RunningStack {
  pid: number;
  /** The local gateway, `http://127.0.0.1:<port>`. */
  url: string;
  /** Its DynamoDB Local, `http://127.0.0.1:<port>`. */
  dynamoDbEndpoint: string;
}

/** Records where this `npm start` serves, in its data directory (removed again on exit). */
export function recordRunningStack(dataDir: string, stack: Omit<RunningStack, 'pid'>): void {
  const file = join(dataDir, STACK_FILE);
  writeFileSync(file, JSON.stringify({ pid: process.pid, ...stack }, null, 2));
  process.once('exit', () => {
    if (runningStackIn(dataDir, () => true)?.pid === process.pid) rmSync(file, { force: true });
  });
}

/** Whether a process of this id runs (signal 0 checks without signalling; EPERM: it runs as another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The `npm start` recorded in `dataDir`, if its process still runs (a file left by a stack that
 * was killed outright is ignored).
 */
export function runningStackIn(dataDir: string, alive: (pid: number) => boolean = isRunning): RunningStack | undefined {
  try {
    const stack = JSON.parse(readFileSync(join(dataDir, STACK_FILE), 'utf8')) as Partial<RunningStack>;
    const valid =
      typeof stack.pid === 'number' && typeof stack.url === 'string' && typeof stack.dynamoDbEndpoint === 'string';
    return valid && alive(stack.pid!) ? (stack as RunningStack) : undefined;
  } catch {
    return undefined;
  }
}

/** A local endpoint and what chose it, for messages. */
export interface LocalEndpoint {
  url: string;
  /** `DYNAMODB_ENDPOINT`, `DYNAMODB_PORT`, the stack file, or the default. */
  source: string;
}

const stackFile = `${LOCAL_DATA_DIR}/${STACK_FILE}`;

/**
 * The DynamoDB Local the CLI uses by default: `DYNAMODB_ENDPOINT`, else `DYNAMODB_PORT`, else the
 * running `npm start` recorded in `.data/`, else port 8000.
 */
export function localDynamoDbEndpoint(env: NodeJS.ProcessEnv = process.env): LocalEndpoint {
  if (env.DYNAMODB_ENDPOINT) return { url: env.DYNAMODB_ENDPOINT, source: 'DYNAMODB_ENDPOINT' };
  if (env.DYNAMODB_PORT) return { url: `http://127.0.0.1:${env.DYNAMODB_PORT}`, source: 'DYNAMODB_PORT' };
  const running = runningStackIn(LOCAL_DATA_DIR);
  if (running) return { url: running.dynamoDbEndpoint, source: `the running npm start (${stackFile})` };
  return {
    url: `http://127.0.0.1:${LOCAL_DYNAMODB_PORT}`,
    source: `the default port: no running npm start recorded in ${stackFile}`,
  };
}

/** The local gateway the CLI posts commands to by default: `PORT`, else the running `npm start`'s, else port 3000. */
export function localGatewayUrl(env: NodeJS.ProcessEnv = process.env): string {
  if (env.PORT) return `http://127.0.0.1:${env.PORT}`;
  return runningStackIn(LOCAL_DATA_DIR)?.url ?? `http://127.0.0.1:${LOCAL_GATEWAY_PORT}`;
}
