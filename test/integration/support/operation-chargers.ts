/**
 * Test support for the charger operations the CSMS sends as CALLs (`POST /api/ocpp/*`): this
 * file's stack with one tenant that owns an OCPP 1.6 charger and an OCPP 2.0.1 station, strict
 * clients that record the CALLs of the actions under test and answer them as the test says, and
 * the check every such file makes of the bodies the API refuses.
 */
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { RPCClient } from 'ocpp-rpc';
import type { LocalStack } from '../../../lib/local/stack';
import { connectRecordingCharger, type BaseProtocol } from './ocpp';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from './stack';

/** A CALL a test charger received: its action and its payload. */
export interface RecordedCall {
  action: string;
  params: any;
}

/** How the test chargers answer a CALL: the CALLRESULT payload (throw an ocpp-rpc error for a CALLERROR). */
export type CallAnswer = (action: string, params: any) => unknown;

/** An API response, as {@link api} returns it. */
type ApiResponse = Awaited<ReturnType<typeof api>>;

/** A request the API must refuse: its route under `/api/ocpp/`, its body, the field the 400 names (`body.…`). */
export type RefusedBody = readonly [route: string, body: unknown, field: string];

/** A test charger connected for the tests of one `describe`. */
export interface ConnectedCharger {
  /** Its strict OCPP client (connected and booted in the `describe`'s `beforeAll`). */
  readonly client: RPCClient;
  /** Its ID in the API. */
  chargerId(): number;
}

/** What {@link useOperationChargers} gives a test file. */
export interface OperationChargers {
  /** This file's stack (started in `beforeAll`). */
  readonly stack: LocalStack;
  /** The tenant that owns both chargers: `chargers[0]` the 1.6 one, `chargers[1]` the 2.0.1 one. */
  readonly tenant: Tenant;
  /** The CALLs of the actions under test the chargers received in this test, in order; emptied after each test. */
  readonly received: RecordedCall[];
  /** How the chargers answer (read at each CALL, so a test may swap it); the default again after each test. */
  answer: CallAnswer;
  /** `POST /api/ocpp/{route}` with `body`, under the tenant's key. */
  post(route: string, body: unknown): Promise<ApiResponse>;
  /** `GET /api/charger-operations/{operationId}`, under the tenant's key. */
  operation(operationId: string): Promise<ApiResponse>;
  /** `GET /api/charger-operations?chargerId=…&action=…` (the audit trail of one action on one charger), under the tenant's key. */
  operationsOf(chargerId: number, action: string): Promise<ApiResponse>;
  /** `GET /api/chargers/{chargerId}/configuration` (the stored device model), under the tenant's key. */
  configuration(chargerId: number): Promise<ApiResponse>;
  /**
   * Connects the charger of `protocol` before the tests of the calling `describe` (and boots it)
   * and closes it after them.
   */
  connected(protocol: BaseProtocol): ConnectedCharger;
  /** Posts each body and expects a 400 whose errors name its field (the case named in the failure). */
  expectRefused(cases: readonly RefusedBody[]): Promise<void>;
}

/** The tenant's charger of each protocol: its place in `Tenant.chargers`. */
const CHARGER_INDEX: Record<BaseProtocol, number> = { 'ocpp1.6': 0, 'ocpp2.0.1': 1 };

/**
 * Sets up a test file of charger operations: shortens the CSMS's wait for a CALLRESULT to 3 s
 * (`OCPP_COMMAND_TIMEOUT_MS`) and an operation's wait for its results to 4 s (`OPERATION_WAIT_MS`;
 * the file setup puts the environment back after the file), and registers the file's hooks: the
 * stack and a tenant with a 1.6 charger (Level 2, J1772) and a 2.0.1 station (DCFC, CCS1) before
 * all, the recorded CALLs emptied and the answer put back after each test, the stack closed after
 * all. Call it at the top of the file.
 * @param options.idPrefix start of the chargers' OCPP identities (`{idPrefix}16-…`, `{idPrefix}201-…`)
 * @param options.name start of the chargers' names (`{name} 1.6`, `{name} 2.0.1`)
 * @param options.actions the CSMS-initiated actions the chargers handle and record
 * @param options.defaultAnswer how they answer until a test says otherwise @default `{ status: 'Rejected' }`
 */
export function useOperationChargers(options: {
  idPrefix: string;
  name: string;
  actions: readonly string[];
  defaultAnswer?: CallAnswer;
}): OperationChargers {
  process.env.OCPP_COMMAND_TIMEOUT_MS = '3000';
  process.env.OPERATION_WAIT_MS = '4000';
  const defaultAnswer: CallAnswer = options.defaultAnswer ?? (() => ({ status: 'Rejected' }));
  const ids: Record<BaseProtocol, string> = {
    'ocpp1.6': uniqueOcppId(`${options.idPrefix}16`),
    'ocpp2.0.1': uniqueOcppId(`${options.idPrefix}201`),
  };
  let stack: LocalStack | undefined;
  let tenant: Tenant | undefined;
  const started = () => {
    if (!stack || !tenant) throw new Error('the stack starts in beforeAll: use it inside a hook or a test');
    return { stack, tenant };
  };

  const chargers: OperationChargers = {
    get stack() {
      return started().stack;
    },
    get tenant() {
      return started().tenant;
    },
    received: [],
    answer: defaultAnswer,
    post: (route, body) =>
      api(started().stack, `/api/ocpp/${route}`, { key: started().tenant.apiKey, method: 'POST', body }),
    operation: (operationId) =>
      api(started().stack, `/api/charger-operations/${operationId}`, { key: started().tenant.apiKey }),
    operationsOf: (chargerId, action) =>
      api(started().stack, `/api/charger-operations?chargerId=${chargerId}&action=${action}`, {
        key: started().tenant.apiKey,
      }),
    configuration: (chargerId) =>
      api(started().stack, `/api/chargers/${chargerId}/configuration`, { key: started().tenant.apiKey }),
    connected(protocol) {
      let client: RPCClient | undefined;
      beforeAll(async () => {
        client = await connectRecordingCharger(
          started().stack,
          ids[protocol],
          protocol,
          options.actions,
          chargers.received,
          () => chargers.answer,
        );
      });
      afterAll(async () => client?.close());
      return {
        get client() {
          if (!client) throw new Error(`the ${protocol} charger connects in beforeAll`);
          return client;
        },
        chargerId: () => started().tenant.chargers[CHARGER_INDEX[protocol]]!.id,
      };
    },
    async expectRefused(cases) {
      for (const [route, body, field] of cases) {
        const refused = await chargers.post(route, body);
        expect(refused.status, `${route} ${JSON.stringify(body)}`).toBe(400);
        expect(refused.body.errors.map((e: { path: string }) => e.path)).toContain(field);
      }
    },
  };

  beforeAll(async () => {
    stack = await startTestStack();
    tenant = await createTenant(stack, [
      { ocppId: ids['ocpp1.6'], name: `${options.name} 1.6`, type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
      { ocppId: ids['ocpp2.0.1'], name: `${options.name} 2.0.1`, type: 'DCFC', ports: [{ connectorType: 'CCS1' }] },
    ]);
  });
  afterAll(async () => stack?.close());
  afterEach(() => {
    chargers.received.length = 0;
    chargers.answer = defaultAnswer;
  });
  return chargers;
}
