import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { APIGatewayProxyStructuredResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { connectCharger, handshakeStatus, pollUntil } from '../support/ocpp';
import type { LocalStack } from '../../../lib/local/stack';
import { logger } from '../../../shared/logger';
import { handler as messageHandler } from '../../../lambdas/ocpp/message';

let stack: LocalStack;
let tenant: Tenant;
const open = uniqueOcppId('OPEN');
const locked = uniqueOcppId('LOCKED');
const twice = uniqueOcppId('TWICE');
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

beforeAll(async () => {
  stack = await startTestStack();
  tenant = await createTenant(stack, [
    { ocppId: open, name: 'Open', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
    { ocppId: locked, name: 'Locked', type: 'DCFC', password: 'right-password-1', ports: [{ connectorType: 'CCS1' }] },
    { ocppId: twice, name: 'Twice', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
  ]);
});
afterAll(async () => stack?.close());

const charger = async (ocppId: string) =>
  (await api(stack, `/api/chargers/by-ocpp-id/${ocppId}`, { key: tenant.apiKey })).body.data;

describe('$connect', () => {
  it('refuses an unknown charge point identity with 404', async () => {
    expect(await handshakeStatus(stack, 'NOBODY-1')).toEqual({ status: 404 });
  });

  it.each([
    ['no credentials', undefined],
    ['a wrong password', basic(locked, 'wrong-password')],
    ['another identity as username', basic(open, 'right-password-1')],
    ['a garbled header', 'Basic !!!'],
  ])('refuses a charger with a password and %s with 401', async (_name, authorization) => {
    expect((await handshakeStatus(stack, locked, { authorization })).status).toBe(401);
  });

  it('accepts the right Basic credentials (security profile 1) and records the connection', async () => {
    expect((await charger(locked)).connectionStatus).toBeNull();
    const client = await connectCharger(stack, locked, 'ocpp1.6', 'right-password-1');
    const connected = await charger(locked);
    expect(connected.connectionStatus).toEqual({
      status: 'Connected',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    await client.close();
    const after = await pollUntil(
      () => charger(locked),
      (c) => c.connectionStatus.status === 'Disconnected',
      'Disconnected',
    );
    expect(Date.parse(after.connectionStatus.timestamp)).toBeGreaterThanOrEqual(
      Date.parse(connected.connectionStatus.timestamp),
    );
  });

  it.each([
    [['ocpp1.6', 'ocpp2.0.1'], 'ocpp2.0.1'],
    [['ocpp2.0.1', 'ocpp1.6'], 'ocpp2.0.1'],
    [['ocpp1.6'], 'ocpp1.6'],
    [['ocpp2.0.1'], 'ocpp2.0.1'],
    [['ocpp2.1'], 'ocpp2.1'],
    [['ocpp1.6', 'ocpp2.0.1', 'ocpp2.1'], 'ocpp2.1'],
  ])('negotiates the subprotocol from %j as %s', async (offered, chosen) => {
    expect(await handshakeStatus(stack, open, { protocols: offered })).toEqual({ status: 101, protocol: chosen });
  });

  it('refuses a handshake that offers no supported subprotocol', async () => {
    expect((await handshakeStatus(stack, open, { protocols: ['ocpp1.5', 'ocpp2.2'] })).status).toBe(400);
  });
});

describe('$disconnect', () => {
  it('keeps a charger Connected when an old connection closes after it reconnected', async () => {
    const first = await connectCharger(stack, open, 'ocpp1.6');
    const { data: before } = await stack.db.charger.get({ chargerId: tenant.chargers[0]!.id }).go();
    const firstConnectionId = before!.currentConnectionId!;
    const second = await connectCharger(stack, open, 'ocpp1.6');
    await first.close();
    // Wait until the first connection's $disconnect has been handled (its record is deleted).
    await pollUntil(
      () => stack.db.connection.get({ connectionId: firstConnectionId }).go(),
      (r) => r.data === null,
      'first $disconnect',
    );
    const during = await charger(open);
    expect(during.connectionStatus.status).toBe('Connected');
    await second.close();
    await pollUntil(
      () => charger(open),
      (c) => c.connectionStatus.status === 'Disconnected',
      'Disconnected',
    );
  });
});

describe('a second connection with the same identity', () => {
  const currentConnectionId = async () =>
    (await stack.db.charger.get({ chargerId: tenant.chargers[2]!.id }).go({ consistent: true })).data!
      .currentConnectionId;
  /** A frame as API Gateway delivers it on a connection, straight to the `$default` handler. */
  const frameOn = async (connectionId: string, frame: unknown[]) =>
    (await messageHandler({
      requestContext: { connectionId, requestTimeEpoch: Date.now() },
      body: JSON.stringify(frame),
      isBase64Encoded: false,
    } as unknown as APIGatewayProxyWebsocketEventV2)) as APIGatewayProxyStructuredResultV2;

  it('takes over: the older connection is closed and logged, its late frames are refused, commands go to the newer one', async () => {
    const warn = vi.spyOn(logger, 'warn');
    const first = await connectCharger(stack, twice, 'ocpp1.6');
    await first.call('Heartbeat', {});
    const firstConnectionId = (await currentConnectionId())!;
    const firstClosed = new Promise((resolve) => first.once('close', resolve));
    const second = await connectCharger(stack, twice, 'ocpp1.6');
    try {
      await firstClosed;
      await second.call('Heartbeat', {});
      const secondConnectionId = (await currentConnectionId())!;
      expect(secondConnectionId).not.toBe(firstConnectionId);
      expect(warn).toHaveBeenCalledWith(
        expect.stringMatching(/taken over/),
        expect.objectContaining({
          ocppId: twice,
          previousConnectionId: firstConnectionId,
          connectionId: secondConnectionId,
        }),
      );
      expect((await stack.db.connection.get({ connectionId: firstConnectionId }).go()).data).toBeNull();

      // A frame still arriving on the old connection is not the charger's: refused, nothing stored.
      const status = { connectorId: 1, errorCode: 'NoError', status: 'Faulted', timestamp: new Date().toISOString() };
      const late = await frameOn(firstConnectionId, [2, 'late-1', 'StatusNotification', status]);
      expect(JSON.parse(late.body!)).toEqual([4, 'late-1', 'GenericError', expect.any(String), {}]);
      expect(
        (await stack.db.port.get({ chargerId: tenant.chargers[2]!.id, portNumber: 1 }).go()).data!.ocppStatus,
      ).toBeUndefined();
      const current = await frameOn(secondConnectionId, [2, 'now-1', 'StatusNotification', status]);
      expect(JSON.parse(current.body!)).toEqual([3, 'now-1', {}]);

      second.handle('RemoteStartTransaction', async () => ({ status: 'Accepted' }));
      const started = await api(stack, '/api/ocpp/remote-start', {
        key: tenant.apiKey,
        method: 'POST',
        body: { portId: tenant.chargers[2]!.ports[0]!.id },
      });
      expect(started.body.data.status).toBe('Accepted');
    } finally {
      warn.mockRestore();
      await second.close();
    }
  });
});
