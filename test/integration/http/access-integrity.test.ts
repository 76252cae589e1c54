/**
 * Data integrity of access IDs and vehicles under races, shared tags, large bodies and refused
 * requests (the hardening findings 1–4): every refusal changes nothing, every uniqueness marker
 * moves with its owner in one condition-checked transaction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTenant, startTestStack, type Tenant } from '../support/stack';
import type { LocalStack } from '../../../lib/local/stack';
import { responseValidator } from '../../support/openapi';

let stack: LocalStack;
let tenant: Tenant;
let validate: ReturnType<typeof responseValidator>;

beforeAll(async () => {
  stack = await startTestStack();
  tenant = await createTenant(stack);
  validate = responseValidator((await api(stack, '/api/openapi.json')).body);
});
afterAll(async () => stack?.close());

const call = (method: string, path: string, body?: unknown) => api(stack, path, { key: tenant.apiKey, method, body });
const uid = () => Math.random().toString(36).slice(2, 8).toUpperCase();

/** What a refused request must not change: the organization's customers and the ID counters. */
async function storedState() {
  const [{ data: customers }, { data: counters }] = await Promise.all([
    stack.db.customer.query.primary({ organizationId: tenant.organizationId }).go({ pages: 'all' }),
    stack.db.counter.get(['vehicle', 'accessId'].map((name) => ({ name }))).go(),
  ]);
  return {
    customers: customers.map((c) => c.nameKey).sort(),
    counters: Object.fromEntries(counters.map((c) => [c.name, c.value])),
  };
}

describe('concurrent PATCHes of one vehicle (finding 1)', () => {
  it('keeps the VIN one PATCH set while another changes the make, and moves the VIN marker with it', async () => {
    for (let round = 0; round < 5; round++) {
      const oldVin = `OLDVIN${uid()}`;
      const newVin = `NEWVIN${uid()}`;
      const created = await call('POST', '/api/vehicles', { vehicle: { name: `Racer ${uid()}`, vin: oldVin } });
      expect(created.status).toBe(201);
      const id = created.body.vehicle.id;
      const [vinPatch, makePatch] = await Promise.all([
        call('PATCH', `/api/vehicles/${id}`, { vehicle: { vin: newVin } }),
        call('PATCH', `/api/vehicles/${id}`, { vehicle: { make: 'Ford' } }),
      ]);
      expect(vinPatch.status).toBe(200);
      expect(makePatch.status).toBe(200);
      const read = await call('GET', `/api/vehicles/${id}`);
      expect(read.body.vehicle).toMatchObject({ vin: newVin, make: 'Ford' });
      // The new VIN is taken, the old one is free again.
      expect((await call('POST', '/api/vehicles', { vehicle: { name: `Other ${uid()}`, vin: newVin } })).status).toBe(
        409,
      );
      expect((await call('POST', '/api/vehicles', { vehicle: { name: `Other ${uid()}`, vin: oldVin } })).status).toBe(
        201,
      );
    }
  });

  it("keeps a renamed vehicle's name marker right when a rename races another change", async () => {
    const created = await call('POST', '/api/vehicles', { vehicle: { name: `Before ${uid()}` } });
    const id = created.body.vehicle.id;
    const newName = `After ${uid()}`;
    const [rename, plate] = await Promise.all([
      call('PATCH', `/api/vehicles/${id}`, { vehicle: { name: newName } }),
      call('PATCH', `/api/vehicles/${id}`, { vehicle: { licensePlate: 'CA 1' } }),
    ]);
    expect([rename.status, plate.status]).toEqual([200, 200]);
    expect((await call('GET', `/api/vehicles/${id}`)).body.vehicle).toMatchObject({
      name: newName,
      licensePlate: 'CA 1',
    });
    expect((await call('POST', '/api/vehicles', { vehicle: { name: newName.toLowerCase() } })).status).toBe(409);
    expect((await call('POST', '/api/vehicles', { vehicle: { name: created.body.vehicle.name } })).status).toBe(201);
  });
});

describe('one tag, one vehicle (finding 2)', () => {
  it('refuses a second vehicle naming a tag another vehicle holds, with a 409 naming the field', async () => {
    const tag = `TAG-SHARED-${uid()}`;
    const first = await call('POST', '/api/vehicles', {
      vehicle: { name: `Van ${uid()}`, accessIds: [{ ocppIdTag: tag }] },
    });
    expect(first.status).toBe(201);
    const second = await call('POST', '/api/vehicles', {
      vehicle: { name: `Van ${uid()}`, accessIds: [{ ocppIdTag: tag }] },
    });
    expect(second.status).toBe(409);
    expect(second.body.errors[0].path).toBe('body.vehicle.accessIds.0.ocppIdTag');
    const list = await call('GET', '/api/vehicles');
    expect(list.status).toBe(200);
  });

  it('lists vehicles even when stored data names one tag on two vehicles', async () => {
    const tag = `TAG-TWICE-${uid()}`;
    const a = await call('POST', '/api/vehicles', { vehicle: { name: `A ${uid()}`, accessIds: [{ ocppIdTag: tag }] } });
    const b = await call('POST', '/api/vehicles', { vehicle: { name: `B ${uid()}` } });
    // Data written before the rule existed: the tag is in both vehicles' sets.
    await stack.db.vehicle
      .update({ organizationId: tenant.organizationId, vehicleId: b.body.vehicle.id })
      .add({ accessIdTags: [tag] })
      .go();
    const list = await call('GET', '/api/vehicles');
    expect(list.status).toBe(200);
    const byId = new Map(list.body.data.map((v: { id: number }) => [v.id, v]));
    expect((byId.get(a.body.vehicle.id) as { accessIds: unknown[] }).accessIds).toHaveLength(1);
    expect((byId.get(b.body.vehicle.id) as { accessIds: unknown[] }).accessIds).toHaveLength(0);
  });
});

describe("bodies within DynamoDB's transaction limits (finding 3)", () => {
  it('answers 400 naming accessIds for more access IDs than one request may carry, and documents the cap', async () => {
    const many = Array.from({ length: 98 }, (_, i) => ({ ocppIdTag: `MANY-${uid()}-${i}` }));
    const before = await storedState();
    const post = await call('POST', '/api/vehicles', { vehicle: { name: `Many ${uid()}`, accessIds: many } });
    expect(post.status).toBe(400);
    expect(post.body.errors[0].path).toBe('body.vehicle.accessIds');
    expect(await storedState()).toEqual(before);
    const spec = (await api(stack, '/api/openapi.json')).body;
    for (const operation of [spec.paths['/api/vehicles'].post, spec.paths['/api/vehicles/{id}'].patch]) {
      const schema = operation.requestBody.content['application/json'].schema;
      expect(schema.properties.vehicle.properties.accessIds.maxItems).toBe(40);
    }
  });

  it('replaces 40 access IDs with 40 others in one PATCH', async () => {
    const first = Array.from({ length: 40 }, (_, i) => ({ ocppIdTag: `SETA-${uid()}-${i}` }));
    const second = Array.from({ length: 40 }, (_, i) => ({ ocppIdTag: `SETB-${uid()}-${i}` }));
    const created = await call('POST', '/api/vehicles', { vehicle: { name: `Swap ${uid()}`, accessIds: first } });
    expect(created.status).toBe(201);
    const patched = await call('PATCH', `/api/vehicles/${created.body.vehicle.id}`, { vehicle: { accessIds: second } });
    expect(patched.status).toBe(200);
    expect(validate('/api/vehicles/{id}', 'PATCH', 200, patched.body)).toEqual([]);
    expect(patched.body.vehicle.accessIds.map((a: { ocppIdTag: string }) => a.ocppIdTag).sort()).toEqual(
      second.map((a) => a.ocppIdTag).sort(),
    );
    // The detached ones are kept, without the vehicle.
    const detached = await stack.db.accessId
      .get({ organizationId: tenant.organizationId, ocppIdTag: first[0]!.ocppIdTag })
      .go();
    expect(detached.data?.vehicleId).toBeUndefined();
  });
});

describe('a refused request changes nothing (finding 4)', () => {
  it('creates no customer and takes no ID when a vehicle POST is refused for its name', async () => {
    const name = `Taken ${uid()}`;
    expect((await call('POST', '/api/vehicles', { vehicle: { name } })).status).toBe(201);
    const before = await storedState();
    const refused = await call('POST', '/api/vehicles', {
      vehicle: { name, customer: { name: `New Customer ${uid()}` }, accessIds: [{ ocppIdTag: `T-${uid()}` }] },
    });
    expect(refused.status).toBe(409);
    expect(await storedState()).toEqual(before);
  });

  it('creates no customer, vehicle or ID when an access-ID POST is refused for its tag', async () => {
    const tag = `DUP-${uid()}`;
    expect(
      (await call('POST', '/api/access-ids', { accessId: { type: 'RFID', name: 'Card', ocppIdTag: tag } })).status,
    ).toBe(201);
    const before = await storedState();
    const refused = await call('POST', '/api/access-ids', {
      accessId: {
        type: 'Vehicle',
        name: `Veh ${uid()}`,
        ocppIdTag: tag,
        vehicle: { make: 'A', model: 'B', vin: `V${uid()}` },
        customer: { name: `Brand New ${uid()}` },
      },
    });
    expect(refused.status).toBe(409);
    expect(await storedState()).toEqual(before);
  });
});
