/**
 * Test support for OCPP: real OCPP-J clients (ocpp-rpc in strict mode, which rejects any reply
 * that breaks the official schema), raw WebSocket clients for malformed frames and handshake
 * failures, and polling.
 */
import { RPCClient } from 'ocpp-rpc';
import { ocpp21Validator } from '../../../lib/simulator/connection';
import WebSocket from 'ws';
import type { LocalStack } from '../../../lib/local/stack';
import type { BaseProtocol, OcppProtocol } from '../../../shared/db/entities/common';
import { pollUntil as pollUntilValue } from '../../../shared/db/retry';

/** An OCPP-J subprotocol. */
export type { BaseProtocol, OcppProtocol };

/**
 * Connects a strict-mode OCPP client as charger `identity`; `handlers` registers its CALL handlers
 * before the socket opens (a CALL the CSMS sends at once finds them).
 */
export async function connectCharger(
  stack: LocalStack,
  identity: string,
  protocol: OcppProtocol,
  password?: string,
  handlers?: (client: RPCClient) => void,
): Promise<RPCClient> {
  const client = new RPCClient({
    endpoint: stack.ocppUrl,
    identity,
    protocols: [protocol],
    strictMode: true,
    ...(protocol === 'ocpp2.1' ? { strictModeValidators: [ocpp21Validator()] } : {}),
    reconnect: false,
    callTimeoutMs: 10_000,
    ...(password ? { password } : {}),
  } as unknown as ConstructorParameters<typeof RPCClient>[0]);
  handlers?.(client);
  await client.connect();
  return client;
}

/**
 * Connects a strict client that records the CALLs of `actions` it receives in `received` and
 * answers each with `answer(action, params)` (read at each CALL, so a test may swap it), then boots
 * it (BootNotification of its version).
 */
export async function connectRecordingCharger(
  stack: LocalStack,
  identity: string,
  protocol: OcppProtocol,
  actions: readonly string[],
  received: { action: string; params: any }[],
  answer: () => (action: string, params: any) => unknown,
): Promise<RPCClient> {
  const client = await connectCharger(stack, identity, protocol, undefined, (c) => {
    for (const action of actions) {
      c.handle(action, async ({ params }: { params?: unknown }) => {
        received.push({ action, params });
        return answer()(action, params) as Record<string, unknown>;
      });
    }
  });
  await client.call(
    'BootNotification',
    protocol === 'ocpp1.6'
      ? { chargePointVendor: 'V', chargePointModel: 'M' }
      : { reason: 'PowerUp', chargingStation: { vendorName: 'V', model: 'M' } },
  );
  return client;
}

/**
 * The HTTP status of a refused handshake, or 101 when accepted (then closed).
 * @param options.baseUrl where to connect (`…/ocpp`) @default the stack's plain `ws://` URL
 * @param options.tls the client's TLS options (`ca`, and a client certificate's `cert` and `key`)
 * @param options.headers more request headers
 */
export async function handshakeStatus(
  stack: LocalStack,
  identity: string,
  options: {
    protocols?: string[];
    authorization?: string;
    baseUrl?: string;
    tls?: { ca?: string; cert?: string; key?: string };
    headers?: Record<string, string>;
  } = {},
): Promise<{ status: number; protocol?: string }> {
  return new Promise((resolve, reject) => {
    const base = options.baseUrl ?? stack.ocppUrl;
    const ws = new WebSocket(`${base}/${encodeURIComponent(identity)}`, options.protocols ?? ['ocpp1.6'], {
      ...options.tls,
      headers: { ...(options.authorization ? { authorization: options.authorization } : {}), ...options.headers },
    });
    ws.on('unexpected-response', (_req, res) => {
      resolve({ status: res.statusCode ?? 0 });
      ws.terminate();
    });
    ws.on('open', () => {
      resolve({ status: 101, protocol: ws.protocol });
      ws.close();
    });
    ws.on('error', (error) => {
      if (!/Unexpected server response/.test(error.message)) reject(error);
    });
  });
}

/** A raw WebSocket charger connection: send any text, read the next frame. */
export interface RawCharger {
  ws: WebSocket;
  /** Sends text and resolves with the next message received. */
  exchange(text: string): Promise<unknown>;
  close(): Promise<void>;
}

/** Opens a raw connection (no OCPP library), for frames a real library would refuse to send. */
export async function connectRaw(stack: LocalStack, identity: string, protocol: OcppProtocol): Promise<RawCharger> {
  const ws = new WebSocket(`${stack.ocppUrl}/${encodeURIComponent(identity)}`, [protocol]);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    exchange: (text) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no reply to ${text.slice(0, 80)}`)), 10_000);
        ws.once('message', (data) => {
          clearTimeout(timer);
          resolve(JSON.parse(data.toString()));
        });
        ws.send(text);
      }),
    close: () =>
      new Promise((resolve) => {
        ws.once('close', () => resolve());
        ws.close();
      }),
  };
}

/**
 * Polls `read` until `done` holds, with the project's {@link pollUntilValue} (backing off from
 * 25 ms to 250 ms, so a poll of the API stays inside the key's 200 requests a minute), up to
 * `timeoutMs` (10 s by default).
 * @returns the value `done` accepted
 * @throws Error naming `what` and the last value read when `timeoutMs` passes first
 */
export async function pollUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what = 'condition',
  timeoutMs = 10_000,
): Promise<T> {
  const value = await pollUntilValue(read, done, { waitMs: timeoutMs, minTimeoutMs: 25, maxTimeoutMs: 250 });
  if (!done(value)) throw new Error(`timed out waiting for ${what}; last value: ${JSON.stringify(value)}`);
  return value;
}

/** One variable an OCPP 2.0.1 GetVariablesRequest asks for (B06). */
export interface RequestedVariable {
  component: { name: string };
  variable: { name: string };
}

/**
 * A charger's GetVariablesResponse that accepts every variable asked for, each with the value
 * `attributeValueOf` gives (OCPP 2.0.1 B06: `getVariableResult` in the order of `getVariableData`).
 */
export function acceptedVariables(
  params: { getVariableData: RequestedVariable[] },
  attributeValueOf: (variable: RequestedVariable) => string,
) {
  return {
    getVariableResult: params.getVariableData.map((d) => ({
      attributeStatus: 'Accepted',
      component: d.component,
      variable: d.variable,
      attributeValue: attributeValueOf(d),
    })),
  };
}
