import { describe, expect, it } from 'vitest';
import { createDocumentClient, createEntities, type Db } from '../../../shared/db';
import type { TableChange } from '../../../shared/db/table-changes';
import { NOTIFYING_ENTITIES, tableEventsOf } from '../../../shared/events/table-events';

// Images as the stream carries them: the items ElectroDB writes (field names, keys, entity name).
const db: Db = createEntities(createDocumentClient({ endpoint: 'http://127.0.0.1:9', region: 'local' }), 'unit');
type Item = Record<string, unknown>;
const stored = (params: { Item?: unknown }) => params.Item as Item;

const T0 = '2026-11-28T01:00:00.000Z';
const T1 = '2026-11-28T02:00:00.000Z';

const sessionInProgress = {
  chargerId: 9,
  ocppTransactionId: '17',
  sessionId: 55,
  organizationId: 3,
  siteId: 4,
  portId: 90,
  portNumber: 1,
  ocppProtocol: 'ocpp1.6' as const,
  startTime: T0,
  idTag: 'TAG1',
  meterStartWh: 1000,
  vehicleId: 12,
  status: 'InProgress' as 'InProgress' | 'Completed',
  updatedAt: T0,
};
const session = (fields: Partial<typeof sessionInProgress> & Item = {}) =>
  stored(db.chargingSession.put({ ...sessionInProgress, ...fields }).params());
const ended = session({
  status: 'Completed',
  endTime: T1,
  meterStopWh: 21_000,
  energyDeliveredKwh: 20,
  stopReason: 'EVDisconnected',
  updatedAt: T1,
});

const chargerFields = {
  chargerId: 9,
  organizationId: 3,
  organizationName: 'Fleet',
  siteId: 4,
  siteName: 'Depot',
  siteTimezone: 'Europe/Paris',
  name: 'Bay 1',
  type: 'Level 2' as const,
  ocppId: 'CP-9',
  createdAt: T0,
  updatedAt: T0,
};
const charger = (fields: Item = {}) => stored(db.charger.put({ ...chargerFields, ...fields }).params());
const connected = (connectionId: string, at: string) =>
  charger({
    connectionStatus: { status: 'Connected', timestamp: at },
    currentConnectionId: connectionId,
    ocppProtocol: 'ocpp1.6',
  });
const disconnected = (at: string) => charger({ connectionStatus: { status: 'Disconnected', timestamp: at } });

const port = (fields: Item = {}) =>
  stored(
    db.port
      .put({
        chargerId: 9,
        portNumber: 2,
        portId: 91,
        organizationId: 3,
        name: 'Port 2',
        connectorType: 'CCS1',
        createdAt: T0,
        ...fields,
      })
      .params(),
  );
const status = (value: string, timestamp: string, errorCode = 'NoError') => ({ status: value, timestamp, errorCode });

const operation = (status: 'pending' | 'completed' | 'failed' | 'partial', fields: Item = {}) =>
  stored(
    db.chargerOperation
      .put({
        operationId: '0193a1b2-0000-7000-8000-000000000001',
        organizationId: 3,
        siteId: 4,
        chargerIds: [9],
        action: 'reset',
        request: { chargerIds: [9], type: 'Soft' },
        requestedBy: { apiKeyId: 5 },
        status,
        createdAt: T0,
        updatedAt: status === 'pending' ? T0 : T1,
        deadlineAt: T1,
        results: [{ chargerId: 9, ocppId: 'CP-9', status: status === 'pending' ? 'pending' : 'accepted' }],
        ...(status === 'pending' ? {} : { completedAt: T1 }),
        ...fields,
      })
      .params(),
  );

const insert = (newImage: Item): TableChange => ({ eventName: 'INSERT', newImage });
const modify = (oldImage: Item, newImage: Item): TableChange => ({ eventName: 'MODIFY', oldImage, newImage });

describe('events from the table changes', () => {
  it('the images are the stored items (entity name, stored field names)', () => {
    expect(session().__edb_e__).toBe('chargingSession');
    expect(session().transactionKey).toBe('17');
    expect(NOTIFYING_ENTITIES).toEqual(
      expect.arrayContaining(['chargingSession', 'charger', 'port', 'chargerOperation']),
    );
  });

  it('a session started and ended: one event each, in the sessions API names, at the session times', () => {
    const events = tableEventsOf([insert(session()), modify(session(), ended)]);
    expect(events.map((e) => [e.type, e.timestamp, e.organizationId, e.siteId])).toEqual([
      ['session.started', T0, 3, 4],
      ['session.ended', T1, 3, 4],
    ]);
    expect(events[0]?.data).toEqual({
      id: 55,
      status: 'InProgress',
      startTime: T0,
      endTime: null,
      energyDeliveredKwh: null,
      socStartPercent: null,
      socEndPercent: null,
      stopReason: null,
      ocppIdTag: 'TAG1',
      ocppTransactionId: 17,
      site: { id: 4 },
      charger: { id: 9 },
      port: { id: 90, portNumber: 1 },
      vehicle: { id: 12 },
    });
    expect(events[1]?.data).toMatchObject({
      status: 'Completed',
      endTime: T1,
      energyDeliveredKwh: 20,
      stopReason: 'EVDisconnected',
    });
  });

  it('meter values, a superseded session finished later and a session removed yield nothing', () => {
    const readings = modify(session(), session({ socStartPercent: 40, updatedAt: T1 }));
    const superseded = session({ status: 'Completed', endTime: T1, stopReason: 'Superseded', energyDeliveredKwh: 0 });
    const finishedLater = modify(superseded, { ...superseded, stopReason: 'Local', energyDeliveredKwh: 3 });
    expect(tableEventsOf([readings, finishedLater, { eventName: 'REMOVE', oldImage: session() }])).toEqual([]);
  });

  it('a transactionId used again: the archived copy yields nothing, the new session starts', () => {
    const archived = stored(
      db.chargingSession
        .put({ ...sessionInProgress, ...ended, ocppTransactionId: '17#55', status: 'Completed' })
        .params(),
    );
    const reused = session({ sessionId: 56, startTime: T1, updatedAt: T1 });
    const events = tableEventsOf([insert(archived), modify(ended, reused)]);
    expect(events.map((e) => [e.type, e.data.id])).toEqual([['session.started', 56]]);
  });

  it('a non-numeric 2.0.1 transactionId is null, as the sessions API shows it', () => {
    const [event] = tableEventsOf([insert(session({ ocppTransactionId: 'a1-b2' }))]);
    expect(event?.data.ocppTransactionId).toBeNull();
  });

  it('a charger connecting, reconnecting on a new connection and disconnecting; not its heartbeats or command lane', () => {
    const events = tableEventsOf([
      modify(charger(), connected('c1', T0)),
      modify(connected('c1', T0), connected('c2', T1)),
      modify(connected('c2', T1), disconnected(T1)),
    ]);
    expect(events.map((e) => [e.type, e.timestamp])).toEqual([
      ['charger.connected', T0],
      ['charger.connected', T1],
      ['charger.disconnected', T1],
    ]);
    expect(events[0]?.data).toEqual({
      charger: { id: 9, ocppId: 'CP-9', name: 'Bay 1' },
      site: { id: 4 },
      connectionStatus: { status: 'Connected', timestamp: T0 },
      ocppProtocol: 'ocpp1.6',
    });
    expect(events[2]?.data.ocppProtocol).toBeNull();
    const lane = modify(connected('c1', T0), { ...connected('c1', T0), commandsIssued: 3, updatedAt: T1 });
    const boot = modify(connected('c1', T0), { ...connected('c1', T0), lastBootAt: T1 });
    const alreadyDown = modify(disconnected(T0), disconnected(T1));
    expect(tableEventsOf([lane, boot, alreadyDown])).toEqual([]);
  });

  it("a port's status change, with the previous status; a repeated status is no change, a new error code is", () => {
    const available = port({ ocppStatus: status('Available', T0) });
    const charging = port({ ocppStatus: status('Charging', T1) });
    const events = tableEventsOf([
      insert(available),
      modify(available, charging),
      modify(charging, port({ ocppStatus: status('Charging', '2026-11-28T02:05:00.000Z') })),
      modify(charging, port({ ocppStatus: status('Charging', T1, 'GroundFailure') })),
    ]);
    expect(events.map((e) => [e.type, e.timestamp, e.siteId])).toEqual([
      ['charger.status_changed', T0, undefined],
      ['charger.status_changed', T1, undefined],
      ['charger.status_changed', T1, undefined],
    ]);
    expect(events[1]?.data).toEqual({
      charger: { id: 9, ocppId: null },
      site: null,
      port: { id: 91, portNumber: 2 },
      ocppStatus: { status: 'Charging', errorCode: 'NoError', vendorErrorCode: null, info: null, timestamp: T1 },
      previousOcppStatus: {
        status: 'Available',
        errorCode: 'NoError',
        vendorErrorCode: null,
        info: null,
        timestamp: T0,
      },
    });
    expect(events[2]?.data.ocppStatus).toMatchObject({ errorCode: 'GroundFailure' });
    const sessionOnPort = modify(
      charging,
      port({
        ocppStatus: status('Charging', T1),
        currentChargingSession: { sessionId: 1, ocppTransactionId: '1', startTime: T1 },
      }),
    );
    expect(tableEventsOf([sessionOnPort])).toEqual([]);
  });

  it("the charger's connectorId-0 status, with its site and ocppId", () => {
    const [event] = tableEventsOf([
      modify(
        charger({ chargerOcppStatus: status('Available', T0) }),
        charger({ chargerOcppStatus: status('Unavailable', T1) }),
      ),
    ]);
    expect(event).toMatchObject({ type: 'charger.status_changed', siteId: 4, timestamp: T1 });
    expect(event?.data).toMatchObject({ charger: { id: 9, ocppId: 'CP-9' }, site: { id: 4 }, port: null });
  });

  it('an operation settling is command.completed once, as the operations API shows it', () => {
    const events = tableEventsOf([
      insert(operation('pending')),
      modify(operation('pending'), operation('pending', { updatedAt: T1 })),
      modify(operation('pending'), operation('completed')),
      modify(operation('completed'), operation('completed', { updatedAt: '2026-11-28T03:00:00.000Z' })),
    ]);
    expect(events.map((e) => [e.type, e.timestamp, e.siteId])).toEqual([['command.completed', T1, 4]]);
    expect(events[0]?.data).toMatchObject({
      operationId: '0193a1b2-0000-7000-8000-000000000001',
      action: 'reset',
      status: 'completed',
      completedAt: T1,
      results: [{ chargerId: 9, status: 'accepted' }],
    });
    expect(events[0]?.data).not.toHaveProperty('pk');
  });

  it('ids are stable for the same change delivered again, and differ between changes', () => {
    const batch = [insert(session()), modify(session(), ended), modify(charger(), connected('c1', T0))];
    const first = tableEventsOf(batch).map((e) => e.id);
    expect(tableEventsOf(batch).map((e) => e.id)).toEqual(first);
    expect(new Set(first).size).toBe(3);
    for (const id of first) expect(id).toMatch(/^evt_[0-9a-f]{32}$/);
  });

  it('ignores other entities and images it does not know', () => {
    expect(
      tableEventsOf([
        insert({ __edb_e__: 'apiKey', organizationId: 1 }),
        insert({}),
        insert({ __edb_e__: 'chargingSession', status: 'InProgress' }),
        modify({ __edb_e__: 'charger' }, { __edb_e__: 'charger', connectionStatus: 'odd' }),
      ]),
    ).toEqual([]);
  });
});
