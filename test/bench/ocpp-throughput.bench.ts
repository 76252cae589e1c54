/**
 * Speed: the local stack (its own process, as `npm start` runs it) with 200
 * charge points, each in a transaction and sending MeterValues every second for 60 s (OCPP 1.6,
 * raw frames so the load generator stays light): messages handled per second, p50/p99 reply
 * latency, and errors (anything but a CALLRESULT).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import WebSocket from 'ws';
import { freePort } from '../../lib/local/dynamodb';
import { LOCAL_TABLE_NAME } from '../../lib/local/defaults';
import { openDb } from '../../shared/db';
import { createOrganization } from '../../shared/organizations/organizations';
import { createSite } from '../../shared/chargers/sites';
import { registerCharger } from '../../shared/chargers/registration';
import { percentile, report } from './support';

const CHARGERS = Number(process.env.BENCH_CHARGERS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);

export async function run(): Promise<void> {
  const [port, dynamoPort] = await Promise.all([freePort(), freePort()]);
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/local.ts', '--in-memory', '--port', String(port)], {
    env: {
      ...process.env,
      DYNAMODB_PORT: String(dynamoPort),
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      LOG_LEVEL: 'ERROR',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  try {
    while (!output.includes('Ctrl-C')) {
      if (child.exitCode !== null) throw new Error(output);
      await new Promise((r) => setTimeout(r, 100));
    }
    const db = openDb({ tableName: LOCAL_TABLE_NAME, endpoint: `http://127.0.0.1:${dynamoPort}` });
    const org = await createOrganization(db, { name: 'Load' });
    const site = await createSite(db, { organizationId: org.id, name: 'Load site', timezone: 'UTC' });
    for (let i = 0; i < CHARGERS; i += 20) {
      await Promise.all(
        Array.from({ length: Math.min(20, CHARGERS - i) }, (_, j) =>
          registerCharger(db, {
            siteId: site.id,
            ocppId: `LOAD-${i + j}`,
            name: `Load ${i + j}`,
            type: 'Level 2',
            ports: [{ connectorType: 'J1772' }],
          }),
        ),
      );
    }

    const latencies: number[] = [];
    let errors = 0;
    let sent = 0;
    let firstSent = Infinity;
    let lastAnswered = 0;
    const runCharger = async (index: number) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/ocpp/LOAD-${index}`, ['ocpp1.6']);
      await once(ws, 'open');
      const pending = new Map<string, (frame: unknown[]) => void>();
      ws.on('message', (data) => {
        const frame = JSON.parse(String(data)) as unknown[];
        pending.get(frame[1] as string)?.(frame);
      });
      let n = 0;
      const call = (action: string, payload: object) =>
        new Promise<unknown[]>((resolve) => {
          const id = `${index}-${++n}`;
          pending.set(id, (frame) => {
            pending.delete(id);
            resolve(frame);
          });
          ws.send(JSON.stringify([2, id, action, payload]));
        });
      await call('BootNotification', { chargePointVendor: 'Load', chargePointModel: 'L' });
      const started = await call('StartTransaction', {
        connectorId: 1,
        idTag: 'LOAD',
        meterStart: 0,
        timestamp: new Date().toISOString(),
      });
      const transactionId = (started[2] as { transactionId: number }).transactionId;
      // Spread the chargers over the second, then one MeterValues per second each.
      await new Promise((r) => setTimeout(r, (index / CHARGERS) * 1000));
      const end = Date.now() + SECONDS * 1000;
      for (let second = 1; Date.now() < end; second++) {
        const t0 = performance.now();
        firstSent = Math.min(firstSent, t0);
        sent++;
        const reply = await call('MeterValues', {
          connectorId: 1,
          transactionId,
          meterValue: [
            {
              timestamp: new Date().toISOString(),
              sampledValue: [
                { value: String(second * 2) },
                { value: '7200', measurand: 'Power.Active.Import', unit: 'W' },
              ],
            },
          ],
        });
        latencies.push(performance.now() - t0);
        lastAnswered = Math.max(lastAnswered, performance.now());
        if (reply[0] !== 3) errors++;
        const wait = t0 + 1000 - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
      ws.close();
    };
    const results = await Promise.allSettled(Array.from({ length: CHARGERS }, (_, i) => runCharger(i)));
    // Rate over the metering phase: first MeterValues sent to last one answered.
    const seconds = (lastAnswered - firstSent) / 1000;
    errors += results.filter((r) => r.status === 'rejected').length;
    report(`${CHARGERS} chargers × MeterValues every second for ${SECONDS} s (local stack in its own process)`, {
      'MeterValues answered': latencies.length,
      'messages per second': (latencies.length / seconds).toFixed(1),
      'reply latency p50': `${percentile(latencies, 50).toFixed(1)} ms`,
      'reply latency p99': `${percentile(latencies, 99).toFixed(1)} ms`,
      'reply latency max': `${Math.max(...latencies).toFixed(1)} ms`,
      errors: `${errors} (of ${sent} sent)`,
    });
  } finally {
    child.kill('SIGINT');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}
