/**
 * A minimal CSMS for the simulator's tests: an ocpp-rpc `RPCServer` in strict mode that accepts
 * both subprotocols, records every call a charge point makes and answers it validly.
 */
import type { AddressInfo } from 'node:net';
import { RPCServer } from 'ocpp-rpc';
import type RpcServerClient from 'ocpp-rpc/lib/server-client';

/** A CALL received from a charge point. */
export interface RecordedCall {
  readonly ocppId: string;
  readonly action: string;
  // Payloads are checked against the official schemas by strict mode; tests read them loosely.
  readonly payload: any;
}

/** The transaction id the fake CSMS assigns in OCPP 1.6 StartTransaction. */
export const TRANSACTION_ID = 42;

/** idTag the fake CSMS answers `Blocked` for (Authorize and transaction start). */
export const BLOCKED_ID_TAG = 'BLOCKED-TAG';

const now = (): string => new Date().toISOString();

function answer(protocol: string | undefined, action: string, payload: Record<string, unknown>): object {
  const idTag = protocol === 'ocpp1.6' ? payload.idTag : (payload.idToken as { idToken?: string } | undefined)?.idToken;
  const status = idTag === BLOCKED_ID_TAG ? 'Blocked' : 'Accepted';
  switch (action) {
    case 'BootNotification':
      return { status: 'Accepted', interval: 300, currentTime: now() };
    case 'Heartbeat':
      return { currentTime: now() };
    case 'Authorize':
      return protocol === 'ocpp1.6' ? { idTagInfo: { status } } : { idTokenInfo: { status } };
    case 'StartTransaction':
      return { transactionId: TRANSACTION_ID, idTagInfo: { status } };
    case 'StopTransaction':
      return { idTagInfo: { status: 'Accepted' } };
    case 'TransactionEvent':
      return payload.idToken ? { idTokenInfo: { status } } : {};
    case 'NotifyEVChargingNeeds':
      return { status: 'Accepted' };
    default:
      // StatusNotification, MeterValues, ReservationStatusUpdate, *StatusNotification: empty answers.
      return {};
  }
}

/** A running fake CSMS. */
export interface FakeCsms {
  /** `ws://127.0.0.1:<port>`: the simulator appends `/<ocppId>`. */
  readonly url: string;
  /** Every call received, in order. */
  readonly calls: RecordedCall[];
  /** Strict-mode failures seen by the server (should stay empty). */
  readonly schemaFailures: string[];
  /** Basic auth password presented per charge point (undefined: none). */
  readonly passwords: Map<string, string | undefined>;
  /** Calls of one charge point. */
  callsOf(ocppId: string): RecordedCall[];
  /** The server-side connection of a charge point (throws if not connected). */
  client(ocppId: string): RpcServerClient;
  /** Closes the server and every connection. */
  close(): Promise<void>;
}

/** Starts a fake CSMS on 127.0.0.1 and an ephemeral port. */
export async function startFakeCsms(): Promise<FakeCsms> {
  const server = new RPCServer({ protocols: ['ocpp1.6', 'ocpp2.0.1'], strictMode: true });
  const calls: RecordedCall[] = [];
  const schemaFailures: string[] = [];
  const passwords = new Map<string, string | undefined>();
  const clients = new Map<string, RpcServerClient>();

  server.auth((accept, _reject, handshake) => {
    passwords.set(handshake.identity, handshake.password?.toString('utf8'));
    accept();
  });
  server.on('client', (client: RpcServerClient) => {
    const ocppId = client.identity ?? '?';
    clients.set(ocppId, client);
    client.on('strictValidationFailure', (event: { method: string; error: Error }) => {
      schemaFailures.push(`${ocppId} ${event.method}: ${event.error.message}`);
    });
    client.handle(async ({ method, params }) => {
      const action = method ?? '?';
      calls.push({ ocppId, action, payload: params });
      return answer(client.protocol, action, params ?? {});
    });
  });

  const http = await server.listen(0, '127.0.0.1');
  const { port } = http.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}`,
    calls,
    schemaFailures,
    passwords,
    callsOf: (ocppId) => calls.filter((call) => call.ocppId === ocppId),
    client: (ocppId) => {
      const client = clients.get(ocppId);
      if (!client) throw new Error(`${ocppId} is not connected`);
      return client;
    },
    close: () => server.close({ force: true }),
  };
}
