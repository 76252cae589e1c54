/**
 * The simulator's WebSocket side: an ocpp-rpc `RPCClient` in strict mode (every CALL and
 * CALLRESULT checked against the official JSON schemas, both directions), its events turned into
 * frame and log callbacks, and a connect that explains a refused upgrade.
 *
 * @module
 */
import { createRequire } from 'node:module';
import { createValidator, RPCClient } from 'ocpp-rpc';
import type { Validator } from 'ocpp-rpc/lib/validator';
import { FrameParser, type SimulatorFrame } from './log';
import type { OcppProtocol, SimulatorLogEntry } from './protocol';

type RpcClientOptions = ConstructorParameters<typeof RPCClient>[0];

/** Options of {@link createRpcClient}. */
export interface ClientOptions {
  /** Charge point identity (last path segment, Basic auth username). */
  readonly ocppId: string;
  /** The one subprotocol offered. */
  readonly protocol: OcppProtocol;
  /** CSMS endpoint without the identity. */
  readonly url: string;
  /** Basic auth password. */
  readonly password?: string;
  /** Milliseconds before an unanswered CALL fails. */
  readonly callTimeoutMs: number;
  /** Receives every OCPP-J frame sent and received. */
  readonly onFrame?: (frame: SimulatorFrame) => void;
  /** Receives log lines. */
  readonly onLog: (entry: SimulatorLogEntry) => void;
  /** Whether the simulator is closing (a disconnect then is expected, not a warning). */
  readonly closing: () => boolean;
}

const require = createRequire(import.meta.url);

/**
 * ocpp-rpc's strict-mode validator of OCPP 2.1, built from the official 2.1 schemas it ships: its
 * own looks schemas up as `urn:<Action>.req` / `.conf`, as the 1.6 and 2.0.1 files name them, while
 * the 2.1 file names them `urn:<Action>Request` / `Response`, so its 2.1 strict mode finds none.
 * Here the ids are renamed; the schemas are unchanged. Built on first use (the schemas are 1.4 MB).
 */
export function ocpp21Validator(): Validator {
  ocpp21 ??= createValidator(
    'ocpp2.1',
    (require('ocpp-rpc/lib/schemas/ocpp2_1.json') as { $id: string }[]).map((schema) => ({
      ...schema,
      $id: schema.$id.replace(/Request$/, '.req').replace(/Response$/, '.conf'),
    })),
  );
  return ocpp21;
}
let ocpp21: Validator | undefined;

/** Creates the strict-mode client and wires its events; returns it with the full URL. */
export function createRpcClient(options: ClientOptions): { client: RPCClient; url: string } {
  const endpoint = options.url.replace(/\/+$/, '');
  const clientOptions: Partial<RpcClientOptions> = {
    endpoint,
    identity: options.ocppId,
    protocols: [options.protocol],
    strictMode: true,
    ...(options.protocol === 'ocpp2.1' ? { strictModeValidators: [ocpp21Validator()] } : {}),
    // OCPP-J allows one CALL in flight per direction; it also keeps MeterValues before StopTransaction.
    callConcurrency: 1,
    callTimeoutMs: options.callTimeoutMs,
    ...(options.password === undefined ? {} : { password: options.password }),
  };
  const url = `${endpoint}/${options.ocppId}`;
  // ocpp-rpc's typings declare every option as required; the library fills in defaults.
  const client = new RPCClient(clientOptions as RpcClientOptions);
  watch(client, options, url);
  return { client, url };
}

function watch(client: RPCClient, options: ClientOptions, url: string): void {
  const { onLog } = options;
  const parser = new FrameParser();
  client.on('message', ({ message, outbound }: { message: Buffer | string; outbound: boolean }) => {
    const frame = parser.parse(message.toString(), outbound ? 'sent' : 'received');
    if (frame) options.onFrame?.(frame);
  });
  client.on(
    'strictValidationFailure',
    (event: { method: string; isCall: boolean; outbound: boolean; error: Error }) => {
      const direction = event.outbound ? 'outgoing' : 'incoming';
      const what = `${direction} ${event.method} ${event.isCall ? 'request' : 'response'}`;
      onLog({ level: 'error', message: `${what} breaks the OCPP schema: ${event.error.message}` });
    },
  );
  client.on('badMessage', ({ error }: { error: Error }) =>
    onLog({ level: 'warn', message: `bad message from the CSMS: ${error.message}` }),
  );
  client.on('disconnect', ({ code, reason }: { code?: number; reason?: string }) =>
    // A disconnect the simulator did not ask for is worth a warning (ocpp-rpc reconnects).
    onLog({
      level: options.closing() ? 'info' : 'warn',
      message: `disconnected (${code ?? '?'}${reason ? ` ${reason}` : ''})`,
    }),
  );
  client.on('connecting', () => onLog({ level: 'info', message: `connecting to ${url}` }));
  client.on('open', () => onLog({ level: 'info', message: `connected with ${client.protocol ?? options.protocol}` }));
}

/** Errors of a connection nothing answered (no server on the port, or no such host). */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ECONNRESET', 'ETIMEDOUT']);

/**
 * What to do when nothing answered at `url`: its port, and how to point the simulator elsewhere
 * (the local stack prints the port it serves on; the CLI takes `--url`).
 */
function unreachableHint(url: string): string {
  const parsed = new URL(url);
  const port = parsed.port || (parsed.protocol === 'wss:' ? '443' : '80');
  return (
    `nothing listens on port ${port} of ${parsed.hostname}: start the local stack (npm start prints the port it ` +
    'serves on), or point the simulator at the CSMS with --url ws://localhost:<port>/ocpp'
  );
}

/**
 * Opens the WebSocket.
 * @throws Error naming the URL and, for a refused upgrade (wrong password, unknown charger, no
 * common subprotocol), the HTTP status; for a connection nothing answered, the port tried and
 * how to change it ({@link unreachableHint})
 */
export async function connect(client: RPCClient, url: string): Promise<void> {
  await client.connect().catch((error: unknown) => {
    const code = (error as { code?: unknown }).code;
    const detail = error instanceof Error ? error.message : String(error);
    const hint = typeof code === 'string' && UNREACHABLE.has(code) ? `; ${unreachableHint(url)}` : '';
    throw new Error(`cannot connect to ${url}: ${typeof code === 'number' ? `HTTP ${code} ` : ''}${detail}${hint}`, {
      cause: error,
    });
  });
}

/**
 * A charger's reboot on a hard reset: its connection closed (code 1012) and opened again, as a
 * rebooting charger does; `restarting` is set meanwhile, so the close does not end the simulator.
 * @returns false when the simulator was closed meanwhile (nothing reopened)
 */
export async function reconnect(
  client: RPCClient,
  station: { readonly disposed: boolean; restarting: boolean },
): Promise<boolean> {
  if (station.disposed) return false;
  station.restarting = true;
  try {
    await client.close({ code: 1012, reason: 'Hard reset', awaitPending: false });
    if (station.disposed) return false;
    await client.connect();
    return true;
  } finally {
    station.restarting = false;
  }
}

/**
 * Reconnects the client with a new Basic auth password (the charger's side of a password change:
 * 1.6 security whitepaper, 2.0.1 A01). ocpp-rpc sends the configured password at every
 * (re)connection, and reconnects by itself when its socket closes without the client being closed.
 */
export function reconnectWithPassword(client: RPCClient, password: string): void {
  client.reconfigure({ password } as Parameters<RPCClient['reconfigure']>[0]);
  (client as unknown as { _ws?: { close(code: number, reason: string): void } })._ws?.close(1012, 'password changed');
}
