import { describe, expect, it } from 'vitest';
import { dispatchMessage } from '../../../shared/ocpp/dispatch';
import { HandlerRegistry, ocpp16, ocpp201 } from '../../../shared/ocpp/handler';
import { PortNumberError } from '../../../shared/charging/errors';
import type { ChargerConnection } from '../../../shared/charging/charger-connection';
import type { Db } from '../../../shared/db';
import * as V16 from '../../../shared/ocpp/validators/v16';
import * as V201 from '../../../shared/ocpp/validators/v201';

const connection = (protocol: ChargerConnection['protocol']) =>
  ({
    connectionId: 'c',
    chargerId: 1,
    organizationId: 1,
    siteId: 1,
    chargerType: 'DCFC',
    ocppId: 'CP',
    protocol,
  }) as ChargerConnection;
const refusePort = async () => {
  throw new PortNumberError(99, 'too high');
};
const registries = {
  'ocpp1.6': new HandlerRegistry('ocpp1.6', [ocpp16(V16.StatusNotification, refusePort)]),
  'ocpp2.0.1': new HandlerRegistry('ocpp2.0.1', [
    ocpp201(V201.TransactionEvent, refusePort),
    ocpp201(V201.StatusNotification, refusePort),
  ]),
  'ocpp2.1': new HandlerRegistry('ocpp2.1', []),
};
const deps = (onReply?: () => Promise<void>) => ({ db: {} as Db, registries, onReply });
const at = '2026-11-21T10:00:00.000Z';

describe('dispatchMessage', () => {
  it('answers a reply frame whose handling fails with nothing (a CALLRESULT is never answered)', async () => {
    const failing = async () => {
      throw new Error('ValidationException: Number overflow');
    };
    expect(await dispatchMessage(deps(failing), connection('ocpp2.0.1'), '[3,"x",{"n":1.5e-323}]', at)).toBeUndefined();
    expect(
      await dispatchMessage(deps(failing), connection('ocpp1.6'), '[4,"x","GenericError","",{}]', at),
    ).toBeUndefined();
  });

  it('answers a domain refusal of a port number with PropertyConstraintViolation naming the OCPP field', async () => {
    const status16 = { connectorId: 99, errorCode: 'NoError', status: 'Available' };
    const reply16 = await dispatchMessage(
      deps(),
      connection('ocpp1.6'),
      JSON.stringify([2, 'a', 'StatusNotification', status16]),
      at,
    );
    expect(JSON.parse(reply16!)).toEqual([
      4,
      'a',
      'PropertyConstraintViolation',
      expect.stringMatching(/99/),
      { field: 'connectorId' },
    ]);
    const status201 = { timestamp: at, connectorStatus: 'Available', evseId: 99, connectorId: 1 };
    const reply201 = await dispatchMessage(
      deps(),
      connection('ocpp2.0.1'),
      JSON.stringify([2, 'b', 'StatusNotification', status201]),
      at,
    );
    expect(JSON.parse(reply201!)[4]).toEqual({ field: 'evseId' });
    const event = {
      eventType: 'Started',
      timestamp: at,
      triggerReason: 'Authorized',
      seqNo: 0,
      transactionInfo: { transactionId: 't' },
      evse: { id: 99 },
    };
    const reply = await dispatchMessage(
      deps(),
      connection('ocpp2.0.1'),
      JSON.stringify([2, 'c', 'TransactionEvent', event]),
      at,
    );
    expect(JSON.parse(reply!)[4]).toEqual({ field: 'evse.id' });
  });
});
