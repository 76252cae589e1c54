import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { connectCharger } from '../support/ocpp';
import type { LocalStack } from '../../../lib/local/stack';

let stack: LocalStack;
let tenant: Tenant;
const ids = { 'ocpp1.6': uniqueOcppId('AUTH16'), 'ocpp2.0.1': uniqueOcppId('AUTH201') };

beforeAll(async () => {
  stack = await startTestStack();
  tenant = await createTenant(stack, [
    { ocppId: ids['ocpp1.6'], name: 'Auth 1.6', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
    { ocppId: ids['ocpp2.0.1'], name: 'Auth 2.0.1', type: 'DCFC', ports: [{ connectorType: 'CCS1' }] },
  ]);
});
afterAll(async () => stack?.close());

const call = (method: string, path: string, body?: unknown) => api(stack, path, { key: tenant.apiKey, method, body });

describe.each(['ocpp1.6', 'ocpp2.0.1'] as const)('charger authorization from access IDs over %s', (protocol) => {
  const v16 = protocol === 'ocpp1.6';
  const authorize = async (client: any, tag: string) =>
    v16
      ? (await client.call('Authorize', { idTag: tag })).idTagInfo.status
      : (await client.call('Authorize', { idToken: { idToken: tag, type: 'ISO14443' } })).idTokenInfo.status;

  it('answers Accepted, Blocked after a revoke, Accepted again after re-authorizing, and Invalid for unknown tags (normalised)', async () => {
    const tag = `${protocol === 'ocpp1.6' ? 'a1' : 'b2'}:c3:d4:e5`;
    const created = await call('POST', '/api/access-ids', {
      accessId: { type: 'RFID', name: `Card ${protocol}`, ocppIdTag: tag },
    });
    const client = await connectCharger(stack, ids[protocol], protocol);
    try {
      const sent = tag.replace(/:/g, '').toLowerCase();
      expect(await authorize(client, sent)).toBe('Accepted');
      await call('PATCH', `/api/access-ids/${created.body.accessId.id}`, {
        accessId: { authorizationStatus: 'Revoked' },
      });
      expect(await authorize(client, sent)).toBe('Blocked');
      await call('PATCH', `/api/access-ids/${created.body.accessId.id}`, {
        accessId: { authorizationStatus: 'Authorized' },
      });
      expect(await authorize(client, sent)).toBe('Accepted');
      expect(await authorize(client, 'NOBODY')).toBe('Invalid');
    } finally {
      await client.close();
    }
  });

  it('shows who is charging: an RFID card attached to a vehicle gives rfid, vehicle and customer', async () => {
    const van = await call('POST', '/api/vehicles', {
      vehicle: { name: `Van ${protocol}`, make: 'Ford', model: 'E-Transit', vin: `VIN${v16 ? 16 : 201}` },
    });
    const card = await call('POST', '/api/access-ids', {
      accessId: {
        type: 'RFID',
        name: `Driver card ${protocol}`,
        ocppIdTag: `DRIVER-${v16 ? 16 : 201}`,
        customer: { name: 'Fleet Co' },
      },
    });
    await call('PATCH', `/api/vehicles/${van.body.vehicle.id}`, {
      vehicle: { accessIds: [{ ocppIdTag: card.body.accessId.ocppIdTag }] },
    });
    const client = await connectCharger(stack, ids[protocol], protocol);
    try {
      const tag = card.body.accessId.ocppIdTag.toLowerCase();
      if (v16) {
        const reply: any = await client.call('StartTransaction', {
          connectorId: 1,
          idTag: tag,
          meterStart: 0,
          timestamp: new Date().toISOString(),
        });
        expect(reply.idTagInfo.status).toBe('Accepted');
      } else {
        const reply: any = await client.call('TransactionEvent', {
          eventType: 'Started',
          timestamp: new Date().toISOString(),
          triggerReason: 'Authorized',
          seqNo: 0,
          transactionInfo: { transactionId: 'who-1' },
          evse: { id: 1, connectorId: 1 },
          idToken: { idToken: tag, type: 'ISO14443' },
        });
        expect(reply.idTokenInfo.status).toBe('Accepted');
      }
      const charger = (await call('GET', `/api/chargers/${tenant.chargers[v16 ? 0 : 1]!.id}`)).body.data;
      expect(charger.ports[0].currentChargingSession).toMatchObject({
        ocppIdTag: tag,
        rfid: { id: card.body.accessId.id, name: `Driver card ${protocol}` },
        vehicle: {
          id: van.body.vehicle.id,
          make: 'Ford',
          model: 'E-Transit',
          name: `Van ${protocol}`,
          vin: `VIN${v16 ? 16 : 201}`,
        },
        customer: { name: 'Fleet Co' },
      });
    } finally {
      await client.close();
    }
  });
});
