import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import type { LocalStack } from '../../../lib/local/stack';
import { createApiKey } from '../../../shared/api/api-keys';
import { createSite } from '../../../shared/chargers/sites';
import { registerCharger } from '../../../shared/chargers/registration';
import { responseValidator } from '../../support/openapi';

let stack: LocalStack;
let tenant: Tenant;
let other: Tenant;
let validate: ReturnType<typeof responseValidator>;

beforeAll(async () => {
  stack = await startTestStack();
  tenant = await createTenant(stack, [
    {
      ocppId: uniqueOcppId(),
      name: 'Fast 1',
      type: 'DCFC',
      externalId: 'EXT-1',
      ports: [
        { connectorType: 'CCS1', maximumPowerKw: 150 },
        { connectorType: 'CCS1', maximumPowerKw: 150 },
      ],
    },
    { ocppId: uniqueOcppId(), name: 'L2 1', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
  ]);
  other = await createTenant(stack, [
    {
      ocppId: uniqueOcppId(),
      name: 'Theirs',
      type: 'Level 2',
      externalId: 'EXT-1',
      ports: [{ connectorType: 'NACS', maximumPowerKw: 11 }],
    },
  ]);
  validate = responseValidator((await api(stack, '/api/openapi.json')).body);
});
afterAll(async () => stack?.close());

describe('GET /api/chargers/{id}', () => {
  it('returns every field of spec §2.3 with ports, site and organization', async () => {
    const charger = tenant.chargers[0]!;
    const { status, body } = await api(stack, `/api/chargers/${charger.id}`, { key: tenant.apiKey });
    expect(status).toBe(200);
    expect(body.data).toEqual({
      id: charger.id,
      name: 'Fast 1',
      manufacturer: null,
      model: null,
      serialNumber: null,
      firmwareVersion: null,
      latitude: null,
      longitude: null,
      externalId: 'EXT-1',
      ocppId: charger.ocppId,
      type: 'DCFC',
      powerSharing: true,
      ocppPasswordSet: false,
      securityProfile: 2,
      ocppProtocol: null,
      defaultTariff: null,
      tariffsSupported: null,
      connectionStatus: null,
      numberOfPorts: 2,
      ports: [1, 2].map((n) => ({
        id: charger.ports[n - 1]!.id,
        name: `Port ${n}`,
        portNumber: n,
        maximumPowerKw: 150,
        connectorType: 'CCS1',
        ocppStatus: null,
        currentChargingSession: null,
      })),
      site: { id: tenant.siteId, name: 'Depot', address: '1 Main St', timezone: 'America/Chicago' },
      organization: { id: tenant.organizationId, name: expect.any(String) },
    });
    expect(validate('/api/chargers/{id}', 'GET', 200, body)).toEqual([]);
  });

  it('numbers ports 1..N with distinct numeric port IDs', async () => {
    const { body } = await api(stack, `/api/chargers/${tenant.chargers[0]!.id}`, { key: tenant.apiKey });
    const ids = body.data.ports.map((p: { id: number }) => p.id);
    expect(new Set(ids).size).toBe(2);
    expect(body.data.ports.map((p: { portNumber: number }) => p.portNumber)).toEqual([1, 2]);
  });

  it('reports a single-port charger without power sharing', async () => {
    const { body } = await api(stack, `/api/chargers/${tenant.chargers[1]!.id}`, { key: tenant.apiKey });
    expect(body.data.powerSharing).toBe(false);
    expect(body.data.ports[0].maximumPowerKw).toBeNull();
  });

  it('returns 404 for a charger of another organization, exactly as for an unknown one', async () => {
    const foreign = await api(stack, `/api/chargers/${other.chargers[0]!.id}`, { key: tenant.apiKey });
    const unknown = await api(stack, '/api/chargers/999999999', { key: tenant.apiKey });
    expect(foreign.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(foreign.body.title).toBe(unknown.body.title);
    expect(foreign.body.type).toBe('/problems/not-found');
    expect(validate('/api/chargers/{id}', 'GET', 404, foreign.body, 'application/problem+json')).toEqual([]);
  });

  it.each([
    ['not a number', 'abc'],
    ['negative', '-5'],
    ['zero', '0'],
    ['fractional', '1.5'],
    ['huge', '123456789012345678901234567890'],
    ['8000 characters long (just inside the 8192-byte URL limit)', '9'.repeat(8000)],
  ])('answers 400 naming pathParameters.id for an ID that is %s', async (_name, id) => {
    const { status, body } = await api(stack, `/api/chargers/${id}`, { key: tenant.apiKey });
    expect(status).toBe(400);
    expect(body.errors[0].path).toBe('pathParameters.id');
    expect(validate('/api/chargers/{id}', 'GET', 400, body, 'application/problem+json')).toEqual([]);
  });

  it('answers 400 for an unknown query parameter', async () => {
    const { status, body } = await api(stack, `/api/chargers/${tenant.chargers[0]!.id}?expand=all`, {
      key: tenant.apiKey,
    });
    expect(status).toBe(400);
    expect(body.errors[0].path).toBe('queryStringParameters.expand');
  });
});

describe('GET /api/chargers/by-external-id/{id} and /by-ocpp-id/{id}', () => {
  it("find the charger of the key's organization by external ID, even when another organization uses the same one", async () => {
    const mine = await api(stack, '/api/chargers/by-external-id/EXT-1', { key: tenant.apiKey });
    const theirs = await api(stack, '/api/chargers/by-external-id/EXT-1', { key: other.apiKey });
    expect(mine.body.data.id).toBe(tenant.chargers[0]!.id);
    expect(theirs.body.data.id).toBe(other.chargers[0]!.id);
    expect(validate('/api/chargers/by-external-id/{id}', 'GET', 200, mine.body)).toEqual([]);
  });

  it('find a charger by its OCPP identity, URL-encoded or not', async () => {
    const ocppId = tenant.chargers[1]!.ocppId!;
    const { status, body } = await api(stack, `/api/chargers/by-ocpp-id/${encodeURIComponent(ocppId)}`, {
      key: tenant.apiKey,
    });
    expect(status).toBe(200);
    expect(body.data.id).toBe(tenant.chargers[1]!.id);
    expect(validate('/api/chargers/by-ocpp-id/{id}', 'GET', 200, body)).toEqual([]);
  });

  it("answer 404 for another organization's OCPP identity and for unknown values", async () => {
    expect(
      (await api(stack, `/api/chargers/by-ocpp-id/${other.chargers[0]!.ocppId}`, { key: tenant.apiKey })).status,
    ).toBe(404);
    expect((await api(stack, '/api/chargers/by-ocpp-id/NOPE', { key: tenant.apiKey })).status).toBe(404);
    expect((await api(stack, '/api/chargers/by-external-id/NOPE', { key: tenant.apiKey })).status).toBe(404);
  });

  it('answer 400 for an identifier longer than 255 characters', async () => {
    const { status, body } = await api(stack, `/api/chargers/by-external-id/${'x'.repeat(8000)}`, {
      key: tenant.apiKey,
    });
    expect(status).toBe(400);
    expect(body.errors[0].path).toBe('pathParameters.id');
  });
});

describe('site-scoped keys', () => {
  it('reach only the chargers and the site of their own site', async () => {
    const secondSite = await createSite(stack.db, {
      organizationId: tenant.organizationId,
      name: 'Yard B',
      timezone: 'Europe/Berlin',
    });
    const yardCharger = await registerCharger(stack.db, {
      siteId: secondSite.id,
      ocppId: uniqueOcppId(),
      name: 'Yard L2',
      type: 'Level 2',
      ports: [{ connectorType: 'J1772' }],
    });
    const siteKey = await createApiKey(stack.db, {
      organizationId: tenant.organizationId,
      scope: 'site',
      siteId: secondSite.id,
    });
    expect((await api(stack, `/api/chargers/${yardCharger.id}`, { key: siteKey.apiKey })).status).toBe(200);
    expect((await api(stack, `/api/chargers/${tenant.chargers[0]!.id}`, { key: siteKey.apiKey })).status).toBe(404);
    const sites = await api(stack, '/api/sites', { key: siteKey.apiKey });
    expect(sites.body.data.map((s: { id: number }) => s.id)).toEqual([secondSite.id]);
    expect(sites.body.data[0].chargers.map((c: { id: number }) => c.id)).toEqual([yardCharger.id]);
  });
});

describe('GET /api/sites', () => {
  it('lists every site of the organization with its chargers and ports, in the reference shape', async () => {
    const { status, body } = await api(stack, '/api/sites', { key: other.apiKey });
    expect(status).toBe(200);
    expect(body.data).toHaveLength(1);
    const [site] = body.data;
    expect(site).toMatchObject({
      id: other.siteId,
      name: 'Depot',
      address: '1 Main St',
      timezone: 'America/Chicago',
      organization: { id: other.organizationId },
    });
    expect(site.chargers.map((c: { id: number }) => c.id)).toEqual([other.chargers[0]!.id]);
    expect(site.chargers[0].ports[0]).toMatchObject({ portNumber: 1, connectorType: 'NACS', maximumPowerKw: 11 });
    expect(validate('/api/sites', 'GET', 200, body)).toEqual([]);
  });
});
