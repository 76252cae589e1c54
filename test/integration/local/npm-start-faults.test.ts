/**
 * `npm start` (bin/local.ts) as a process, under the faults a laptop meets: a second start on the
 * same ports, signals, a crash, a kill -9, and DynamoDB Local dying under it. DynamoDB Local must
 * never outlive the stack, and the stack must never silently serve another stack's database.
 * Each case has ports and a stack of its own, so they run concurrently: most of a case is waiting
 * for a JVM to start or stop.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:net';
import { freePort } from '../../../lib/local/dynamodb';
import {
  javaPid,
  portIsClosed,
  printedApiKey,
  runLocal,
  waitForExit,
  waitForPortClosed,
  waitUntilServing,
  type LocalProcess,
} from './support/process';

const started: LocalProcess[] = [];
const javaPids: number[] = [];
const servers: Server[] = [];

/** Starts bin/local.ts and remembers it (and, once known, its Java) for clean-up. */
async function startServing(ports: { http: number; dynamo: number }, imports: string[] = []): Promise<LocalProcess> {
  const local = runLocal(ports, imports);
  started.push(local);
  await waitUntilServing(local);
  javaPids.push(javaPid(local));
  return local;
}

const ports = async () => ({ http: await freePort(), dynamo: await freePort() });
const oneLine = (text: string) => text.trim().split('\n');

afterAll(() => {
  // Only if a test failed half-way: nothing it started may outlive the file.
  for (const local of started.splice(0))
    if (local.child.exitCode === null && local.child.signalCode === null) local.child.kill('SIGKILL');
  for (const pid of javaPids.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone, as it should be
    }
  }
  for (const server of servers.splice(0)) server.close();
});

describe.concurrent('npm start on ports already taken', () => {
  it('refuses a second stack on the same DynamoDB port (one line, exit 1); the first keeps its data', async () => {
    const firstPorts = await ports();
    const first = await startServing(firstPorts);
    const second = runLocal({ http: await freePort(), dynamo: firstPorts.dynamo });
    started.push(second);
    expect(await waitForExit(second)).toEqual({ code: 1, signal: null });
    expect(oneLine(second.stderr())).toHaveLength(1);
    expect(second.stderr()).toMatch(
      new RegExp(`DynamoDB Local.*port ${firstPorts.dynamo} is already in use.*DYNAMODB_PORT=`),
    );
    expect(second.output()).not.toContain('Seeded');

    const response = await fetch(`http://127.0.0.1:${firstPorts.http}/api/sites`, {
      headers: { authorization: `Bearer ${printedApiKey(first)}` },
    });
    expect(response.status).toBe(200);
    const sites = ((await response.json()) as { data: { name: string }[] }).data;
    expect(sites.map((s) => s.name)).toEqual(['Demo Depot']);

    // SIGTERM (how a process manager stops it) ends the stack and its DynamoDB Local.
    first.child.kill('SIGTERM');
    expect(await waitForExit(first)).toEqual({ code: 0, signal: null });
    await waitForPortClosed(firstPorts.dynamo);
    expect(await portIsClosed(firstPorts.http)).toBe(true);
  }, 180_000);

  it('refuses a taken HTTP port with one line and exit 1, leaving no DynamoDB Local behind', async () => {
    const taken = await ports();
    const server = createServer();
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(taken.http, '127.0.0.1', () => resolve()));
    const local = runLocal(taken);
    started.push(local);
    expect(await waitForExit(local)).toEqual({ code: 1, signal: null });
    expect(oneLine(local.stderr())).toHaveLength(1);
    expect(local.stderr()).toMatch(new RegExp(`port ${taken.http} is already in use.*PORT=`));
    expect(await portIsClosed(taken.dynamo)).toBe(true);
  }, 120_000);
});

describe.concurrent('DynamoDB Local never outlives the stack', () => {
  // Ctrl-C (SIGINT to the whole process group) is local-start.test.ts's; SIGTERM ends the first
  // test above. A closed terminal sends SIGHUP.
  it('SIGHUP stops the stack and DynamoDB Local', async () => {
    const taken = await ports();
    const local = await startServing(taken);
    local.child.kill('SIGHUP');
    expect(await waitForExit(local)).toEqual({ code: 0, signal: null });
    await waitForPortClosed(taken.dynamo);
    expect(await portIsClosed(taken.http)).toBe(true);
  }, 120_000);

  it('an uncaught exception in the stack stops DynamoDB Local too', async () => {
    const taken = await ports();
    const local = await startServing(taken, ['./test/integration/local/support/throw-on-sigusr2.ts']);
    local.child.kill('SIGUSR2');
    const { code } = await waitForExit(local);
    expect(code).not.toBe(0);
    expect(local.stderr()).toContain('Crash requested by the test');
    await waitForPortClosed(taken.dynamo);
  }, 120_000);

  it('a stack killed with SIGKILL (no chance to clean up) takes DynamoDB Local with it', async () => {
    const taken = await ports();
    const local = await startServing(taken);
    local.child.kill('SIGKILL');
    expect(await waitForExit(local)).toEqual({ code: null, signal: 'SIGKILL' });
    await waitForPortClosed(taken.dynamo);
  }, 120_000);
});

describe.concurrent('DynamoDB Local dying under the stack', () => {
  it('ends the stack with a clear message and exit 1 instead of answering 500 for ever', async () => {
    const taken = await ports();
    const local = await startServing(taken);
    process.kill(javaPid(local), 'SIGKILL');
    expect(await waitForExit(local)).toEqual({ code: 1, signal: null });
    expect(local.stderr()).toMatch(/DynamoDB Local \(pid \d+\) stopped unexpectedly \(signal SIGKILL\)/);
    expect(await portIsClosed(taken.http)).toBe(true);
  }, 120_000);
});
