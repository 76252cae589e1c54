import { describe, expect, it } from 'vitest';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'node:net';
import { freePort } from '../../lib/local/dynamodb';

/** Starts `npm start`'s entry point and waits (by polling its output) until it printed its usage. */
async function start(dataDir: string, dynamoPort: number): Promise<{ child: ChildProcessWithoutNullStreams; output: () => string }> {
  // One process (no npx/tsx wrapper), so SIGINT reaches it as Ctrl-C reaches `npm start`.
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/local.ts', '--port', '0', '--data-dir', dataDir], {
    env: { ...process.env, DYNAMODB_PORT: String(dynamoPort), AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 60_000;
  while (!output.includes('Ctrl-C stops everything')) {
    if (child.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`npm start did not come up:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, output: () => output };
}

async function stop(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGINT');
  return exited;
}

const portIsClosed = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(true));
  });

/** Runs a printed curl line with fetch (the machine may lack curl). */
async function runCurl(line: string): Promise<{ status: number; body: any }> {
  const key = /Bearer (\S+)"/.exec(line)?.[1];
  const url = /(http:\/\/\S+)$/.exec(line)?.[1];
  const response = await fetch(url!, { headers: { authorization: `Bearer ${key}` } });
  return { status: response.status, body: await response.json() };
}

describe('npm start', () => {
  it('seeds once, prints working curl lines and OCPP URLs, stops DynamoDB Local on Ctrl-C, and keeps data for the next start', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cn-start-'));
    const dynamoPort = await freePort();
    try {
      const first = await start(dataDir, dynamoPort);
      const output = first.output();
      expect(output).toContain('Seeded the demo');
      expect(output).toMatch(/ws:\/\/localhost:\d+\/ocpp\/DEMO-DCFC-1/);
      expect(output).toMatch(/ws:\/\/localhost:\d+\/ocpp\/DEMO-L2-1/);
      const chargerLine = output.split('\n').find((l) => /curl .*\/api\/chargers\/\d+$/.test(l))!;
      const { status, body } = await runCurl(chargerLine);
      expect(status).toBe(200);
      expect(body.data).toMatchObject({ type: 'DCFC', numberOfPorts: 2, connectionStatus: null, site: { timezone: 'America/Los_Angeles' } });
      expect(body.data.ports.map((p: { connectorType: string }) => p.connectorType)).toEqual(['CCS1', 'CCS1']);
      expect(await stop(first.child)).toBe(0);
      expect(await portIsClosed(dynamoPort)).toBe(true);

      const second = await start(dataDir, dynamoPort);
      expect(second.output()).not.toContain('Seeded the demo');
      const sitesLine = second.output().split('\n').find((l) => /curl .*\/api\/sites$/.test(l))!;
      const sites = await runCurl(sitesLine);
      expect(sites.status).toBe(200);
      expect(sites.body.data).toHaveLength(1);
      expect(sites.body.data[0].chargers).toHaveLength(2);
      expect(await stop(second.child)).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
