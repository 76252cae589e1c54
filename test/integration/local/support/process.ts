/**
 * Test support: `bin/local.ts` (what `npm start` runs) as a process of its own, in memory, on the
 * ports given, with its output captured; and polling for its exit and for ports to close.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createConnection } from 'node:net';

/** A running `bin/local.ts`. */
export interface LocalProcess {
  child: ChildProcessWithoutNullStreams;
  /** stdout and stderr so far, interleaved. */
  output(): string;
  /** stderr so far. */
  stderr(): string;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `bin/local.ts --in-memory`; `imports` are extra modules loaded first (`--import`). */
export function runLocal(ports: { http: number; dynamo: number }, imports: string[] = []): LocalProcess {
  const args = ['--import', 'tsx', ...imports.flatMap((m) => ['--import', m]), 'bin/local.ts', '--in-memory'];
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      PORT: String(ports.http),
      DYNAMODB_PORT: String(ports.dynamo),
      // The TLS listener and the test OCSP responder on ports the system picks: the defaults (the
      // gateway's + 2 and + 3) were never checked free, and another process may hold them.
      TLS_PORT: '0',
      OCSP_PORT: '0',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
  });
  let output = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => {
    output += d.toString();
    stderr += d.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => output, stderr: () => stderr, exited };
}

/** Polls every `intervalMs` (100 ms) until `condition` holds; throws with `what` after `timeoutMs`. */
export async function pollFor(
  condition: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 90_000,
  intervalMs = 100,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** Waits until the stack printed its usage (it is serving). */
export async function waitUntilServing(local: LocalProcess): Promise<void> {
  await pollFor(() => {
    if (local.child.exitCode !== null) throw new Error(`bin/local.ts exited early:\n${local.output()}`);
    return local.output().includes('Ctrl-C stops everything');
  }, 'the stack to serve');
}

/** Waits for the process to exit. */
export async function waitForExit(
  local: LocalProcess,
  timeoutMs = 60_000,
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  let result: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  void local.exited.then((r) => (result = r));
  await pollFor(() => result !== undefined, `bin/local.ts to exit; output:\n${local.output()}`, timeoutMs);
  return result!;
}

/** True when nothing accepts connections on 127.0.0.1:`port`. */
export const portIsClosed = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

/** Polls until nothing listens on `port` any more (a process behind it has exited). */
export async function waitForPortClosed(port: number): Promise<void> {
  await pollFor(() => portIsClosed(port), `port ${port} to close`, 30_000);
}

/** The DynamoDB Local process id the stack printed in its banner. */
export function javaPid(local: LocalProcess): number {
  const pid = /DynamoDB Local at \S+, pid (\d+)/.exec(local.output())?.[1];
  if (!pid) throw new Error(`no DynamoDB Local pid in the output:\n${local.output()}`);
  return Number(pid);
}

/** The demo API key the stack printed. */
export function printedApiKey(local: LocalProcess): string {
  const key = /API key \(.*\): (\S+)/.exec(local.output())?.[1];
  if (!key) throw new Error(`no API key in the output:\n${local.output()}`);
  return key;
}
