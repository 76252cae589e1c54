import { describe, expect, it } from 'vitest';
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { freePort } from '../../lib/local/dynamodb';
import { pollFor, portIsClosed } from './local/support/process';

/**
 * A fresh clone of the project as a new user has it: every file git tracks (or would track) copied
 * to a new directory, with this checkout's `node_modules` linked in (what `npm ci` installs).
 */
function freshClone(): string {
  const root = mkdtempSync(join(tmpdir(), 'cn-clone-'));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    encoding: 'utf8',
  })
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    if (!existsSync(file)) continue; // deleted in the working tree, not yet committed
    mkdirSync(dirname(join(root, file)), { recursive: true });
    cpSync(file, join(root, file));
  }
  symlinkSync(resolve('node_modules'), join(root, 'node_modules'));
  return root;
}

/**
 * Runs `npm start` exactly as the README says (no flags) in `cwd`, with only the ports moved by the
 * environment variables docs/architecture.md documents, and waits (polling its output) until it printed its usage.
 */
async function start(
  cwd: string,
  ports: { http: number; dynamo: number },
): Promise<{ child: ChildProcessWithoutNullStreams; output: () => string }> {
  // Its own process group, so SIGINT reaches npm, tsx and the product as Ctrl-C does.
  const child = spawn('npm', ['start'], {
    cwd,
    detached: true,
    env: { ...process.env, PORT: String(ports.http), DYNAMODB_PORT: String(ports.dynamo) },
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 60_000;
  while (!output.includes('Ctrl-C stops everything')) {
    if (child.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
    if (Date.now() > deadline) {
      await stop(child).catch(() => undefined); // nothing left running
      throw new Error(`npm start did not come up:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, output: () => output };
}

/**
 * Presses Ctrl-C (SIGINT to the process group) and waits until every process of the group is gone.
 * DynamoDB Local runs in a group of its own (the stack stops it, then exits), so the callers then
 * check its port is closed.
 */
async function stop(child: ChildProcessWithoutNullStreams): Promise<void> {
  process.kill(-child.pid!, 'SIGINT');
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      process.kill(-child.pid!, 0);
    } catch {
      return; // ESRCH: no process of the group is left
    }
    if (Date.now() > deadline) throw new Error('npm start did not stop within 30 s of Ctrl-C');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A webhook receiver on a free port: it answers 503 with `Retry-After: 30` until `accept()`, then
 * 200, and records the phase of each request it received.
 */
async function webhookReceiver() {
  let accepting = false;
  const received: ('refused' | 'accepted')[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push(accepting ? 'accepted' : 'refused');
      res.writeHead(accepting ? 200 : 503, accepting ? {} : { 'retry-after': '30' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    accept: () => (accepting = true),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * The delivery of an endpoint's test event, read through the API of the stack at `base` (polled
 * every 500 ms by the test: within the key's 200 requests a minute).
 */
async function testDelivery(base: string, key: string, endpointId: number) {
  const response = await fetch(`${base}/api/webhook-endpoints/${endpointId}/deliveries`, {
    headers: { authorization: `Bearer ${key}` },
  });
  if (response.status !== 200) throw new Error(`deliveries answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { data: { status: string; attempts: number }[] };
  return body.data[0];
}

/**
 * `npm run admin -- <args>` in `cwd` as a user types it: no DynamoDB or gateway setting in the
 * environment but those given.
 */
function admin(cwd: string, args: string[], env: Record<string, string> = {}) {
  const { DYNAMODB_ENDPOINT: _e, DYNAMODB_PORT: _d, PORT: _p, ...inherited } = process.env;
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'admin', '--', ...args], { cwd, env: { ...inherited, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs a printed curl line with fetch (the machine may lack curl). */
async function runCurl(line: string): Promise<{ status: number; body: any }> {
  const key = /Bearer (\S+)"/.exec(line)?.[1];
  const url = /(http:\/\/\S+)$/.exec(line)?.[1];
  const response = await fetch(url!, { headers: { authorization: `Bearer ${key}` } });
  return { status: response.status, body: await response.json() };
}

describe('npm start', () => {
  it('runs from a fresh clone with no flags: seeds once, prints working curl lines and OCPP URLs, stops DynamoDB Local on Ctrl-C, and keeps data, key and pending webhook retries for the next start', async () => {
    const clone = freshClone();
    const ports = { http: await freePort(), dynamo: await freePort() };
    const started: ChildProcessWithoutNullStreams[] = [];
    let receiver: Awaited<ReturnType<typeof webhookReceiver>> | undefined;
    try {
      const first = await start(clone, ports);
      started.push(first.child);
      const output = first.output();
      expect(output).toContain('Seeded the demo');
      expect(output).toMatch(/ws:\/\/localhost:\d+\/ocpp\/DEMO-DCFC-1/);
      expect(output).toMatch(/ws:\/\/localhost:\d+\/ocpp\/DEMO-L2-1/);
      // The demo's chargers have no password, and the output says which.
      expect(output).toMatch(/Without an OCPP password \(12 of 12 chargers;/);
      expect(output).toMatch(/ {2}DEMO-DCFC-1, DEMO-L2-1, SIM-1, .*SIM-10\n/);
      const chargerLine = output.split('\n').find((l) => /curl .*\/api\/chargers\/\d+$/.test(l))!;
      const { status, body } = await runCurl(chargerLine);
      expect(status).toBe(200);
      expect(body.data).toMatchObject({
        type: 'DCFC',
        numberOfPorts: 2,
        connectionStatus: null,
        site: { timezone: 'America/Los_Angeles' },
      });
      expect(body.data.ports.map((p: { connectorType: string }) => p.connectorType)).toEqual(['CCS1', 'CCS1']);
      // The depot tour: the fleet command with the demo key, and the allocation to look at.
      const key = /Bearer (\S+)"/.exec(chargerLine)![1];
      expect(output).toContain(
        `npm run simulate -- --fleet 10 --url ws://localhost:${ports.http}/ocpp --api-key ${key}`,
      );
      expect(output).toContain('Demo Van 1…Demo Van 10, cards SIM-TAG-1…SIM-TAG-10');
      expect(output).toContain(`http://localhost:${ports.http}/#/sites/1/power`);
      const allocationLine = output.split('\n').find((l) => /curl .*\/power-allocation$/.test(l))!;
      expect((await runCurl(allocationLine)).status).toBe(200);
      // Alerts and webhooks: the printed lines work as printed.
      const alertsLine = output.split('\n').find((l) => /curl .*\/api\/alerts\?includeMuted=true"$/.test(l))!;
      expect((await runCurl(alertsLine.replace(/"$/, ''))).status).toBe(200);
      expect(output).toContain(`http://localhost:${ports.http}/#/alerts`);
      expect(output).toMatch(
        /-d '\{"webhookEndpoint":\{"url":"http:\/\/localhost:8080\/hooks".*\/api\/webhook-endpoints\n/,
      );
      // The operator console, built on this first page request (a fresh clone has no dist/).
      const consolePage = await fetch(`http://localhost:${ports.http}/`);
      expect([consolePage.status, await consolePage.text()]).toEqual([200, expect.stringContaining('/console.js')]);
      // The operator CLI finds the stack's DynamoDB Local on its moved port by itself (.data/local-stack.json).
      const listed = await admin(clone, ['organizations', 'list']);
      expect(listed.stderr).not.toContain('error:');
      expect(JSON.parse(listed.stdout)).toEqual([expect.objectContaining({ name: 'Demo Fleet' })]);
      // A webhook retry due after the stop: the receiver answers 503 with Retry-After 30 s, and the
      // stack is stopped as soon as the first attempt is recorded, well before the retry is due.
      receiver = await webhookReceiver();
      const base = `http://localhost:${ports.http}`;
      const endpoint = await fetch(`${base}/api/webhook-endpoints`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ webhookEndpoint: { url: receiver.url, eventTypes: ['alert.raised'] } }),
      }).then((r) => r.json() as Promise<{ data: { id: number } }>);
      const endpointId = endpoint.data.id;
      const test = await fetch(`${base}/api/webhook-endpoints/${endpointId}/test`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}` },
      });
      expect(test.status).toBe(202);
      await pollFor(
        async () => (await testDelivery(base, key!, endpointId))?.attempts === 1,
        'the first attempt of the test delivery',
        30_000,
        500,
      );
      await stop(first.child);
      expect(first.output()).toContain('Stopping');
      expect(receiver.received).toEqual(['refused']);
      expect(existsSync(join(clone, '.data', 'local-stack.json'))).toBe(false);
      // Nothing there: the CLI names the port it tried and how to change it.
      const nowhere = await freePort();
      const refused = await admin(clone, ['organizations', 'list'], { DYNAMODB_PORT: String(nowhere) });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`error: cannot reach DynamoDB at http://127.0.0.1:${nowhere} (DYNAMODB_PORT);`);
      expect(refused.stderr).toContain('npm start');
      // The JVM may take a moment to let go of its port once the stack has exited.
      await pollFor(() => portIsClosed(ports.dynamo), 'DynamoDB Local to stop with the stack', 30_000);
      // The data lives in the clone's own .data/ directory (not in DynamoDB Local's package).
      const demo = JSON.parse(readFileSync(join(clone, '.data', 'demo.json'), 'utf8')) as { apiKey: string };
      expect(existsSync(join(clone, '.data', 'dynamodb', 'shared-local-instance.db'))).toBe(true);
      // From now on the receiver accepts: only the next start can make the attempt it accepts.
      receiver.accept();

      const second = await start(clone, ports);
      started.push(second.child);
      expect(second.output()).not.toContain('Seeded the demo');
      expect(second.output()).toContain(`Bearer ${demo.apiKey}`);
      const sitesLine = second
        .output()
        .split('\n')
        .find((l) => /curl .*\/api\/sites$/.test(l))!;
      const sites = await runCurl(sitesLine);
      expect(sites.status).toBe(200);
      expect(sites.body.data).toHaveLength(1);
      expect(sites.body.data[0].chargers).toHaveLength(12);
      // The retry pending at the stop is made by this start, at its time (or at once, when overdue), without a …/retry.
      await pollFor(
        async () => (await testDelivery(base, key!, endpointId))?.status === 'succeeded',
        'the retry of the test delivery after the restart',
        60_000,
        500,
      );
      expect(receiver.received.at(-1)).toBe('accepted');
      expect(receiver.received.filter((phase) => phase === 'accepted')).toHaveLength(1);
      await stop(second.child);
      // The JVM may take a moment to let go of its port once the stack has exited.
      await pollFor(() => portIsClosed(ports.dynamo), 'DynamoDB Local to stop with the stack', 30_000);
    } finally {
      // A failed step leaves no stack running: each start still running is stopped (Ctrl-C).
      for (const child of started) if (child.exitCode === null) await stop(child).catch(() => undefined);
      await receiver?.close();
      rmSync(clone, { recursive: true, force: true });
    }
  }, 240_000);
});
