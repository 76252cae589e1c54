import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTenant, startTestStack, uniqueOcppId } from './support/stack';
import type { LocalStack } from '../../lib/local/stack';
import { registerArgs, runAdmin, runCli } from './support/admin';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createDocumentClient } from '../../shared/db';

let stack: LocalStack;
const admin = (...args: string[]) => runAdmin(stack, ...args);

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => stack?.close());

describe('operator CLI', () => {
  it('creates an organization, a site, a charger and a key; the charger then reads back through the API', async () => {
    const org = await admin('organizations', 'create', '--name', 'CLI Fleet');
    expect(org.code).toBe(0);
    expect(org.json).toMatchObject({ id: expect.any(Number), name: 'CLI Fleet' });

    const site = await admin(
      'sites',
      'create',
      '--organization-id',
      String(org.json.id),
      '--name',
      'North Yard',
      '--timezone',
      'America/Denver',
      '--address',
      '9 Rail Rd',
    );
    expect(site.json).toMatchObject({ name: 'North Yard', timezone: 'America/Denver', address: '9 Rail Rd' });

    const ocppId = uniqueOcppId('CLI');
    const charger = await admin(
      'chargers',
      'register',
      '--site-id',
      String(site.json.id),
      '--ocpp-id',
      ocppId,
      '--name',
      'Yard DC',
      '--type',
      'DCFC',
      '--ports',
      '2',
      '--connector-type',
      'CCS1',
      '--max-kw',
      '180',
      '--external-id',
      'NY-7',
      '--manufacturer',
      'Acme',
      '--model',
      'X1',
      '--serial-number',
      'SN1',
      '--latitude',
      '39.7',
      '--longitude',
      '-104.9',
      '--password',
      'correct-horse-1',
    );
    expect(charger.code).toBe(0);
    expect(charger.json.ports.map((p: { portNumber: number }) => p.portNumber)).toEqual([1, 2]);
    expect(JSON.stringify(charger.json)).not.toContain('correct-horse-1');

    const key = await admin('api-keys', 'create', '--organization-id', String(org.json.id));
    expect(key.json.apiKey).toMatch(/^cnk_/);
    const read = await api(stack, `/api/chargers/by-ocpp-id/${ocppId}`, { key: key.json.apiKey });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({
      id: charger.json.id,
      name: 'Yard DC',
      type: 'DCFC',
      externalId: 'NY-7',
      manufacturer: 'Acme',
      model: 'X1',
      serialNumber: 'SN1',
      latitude: 39.7,
      longitude: -104.9,
      numberOfPorts: 2,
      site: { id: site.json.id, name: 'North Yard', timezone: 'America/Denver' },
    });
    expect(read.body.data.ports[0]).toMatchObject({ maximumPowerKw: 180, connectorType: 'CCS1' });

    const updated = await admin(
      'chargers',
      'update',
      '--id',
      String(charger.json.id),
      '--name',
      'Yard DC 1',
      '--clear',
      'externalId',
      'latitude',
    );
    expect(updated.json).toMatchObject({ name: 'Yard DC 1', externalId: null, latitude: null, longitude: -104.9 });
    expect((await api(stack, '/api/chargers/by-external-id/NY-7', { key: key.json.apiKey })).status).toBe(404);

    const list = await admin('chargers', 'list', '--organization-id', String(org.json.id));
    expect(list.json.map((c: { id: number }) => c.id)).toEqual([charger.json.id]);

    const revoked = await admin('api-keys', 'revoke', '--id', String(key.json.id));
    expect(revoked.code).toBe(0);
    expect((await api(stack, `/api/chargers/${charger.json.id}`, { key: key.json.apiKey })).status).toBe(401);

    const sites = await admin('sites', 'list', '--organization-id', String(org.json.id));
    expect(sites.json[0].chargers).toHaveLength(1);
    const orgs = await admin('organizations', 'list');
    expect(orgs.json.map((o: { name: string }) => o.name)).toContain('CLI Fleet');
  }, 120_000); // five CLI processes in a row: a few seconds each on a busy machine

  it("sets, reads and clears a site's tariff; its price notation splits a period past midnight", async () => {
    const org = await admin('organizations', 'create', '--name', 'Tariff Fleet');
    const site = await admin(
      'sites',
      'create',
      '--organization-id',
      String(org.json.id),
      '--name',
      'Tariff Yard',
      '--timezone',
      'America/Chicago',
    );
    const siteId = String(site.json.id);
    // A site with periods from the retired set-tou: the tariff replaces them.
    await stack.db.site
      .patch({ siteId: site.json.id })
      .set({ touPeriods: [{ name: 'peak', start: '16:00', end: '21:00', days: [1, 2, 3, 4, 5] }] })
      .go();
    const set = await admin(
      'sites',
      'set-tariff',
      '--site-id',
      siteId,
      '--currency',
      'USD',
      '--price',
      'peak=16:00-21:00/Mon-Fri@0.45',
      '--price',
      'day=06:00-16:00@0.12',
      '--price',
      'evening=21:00-22:00/Mon-Fri@0.2',
      '--price',
      'weekend=16:00-22:00/Sat,Sun@0.15',
      '--price',
      'night=22:00-06:00@-0.01',
      '--demand-charge',
      '15.51',
    );
    expect(set.stderr).toBe('');
    expect(set.code).toBe(0);
    expect(set.json.tariff).toEqual({
      userEmail: null,
      siteId: site.json.id,
      currency: 'USD',
      timezone: 'America/Chicago',
      energyPrices: [
        { name: 'night', daysOfWeek: [1, 2, 3, 4, 5, 6, 7], startTime: '00:00', endTime: '06:00', pricePerKwh: -0.01 },
        { name: 'day', daysOfWeek: [1, 2, 3, 4, 5, 6, 7], startTime: '06:00', endTime: '16:00', pricePerKwh: 0.12 },
        { name: 'peak', daysOfWeek: [1, 2, 3, 4, 5], startTime: '16:00', endTime: '21:00', pricePerKwh: 0.45 },
        { name: 'evening', daysOfWeek: [1, 2, 3, 4, 5], startTime: '21:00', endTime: '22:00', pricePerKwh: 0.2 },
        { name: 'night', daysOfWeek: [1, 2, 3, 4, 5, 6, 7], startTime: '22:00', endTime: '24:00', pricePerKwh: -0.01 },
        { name: 'weekend', daysOfWeek: [6, 7], startTime: '16:00', endTime: '22:00', pricePerKwh: 0.15 },
      ],
      demandCharge: { pricePerKw: 15.51, billingPeriod: 'month' },
      updatedAt: expect.any(String),
    });
    expect((await stack.db.site.get({ siteId: site.json.id }).go()).data?.touPeriods).toBeUndefined();
    expect((await admin('sites', 'get-tariff', '--site-id', siteId)).json).toEqual(set.json);

    // A gap or an overlap: refused, naming it; nothing stored.
    const setPrices = (...prices: string[]) =>
      admin('sites', 'set-tariff', '--site-id', siteId, '--currency', 'USD', ...prices.flatMap((p) => ['--price', p]));
    const gap = await setPrices('day=06:00-22:00@0.1');
    expect(gap.code).toBe(1);
    expect(gap.stderr).toContain('energyPrices: Monday 00:00-06:00 is covered by no period');
    const overlap = await setPrices('flat=00:00-00:00@0.1', 'peak=16:00-21:00/Sat@0.4');
    expect(overlap.code).toBe(1);
    expect(overlap.stderr).toContain(
      'energyPrices.1.startTime: energyPrices.1 (peak 16:00-21:00) overlaps energyPrices.0 (flat 00:00-24:00) on Saturday',
    );
    expect((await admin('sites', 'get-tariff', '--site-id', siteId)).json).toEqual(set.json);

    const cleared = await admin('sites', 'clear-tariff', '--site-id', siteId);
    expect(cleared.json).toEqual({ siteId: site.json.id, tariff: null });
    expect((await stack.db.siteTariff.get({ siteId: site.json.id }).go()).data).toBeNull();
    const none = await admin('sites', 'get-tariff', '--site-id', siteId);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain(`error: Site ${siteId} has no tariff`);
  }, 90_000); // six CLI processes, each starting tsx

  it.concurrent.each([
    [
      'an unknown time zone',
      ['sites', 'create', '--organization-id', '1', '--name', 'X', '--timezone', 'Mars/Olympus'],
      /timezone/,
    ],
    [
      'a non-numeric ID',
      ['sites', 'create', '--organization-id', 'abc', '--name', 'X', '--timezone', 'UTC'],
      /positive integer/,
    ],
    [
      'an unknown charger type',
      registerArgs({ siteId: 1, ocppId: 'A', name: 'A', type: 'Level 3', connectorType: 'CCS1' }),
      /Level 3/,
    ],
    [
      'an unknown connector type',
      registerArgs({ siteId: 1, ocppId: 'A', name: 'A', type: 'DCFC', connectorType: 'CHAdeMO' }),
      /CHAdeMO/,
    ],
    [
      'a charger with neither --password nor --insecure-no-password',
      registerArgs({ siteId: 1, ocppId: 'A', type: 'DCFC', connectorType: 'CCS1', insecureNoPassword: false }),
      /give --password <password>, or --insecure-no-password/,
    ],
    [
      'a charger with both --password and --insecure-no-password',
      [...registerArgs({ siteId: 1, ocppId: 'A', type: 'DCFC', connectorType: 'CCS1' }), '--password', 'secret-long-1'],
      /give --password <password>, or --insecure-no-password/,
    ],
    [
      'an OCPP identity with a slash',
      registerArgs({ siteId: 1, ocppId: 'A/B', name: 'A', type: 'DCFC', connectorType: 'CCS1' }),
      /ocppId/,
    ],
    ['a site key without a site', ['api-keys', 'create', '--organization-id', '1', '--scope', 'site'], /siteId/],
    [
      'an unknown organization',
      ['sites', 'create', '--organization-id', '99999', '--name', 'X', '--timezone', 'UTC'],
      /not found/,
    ],
    ['an empty name', ['organizations', 'create', '--name', '  '], /name/],
    ['an unknown command', ['chargers', 'delete'], /unknown command/],
    [
      'a tariff period on an unknown day',
      ['sites', 'set-tariff', '--site-id', '1', '--currency', 'USD', '--price', 'peak=16:00-21:00/Mon-Funday@0.4'],
      /price: days must be like Mon-Fri/,
    ],
    [
      'a tariff price that is not a number',
      ['sites', 'set-tariff', '--site-id', '1', '--currency', 'USD', '--price', 'flat=00:00-00:00@cheap'],
      /price: must be name=HH:MM-HH:MM\[\/Days\]@price/,
    ],
    [
      'a tariff in an unknown currency',
      ['sites', 'set-tariff', '--site-id', '1', '--currency', 'ABC', '--price', 'flat=00:00-00:00@0.1'],
      /currency: must be an ISO 4217 currency code/,
    ],
    [
      'a negative demand charge',
      [
        'sites',
        'set-tariff',
        '--site-id',
        '1',
        '--currency',
        'USD',
        '--price',
        'f=00:00-00:00@1',
        '--demand-charge',
        '-3',
      ],
      /demandCharge.pricePerKw: must not be negative/,
    ],
    [
      'a tariff for an unknown site',
      ['sites', 'set-tariff', '--site-id', '99999', '--currency', 'USD', '--price', 'flat=00:00-00:00@0.1'],
      /Site 99999 not found/,
    ],
  ])('exits 1 with a clear message for %s', async (_name, args, message) => {
    const result = await admin(...args);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe('');
  });

  it("sets and removes a vehicle's usable battery capacity (its bounds: test/unit/access/vehicle-state.test.ts)", async () => {
    const tenant = await createTenant(stack);
    const created = await api(stack, '/api/vehicles', {
      key: tenant.apiKey,
      method: 'POST',
      body: { vehicle: { name: 'CLI Van' } },
    });
    const ids = ['--organization-id', String(tenant.organizationId), '--vehicle-id', String(created.body.vehicle.id)];
    const set = await admin('vehicles', 'set-battery-capacity', ...ids, '--kwh', '82.5');
    expect(set.code).toBe(0);
    expect(set.json).toMatchObject({ name: 'CLI Van', batteryCapacityKwh: 82.5 });
    const read = async () =>
      (await api(stack, `/api/vehicles/${created.body.vehicle.id}`, { key: tenant.apiKey })).body.vehicle;
    expect((await read()).batteryCapacityKwh).toBe(82.5);
    const removed = await admin('vehicles', 'set-battery-capacity', ...ids, '--kwh', 'none');
    expect(removed.stderr).toBe('');
    expect((await read()).batteryCapacityKwh).toBeNull();
  });

  it('backfills the location of ports stored without one, so they are found by ID again, and removes their old by-ID index keys', async () => {
    const ocppId = uniqueOcppId('LOC');
    const tenant = await createTenant(stack, [
      { ocppId, name: ocppId, type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
    ]);
    const portId = tenant.chargers[0]!.ports[0]!.id;
    const override = async () =>
      (await api(stack, `/api/ports/${portId}/charging-override`, { key: tenant.apiKey, method: 'DELETE' })).status;
    // A port as stored before ports left gsi2: no location item, and gsi2 keys on the port.
    const client = createDocumentClient({ endpoint: process.env.DYNAMODB_ENDPOINT });
    const { Key } = stack.db.port.get({ chargerId: tenant.chargers[0]!.id, portNumber: 1 }).params();
    const storedPort = async () => (await client.send(new GetCommand({ TableName: stack.tableName, Key }))).Item!;
    await client.send(
      new UpdateCommand({
        TableName: stack.tableName,
        Key,
        UpdateExpression: 'SET gsi2pk = :pk, gsi2sk = :sk',
        ExpressionAttributeValues: { ':pk': `$cn#portid_${portId}`, ':sk': '$port_1' },
      }),
    );
    await stack.db.portLocation.delete({ portId }).go();
    expect(await override()).toBe(404);

    const backfill = await admin('chargers', 'backfill-port-locations');

    expect(backfill.code).toBe(0);
    expect(backfill.json.ports).toBeGreaterThanOrEqual(1);
    expect(backfill.json.indexKeysRemoved).toBeGreaterThanOrEqual(1);
    expect(await override()).toBe(204);
    const after = await storedPort();
    expect(after).not.toHaveProperty('gsi2pk');
    expect(after).not.toHaveProperty('gsi2sk');
    expect(after.portId).toBe(portId); // the port itself unchanged
    client.destroy();
  });

  // Five CLI processes one after the other: 30 s was not enough on a loaded machine (a bound, not a figure).
  it('has --help on every command', { timeout: 90_000 }, async () => {
    for (const command of [[], ['chargers'], ['chargers', 'register'], ['api-keys', 'revoke'], ['sites', 'list']]) {
      const { code, stdout } = await runCli(...command, '--help');
      expect(code).toBe(0);
      expect(stdout).toMatch(/Usage:/);
    }
  });
});
