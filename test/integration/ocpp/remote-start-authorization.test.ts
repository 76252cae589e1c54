/**
 * A tag the operator remote-started on a charger is Accepted there, though no access ID has it:
 * a charger authorizes a remote start's tag before it starts (1.6 AuthorizeRemoteTxRequests, 2.0.1
 * AuthorizeRemoteStart) and stops a transaction whose tag is not Accepted (1.6
 * StopTransactionOnInvalidId, 2.0.1 StopTxOnInvalidId). Only on that charger, and only while the
 * remote start waits for its session or its session runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RPCClient } from 'ocpp-rpc';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { connectCharger } from '../support/ocpp';
import type { LocalStack } from '../../../lib/local/stack';

let stack: LocalStack;
let tenant: Tenant;
let started: RPCClient;
let bystander: RPCClient;
const ocppIds = [uniqueOcppId('RSA'), uniqueOcppId('RSB')] as const;

beforeAll(async () => {
  stack = await startTestStack();
  tenant = await createTenant(stack, [
    { ocppId: ocppIds[0], name: 'Remote started', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
    { ocppId: ocppIds[1], name: 'Bystander', type: 'DCFC', ports: [{ connectorType: 'CCS1' }] },
  ]);
  started = await connectCharger(stack, ocppIds[0], 'ocpp1.6');
  bystander = await connectCharger(stack, ocppIds[1], 'ocpp2.0.1');
  started.handle('RemoteStartTransaction', async () => ({ status: 'Accepted' }));
  bystander.handle('RequestStartTransaction', async () => ({ status: 'Accepted' }));
});
afterAll(async () => {
  await Promise.all([started?.close(), bystander?.close()]);
  await stack?.close();
});

const authorize16 = async (idTag: string) => ((await started.call('Authorize', { idTag })) as any).idTagInfo.status;
const authorize201 = async (idToken: string) =>
  ((await bystander.call('Authorize', { idToken: { idToken, type: 'ISO14443' } })) as any).idTokenInfo.status;

describe('remote-started tags', () => {
  it('a tag no access ID has is Invalid, until the operator remote-starts it on that charger', async () => {
    expect(await authorize16('DRIVER-X')).toBe('Invalid');
    const { status, body } = await api(stack, '/api/ocpp/remote-start', {
      key: tenant.apiKey,
      method: 'POST',
      body: { portId: tenant.chargers[0]!.ports[0]!.id, idTag: 'DRIVER-X' },
    });
    expect([status, body.data.status]).toEqual([200, 'Accepted']);

    expect(await authorize16('driver-x')).toBe('Accepted'); // tags compare normalised
    expect(await authorize16('DRIVER-Y')).toBe('Invalid');
    expect(await authorize201('DRIVER-X')).toBe('Invalid'); // not remote-started on this charger
  });

  it('its session is Accepted from start to stop, and the tag is Invalid again after', async () => {
    const start: any = await started.call('StartTransaction', {
      connectorId: 1,
      idTag: 'DRIVER-X',
      meterStart: 0,
      timestamp: new Date().toISOString(),
    });
    expect(start.idTagInfo.status).toBe('Accepted');
    expect(await authorize16('DRIVER-X')).toBe('Accepted');
    const stop: any = await started.call('StopTransaction', {
      transactionId: start.transactionId,
      idTag: 'DRIVER-X',
      meterStop: 100,
      timestamp: new Date().toISOString(),
    });
    expect(stop.idTagInfo.status).toBe('Accepted');
    expect(await authorize16('DRIVER-X')).toBe('Invalid');
  });

  it("a 2.0.1 session of a remote start whose events name no idToken takes the remote start's tag", async () => {
    const port = tenant.chargers[1]!.ports[0]!;
    const { body } = await api(stack, '/api/ocpp/remote-start', {
      key: tenant.apiKey,
      method: 'POST',
      body: { portId: port.id, idTag: 'DRIVER-Z' },
    });
    expect(body.data.status).toBe('Accepted');
    await bystander.call('TransactionEvent', {
      eventType: 'Started',
      timestamp: new Date().toISOString(),
      triggerReason: 'RemoteStart',
      seqNo: 0,
      transactionInfo: { transactionId: 'tx-z', remoteStartId: body.data.remoteStartId },
      evse: { id: 1, connectorId: 1 },
    });
    const charger = await api(stack, `/api/chargers/${tenant.chargers[1]!.id}`, { key: tenant.apiKey });
    expect(charger.body.data.ports[0].currentChargingSession).toMatchObject({ ocppIdTag: 'DRIVER-Z' });
    const { data: session } = await stack.db.chargingSession
      .get({ chargerId: tenant.chargers[1]!.id, ocppTransactionId: 'tx-z' })
      .go();
    expect(session).toMatchObject({ idTag: 'DRIVER-Z', remoteStartId: body.data.remoteStartId });
  });
});
