/**
 * The CALLs we send, in the OCPP message log and as their own correlation records: the log item
 * written with the lane's claim gets the charger's answer from `$default`; with the log on
 * `errors` only failed exchanges are listed, with it `off` none, and commands are answered the
 * same in every mode.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRPCError, type RPCClient } from 'ocpp-rpc';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { connectCharger } from '../support/ocpp';
import type { LocalStack } from '../../../lib/local/stack';
import { callRecordKey } from '../../../shared/ocpp/commands/correlation';

let stack: LocalStack;
let tenant: Tenant;
let client: RPCClient;
const ocppId = uniqueOcppId('LOG');
/** What the charger answers RemoteStartTransaction with. */
let answer: () => Record<string, unknown> = () => ({ status: 'Accepted' });
const sentIds: string[] = [];

beforeAll(async () => {
  stack = await startTestStack();
  tenant = await createTenant(stack, [
    { ocppId, name: 'Logged', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
  ]);
  client = await connectCharger(stack, ocppId, 'ocpp1.6');
  client.handle('RemoteStartTransaction', async ({ messageId }: { messageId?: string }) => {
    sentIds.push(messageId!);
    return answer();
  });
});
afterAll(async () => {
  await client?.close();
  await stack?.close();
});
afterEach(() => {
  delete process.env.OCPP_MESSAGE_LOG;
  answer = () => ({ status: 'Accepted' });
});

const chargerId = () => tenant.chargers[0]!.id;
const remoteStart = () =>
  api(stack, '/api/ocpp/remote-start', {
    key: tenant.apiKey,
    method: 'POST',
    body: { portId: tenant.chargers[0]!.ports[0]!.id },
  });

/** The logged remote starts of the charger (or every logged message), newest first, as the API lists them. */
async function loggedRemoteStarts(filter = '&messageType=RemoteStartTransaction'): Promise<any[]> {
  const { status, body } = await api(stack, `/api/ocpp-messages?chargerId=${chargerId()}${filter}`, {
    key: tenant.apiKey,
  });
  expect(status).toBe(200);
  return body.data;
}

/** Sends a remote start the charger accepts and one it answers with a CALLERROR; returns their messageIds. */
async function acceptedThenFailed(): Promise<[string, string]> {
  expect((await remoteStart()).body).toEqual({ data: { status: 'Accepted', remoteStartId: expect.any(Number) } });
  answer = () => {
    throw createRPCError('InternalError', 'relay stuck');
  };
  const failed = await remoteStart();
  expect(failed.status).toBe(502);
  expect(failed.body.detail).toMatch(/InternalError/);
  return [sentIds.at(-2)!, sentIds.at(-1)!];
}

describe('CALLs we send in the message log', () => {
  it('all: each CALL is listed with the answer $default added to it, under a UUIDv7 messageId and its time', async () => {
    const before = Date.now();
    const [accepted, failed] = await acceptedThenFailed();
    const logged = await loggedRemoteStarts();
    expect(logged.slice(0, 2)).toEqual([
      expect.objectContaining({
        messageType: 'RemoteStartTransaction',
        direction: 'toCharger',
        messagePayload: { connectorId: 1, idTag: 'CSMS-REMOTE' },
        responseType: 'CALLERROR',
        messageResponse: { errorCode: 'InternalError', errorDescription: 'relay stuck' },
      }),
      expect.objectContaining({
        direction: 'toCharger',
        responseType: 'CALLRESULT',
        messageResponse: { status: 'Accepted' },
      }),
    ]);
    expect(logged[0].id).toContain(failed);
    expect(logged[1].id).toContain(accepted);
    // The entry's time is the messageId's: that is how $default finds it from the reply alone.
    const key = callRecordKey(chargerId(), accepted)!;
    expect(logged[1].createdAt).toBe(key.createdAt);
    expect(Date.parse(key.createdAt)).toBeGreaterThanOrEqual(before - 5);
    expect(Date.parse(key.createdAt)).toBeLessThanOrEqual(Date.now());
  });

  it('errors: only the failed exchange is listed; the accepted one answers the same and is not', async () => {
    process.env.OCPP_MESSAGE_LOG = 'errors';
    const [accepted, failed] = await acceptedThenFailed();
    const ids = (await loggedRemoteStarts()).map((m) => m.id);
    expect(ids.some((id) => id.includes(failed))).toBe(true);
    expect(ids.some((id) => id.includes(accepted))).toBe(false);
    const entry = (await loggedRemoteStarts()).find((m) => m.id.includes(failed));
    expect(entry).toMatchObject({
      messagePayload: { connectorId: 1, idTag: 'CSMS-REMOTE' },
      responseType: 'CALLERROR',
    });
  });

  it('off: commands are answered the same and nothing is listed', async () => {
    process.env.OCPP_MESSAGE_LOG = 'off';
    const listed = (await loggedRemoteStarts('')).length;
    const [accepted, failed] = await acceptedThenFailed();
    expect(await loggedRemoteStarts('')).toHaveLength(listed);
    // The replies were stored (that is how the commands got them), in records the log does not list.
    for (const messageId of [accepted, failed]) {
      const { data } = await stack.db.ocppMessage.get(callRecordKey(chargerId(), messageId)!).go();
      expect(data).toMatchObject({ messageId });
      expect(data!.messageType).toBeUndefined();
      expect(data!.expiresAt).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 3600);
    }
  });
});

describe('callRecordKey', () => {
  it('takes the time of a UUIDv7 and refuses any other messageId', () => {
    expect(callRecordKey(7, '019abc12-3456-7def-8123-456789abcdef')).toEqual({
      chargerId: 7,
      day: new Date(0x019abc123456).toISOString().slice(0, 10),
      createdAt: new Date(0x019abc123456).toISOString(),
      messageId: '019abc12-3456-7def-8123-456789abcdef',
    });
    expect(callRecordKey(7, 'b5d5d0a4-3f1e-4c8a-9d2e-1f0a2b3c4d5e')).toBeUndefined(); // v4
    expect(callRecordKey(7, '2leng')).toBeUndefined();
    expect(callRecordKey(7, '')).toBeUndefined();
  });
});
