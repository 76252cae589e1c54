import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRPCError, type RPCClient } from 'ocpp-rpc';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { acceptedVariables, connectCharger, connectRaw, pollUntil, type OcppProtocol } from '../support/ocpp';
import type { LocalStack } from '../../../lib/local/stack';
import { createDocumentClient } from '../../../shared/db';
import { isReservationActive } from '../../../shared/charging/remote-control';
import { createApiKey, hashApiKey } from '../../../shared/api/api-keys';
import { countRequest, REQUESTS_PER_MINUTE } from '../../../shared/api/rate-limit';

// A short command deadline, so the timeout path is quick (the production default is 20 s).
process.env.OCPP_COMMAND_TIMEOUT_MS = '1500';

let stack: LocalStack;
let tenant: Tenant;
const ids: Record<OcppProtocol, string> = {
  'ocpp1.6': uniqueOcppId('CMD16'),
  'ocpp2.0.1': uniqueOcppId('CMD201'),
  'ocpp2.1': uniqueOcppId('CMD21'),
};
const future = (seconds = 3600) => new Date(Date.now() + seconds * 1000).toISOString();
let nextReservationId = 1000;

beforeAll(async () => {
  stack = await startTestStack();
  tenant = await createTenant(stack, [
    {
      ocppId: ids['ocpp1.6'],
      name: 'Cmd 1.6',
      type: 'Level 2',
      ports: [{ connectorType: 'J1772' }, { connectorType: 'J1772' }],
    },
    {
      ocppId: ids['ocpp2.0.1'],
      name: 'Cmd 2.0.1',
      type: 'DCFC',
      ports: [{ connectorType: 'CCS1' }, { connectorType: 'CCS1' }],
    },
    { ocppId: uniqueOcppId('OFF'), name: 'Offline', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
    // OCPP 2.1: sent what a 2.0.1 station is, each CALL checked against 2.1's schemas on both sides.
    {
      ocppId: ids['ocpp2.1'],
      name: 'Cmd 2.1',
      type: 'DCFC',
      ports: [{ connectorType: 'CCS1' }, { connectorType: 'CCS1' }],
    },
  ]);
});
afterAll(async () => stack?.close());

const CHARGER_INDEX: Record<OcppProtocol, number> = { 'ocpp1.6': 0, 'ocpp2.0.1': 1, 'ocpp2.1': 3 };
const chargerOf = (protocol: OcppProtocol) => tenant.chargers[CHARGER_INDEX[protocol]]!;
const portId = (protocol: OcppProtocol, portNumber = 1) => chargerOf(protocol).ports[portNumber - 1]!.id;
const post = (path: string, body: unknown) => api(stack, path, { key: tenant.apiKey, method: 'POST', body });

/**
 * The CALLs of ours recorded for a charger: the message log's items (with the log on, every CALL
 * that went to the claim; the reply's record otherwise), by a test-only Scan.
 */
async function sentCalls(chargerId: number): Promise<Record<string, any>[]> {
  const client = createDocumentClient({ endpoint: process.env.DYNAMODB_ENDPOINT! });
  const { Items = [] } = await client.send(
    new ScanCommand({
      TableName: stack.tableName,
      FilterExpression: '#e = :e AND chargerId = :c',
      ExpressionAttributeNames: { '#e': '__edb_e__' },
      ExpressionAttributeValues: { ':e': 'ocppMessage', ':c': chargerId },
    }),
  );
  return Items.filter((item) => item.direction !== 'fromCharger');
}

describe.each(['ocpp1.6', 'ocpp2.0.1', 'ocpp2.1'] as const)('OCPP commands to an %s charger', (protocol) => {
  let client: RPCClient;
  const received: { action: string; params: any }[] = [];
  let answer: (action: string, params: any) => unknown = () => ({ status: 'Accepted' });
  const v16 = protocol === 'ocpp1.6';

  beforeAll(async () => {
    client = await connectCharger(stack, ids[protocol], protocol);
    const actions = v16
      ? ['ReserveNow', 'CancelReservation', 'RemoteStartTransaction', 'RemoteStopTransaction', 'GetConfiguration']
      : ['ReserveNow', 'CancelReservation', 'RequestStartTransaction', 'RequestStopTransaction', 'GetVariables'];
    for (const action of actions) {
      client.handle(action, async ({ params }: { params?: unknown }) => {
        received.push({ action, params });
        return answer(action, params) as Record<string, unknown>;
      });
    }
    await client.call(
      'BootNotification',
      v16
        ? { chargePointVendor: 'V', chargePointModel: 'M' }
        : { reason: 'PowerUp', chargingStation: { vendorName: 'V', model: 'M' } },
    );
  });
  afterAll(async () => client?.close());
  afterEach(() => {
    received.length = 0;
  });

  /** The charger supports reservations and answers ReserveNow with `status`. */
  const supportive =
    (status = 'Accepted') =>
    (action: string, params: any) => {
      if (action === 'GetConfiguration')
        return {
          configurationKey: [
            { key: 'SupportedFeatureProfiles', readonly: true, value: 'Core,Reservation,SmartCharging' },
          ],
        };
      if (action === 'GetVariables') return acceptedVariables(params, () => 'true');
      return { status };
    };

  it('reserves a port with the mapped, schema-valid ReserveNow and stores the active reservation', async () => {
    answer = supportive('Accepted');
    const reservationId = nextReservationId++;
    const expiryDate = future();
    const { status, body } = await post('/api/ocpp/reservations', {
      portId: portId(protocol, 2),
      expiryDate,
      idTag: 'DRIVER-1',
      reservationId,
      idTokenType: 'ISO14443',
    });
    expect(status).toBe(200);
    expect(body).toEqual({ data: { status: 'Accepted' } });
    const reserve = received.find((r) => r.action === 'ReserveNow')!.params;
    expect(reserve).toEqual(
      v16
        ? { connectorId: 2, expiryDate, idTag: 'DRIVER-1', reservationId }
        : {
            id: reservationId,
            expiryDateTime: expiryDate,
            idToken: { idToken: 'DRIVER-1', type: 'ISO14443' },
            evseId: 2,
          },
    );
    const { data } = await stack.db.reservation.get({ organizationId: tenant.organizationId, reservationId }).go();
    expect(isReservationActive(data!)).toBe(true);
    // the same reservationId again is a conflict, whatever the port
    const again = await post('/api/ocpp/reservations', {
      portId: portId(protocol, 1),
      expiryDate,
      idTag: 'X',
      reservationId,
    });
    expect(again.status).toBe(409);
    expect(again.body.errors[0].path).toBe('body.reservationId');
  });

  it.each(['Faulted', 'Occupied', 'Rejected', 'Unavailable'])(
    "returns the charger's %s and frees the reservationId",
    async (chargerStatus) => {
      answer = supportive(chargerStatus);
      const reservationId = nextReservationId++;
      const { body } = await post('/api/ocpp/reservations', {
        portId: portId(protocol),
        expiryDate: future(),
        idTag: 'D',
        reservationId,
      });
      expect(body).toEqual({ data: { status: chargerStatus } });
      expect(
        (await stack.db.reservation.get({ organizationId: tenant.organizationId, reservationId }).go()).data,
      ).toBeNull();
    },
  );

  it('maps a NotImplemented CALLERROR to Rejected and any other CALLERROR to a 502 naming the code', async () => {
    answer = (action, params) => {
      if (action === 'ReserveNow') throw createRPCError('NotImplemented', 'no reservations here');
      return supportive()(action, params);
    };
    expect(
      (
        await post('/api/ocpp/reservations', {
          portId: portId(protocol),
          expiryDate: future(),
          idTag: 'D',
          reservationId: nextReservationId++,
        })
      ).body,
    ).toEqual({ data: { status: 'Rejected' } });
    answer = (action, params) => {
      if (action === 'ReserveNow') throw createRPCError('InternalError', 'disk full');
      return supportive()(action, params);
    };
    const failed = await post('/api/ocpp/reservations', {
      portId: portId(protocol),
      expiryDate: future(),
      idTag: 'D',
      reservationId: nextReservationId++,
    });
    expect(failed.status).toBe(502);
    expect(failed.body.detail).toMatch(/InternalError/);
  });

  it(v16 ? 'passes parentIdTag to a 1.6 charger' : 'refuses parentIdTag for a 2.0.1 charger with a 400', async () => {
    answer = supportive();
    const { status, body } = await post('/api/ocpp/reservations', {
      portId: portId(protocol),
      expiryDate: future(),
      idTag: 'D',
      parentIdTag: 'FLEET',
      reservationId: nextReservationId++,
    });
    if (v16) {
      expect(status).toBe(200);
      expect(received.find((r) => r.action === 'ReserveNow')!.params.parentIdTag).toBe('FLEET');
    } else {
      expect(status).toBe(400);
      expect(body.errors[0].path).toBe('body.parentIdTag');
      expect(received.find((r) => r.action === 'ReserveNow')).toBeUndefined();
    }
  });

  it('cancels a reservation: Accepted ends it; an unknown one is still sent to the charger', async () => {
    answer = supportive();
    const reservationId = nextReservationId++;
    await post('/api/ocpp/reservations', { portId: portId(protocol), expiryDate: future(), idTag: 'D', reservationId });
    const cancelled = await post('/api/ocpp/reservations/cancel', { chargerId: chargerOf(protocol).id, reservationId });
    expect(cancelled.body).toEqual({ data: { status: 'Accepted' } });
    expect(received.find((r) => r.action === 'CancelReservation')!.params).toEqual({ reservationId });
    expect(
      (await stack.db.reservation.get({ organizationId: tenant.organizationId, reservationId }).go()).data!.status,
    ).toBe('Cancelled');
    answer = () => ({ status: 'Rejected' });
    const unknown = await post('/api/ocpp/reservations/cancel', {
      chargerId: chargerOf(protocol).id,
      reservationId: 999_999,
    });
    expect(unknown.body).toEqual({ data: { status: 'Rejected' } });
    expect((await post('/api/ocpp/reservations/cancel', { chargerId: 999_999, reservationId: 1 })).status).toBe(404);
  });

  it('ends a reservation when a session uses it', async () => {
    answer = supportive();
    const reservationId = nextReservationId++;
    await post('/api/ocpp/reservations', {
      portId: portId(protocol, 2),
      expiryDate: future(),
      idTag: 'RES-USER',
      reservationId,
    });
    if (v16) {
      const { transactionId }: any = await client.call('StartTransaction', {
        connectorId: 2,
        idTag: 'RES-USER',
        meterStart: 0,
        timestamp: new Date().toISOString(),
        reservationId,
      });
      await client.call('StopTransaction', { transactionId, meterStop: 10, timestamp: new Date().toISOString() });
    } else {
      const tx = { transactionId: `res-${reservationId}` };
      const event = (eventType: string, seqNo: number) => ({
        eventType,
        timestamp: new Date().toISOString(),
        triggerReason: 'Authorized',
        seqNo,
        transactionInfo: tx,
        evse: { id: 2, connectorId: 1 },
        reservationId,
      });
      await client.call('TransactionEvent', event('Started', 0));
      await client.call('TransactionEvent', { ...event('Ended', 1), reservationId: undefined });
    }
    expect(
      (await stack.db.reservation.get({ organizationId: tenant.organizationId, reservationId }).go()).data!.status,
    ).toBe('Used');
  });

  it('remote start sends the mapped command (server-side tag by default) and the session that follows links back to it', async () => {
    answer = () => ({ status: 'Accepted' });
    const { status, body } = await post('/api/ocpp/remote-start', { portId: portId(protocol) });
    expect(status).toBe(200);
    expect(body).toEqual({ data: { status: 'Accepted', remoteStartId: expect.any(Number) } });
    const { remoteStartId } = body.data;
    const sent = received.find(
      (r) => r.action === (v16 ? 'RemoteStartTransaction' : 'RequestStartTransaction'),
    )!.params;
    expect(sent).toEqual(
      v16
        ? { connectorId: 1, idTag: 'CSMS-REMOTE' }
        : { evseId: 1, remoteStartId, idToken: { idToken: 'CSMS-REMOTE', type: 'Central' } },
    );
    // The charger authorizes the remote start's tag first (1.6 AuthorizeRemoteTxRequests, 2.0.1
    // AuthorizeRemoteStart): the operator started it, so it is Accepted though no access ID has it,
    // and so is every later frame of its session that names it.
    const idToken = { idToken: 'CSMS-REMOTE', type: 'Central' };
    const authorized = (reply: any) => (reply.idTagInfo ?? reply.idTokenInfo).status;
    expect(authorized(await client.call('Authorize', v16 ? { idTag: 'CSMS-REMOTE' } : { idToken }))).toBe('Accepted');
    let ocppTransactionId: string;
    if (v16) {
      const reply: any = await client.call('StartTransaction', {
        connectorId: 1,
        idTag: 'CSMS-REMOTE',
        meterStart: 0,
        timestamp: new Date().toISOString(),
      });
      expect(authorized(reply)).toBe('Accepted');
      ocppTransactionId = String(reply.transactionId);
    } else {
      ocppTransactionId = `remote-${remoteStartId}`;
      const reply = await client.call('TransactionEvent', {
        eventType: 'Started',
        timestamp: new Date().toISOString(),
        triggerReason: 'RemoteStart',
        seqNo: 0,
        transactionInfo: { transactionId: ocppTransactionId, remoteStartId },
        evse: { id: 1, connectorId: 1 },
        idToken,
      });
      expect(authorized(reply)).toBe('Accepted');
    }
    const { data: session } = await stack.db.chargingSession
      .get({ chargerId: chargerOf(protocol).id, ocppTransactionId })
      .go();
    expect(session!.remoteStartId).toBe(remoteStartId);

    // remote stop of that session: the transactionId in the version's type
    answer = () => ({ status: 'Accepted' });
    const charger = (await api(stack, `/api/chargers/${chargerOf(protocol).id}`, { key: tenant.apiKey })).body.data;
    const stop = await post('/api/ocpp/remote-stop', {
      portId: portId(protocol),
      sessionId: charger.ports[0].currentChargingSession.id,
    });
    expect(stop.body).toEqual({ data: { status: 'Accepted' } });
    const stopCall = received.find(
      (r) => r.action === (v16 ? 'RemoteStopTransaction' : 'RequestStopTransaction'),
    )!.params;
    expect(stopCall).toEqual({ transactionId: v16 ? Number(ocppTransactionId) : ocppTransactionId });
    // a stale sessionId is refused
    expect((await post('/api/ocpp/remote-stop', { portId: portId(protocol), sessionId: 1 })).status).toBe(409);
    const ended: any = v16
      ? await client.call('StopTransaction', {
          transactionId: Number(ocppTransactionId),
          idTag: 'CSMS-REMOTE',
          meterStop: 5,
          timestamp: new Date().toISOString(),
        })
      : await client.call('TransactionEvent', {
          eventType: 'Ended',
          timestamp: new Date().toISOString(),
          triggerReason: 'RemoteStop',
          seqNo: 1,
          transactionInfo: { transactionId: ocppTransactionId, stoppedReason: 'Remote' },
          idToken,
        });
    expect(authorized(ended)).toBe('Accepted');
    // Once its session ended, nothing authorizes the tag any more.
    expect(authorized(await client.call('Authorize', v16 ? { idTag: 'CSMS-REMOTE' } : { idToken }))).toBe('Invalid');
  });

  it('remote start passes idTag and idTokenType, and a Rejected comes back', async () => {
    answer = () => ({ status: 'Rejected' });
    const { body } = await post('/api/ocpp/remote-start', {
      portId: portId(protocol, 2),
      idTag: 'DRIVER-9',
      idTokenType: 'eMAID',
    });
    expect(body.data.status).toBe('Rejected');
    const sent = received.find(
      (r) => r.action === (v16 ? 'RemoteStartTransaction' : 'RequestStartTransaction'),
    )!.params;
    if (v16) expect(sent).toEqual({ connectorId: 2, idTag: 'DRIVER-9' });
    else expect(sent.idToken).toEqual({ idToken: 'DRIVER-9', type: 'eMAID' });
  });

  it("remote start over the key's rate limit is a 429: nothing is sent, the lane is free, no remote start is left pending", async () => {
    answer = () => ({ status: 'Accepted' });
    // A fresh key with its minute's count used up; a minute boundary in between resets it, so try twice.
    for (let attempt = 0; attempt < 2; attempt++) {
      received.length = 0;
      const loggedBefore = (await sentCalls(chargerOf(protocol).id)).length;
      const key = await createApiKey(stack.db, { organizationId: tenant.organizationId, scope: 'organization' });
      const window = Math.floor(Date.now() / 60_000);
      await Promise.all(
        Array.from({ length: REQUESTS_PER_MINUTE }, () => countRequest(stack.db, hashApiKey(key.apiKey))),
      );
      const limited = await api(stack, '/api/ocpp/remote-start', {
        key: key.apiKey,
        method: 'POST',
        body: { portId: portId(protocol, 2) },
      });
      if (Math.floor(Date.now() / 60_000) !== window) continue;
      expect(limited.status).toBe(429);
      expect(received).toEqual([]);
      // The CALL's log item, written with the claim, was taken back: only sent CALLs are logged.
      expect(await sentCalls(chargerOf(protocol).id)).toHaveLength(loggedBefore);
      const port = await stack.db.port.get({ chargerId: chargerOf(protocol).id, portNumber: 2 }).go();
      expect(port.data!.pendingRemoteStart).toBeUndefined();
      const next = await post('/api/ocpp/remote-start', { portId: portId(protocol, 2) });
      expect(next.body.data.status).toBe('Accepted');
      answer = () => ({ status: 'Rejected' });
      return;
    }
    throw new Error('two minute boundaries crossed');
  });

  it('remote stop without a session in progress is a 409 and sends nothing', async () => {
    const { status, body } = await post('/api/ocpp/remote-stop', { portId: portId(protocol, 2) });
    expect(status).toBe(409);
    expect(body.detail).toMatch(/No charging session/);
    expect(received).toEqual([]);
  });
});

describe('a charger that does not support reservations', () => {
  it.each(['ocpp1.6', 'ocpp2.0.1'] as const)(
    'over %s answers Rejected without being sent ReserveNow, once its support is known',
    async (protocol) => {
      const ocppId = uniqueOcppId('NORES');
      const created = await createTenant(stack, [
        { ocppId, name: 'No res', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
      ]);
      const client = await connectCharger(stack, ocppId, protocol);
      const asked: string[] = [];
      client.handle('GetConfiguration', async () => {
        asked.push('GetConfiguration');
        return { configurationKey: [{ key: 'SupportedFeatureProfiles', readonly: true, value: 'Core,SmartCharging' }] };
      });
      client.handle('GetVariables', async ({ params }: any) => {
        asked.push('GetVariables');
        return acceptedVariables(params, () => 'false');
      });
      client.handle('ReserveNow', async () => {
        asked.push('ReserveNow');
        return { status: 'Accepted' };
      });
      try {
        const body = { portId: created.chargers[0]!.ports[0]!.id, expiryDate: future(), idTag: 'D' };
        const first = await api(stack, '/api/ocpp/reservations', {
          key: created.apiKey,
          method: 'POST',
          body: { ...body, reservationId: 1 },
        });
        const second = await api(stack, '/api/ocpp/reservations', {
          key: created.apiKey,
          method: 'POST',
          body: { ...body, reservationId: 2 },
        });
        expect(first.body).toEqual({ data: { status: 'Rejected' } });
        expect(second.body).toEqual({ data: { status: 'Rejected' } });
        expect(asked).toEqual([protocol === 'ocpp1.6' ? 'GetConfiguration' : 'GetVariables']);
      } finally {
        await client.close();
      }
    },
  );
});

describe('command failure paths', () => {
  it('answers 409 at once for a charger that is not connected, leaving nothing pending', async () => {
    const { status, body } = await post('/api/ocpp/remote-start', { portId: tenant.chargers[2]!.ports[0]!.id });
    expect(status).toBe(409);
    expect(body.type).toBe('/problems/charger-not-connected');
    // Answered before any CALL was attempted: nothing recorded or logged.
    expect(await sentCalls(tenant.chargers[2]!.id)).toEqual([]);
  });

  it('answers 504 when the charger stays silent, and ignores its late reply', async () => {
    const raw = await connectRaw(stack, ids['ocpp1.6'], 'ocpp1.6');
    try {
      const call = new Promise<unknown[]>((resolve) =>
        raw.ws.once('message', (data) => resolve(JSON.parse(String(data)))),
      );
      const { status, body } = await post('/api/ocpp/remote-start', { portId: portId('ocpp1.6') });
      expect(status).toBe(504);
      expect(body.type).toBe('/problems/charger-timeout');
      const [, messageId] = await call;
      // the late reply is accepted silently and changes nothing
      raw.ws.send(JSON.stringify([3, messageId, { status: 'Accepted' }]));
      expect(await raw.exchange('[2, "after", "Heartbeat", {}]')).toEqual([
        3,
        'after',
        { currentTime: expect.any(String) },
      ]);
      const logged = (await sentCalls(chargerOf('ocpp1.6').id)).find((m) => m.messageId === messageId);
      expect(logged).toMatchObject({ messageType: 'RemoteStartTransaction', direction: 'toCharger' });
      expect(logged!.responseType).toBeUndefined();
      expect(logged!.responseFrame).toBeUndefined();
    } finally {
      await raw.close();
    }
  });

  it('marks the charger Disconnected and answers 409 when its connection is gone (GoneException)', async () => {
    const charger = tenant.chargers[2]!;
    await stack.db.charger
      .patch({ chargerId: charger.id })
      .set({
        connectionStatus: { status: 'Connected', timestamp: new Date().toISOString() },
        currentConnectionId: 'stale-connection',
        ocppProtocol: 'ocpp1.6',
      })
      .go();
    const { status, body } = await post('/api/ocpp/remote-start', { portId: charger.ports[0]!.id });
    expect(status).toBe(409);
    expect(body.type).toBe('/problems/charger-not-connected');
    const after = (await api(stack, `/api/chargers/${charger.id}`, { key: tenant.apiKey })).body.data;
    expect(after.connectionStatus.status).toBe('Disconnected');
    // Logged as tried, without an answer.
    expect(await sentCalls(charger.id)).toEqual([
      expect.objectContaining({ messageType: 'RemoteStartTransaction', direction: 'toCharger' }),
    ]);
    expect((await sentCalls(charger.id))[0]!.responseType).toBeUndefined();
  });

  it('ends a reservation when it expires, and on a 2.0.1 ReservationStatusUpdate', async () => {
    const client = await connectCharger(stack, ids['ocpp2.0.1'], 'ocpp2.0.1');
    client.handle('ReserveNow', async () => ({ status: 'Accepted' }));
    client.handle('GetVariables', async ({ params }: any) => acceptedVariables(params, () => 'true'));
    try {
      const shortLived = nextReservationId++;
      await post('/api/ocpp/reservations', {
        portId: portId('ocpp2.0.1'),
        expiryDate: future(1),
        idTag: 'D',
        reservationId: shortLived,
      });
      await pollUntil(
        async () =>
          (await stack.db.reservation.get({ organizationId: tenant.organizationId, reservationId: shortLived }).go())
            .data!,
        (r) => !isReservationActive(r),
        'expiry',
      );
      const removed = nextReservationId++;
      await post('/api/ocpp/reservations', {
        portId: portId('ocpp2.0.1'),
        expiryDate: future(),
        idTag: 'D',
        reservationId: removed,
      });
      await client.call('ReservationStatusUpdate', { reservationId: removed, reservationUpdateStatus: 'Removed' });
      expect(
        (await stack.db.reservation.get({ organizationId: tenant.organizationId, reservationId: removed }).go()).data!
          .status,
      ).toBe('Removed');
    } finally {
      await client.close();
    }
  });
});

describe('command request validation', () => {
  it.each([
    ['a past expiryDate', { expiryDate: '2020-01-01T00:00:00Z' }, 'body.expiryDate'],
    ['an expiryDate without offset', { expiryDate: '2030-01-01T00:00:00' }, 'body.expiryDate'],
    ['an idTag over 20 characters', { idTag: 'x'.repeat(21) }, 'body.idTag'],
    ['a fractional reservationId', { reservationId: 1.5 }, 'body.reservationId'],
    ['an unknown idTokenType', { idTokenType: 'Bogus' }, 'body.idTokenType'],
    ['a string portId', { portId: '1' }, 'body.portId'],
    ['an unknown field', { colour: 'red' }, 'body.colour'],
  ])('a reservation with %s is a 400 naming the field, and nothing is sent', async (_name, change, path) => {
    const { status, body } = await post('/api/ocpp/reservations', {
      portId: portId('ocpp1.6'),
      expiryDate: future(),
      idTag: 'D',
      reservationId: 5,
      ...change,
    });
    expect(status).toBe(400);
    expect(body.errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it('a port of another organization is a 404', async () => {
    const other = await createTenant(stack, [
      { ocppId: uniqueOcppId('OTHER'), name: 'Other', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
    ]);
    const { status } = await post('/api/ocpp/remote-start', { portId: other.chargers[0]!.ports[0]!.id });
    expect(status).toBe(404);
  });
});
