import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { connectRaw, type BaseProtocol, type RawCharger } from '../support/ocpp';
import type { LocalStack } from '../../../lib/local/stack';

let stack: LocalStack;
let tenant: Tenant;
const ids = { 'ocpp1.6': uniqueOcppId('BAD16'), 'ocpp2.0.1': uniqueOcppId('BAD201') };

beforeAll(async () => {
  stack = await startTestStack();
  tenant = await createTenant(stack, [
    {
      ocppId: ids['ocpp1.6'],
      name: 'Bad 1.6',
      type: 'Level 2',
      manufacturer: 'Original',
      ports: [{ connectorType: 'J1772' }],
    },
    {
      ocppId: ids['ocpp2.0.1'],
      name: 'Bad 2.0.1',
      type: 'Level 2',
      manufacturer: 'Original',
      ports: [{ connectorType: 'J1772' }],
    },
  ]);
});
afterAll(async () => stack?.close());

// [frame text, expected messageId, 1.6 code, 2.0.1 code]
const bootWith = (payload: unknown) => JSON.stringify([2, 'm1', 'BootNotification', payload]);
const cases: [string, string, string, string, string][] = [
  ['not JSON', '[2, "m1", "Heartbeat", {', '-1', 'FormationViolation', 'RpcFrameworkError'],
  ['JSON that is not an array', '{"action":"Heartbeat"}', '-1', 'FormationViolation', 'RpcFrameworkError'],
  ['a numeric message ID', '[2, 17, "Heartbeat", {}]', '-1', 'FormationViolation', 'RpcFrameworkError'],
  ['an unknown message type', '[7, "m1", "Heartbeat", {}]', 'm1', 'ProtocolError', 'MessageTypeNotSupported'],
  ['a CALL with a missing payload', '[2, "m1", "Heartbeat"]', 'm1', 'FormationViolation', 'FormatViolation'],
  ['a payload that is not an object', '[2, "m1", "Heartbeat", [1]]', 'm1', 'FormationViolation', 'FormatViolation'],
  ['an unknown action', '[2, "m1", "MakeCoffee", {}]', 'm1', 'NotImplemented', 'NotImplemented'],
  ['an action only a CSMS may send', '[2, "m1", "Reset", {"type": "Hard"}]', 'm1', 'NotSupported', 'NotSupported'],
];
const schemaCases: Record<BaseProtocol, [string, unknown, string][]> = {
  'ocpp1.6': [
    ['a missing required field', { chargePointVendor: 'Evil' }, 'OccurenceConstraintViolation'],
    ['a field of the wrong type', { chargePointVendor: 'Evil', chargePointModel: 42 }, 'TypeConstraintViolation'],
    ['an unknown field', { chargePointVendor: 'Evil', chargePointModel: 'M', colour: 'red' }, 'FormationViolation'],
    [
      'a field that is too long',
      { chargePointVendor: 'E'.repeat(21), chargePointModel: 'M' },
      'PropertyConstraintViolation',
    ],
  ],
  'ocpp2.0.1': [
    ['a missing required field', { reason: 'PowerUp' }, 'OccurrenceConstraintViolation'],
    [
      'a field of the wrong type',
      { reason: 'PowerUp', chargingStation: { model: 1, vendorName: 'Evil' } },
      'TypeConstraintViolation',
    ],
    [
      'an unknown field',
      { reason: 'PowerUp', chargingStation: { model: 'M', vendorName: 'Evil' }, colour: 'red' },
      'FormatViolation',
    ],
    [
      'a value outside its enumeration',
      { reason: 'Bored', chargingStation: { model: 'M', vendorName: 'Evil' } },
      'PropertyConstraintViolation',
    ],
  ],
};

describe.each(['ocpp1.6', 'ocpp2.0.1'] as const)('malformed frames over %s', (protocol) => {
  let raw: RawCharger;
  beforeAll(async () => {
    raw = await connectRaw(stack, ids[protocol], protocol);
  });
  afterAll(async () => raw?.close());

  it.each(cases)(
    "answers %s with the version's CALLERROR and keeps the connection open",
    async (_name, text, messageId, code16, code201) => {
      const reply = (await raw.exchange(text)) as unknown[];
      expect(reply.slice(0, 3)).toEqual([4, messageId, protocol === 'ocpp1.6' ? code16 : code201]);
      expect(typeof reply[3]).toBe('string');
      expect(reply[4]).toEqual(expect.any(Object));
      expect(await raw.exchange('[2, "alive", "Heartbeat", {}]')).toEqual([
        3,
        'alive',
        { currentTime: expect.any(String) },
      ]);
    },
  );

  it.each(schemaCases[protocol])(
    'answers a BootNotification with %s by its CALLERROR code and stores nothing',
    async (_name, payload, code) => {
      const reply = (await raw.exchange(bootWith(payload))) as unknown[];
      expect(reply.slice(0, 3)).toEqual([4, 'm1', code]);
      const charger = (await api(stack, `/api/chargers/by-ocpp-id/${ids[protocol]}`, { key: tenant.apiKey })).body.data;
      expect(charger.manufacturer).toBe('Original');
    },
  );
});
