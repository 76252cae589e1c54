/**
 * Test support: a local stack of its own per test file (own table, own gateway on a free port)
 * on the shared DynamoDB Local, and fixtures created through the same domain code the operator
 * CLI uses.
 */
import { inject } from 'vitest';
import { randomUUID } from 'node:crypto';
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { startLocalStack, type LocalStack } from '../../../lib/local/stack';
import type { StreamConsumer, StreamTiming } from '../../../lib/local/table-stream';
import { localEndpointConfig } from '../../../shared/aws-clients';
import { createOrganization } from '../../../shared/organizations/organizations';
import { createApiKey } from '../../../shared/api/api-keys';
import { createSite } from '../../../shared/chargers/sites';
import { registerCharger, type RegisterChargerInput } from '../../../shared/chargers/registration';
import type { Charger } from '../../../shared/api/routes/charger-views';

/**
 * How the test stacks read their table's stream: every 100 ms when idle, batches gathered for
 * 200 ms (`npm start`: 250 ms and 1 s, as the event source mappings). A change reaches its consumers
 * in about a quarter of a second instead of more than one, and no test depends on how long a window
 * lasts: the one that counts coalesced changes counts them per batch handed on.
 */
export const TEST_STREAM_TIMING: StreamTiming = { pollMs: 100, batchingWindowMs: 200 };

/**
 * Starts this test file's stack. Its `close` also deletes its table (the file's own database on the
 * shared in-memory DynamoDB Local keeps only what the file made).
 * @param options.smartCharging drive smart charging from the table's stream, as `npm start` does
 * @param options.localList synchronise local authorization lists from the table's stream, as `npm start` does
 * @param options.alerts raise the stream-raised alerts from the table's stream, as `npm start` does
 * @param options.webhooks deliver webhooks (the fan-out on the stream, the in-process queue), as `npm start` does
 * @param options.streamObservers consumers handed the stream's batches beside the product's
 * @param options.tls the chargers' TLS listener with client certificates (security profile 3), as `npm start` has
 */
export async function startTestStack(
  options: {
    smartCharging?: boolean;
    localList?: boolean;
    alerts?: boolean;
    webhooks?: boolean;
    streamObservers?: readonly StreamConsumer[];
    tls?: Parameters<typeof startLocalStack>[0]['tls'];
    plugAndCharge?: Parameters<typeof startLocalStack>[0]['plugAndCharge'];
  } = {},
): Promise<LocalStack> {
  const endpoint = inject('dynamoDbEndpoint');
  const stack = await startLocalStack({
    dynamoDbEndpoint: endpoint,
    tableName: `test-${randomUUID()}`,
    port: 0,
    streamTiming: TEST_STREAM_TIMING,
    ...options,
  });
  const close = stack.close.bind(stack);
  return Object.assign(stack, {
    async close() {
      await close();
      const client = new DynamoDBClient(localEndpointConfig(endpoint));
      try {
        await client.send(new DeleteTableCommand({ TableName: stack.tableName }));
      } finally {
        client.destroy();
      }
    },
  });
}

/** An organization with one site, chargers and an organization-scoped key. */
export interface Tenant {
  organizationId: number;
  siteId: number;
  apiKey: string;
  apiKeyId: number;
  chargers: Charger[];
}

/** Creates an organization, a site, the given chargers and an organization-scoped API key. */
export async function createTenant(
  stack: LocalStack,
  chargers: Omit<RegisterChargerInput, 'siteId'>[] = [],
  name = `Org ${randomUUID().slice(0, 8)}`,
): Promise<Tenant> {
  const organization = await createOrganization(stack.db, { name });
  const site = await createSite(stack.db, {
    organizationId: organization.id,
    name: 'Depot',
    timezone: 'America/Chicago',
    address: '1 Main St',
  });
  const created: Charger[] = [];
  for (const charger of chargers) created.push(await registerCharger(stack.db, { ...charger, siteId: site.id }));
  const key = await createApiKey(stack.db, { organizationId: organization.id, scope: 'organization' });
  return { organizationId: organization.id, siteId: site.id, apiKey: key.apiKey, apiKeyId: key.id, chargers: created };
}

/**
 * Every `chargingSession` item of a charger, in progress or ended (a Scan: sessions are keyed by
 * charger and transactionId and in no index; tests only).
 */
export async function sessionsOfCharger(stack: LocalStack, chargerId: number) {
  const { data } = await stack.db.chargingSession.scan
    .where((attributes, { eq }) => eq(attributes.chargerId, chargerId))
    .go({ pages: 'all' });
  return data;
}

/** A unique OCPP identity for a test charger. */
export function uniqueOcppId(prefix = 'CP'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}

/** Calls the API with a key; JSON bodies are serialised and sent with `Content-Type: application/json`. */
export async function api(
  stack: LocalStack,
  path: string,
  options: { key?: string; method?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Headers; body: any }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${stack.url}${path}`, { method: options.method ?? 'GET', headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // keep the text
  }
  return { status: response.status, headers: response.headers, body: parsed };
}
