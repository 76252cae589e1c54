/**
 * Webhooks at scale: 1,000 chargers' status changes, 200 a second (each charger's port
 * every 5 s; `WEBHOOK_BENCH_CHARGERS`, `WEBHOOK_BENCH_SECONDS`, `WEBHOOK_BENCH_RATE`), through the
 * webhook path — the fan-out (`lambdas/webhooks/fan-out.ts`: events, one delivery per subscribed
 * endpoint, queued), the delivery queue (the local stack's in-process queue), the worker
 * (`lambdas/webhooks/deliver.ts`: a signed POST, the attempt recorded) — to a receiver in this
 * process that verifies every signature with `standardwebhooks`.
 *
 * The changes are fed to the fan-out as DynamoDB Streams records (new and old images of the
 * chargers' real `port` items, `ocppStatus` changed), in batches of up to 100 every half second
 * as an event source mapping hands them over, so the figures are the webhook path's own: on this
 * 2-core machine, 1,000 OCPP chargers sending 200 StatusNotifications a second saturate DynamoDB
 * Local before any webhook runs (docs/benchmarks.md, "Webhooks"). It reports the deliveries, the
 * delivery lag (receipt − the event's `timestamp`, the status change's time), the fan-out's time
 * per batch, and the DynamoDB and queue requests per event.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue, DynamoDBStreamEvent } from 'aws-lambda';
import { Webhook } from 'standardwebhooks';
import { handler as fanOut } from '../../lambdas/webhooks/fan-out';
import { createApiKey } from '../../shared/api/api-keys';
import { totalRequests } from '../../shared/db';
import { ENTITY_ATTRIBUTE } from '../../shared/db/table-changes';
import { attemptCounter } from '../../shared/webhooks/send';
import { queueCounter } from '../../shared/webhooks/queue';
import { registerFleet } from './fleet';
import { percentile, report, startBenchStack } from './support';

const CHARGERS = Number(process.env.WEBHOOK_BENCH_CHARGERS ?? 1000);
const SECONDS = Number(process.env.WEBHOOK_BENCH_SECONDS ?? 60);
const RATE = Number(process.env.WEBHOOK_BENCH_RATE ?? 200);
const BATCH_MS = 500;
const PREFIX = `WH-${Date.now().toString(36)}-`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A receiver of deliveries: verifies each signature, records each event's lag. */
async function startReceiver(secret: () => string) {
  const lags: number[] = [];
  const state = { received: 0, badSignatures: 0, lastAt: 0 };
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const receivedAt = Date.now();
      try {
        const body = Buffer.concat(chunks).toString('utf8');
        const event = new Webhook(secret()).verify(body, req.headers as Record<string, string>) as {
          timestamp: string;
        };
        lags.push(receivedAt - Date.parse(event.timestamp));
      } catch {
        state.badSignatures++;
      }
      state.received++;
      state.lastAt = receivedAt;
      res.writeHead(204).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks`, lags, state, close: () => server.close() };
}

type Image = Record<string, unknown>;

/** A stream record of a port whose status went from `from` to `to` at `at`. */
function statusRecord(port: Image, from: string, to: string, at: string, sequence: number) {
  const image = (status: string, timestamp: string) =>
    marshall(
      { ...port, [ENTITY_ATTRIBUTE]: 'port', ocppStatus: { status, timestamp, errorCode: 'NoError' } },
      {
        removeUndefinedValues: true,
      },
    ) as Record<string, AttributeValue>;
  return {
    eventName: 'MODIFY' as const,
    eventSource: 'aws:dynamodb',
    dynamodb: {
      SequenceNumber: String(sequence),
      NewImage: image(to, at),
      OldImage: image(from, new Date(Date.parse(at) - 5000).toISOString()),
    },
  };
}

export async function run(): Promise<void> {
  process.env.WEBHOOK_ALLOW_HTTP_LOCALHOST = 'true';
  const bench = await startBenchStack({ webhooks: true });
  let secret = '';
  const receiver = await startReceiver(() => secret);
  try {
    const { stack, site, organization } = bench;
    const { apiKey } = await createApiKey(stack.db, { organizationId: organization.id, scope: 'organization' });
    const created = await fetch(`${stack.url}/api/webhook-endpoints`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ webhookEndpoint: { url: receiver.url, eventTypes: ['charger.status_changed'] } }),
    });
    const body = (await created.json()) as any;
    if (created.status !== 201) throw new Error(`endpoint not created: ${JSON.stringify(body)}`);
    secret = body.data.secret;
    await registerFleet(stack, site.id, PREFIX, CHARGERS);
    const { data: ports } = await stack.db.port.query.byOrganization({ organizationId: organization.id }).go({
      pages: 'all',
    });

    const start = { db: totalRequests(), queue: queueCounter.requests, attempts: attemptCounter.attempts };
    const batchMs: number[] = [];
    const running: Promise<void>[] = [];
    const perBatch = Math.round((RATE * BATCH_MS) / 1000);
    let fed = 0;
    const began = performance.now();
    for (let tick = 0; performance.now() - began < SECONDS * 1000; tick++) {
      const at = new Date().toISOString();
      const records = Array.from({ length: perBatch }, (_, i) => {
        const n = fed + i;
        const port = ports[n % ports.length] as Image;
        const round = Math.floor(n / ports.length);
        return statusRecord(port, round % 2 ? 'Preparing' : 'Available', round % 2 ? 'Available' : 'Preparing', at, n);
      });
      fed += perBatch;
      const t0 = performance.now();
      running.push(
        fanOut({ Records: records } as unknown as DynamoDBStreamEvent).then(() => {
          batchMs.push(performance.now() - t0);
        }),
      );
      await sleep(Math.max(0, began + (tick + 1) * BATCH_MS - performance.now()));
    }
    await Promise.all(running);
    // Drain: until everything fed arrived, or nothing more for 10 s.
    while (receiver.state.received < fed && Date.now() - receiver.state.lastAt < 10_000) await sleep(200);

    const delivered = receiver.state.received;
    report(`Webhooks: ${CHARGERS} chargers, ${RATE} status changes a second for ${SECONDS} s, one endpoint`, {
      'events fed / deliveries received': `${fed} / ${delivered}`,
      'signatures verified / bad': `${receiver.lags.length} / ${receiver.state.badSignatures}`,
      'delivery lag p50 / p99 / max (receipt − event timestamp)': `${percentile(receiver.lags, 50).toFixed(0)} / ${percentile(receiver.lags, 99).toFixed(0)} / ${Math.max(...receiver.lags).toFixed(0)} ms`,
      [`fan-out per batch of ${perBatch}, p50 / p99`]: `${percentile(batchMs, 50).toFixed(0)} / ${percentile(batchMs, 99).toFixed(0)} ms`,
      'DynamoDB requests per event (fan-out and worker)': ((totalRequests() - start.db) / delivered).toFixed(2),
      'SQS requests per event (SendMessageBatch by our code)': (
        (queueCounter.requests - start.queue) /
        delivered
      ).toFixed(2),
      'attempts per event': ((attemptCounter.attempts - start.attempts) / delivered).toFixed(2),
    });
  } finally {
    receiver.close();
    await bench.close();
  }
}
