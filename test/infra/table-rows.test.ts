/**
 * Least privilege by row: the `dynamodb:LeadingKeys` patterns of `lib/aws/table-rows.ts`
 * checked against partition keys that ElectroDB itself builds for every entity (so a change of the
 * key design breaks this test, not production), and the synthesised policies checked for what
 * each function can and cannot write. `table-rows.recorded.test.ts` checks the writes the handlers
 * really make.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { createEntities } from '../../shared/db/entities';
import { HTTP_FUNCTIONS, httpHandlerEntry, type HttpFunctionName } from '../../shared/api/routes';
import { HTTP_FUNCTION_WRITES } from '../../lib/aws/http-api';
import { OCPP_FUNCTIONS } from '../../lib/aws/ocpp-api';
import { counterRow, ROWS, type ItemWriteAction } from '../../lib/aws/table-rows';
import { allowsWrite, leadingKeyPatterns, matchesStringLike } from './support/iam';
import { synthesise } from './support/template';

const client = DynamoDBDocumentClient.from(
  new DynamoDBClient({ region: 'local', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } }),
);
const db = createEntities(client, 'rows');

/** The partition key ElectroDB builds for an item of `entity` with key attributes `key` (no request is sent). */
const pk = (entity: { get(key: never): { params(): { Key: { pk: string } } } }, key: object) =>
  entity.get(key as never).params().Key.pk;

/** A partition key of every kind of item, as the data layer writes it. */
const KEYS = {
  rateLimitWindow: pk(db.rateLimitWindow, { keyHash: 'ab12cd', window: 29_123_456 }),
  apiKey: pk(db.apiKey, { keyHash: 'ab12cd' }),
  counterOfSessions: pk(db.counter, { name: 'chargingSession' }),
  counterOfApiKeys: pk(db.counter, { name: 'apiKey' }),
  organization: pk(db.organization, { organizationId: 7 }),
  vehicle: pk(db.vehicle, { organizationId: 7, vehicleId: 12 }),
  customer: pk(db.customer, { organizationId: 7, nameKey: 'city transit' }),
  reservation: pk(db.reservation, { organizationId: 7, reservationId: 1001 }),
  accessId: pk(db.accessId, { organizationId: 7, ocppIdTag: 'DEADBEEF0012' }),
  vehiclePlan: pk(db.departurePlan, { organizationId: 7, owner: 'vehicle:12' }),
  vinPlan: pk(db.departurePlan, { organizationId: 7, owner: 'vin:LBYK9000000000012' }),
  departure: pk(db.departure, {
    organizationId: 7,
    owner: 'vehicle:12',
    departureTime: '2030-01-01T06:00:00.000Z',
    departureId: 3,
  }),
  site: pk(db.site, { siteId: 3 }),
  sitePowerLimit: pk(db.sitePowerLimit, { siteId: 3, type: 'capacity' }),
  siteTariff: pk(db.siteTariff, { siteId: 3 }),
  charger: pk(db.charger, { chargerId: 4 }),
  port: pk(db.port, { chargerId: 4, portNumber: 2 }),
  portLocation: pk(db.portLocation, { portId: 9 }),
  session16: pk(db.chargingSession, { chargerId: 4, ocppTransactionId: '17' }),
  session201: pk(db.chargingSession, { chargerId: 4, ocppTransactionId: 'tx-5f1e#a' }),
  connection: pk(db.connection, { connectionId: 'Xyz1AbCdIAMCJ5A=' }),
  ocppIdMarker: pk(db.uniqueValue, { constraint: 'chargerOcppId', value: 'CP-1' }),
  externalIdMarker: pk(db.uniqueValue, { constraint: 'chargerExternalId:7', value: 'NY-7' }),
  vehicleNameMarker: pk(db.uniqueValue, { constraint: 'vehicleName:7', value: 'bus 12' }),
  vehicleVinMarker: pk(db.uniqueValue, { constraint: 'vehicleVin:7', value: 'LBYK9000000000012' }),
  sessionRecord: pk(db.sessionRecord, { sessionId: 17 }),
  sessionSlot: pk(db.sessionSlot, { sessionId: 17, chargerId: 4, slot: '2026-11-21T08:00:00.000Z' }),
  chargerHistory: pk(db.chargerHistory, { month: '2026-11', siteId: 3, day: '2026-11-21', chargerId: 4, part: 0 }),
  chargerError: pk(db.chargerError, {
    timestamp: '2026-11-21T09:00:00.000Z',
    chargerId: 4,
    portNumber: 1,
    ocppErrorCode: 'GroundFailure',
  }),
  ocppMessage: pk(db.ocppMessage, {
    day: '2026-11-21',
    chargerId: 4,
    createdAt: '2026-11-21T09:00:00.000Z',
    messageId: 'm1',
  }),
  requestLease: pk(db.requestLease, { keyHash: 'ab12cd', name: 'intervals' }),
  alert: pk(db.alert, { alertId: 31 }),
  activeAlertMarker: pk(db.uniqueValue, { constraint: 'activeAlert:7', value: 'offlineCharger:charger:4' }),
};
type KeyName = keyof typeof KEYS;

/** The kinds of items whose partition key matches `pattern`. */
const matched = (pattern: string) =>
  (Object.keys(KEYS) as KeyName[]).filter((name) => matchesStringLike(pattern, KEYS[name]));

describe('row patterns against the keys ElectroDB builds', () => {
  it.each<[keyof typeof ROWS, KeyName[]]>([
    ['rateLimitWindows', ['rateLimitWindow']],
    // The organization partition pattern cannot exclude the reservations' longer keys.
    ['organizations', ['organization', 'vehicle', 'customer', 'reservation']],
    ['reservations', ['reservation']],
    ['accessIds', ['accessId']],
    ['departures', ['vehiclePlan', 'vinPlan', 'departure']],
    ['sites', ['site', 'sitePowerLimit', 'siteTariff']],
    ['chargers', ['charger', 'port']],
    ['portLocations', ['portLocation']],
    ['chargingSessions', ['session16', 'session201']],
    ['connections', ['connection']],
    ['vehicleNameMarkers', ['vehicleNameMarker']],
    ['vehicleVinMarkers', ['vehicleVinMarker']],
    ['sessionHistory', ['sessionRecord', 'sessionSlot']],
    ['chargerHistory', ['chargerHistory']],
    ['chargerErrors', ['chargerError']],
    ['ocppMessages', ['ocppMessage']],
    ['requestLeases', ['requestLease']],
    ['alerts', ['alert']],
    ['activeAlertMarkers', ['activeAlertMarker']],
  ])('%s matches exactly %j', (row, kinds) => {
    expect(matched(ROWS[row])).toEqual(kinds);
  });

  it('gives each ID counter its own exact key', () => {
    expect(counterRow('chargingSession')).toBe(KEYS.counterOfSessions);
    expect(matched(counterRow('chargingSession'))).toEqual(['counterOfSessions']);
  });

  it('has no pattern for API keys, OCPP identity or external ID markers, or the API key counter', () => {
    const patterns = [...Object.values(ROWS), counterRow('chargingSession')];
    for (const kind of ['apiKey', 'ocppIdMarker', 'externalIdMarker', 'counterOfApiKeys'] as const) {
      expect(
        patterns.filter((p) => matchesStringLike(p, KEYS[kind])),
        kind,
      ).toEqual([]);
    }
  });
});

describe('row grants in the synthesised policies', () => {
  const { statementsOf } = synthesise();
  const WRITES: ItemWriteAction[] = [
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
  ];
  const entries = [
    ...(Object.keys(HTTP_FUNCTIONS) as HttpFunctionName[]).map(
      (name) => [httpHandlerEntry(name), HTTP_FUNCTION_WRITES[name]] as const,
    ),
    ...Object.entries(OCPP_FUNCTIONS).map(([name, spec]) => [`lambdas/ocpp/${name}.ts`, spec.writes] as const),
  ];
  /** Whether the function bundled from `entry` may `action` the item kinds `kinds`. */
  const can = (entry: string, action: ItemWriteAction, kind: KeyName) =>
    allowsWrite(statementsOf(entry), action, [KEYS[kind]]);

  it.each(entries)('confines every write of %s to its rows, as declared', (entry, declared) => {
    const writeStatements = statementsOf(entry).filter((s) =>
      [s.Action].flat().some((a) => WRITES.includes(a as ItemWriteAction)),
    );
    for (const statement of writeStatements)
      expect(leadingKeyPatterns(statement), JSON.stringify(statement)).toBeDefined();
    const granted: Record<string, string[]> = {};
    for (const statement of writeStatements) {
      for (const action of [statement.Action].flat())
        granted[action] = [...(granted[action] ?? []), ...leadingKeyPatterns(statement)!].sort();
    }
    const expected = Object.fromEntries(Object.entries(declared).map(([action, rows]) => [action, [...rows].sort()]));
    expect(granted).toEqual(expected);
  });

  it('lets no function write an API key, an OCPP identity marker or the API key counter', () => {
    for (const [entry] of entries) {
      for (const action of WRITES) {
        for (const kind of ['apiKey', 'ocppIdMarker', 'externalIdMarker', 'counterOfApiKeys'] as const) {
          expect(can(entry, action, kind), `${entry} ${action} ${kind}`).toBe(false);
        }
      }
    }
  });

  it('lets the read functions update only rate-limit windows', () => {
    for (const entry of ['lambdas/http/chargers.ts', 'lambdas/http/sites.ts']) {
      expect(can(entry, 'dynamodb:UpdateItem', 'rateLimitWindow')).toBe(true);
      for (const kind of Object.keys(KEYS) as KeyName[]) {
        if (kind !== 'rateLimitWindow') expect(can(entry, 'dynamodb:UpdateItem', kind), `${entry} ${kind}`).toBe(false);
      }
    }
  });

  it("keeps the charger-facing functions out of tenants' configuration", () => {
    const configuration: KeyName[] = [
      'organization',
      'vehicle',
      'customer',
      'accessId',
      'vehiclePlan',
      'site',
      'sitePowerLimit',
      'siteTariff',
    ];
    for (const name of Object.keys(OCPP_FUNCTIONS)) {
      for (const action of WRITES) {
        for (const kind of configuration)
          expect(can(`lambdas/ocpp/${name}.ts`, action, kind), `${name} ${action} ${kind}`).toBe(false);
      }
    }
    expect(can('lambdas/ocpp/message.ts', 'dynamodb:UpdateItem', 'port')).toBe(true);
    expect(can('lambdas/ocpp/message.ts', 'dynamodb:DeleteItem', 'port')).toBe(false);
  });

  it('keeps the HTTP functions away from connection records and sessions', () => {
    for (const name of Object.keys(HTTP_FUNCTIONS) as HttpFunctionName[]) {
      for (const action of WRITES) {
        for (const kind of ['connection', 'session16', 'session201'] as const) {
          expect(can(httpHandlerEntry(name), action, kind), `${name} ${action} ${kind}`).toBe(false);
        }
      }
    }
  });
});
