import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { api, createTenant, startTestStack, uniqueOcppId } from './support/stack';
import type { LocalStack } from '../../lib/local/stack';
import { registerArgs, runAdmin } from './support/admin';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createDocumentClient } from '../../shared/db';

const exec = promisify(execFile);
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
  }, 120_000); // five CLI processes, each starting tsx

  it("sets and clears a site's time-of-use periods", async () => {
    const org = await admin('organizations', 'create', '--name', 'TOU Fleet');
    const site = await admin(
      'sites',
      'create',
      '--organization-id',
      String(org.json.id),
      '--name',
      'TOU Yard',
      '--timezone',
      'America/Chicago',
    );
    const tou = await admin(
      'sites',
      'set-tou',
      '--site-id',
      String(site.json.id),
      '--period',
      'peak=16:00-21:00/Mon-Fri',
      '--period',
      'night=22:00-06:00',
    );
    expect(tou.code).toBe(0);
    expect(tou.json.touPeriods).toEqual([
      { name: 'peak', start: '16:00', end: '21:00', days: [1, 2, 3, 4, 5] },
      { name: 'night', start: '22:00', end: '06:00', days: [1, 2, 3, 4, 5, 6, 7] },
    ]);
    expect((await stack.db.site.get({ siteId: site.json.id }).go()).data?.touPeriods).toEqual(tou.json.touPeriods);
    expect((await admin('sites', 'set-tou', '--site-id', String(site.json.id))).json.touPeriods).toEqual([]);
    expect((await stack.db.site.get({ siteId: site.json.id }).go()).data?.touPeriods).toBeUndefined();
  });

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
      'a TOU period on an unknown day',
      ['sites', 'set-tou', '--site-id', '1', '--period', 'peak=16:00-21:00/Mon-Funday'],
      /days/,
    ],
  ])('exits 1 with a clear message for %s', async (_name, args, message) => {
    const result = await admin(...args);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe('');
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

  it('has --help on every command', async () => {
    for (const command of [[], ['chargers'], ['chargers', 'register'], ['api-keys', 'revoke'], ['sites', 'list']]) {
      const { stdout } = await exec(process.execPath, ['--import', 'tsx', 'bin/admin.ts', ...command, '--help']);
      expect(stdout).toMatch(/Usage:/);
    }
  });
});
