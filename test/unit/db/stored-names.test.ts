/**
 * The code names an OCPP transaction id `ocppTransactionId`; the table stores it as `transactionKey`
 * (items written before the rename, the IAM patterns of lib/aws/table-rows.ts). These are the
 * requests ElectroDB builds, so a change of the stored form fails here before it reaches a table.
 */
import { describe, expect, it } from 'vitest';
import { mockedDb } from './mock-table';

const { db } = mockedDb();

describe('stored names of the OCPP transaction id', () => {
  it('keys a session by `transactionKey` and stores the attribute under that name', () => {
    expect(db.chargingSession.get({ chargerId: 4, ocppTransactionId: 'tx-5f1e' }).params().Key).toEqual({
      pk: '$cn#chargerId_4#transactionKey_tx-5f1e',
      sk: '$chargingsession_1',
    });
    const { Item } = db.chargingSession
      .put({
        chargerId: 4,
        ocppTransactionId: '17',
        sessionId: 9,
        organizationId: 7,
        siteId: 3,
        portId: 11,
        portNumber: 1,
        ocppProtocol: 'ocpp1.6',
        startTime: '2024-01-01T00:00:00.000Z',
        meterStartWh: 5,
        status: 'InProgress',
        updatedAt: '2024-01-01T00:00:00.000Z',
      })
      .params();
    expect(Item).toMatchObject({ transactionKey: '17', pk: '$cn#chargerId_4#transactionKey_17' });
    expect(Item).not.toHaveProperty('ocppTransactionId');
  });

  it("stores the port readings' and the port's current session's under `transactionKey`", () => {
    const readings = db.portReadings
      .put({ chargerId: 4, portNumber: 1, sessionId: 9, ocppTransactionId: '17' })
      .params();
    expect(readings.Item).toMatchObject({ transactionKey: '17' });
    expect(readings.Item).not.toHaveProperty('ocppTransactionId');
    const condition = db.port
      .patch({ chargerId: 4, portNumber: 1 })
      .set({ portId: 11 })
      .where(({ currentChargingSession }, { eq }) => eq(currentChargingSession.ocppTransactionId, '17'))
      .params();
    expect(Object.values(condition.ExpressionAttributeNames)).toContain('transactionKey');
    expect(Object.values(condition.ExpressionAttributeNames)).not.toContain('ocppTransactionId');
  });
});
