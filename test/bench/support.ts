/**
 * Benchmark support: an in-memory DynamoDB Local with a local stack in this process (so the
 * DynamoDB request counter sees the handlers' requests), percentiles and printing.
 */
import { randomUUID } from 'node:crypto';
import { startDynamoDbLocal, type DynamoDbLocal } from '../../lib/local/dynamodb';
import { startLocalStack, type LocalStack } from '../../lib/local/stack';
import { requestCounts, totalRequests } from '../../shared/db';
import { createOrganization } from '../../shared/organizations/organizations';
import { createSite } from '../../shared/chargers/sites';
import { createApiKey } from '../../shared/api/api-keys';
import { REQUESTS_PER_MINUTE } from '../../shared/api/rate-limit';
import WebSocket from 'ws';

/** A stack for one benchmark run. */
export interface BenchStack {
  stack: LocalStack;
  dynamo: DynamoDbLocal;
  /** An organization and one of its sites (UTC), for the benchmark's chargers and keys. */
  organization: { id: number };
  site: { id: number };
  close(): Promise<void>;
}

/**
 * Starts DynamoDB Local in memory and a local stack on a free port, with an organization and a site.
 * @param options.localList synchronise local authorization lists from the table's stream
 * @param options.webhooks deliver the table stream's events to webhook endpoints (the fan-out and the in-process queue)
 */
export async function startBenchStack(options: { localList?: boolean; webhooks?: boolean } = {}): Promise<BenchStack> {
  process.env.LOG_LEVEL ??= 'SILENT';
  const dynamo = await startDynamoDbLocal();
  const stack = await startLocalStack({
    dynamoDbEndpoint: dynamo.endpoint,
    tableName: `bench-${randomUUID()}`,
    port: 0,
    ...options,
  });
  const organization = await createOrganization(stack.db, { name: 'Bench' });
  const site = await createSite(stack.db, { organizationId: organization.id, name: 'Bench site', timezone: 'UTC' });
  return {
    stack,
    dynamo,
    organization,
    site,
    async close() {
      await stack.close();
      await dynamo.stop();
    },
  };
}

/** The p-th percentile (0–100) of a list of numbers, nearest-rank. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] ?? NaN;
}

/** DynamoDB requests made while `fn` ran, by operation, and in total. */
export async function countRequests<T>(
  fn: () => Promise<T>,
): Promise<{ result: T; total: number; byOperation: Record<string, number> }> {
  const before = new Map(requestCounts);
  const totalBefore = totalRequests();
  const result = await fn();
  const byOperation: Record<string, number> = {};
  for (const [op, n] of requestCounts) {
    const delta = n - (before.get(op) ?? 0);
    if (delta) byOperation[op] = delta;
  }
  return { result, total: totalRequests() - totalBefore, byOperation };
}

/** Prints a titled table of figures. */
export function report(title: string, rows: Record<string, string | number>): void {
  console.log(`\n## ${title}`);
  const width = Math.max(...Object.keys(rows).map((k) => k.length));
  for (const [k, v] of Object.entries(rows)) console.log(`  ${k.padEnd(width)}  ${v}`);
}

/**
 * API keys for a benchmark that sends many requests: each key serves at most half the per-key
 * rate limit (spec §8, 200 a minute), then the next one is created, so a run never meets a 429
 * whatever minute boundaries fall inside it.
 */
export class KeyPool {
  /** Requests one key serves before the next one is used. */
  static readonly USES_PER_KEY = REQUESTS_PER_MINUTE / 2;
  private current: Promise<string> | undefined;
  private uses = 0;
  /** Keys created so far. */
  created = 0;

  constructor(
    private readonly bench: BenchStack,
    private readonly scope: { scope: 'organization' } | { scope: 'site'; siteId: number } = { scope: 'organization' },
  ) {}

  /** A key for one more request. */
  async next(): Promise<string> {
    if (!this.current || this.uses >= KeyPool.USES_PER_KEY) {
      this.uses = 0;
      this.created++;
      this.current = createApiKey(this.bench.stack.db, {
        organizationId: this.bench.organization.id,
        ...this.scope,
      }).then((key) => key.apiKey);
    }
    this.uses++;
    return this.current;
  }
}

/**
 * A raw OCPP-J charger for benchmarks: it answers every CALL of the CSMS with `Accepted` at once
 * (telling `onAnswer` when the CALL arrived and the answer left, `performance.now()` ms), and
 * `call` sends a CALL and resolves with the CALLRESULT payload.
 * @throws Error from `call` when the answer is a CALLERROR
 */
export async function connectAcceptingCharger(
  url: string,
  protocol: string,
  onAnswer?: (callArrived: number, answerSent: number) => void,
) {
  const ws = new WebSocket(url, [protocol]);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const waiting = new Map<string, (frame: any[]) => void>();
  ws.on('message', (data) => {
    const frame = JSON.parse(String(data)) as any[];
    if (frame[0] !== 2) return waiting.get(frame[1])?.(frame);
    const arrived = performance.now();
    ws.send(JSON.stringify([3, frame[1], { status: 'Accepted' }]));
    onAnswer?.(arrived, performance.now());
  });
  let n = 0;
  return {
    ws,
    async call(action: string, payload: object): Promise<any> {
      const id = `m${++n}`;
      const reply = new Promise<any[]>((resolve) => waiting.set(id, resolve));
      ws.send(JSON.stringify([2, id, action, payload]));
      const frame = await reply;
      if (frame[0] !== 3) throw new Error(`${action}: ${JSON.stringify(frame)}`);
      return frame[2];
    },
  };
}
