import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../../shared/api/api-keys';
import { api, createTenant, startTestStack, type Tenant } from '../support/stack';
import type { LocalStack } from '../../../lib/local/stack';
import { responseValidator } from '../../support/openapi';
import { setTelematics } from '../../../shared/access/vehicle-writes';

let stack: LocalStack;
let tenant: Tenant;
let other: Tenant;
let validate: ReturnType<typeof responseValidator>;

beforeAll(async () => {
  stack = await startTestStack();
  tenant = await createTenant(stack);
  other = await createTenant(stack);
  validate = responseValidator((await api(stack, '/api/openapi.json')).body);
});
afterAll(async () => stack?.close());

const call = (method: string, path: string, body?: unknown, key = tenant.apiKey) =>
  api(stack, path, { key, method, body });
const create = (accessId: object, key = tenant.apiKey) => call('POST', '/api/access-ids', { accessId }, key);

describe('POST /api/access-ids', () => {
  it('creates an RFID access ID, normalising its tag, authorized by default, with its customer found or created', async () => {
    const { status, body } = await create({
      type: 'RFID',
      name: 'Card 1',
      ocppIdTag: ' 04:a2:bc:19 ',
      customer: { name: 'Acme Logistics' },
    });
    expect(status).toBe(201);
    expect(validate('/api/access-ids', 'POST', 201, body)).toEqual([]);
    expect(body.accessId).toMatchObject({
      ocppIdTag: '04A2BC19',
      type: 'RFID',
      name: 'Card 1',
      authorizationStatus: 'Authorized',
      revokedAt: null,
      vehicle: null,
      customer: { name: 'Acme Logistics' },
      authorizedAt: expect.any(String),
    });
    // the customer is matched case-insensitively and keeps its first spelling
    const second = await create({
      type: 'RFID',
      name: 'Card 2',
      ocppIdTag: 'CARD-2',
      customer: { name: 'ACME logistics' },
    });
    expect(second.body.accessId.customer).toEqual({ name: 'Acme Logistics' });
  });

  it('creates an eMAID access ID (Plug & Charge), its tag the eMAID without separators; the same contract once', async () => {
    const { status, body } = await create({ type: 'eMAID', name: 'Contract', ocppIdTag: 'de-abc-c12345678-x' });
    expect(status).toBe(201);
    expect(validate('/api/access-ids', 'POST', 201, body)).toEqual([]);
    expect(body.accessId).toMatchObject({ type: 'eMAID', ocppIdTag: 'DEABCC12345678X', vehicle: null });
    const again = await create({ type: 'eMAID', name: 'Same contract', ocppIdTag: 'DEABCC12345678X' });
    expect(again.status).toBe(409);
  });

  it('rejects a duplicate tag (after normalisation) with 409 and stores nothing new', async () => {
    const { status, body } = await create({ type: 'RFID', name: 'Dup', ocppIdTag: '04-A2-BC-19' });
    expect(status).toBe(409);
    expect(body.errors[0].path).toBe('body.accessId.ocppIdTag');
  });

  it('creates a vehicle named after a Vehicle access ID, or links an existing one by vehicleId', async () => {
    const created = await create({
      type: 'Vehicle',
      name: 'Van 7',
      ocppIdTag: 'aa:bb:cc:dd:ee:ff',
      vehicle: { make: 'Ford', model: 'E-Transit', vin: '1ftbw9cm5pka00001' },
    });
    expect(created.status).toBe(201);
    expect(created.body.accessId.ocppIdTag).toBe('AABBCCDDEEFF');
    expect(created.body.accessId.vehicle).toEqual({
      id: expect.any(Number),
      make: 'Ford',
      model: 'E-Transit',
      name: 'Van 7',
      vin: '1FTBW9CM5PKA00001',
    });
    const vehicleId = created.body.accessId.vehicle.id;
    const linked = await create({
      type: 'Vehicle',
      name: 'Van 7 second port',
      ocppIdTag: '11:22:33:44:55:66',
      vehicleId,
    });
    expect(linked.body.accessId.vehicle.id).toBe(vehicleId);
    const vehicle = await call('GET', `/api/vehicles/${vehicleId}`);
    expect(validate('/api/vehicles/{id}', 'GET', 200, vehicle.body)).toEqual([]);
    expect(vehicle.body.vehicle.accessIds.map((a: { ocppIdTag: string }) => a.ocppIdTag)).toEqual([
      'AABBCCDDEEFF',
      '112233445566',
    ]);
  });

  it.each([
    [
      'vehicle on an RFID access ID',
      { type: 'RFID', name: 'X', ocppIdTag: 'X1', vehicle: { make: 'a', model: 'b', vin: 'c' } },
      'body.accessId.vehicle',
    ],
    [
      'vehicleId on an RFID access ID',
      { type: 'RFID', name: 'X', ocppIdTag: 'X2', vehicleId: 1 },
      'body.accessId.vehicleId',
    ],
    [
      'both vehicle and vehicleId',
      { type: 'Vehicle', name: 'X', ocppIdTag: 'X3', vehicleId: 1, vehicle: { make: 'a', model: 'b', vin: 'c' } },
      'body.accessId.vehicleId',
    ],
    ['an unknown type', { type: 'Bus', name: 'X', ocppIdTag: 'X4' }, 'body.accessId.type'],
    [
      'an unknown status',
      { type: 'RFID', name: 'X', ocppIdTag: 'X5', authorizationStatus: 'Maybe' },
      'body.accessId.authorizationStatus',
    ],
    ['an empty name', { type: 'RFID', name: '   ', ocppIdTag: 'X6' }, 'body.accessId.name'],
    ['a 10 KB name', { type: 'RFID', name: 'n'.repeat(10_240), ocppIdTag: 'X7' }, 'body.accessId.name'],
    ['a name with control characters', { type: 'RFID', name: 'bad\u0007name', ocppIdTag: 'X8' }, 'body.accessId.name'],
    ['a tag that normalises to empty', { type: 'RFID', name: 'X', ocppIdTag: '   ' }, 'body.accessId.ocppIdTag'],
    [
      'a tag longer than 36 characters',
      { type: 'RFID', name: 'X', ocppIdTag: 'T'.repeat(37) },
      'body.accessId.ocppIdTag',
    ],
    ['an unknown field', { type: 'RFID', name: 'X', ocppIdTag: 'X9', colour: 'red' }, 'body.accessId.colour'],
    [
      'an eMAID tag that is not an eMAID',
      { type: 'eMAID', name: 'X', ocppIdTag: 'CARD-10' },
      'body.accessId.ocppIdTag',
    ],
    [
      'vehicle on an eMAID access ID',
      { type: 'eMAID', name: 'X', ocppIdTag: 'DEABCC12345679X', vehicle: { make: 'a', model: 'b', vin: 'c' } },
      'body.accessId.vehicle',
    ],
  ])('answers 400 for %s, naming the field, and stores nothing', async (_name, accessId, path) => {
    const before = (await call('GET', '/api/access-ids')).body.data.length;
    const { status, body } = await create(accessId);
    expect(status).toBe(400);
    expect(body.errors.map((e: { path: string }) => e.path)).toContain(path);
    expect((await call('GET', '/api/access-ids')).body.data.length).toBe(before);
  });

  it('answers 404 for a vehicleId of another organization', async () => {
    const theirs = await create(
      {
        type: 'Vehicle',
        name: 'Their van',
        ocppIdTag: 'THEIRS-1',
        vehicle: { make: 'a', model: 'b', vin: 'THEIRVIN1' },
      },
      other.apiKey,
    );
    const { status } = await create({
      type: 'Vehicle',
      name: 'Mine',
      ocppIdTag: 'MINE-1',
      vehicleId: theirs.body.accessId.vehicle.id,
    });
    expect(status).toBe(404);
  });
});

describe('GET and PATCH /api/access-ids/{id}', () => {
  it("reads one with its customer; another organization's ID is a 404", async () => {
    const { body } = await create({
      type: 'RFID',
      name: 'Readable',
      ocppIdTag: 'READ-1',
      customer: { name: 'Readers' },
    });
    const read = await call('GET', `/api/access-ids/${body.accessId.id}`);
    expect(read.body).toEqual(body);
    expect(validate('/api/access-ids/{id}', 'GET', 200, read.body)).toEqual([]);
    expect((await call('GET', `/api/access-ids/${body.accessId.id}`, undefined, other.apiKey)).status).toBe(404);
  });

  it('follows the §3.1 transitions: Revoked sets revokedAt; Authorized again clears it and sets authorizedAt', async () => {
    const { body } = await create({ type: 'RFID', name: 'Status', ocppIdTag: 'STATUS-1' });
    const id = body.accessId.id;
    const revoked = await call('PATCH', `/api/access-ids/${id}`, { accessId: { authorizationStatus: 'Revoked' } });
    expect(revoked.body.accessId.authorizationStatus).toBe('Revoked');
    expect(revoked.body.accessId.revokedAt).toEqual(expect.any(String));
    expect(revoked.body.accessId.updatedAt >= body.accessId.updatedAt).toBe(true);
    const again = await call('PATCH', `/api/access-ids/${id}`, { accessId: { authorizationStatus: 'Authorized' } });
    expect(again.body.accessId).toMatchObject({ authorizationStatus: 'Authorized', revokedAt: null });
    expect(again.body.accessId.authorizedAt >= revoked.body.accessId.revokedAt).toBe(true);
  });

  it('changes only the given fields; null deletes an optional value', async () => {
    const { body } = await create({
      type: 'RFID',
      name: 'Patchable',
      ocppIdTag: 'PATCH-1',
      customer: { name: 'Someone' },
    });
    const renamed = await call('PATCH', `/api/access-ids/${body.accessId.id}`, { accessId: { name: 'Renamed' } });
    expect(renamed.body.accessId).toMatchObject({
      name: 'Renamed',
      customer: { name: 'Someone' },
      authorizationStatus: 'Authorized',
    });
    const cleared = await call('PATCH', `/api/access-ids/${body.accessId.id}`, { accessId: { customer: null } });
    expect(cleared.body.accessId).toMatchObject({ name: 'Renamed', customer: null });
  });

  it('gives a Vehicle access ID without a vehicle one named after it, with the PATCHed details', async () => {
    const { body } = await create({ type: 'Vehicle', name: 'Lone MAC', ocppIdTag: 'LONE-MAC' });
    expect(body.accessId.vehicle).toBeNull();
    const patched = await call('PATCH', `/api/access-ids/${body.accessId.id}`, {
      accessId: { vehicle: { make: 'Tesla', model: 'Semi', vin: 'semi0001' } },
    });
    expect(patched.body.accessId.vehicle).toEqual({
      id: expect.any(Number),
      make: 'Tesla',
      model: 'Semi',
      name: 'Lone MAC',
      vin: 'SEMI0001',
    });
    const detached = await call('PATCH', `/api/access-ids/${body.accessId.id}`, { accessId: { vehicle: null } });
    expect(detached.body.accessId.vehicle).toBeNull();
  });

  it.each([
    ['ocppIdTag', { ocppIdTag: 'NEW' }],
    ['type', { type: 'Vehicle' }],
  ])('refuses %s in the body with a 400 and changes nothing', async (field, accessId) => {
    const { body } = await create({ type: 'RFID', name: `No ${field}`, ocppIdTag: `NO-${field}` });
    const { status, body: problem } = await call('PATCH', `/api/access-ids/${body.accessId.id}`, { accessId });
    expect(status).toBe(400);
    expect(problem.errors[0].path).toBe(`body.accessId.${field}`);
    expect((await call('GET', `/api/access-ids/${body.accessId.id}`)).body).toEqual(body);
  });
});

describe('GET /api/access-ids pagination', () => {
  it('pages 100 at a time with a cursor bound to the list and the organization', async () => {
    const fresh = await createTenant(stack);
    const items = Array.from({ length: 150 }, (_, i) => ({ ocppIdTag: `PAGE-${i}`, name: `Page ${i}`, type: 'RFID' }));
    await call('PUT', '/api/access-ids/batch', { accessIds: items }, fresh.apiKey);
    const first = await call('GET', '/api/access-ids', undefined, fresh.apiKey);
    expect(validate('/api/access-ids', 'GET', 200, first.body)).toEqual([]);
    expect(first.body.data).toHaveLength(100);
    expect(first.body.data[0].customer).toBeUndefined();
    expect(first.body.pagination.hasNextPage).toBe(true);
    const cursor = encodeURIComponent(first.body.pagination.nextPageCursor);
    const second = await call('GET', `/api/access-ids?nextPageCursor=${cursor}`, undefined, fresh.apiKey);
    expect(second.body.data).toHaveLength(50);
    expect(second.body.pagination).toEqual({ hasNextPage: false, nextPageCursor: null });
    const tags = new Set([...first.body.data, ...second.body.data].map((a: { ocppIdTag: string }) => a.ocppIdTag));
    expect(tags.size).toBe(150);
    // the same cursor with another organization's key, or on another list, is a 400
    expect((await call('GET', `/api/access-ids?nextPageCursor=${cursor}`)).status).toBe(400);
    expect((await call('GET', `/api/vehicles?nextPageCursor=${cursor}`, undefined, fresh.apiKey)).status).toBe(400);
  });
});

describe('PUT /api/access-ids/batch', () => {
  it('applies 1000 mixed creates, updates and errors, reporting each item in order', async () => {
    const fresh = await createTenant(stack);
    // 100 existing access IDs to update
    await call(
      'PUT',
      '/api/access-ids/batch',
      { accessIds: Array.from({ length: 100 }, (_, i) => ({ ocppIdTag: `MIX-${i}`, name: `Old ${i}`, type: 'RFID' })) },
      fresh.apiKey,
    );
    // Each item with the outcome it must get.
    const cases = Array.from({ length: 1000 }, (_, i): [string, object] => {
      if (i < 100)
        return [
          'updated',
          {
            ocppIdTag: `mix-${i}`,
            name: `Updated ${i}`,
            type: 'RFID',
            authorizationStatus: i % 2 ? 'Revoked' : 'Authorized',
          },
        ];
      if (i % 10 === 0)
        return ['error', { ocppIdTag: `BAD-${i}`, name: 'RFID with vehicle', type: 'RFID', vehicle: { make: 'x' } }];
      if (i % 10 === 1) return ['error', { ocppIdTag: '', name: 'empty tag', type: 'RFID' }];
      if (i % 10 === 2) return ['error', { ocppIdTag: `BADTYPE-${i}`, name: 'x', type: 'Truck' }];
      if (i % 10 === 3)
        return [
          'created',
          {
            ocppIdTag: `VEH-${i}`,
            name: `Fleet van ${i % 7}`,
            type: 'Vehicle',
            vehicle: { make: 'Rivian', model: 'EDV', vin: null },
            customer: { name: `Customer ${i % 5}` },
          },
        ];
      return [
        'created',
        { ocppIdTag: `NEW-${i}`, name: `New ${i}`, type: 'RFID', customer: { name: `customer ${i % 5}` } },
      ];
    });
    const expected = cases.map(([outcome]) => outcome);
    const items = cases.map(([, item]) => item);
    const { status, body } = await call('PUT', '/api/access-ids/batch', { accessIds: items }, fresh.apiKey);
    expect(status).toBe(200);
    expect(validate('/api/access-ids/batch', 'PUT', 200, body)).toEqual([]);
    expect(body.results.map((r: { outcome: string }) => r.outcome)).toEqual(expected);
    expect(body.results[1]).toMatchObject({
      ocppIdTag: 'MIX-1',
      outcome: 'updated',
      accessId: { name: 'Updated 1', authorizationStatus: 'Revoked', revokedAt: expect.any(String) },
    });
    expect(body.results[110]).toMatchObject({ outcome: 'error', error: expect.stringMatching(/vehicle/) });
    expect(body.results[111]).toMatchObject({ outcome: 'error', error: expect.stringMatching(/empty/) });
    expect(body.results[112]).toMatchObject({ outcome: 'error', error: expect.stringMatching(/type/) });
    // same vehicle name → one shared vehicle; customers case-insensitive
    const vans = body.results.filter((r: any) => r.accessId?.type === 'Vehicle');
    const byName = new Map<string, Set<number>>();
    for (const r of vans)
      byName.set(
        r.accessId.vehicle.name,
        new Set([...(byName.get(r.accessId.vehicle.name) ?? []), r.accessId.vehicle.id]),
      );
    expect(byName.size).toBe(7);
    for (const ids of byName.values()) expect(ids.size).toBe(1);
    const customers = new Set(
      body.results.filter((r: any) => r.accessId?.customer).map((r: any) => r.accessId.customer.name),
    );
    expect(customers.size).toBe(5);
    const vehicles = await call('GET', '/api/vehicles', undefined, fresh.apiKey);
    expect(vehicles.body.data).toHaveLength(7);
  });

  it("shares one vehicle between items of the same name (case-insensitive), uses the first item's details, and keeps a telematics VIN", async () => {
    const fresh = await createTenant(stack);
    const { body } = await call(
      'PUT',
      '/api/access-ids/batch',
      {
        accessIds: [
          {
            ocppIdTag: 'T1',
            name: 'Truck 1',
            type: 'Vehicle',
            vehicle: { make: 'Volvo', model: 'VNR', vin: 'VIN-FIRST' },
          },
          {
            ocppIdTag: 'T2',
            name: 'TRUCK 1',
            type: 'Vehicle',
            vehicle: { make: 'Mack', model: 'LR', vin: 'VIN-SECOND' },
          },
        ],
      },
      fresh.apiKey,
    );
    expect(body.results[0].accessId.vehicle).toEqual(body.results[1].accessId.vehicle);
    expect(body.results[0].accessId.vehicle).toMatchObject({ make: 'Volvo', model: 'VNR', vin: 'VIN-FIRST' });
    await setTelematics(stack.db, fresh.organizationId, body.results[0].accessId.vehicle.id, 'TELEMATICS-VIN');
    const again = await call(
      'PUT',
      '/api/access-ids/batch',
      {
        accessIds: [
          {
            ocppIdTag: 'T1',
            name: 'Truck 1',
            type: 'Vehicle',
            vehicle: { make: 'Volvo', model: 'VNL', vin: 'VIN-NEW' },
          },
        ],
      },
      fresh.apiKey,
    );
    expect(again.body.results[0]).toMatchObject({
      outcome: 'updated',
      accessId: { vehicle: { model: 'VNL', vin: 'TELEMATICS-VIN' } },
    });
  });

  it('decides a tag given twice: the later item is an error, the first applies', async () => {
    const { body } = await call('PUT', '/api/access-ids/batch', {
      accessIds: [
        { ocppIdTag: 'twice', name: 'First', type: 'RFID' },
        { ocppIdTag: 'TWICE', name: 'Second', type: 'RFID' },
      ],
    });
    expect(body.results.map((r: { outcome: string }) => r.outcome)).toEqual(['created', 'error']);
    expect(body.results[1].error).toMatch(/already in this batch/);
  });

  it('ends with one vehicle when two batches at once name the same new vehicle', async () => {
    const fresh = await createTenant(stack);
    const batch = (prefix: string) =>
      call(
        'PUT',
        '/api/access-ids/batch',
        { accessIds: [{ ocppIdTag: `${prefix}-1`, name: 'Shared Bus', type: 'Vehicle' }] },
        fresh.apiKey,
      );
    const [a, b] = await Promise.all([batch('A'), batch('B')]);
    expect(a.body.results[0].accessId.vehicle.id).toBe(b.body.results[0].accessId.vehicle.id);
    const vehicles = await call('GET', '/api/vehicles', undefined, fresh.apiKey);
    expect(vehicles.body.data).toHaveLength(1);
    expect(vehicles.body.data[0].accessIds.map((x: { ocppIdTag: string }) => x.ocppIdTag).sort()).toEqual([
      'A-1',
      'B-1',
    ]);
  });

  it.each([
    [
      'more than 1000 items',
      { accessIds: Array.from({ length: 1001 }, (_, i) => ({ ocppIdTag: `T${i}`, name: 'x', type: 'RFID' })) },
      'body.accessIds',
    ],
    ['a body whose accessIds is not an array', { accessIds: { ocppIdTag: 'x' } }, 'body.accessIds'],
    ['a bare array', [{ ocppIdTag: 'x', name: 'x', type: 'RFID' }], 'body'],
  ])('answers 400 for %s and stores nothing', async (_name, body, path) => {
    const fresh = await createTenant(stack);
    const { status, body: problem } = await call('PUT', '/api/access-ids/batch', body, fresh.apiKey);
    expect(status).toBe(400);
    expect(problem.errors.map((e: { path: string }) => e.path)).toContain(path);
    expect((await call('GET', '/api/access-ids', undefined, fresh.apiKey)).body.data).toEqual([]);
  });
});

describe('vehicles', () => {
  it('creates a vehicle with access IDs, reads, lists and patches it with the null-deletes rule', async () => {
    const created = await call('POST', '/api/vehicles', {
      vehicle: {
        name: 'Bus 12',
        make: 'BYD',
        model: 'K9',
        vin: 'lbyk9000000000012',
        licensePlate: 'EV-12',
        customer: { name: 'City Transit' },
        accessIds: [{ ocppIdTag: 'de:ad:be:ef:00:12' }, { ocppIdTag: 'BUS12-B', authorizationStatus: 'Revoked' }],
      },
    });
    expect(created.status).toBe(201);
    expect(validate('/api/vehicles', 'POST', 201, created.body)).toEqual([]);
    const vehicle = created.body.vehicle;
    expect(vehicle).toMatchObject({
      name: 'Bus 12',
      make: 'BYD',
      vin: 'LBYK9000000000012',
      licensePlate: 'EV-12',
      hasTelematics: false,
      customer: { name: 'City Transit' },
    });
    expect(vehicle.accessIds.map((a: any) => [a.ocppIdTag, a.authorizationStatus])).toEqual([
      ['DEADBEEF0012', 'Authorized'],
      ['BUS12-B', 'Revoked'],
    ]);
    const patched = await call('PATCH', `/api/vehicles/${vehicle.id}`, {
      vehicle: { licensePlate: null, model: 'K9M' },
    });
    expect(patched.body.vehicle).toMatchObject({ licensePlate: null, model: 'K9M', make: 'BYD', name: 'Bus 12' });
    expect((await call('GET', '/api/vehicles')).body.data.map((v: { id: number }) => v.id)).toContain(vehicle.id);
    expect((await call('GET', `/api/vehicles/${vehicle.id}`, undefined, other.apiKey)).status).toBe(404);
    expect((await call('POST', '/api/vehicles', { vehicle: { name: 'bus 12' } })).status).toBe(409);
  });
});

describe("a vehicle's battery and telematics state (POST /api/vehicles/state)", () => {
  const MINUTE = 60_000;
  const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
  const push = (body: object, key = tenant.apiKey) => call('POST', '/api/vehicles/state', body, key);
  const read = async (id: number) => (await call('GET', `/api/vehicles/${id}`)).body.vehicle;

  it('sets, changes and removes the usable capacity on the vehicle; refuses 0 and above 1000 kWh', async () => {
    const created = await call('POST', '/api/vehicles', { vehicle: { name: 'Van 40', batteryCapacityKwh: 75 } });
    expect(created.status).toBe(201);
    expect(validate('/api/vehicles', 'POST', 201, created.body)).toEqual([]);
    expect(created.body.vehicle).toMatchObject({ batteryCapacityKwh: 75, learnedBatteryCapacityKwh: null });
    const id = created.body.vehicle.id;
    for (const bad of [0, -5, 1000.5, '75']) {
      const { status, body } = await call('PATCH', `/api/vehicles/${id}`, { vehicle: { batteryCapacityKwh: bad } });
      expect(status).toBe(400);
      expect(body.errors.map((e: { path: string }) => e.path)).toEqual(['body.vehicle.batteryCapacityKwh']);
    }
    expect((await read(id)).batteryCapacityKwh).toBe(75);
    await call('PATCH', `/api/vehicles/${id}`, { vehicle: { batteryCapacityKwh: 1000 } });
    expect((await read(id)).batteryCapacityKwh).toBe(1000);
    await call('PATCH', `/api/vehicles/${id}`, { vehicle: { batteryCapacityKwh: null } });
    expect((await read(id)).batteryCapacityKwh).toBeNull();
  });

  it('stores the latest reading by VIN or ID, sets hasTelematics, and ignores an older one', async () => {
    const created = await call('POST', '/api/vehicles', { vehicle: { name: 'Van 41', vin: 'TELEVIN0000000041' } });
    const id = created.body.vehicle.id;
    expect(created.body.vehicle).toMatchObject({ hasTelematics: false, telematics: null });
    const first = await push({
      vehicleVin: 'televin0000000041',
      socPercent: 42.5,
      batteryCapacityKwh: 76,
      timestamp: ago(2 * MINUTE),
      source: 'fleet-telematics',
    });
    expect(first.status).toBe(200);
    expect(validate('/api/vehicles/state', 'POST', 200, first.body)).toEqual([]);
    expect(first.body).toEqual({
      vehicleId: id,
      outcome: 'stored',
      telematics: {
        socPercent: 42.5,
        batteryCapacityKwh: 76,
        timestamp: expect.any(String),
        source: 'fleet-telematics',
      },
    });
    // A later reading without a capacity keeps the stored one; an older one changes nothing.
    const later = ago(MINUTE);
    const second = await push({ vehicleId: id, socPercent: 44, timestamp: later, source: 'fleet-telematics' });
    expect(second.body.telematics).toMatchObject({ socPercent: 44, batteryCapacityKwh: 76 });
    const older = await push({ vehicleId: id, socPercent: 10, timestamp: ago(3 * MINUTE), source: 'other' });
    expect(older.status).toBe(200);
    expect(older.body).toMatchObject({ outcome: 'ignored', telematics: { socPercent: 44, timestamp: later } });
    expect(await read(id)).toMatchObject({
      hasTelematics: true,
      telematics: { socPercent: 44, source: 'fleet-telematics' },
    });
    // A site-scoped key pushes too (vehicles belong to the organization, not to a site).
    const siteKey = await createApiKey(stack.db, {
      organizationId: tenant.organizationId,
      scope: 'site',
      siteId: tenant.siteId,
    });
    expect((await push({ vehicleId: id, socPercent: 45, timestamp: ago(0), source: 'x' }, siteKey.apiKey)).status).toBe(
      200,
    );
    // Its VIN stays; a telematics vehicle pushed by ID without a VIN may be given one.
    expect((await call('PATCH', `/api/vehicles/${id}`, { vehicle: { vin: 'OTHERVIN000000041' } })).status).toBe(400);
    const bare = (await call('POST', '/api/vehicles', { vehicle: { name: 'Van 44' } })).body.vehicle.id;
    await push({ vehicleId: bare, socPercent: 30, timestamp: ago(0), source: 'x' });
    const given = await call('PATCH', `/api/vehicles/${bare}`, { vehicle: { vin: 'TELEVIN0000000044' } });
    expect(given.body.vehicle).toMatchObject({ hasTelematics: true, vin: 'TELEVIN0000000044' });
  });

  it('refuses every bad input with a 400 naming its field, storing nothing', async () => {
    const created = await call('POST', '/api/vehicles', { vehicle: { name: 'Van 45', vin: 'TELEVIN0000000045' } });
    const id = created.body.vehicle.id;
    const cases: [object, string][] = [
      [{ socPercent: 100.5 }, 'body.socPercent'],
      [{ socPercent: -1 }, 'body.socPercent'],
      [{ batteryCapacityKwh: 0 }, 'body.batteryCapacityKwh'],
      [{ batteryCapacityKwh: 1001 }, 'body.batteryCapacityKwh'],
      [{ timestamp: new Date(Date.now() + 10 * MINUTE).toISOString() }, 'body.timestamp'],
      [{ timestamp: new Date(Date.now() - 366 * 86_400_000).toISOString() }, 'body.timestamp'],
      [{ timestamp: '2026-12-05T10:00:00' }, 'body.timestamp'],
      [{ source: '' }, 'body.source'],
      [{ vehicleId: 999_999 }, 'body.vehicleId'],
      [{ vehicleId: undefined, vehicleVin: 'NOSUCHVIN' }, 'body.vehicleVin'],
      [{ vehicleVin: 'TELEVIN0000000045' }, 'body.vehicleId'],
    ];
    for (const [change, path] of cases) {
      const body = { vehicleId: id, socPercent: 50, timestamp: ago(MINUTE), source: 'fleet-telematics', ...change };
      const { status, body: problem } = await push(body);
      expect(status, JSON.stringify(change)).toBe(400);
      expect(problem.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    expect(await read(id)).toMatchObject({ hasTelematics: false, telematics: null });
  });

  it('answers an unknown vehicle, by ID or VIN, alone or in a batch, with its field and nothing stored', async () => {
    const reading = { socPercent: 50, timestamp: ago(MINUTE), source: 'fleet-telematics' };
    const byId = await push({ vehicleId: 999_998, ...reading });
    const byVin = await push({ vehicleVin: 'NOSUCHVIN0000046', ...reading });
    const batch = await call('POST', '/api/vehicles/state/batch', {
      vehicles: [
        { vehicleId: 999_998, ...reading },
        { vehicleVin: 'NOSUCHVIN0000046', ...reading },
      ],
    });
    const problem = (field: string, message: string) => ({
      type: '/problems/invalid-request',
      title: 'Bad Request',
      status: 400,
      detail: `Invalid ${field}: ${message}`,
      error: `Invalid ${field}: ${message}`,
      errors: [{ path: `body.${field}`, message }],
    });
    expect([byId.status, byId.body]).toEqual([
      400,
      problem('vehicleId', 'no vehicle with this ID in the organization'),
    ]);
    expect([byVin.status, byVin.body]).toEqual([
      400,
      problem('vehicleVin', 'no vehicle with this VIN in the organization'),
    ]);
    expect([batch.status, batch.body]).toEqual([
      200,
      {
        results: [
          {
            vehicleId: 999_998,
            vehicleVin: null,
            outcome: 'error',
            error: 'Invalid body.vehicles.0.vehicleId: no vehicle with this ID in the organization',
          },
          {
            vehicleId: null,
            vehicleVin: 'NOSUCHVIN0000046',
            outcome: 'error',
            error: 'Invalid body.vehicles.1.vehicleVin: no vehicle with this VIN in the organization',
          },
        ],
      },
    ]);
    // The refused write made no vehicle.
    expect((await call('GET', '/api/vehicles/999998')).status).toBe(404);
  });

  it('takes a batch item by item: an invalid item or an unknown vehicle fails only its own result', async () => {
    const created = await call('POST', '/api/vehicles', { vehicle: { name: 'Van 43', vin: 'TELEVIN0000000043' } });
    const id = created.body.vehicle.id;
    const reading = { socPercent: 61, timestamp: ago(MINUTE), source: 'fleet-telematics' };
    const { status, body } = await call('POST', '/api/vehicles/state/batch', {
      vehicles: [
        { vehicleVin: 'TELEVIN0000000043', ...reading },
        { vehicleId: id, ...reading, socPercent: 140 },
        { vehicleVin: 'NOSUCHVIN0000043', ...reading },
      ],
    });
    expect(status).toBe(200);
    expect(validate('/api/vehicles/state/batch', 'POST', 200, body)).toEqual([]);
    expect(body.results.map((r: { outcome: string }) => r.outcome)).toEqual(['stored', 'error', 'error']);
    expect(body.results[1].error).toContain('body.vehicles.1.socPercent');
    expect(body.results[2]).toMatchObject({ vehicleId: null, vehicleVin: 'NOSUCHVIN0000043' });
    expect(body.results[2].error).toContain('body.vehicles.2.vehicleVin');
    expect((await read(id)).telematics).toMatchObject({ socPercent: 61 });
    // An older reading in a later batch is ignored. (Two readings of one vehicle in the same batch
    // run concurrently: the later one ends stored, but either may be answered `stored`.)
    const older = await call('POST', '/api/vehicles/state/batch', {
      vehicles: [{ vehicleId: id, ...reading, socPercent: 40, timestamp: ago(5 * MINUTE) }],
    });
    expect(older.body.results.map((r: { outcome: string }) => r.outcome)).toEqual(['ignored']);
    expect((await read(id)).telematics).toMatchObject({ socPercent: 61 });
    const tooMany = await call('POST', '/api/vehicles/state/batch', {
      vehicles: Array.from({ length: 101 }, () => ({ vehicleId: id, ...reading })),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors[0].path).toBe('body.vehicles');
  });

  it("answers each bad item of a mixed batch with its field's path, stores the good ones, leaves the others' vehicles unchanged", async () => {
    const ids: number[] = [];
    for (let n = 0; n < 6; n++)
      ids.push((await call('POST', '/api/vehicles', { vehicle: { name: `Mixed van ${n}` } })).body.vehicle.id);
    const reading = { socPercent: 55, timestamp: ago(MINUTE), source: 'fleet-telematics' };
    const { status, body } = await call('POST', '/api/vehicles/state/batch', {
      vehicles: [
        { vehicleId: ids[0], ...reading },
        { vehicleId: ids[1], ...reading, timestamp: new Date(Date.now() + 10 * MINUTE).toISOString() },
        { vehicleId: ids[2], ...reading, timestamp: ago(366 * 86_400_000) },
        { vehicleId: ids[3], ...reading, batteryCapacityKwh: 0 },
        { vehicleId: ids[4], ...reading, batteryCapacityKwh: 1001 },
        { vehicleId: ids[5], ...reading, batteryCapacityKwh: 82 },
      ],
    });
    expect(status).toBe(200);
    expect(validate('/api/vehicles/state/batch', 'POST', 200, body)).toEqual([]);
    expect(body.results.map((r: { vehicleId: number; outcome: string }) => [r.vehicleId, r.outcome])).toEqual([
      [ids[0], 'stored'],
      [ids[1], 'error'],
      [ids[2], 'error'],
      [ids[3], 'error'],
      [ids[4], 'error'],
      [ids[5], 'stored'],
    ]);
    expect(body.results.slice(1, 5).map((r: { error: string }) => r.error)).toEqual([
      'Invalid body.vehicles.1.timestamp: must not be more than 5 minutes ahead',
      'Invalid body.vehicles.2.timestamp: must not be older than a year',
      expect.stringMatching(/^Invalid body\.vehicles\.3\.batteryCapacityKwh: /),
      expect.stringMatching(/^Invalid body\.vehicles\.4\.batteryCapacityKwh: /),
    ]);
    expect((await read(ids[0]!)).telematics).toMatchObject({ socPercent: 55 });
    expect((await read(ids[5]!)).telematics).toMatchObject({ socPercent: 55, batteryCapacityKwh: 82 });
    for (const id of ids.slice(1, 5)) expect(await read(id)).toMatchObject({ hasTelematics: false, telematics: null });
  });

  it("stores a reading ahead of the server's clock (within the skew) at the server's time, so a later right one is not ignored", async () => {
    const id = (await call('POST', '/api/vehicles', { vehicle: { name: 'Van 47' } })).body.vehicle.id;
    const pushedAt = Date.now();
    const ahead = await push({
      vehicleId: id,
      socPercent: 50,
      timestamp: new Date(pushedAt + 4 * MINUTE).toISOString(),
      source: 'fast-clock',
    });
    expect(ahead.body.outcome).toBe('stored');
    expect(Date.parse(ahead.body.telematics.timestamp)).toBeLessThan(pushedAt + 4 * MINUTE);
    // Read a moment later by a provider whose clock is right: newer than the first, so stored.
    const right = await push({ vehicleId: id, socPercent: 51, timestamp: new Date().toISOString(), source: 'right' });
    expect(right.body).toMatchObject({ outcome: 'stored', telematics: { socPercent: 51, source: 'right' } });
  });
});
