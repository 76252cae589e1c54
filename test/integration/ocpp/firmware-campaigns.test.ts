import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { pollUntil, type OcppProtocol } from '../support/ocpp';
import type { LocalStack } from '../../../lib/local/stack';
import { startSimulator, type Simulator } from '../../../lib/simulator';
import type { FirmwareFailure } from '../../../lib/simulator/firmware';
import { createSite } from '../../../shared/chargers/sites';
import { registerCharger } from '../../../shared/chargers/registration';
import { sweepCampaigns } from '../../../shared/firmware-campaigns/campaigns';
import { ocppChargerCommands } from '../../../shared/ocpp/commands/charger-commands';
import { CHARGER_OPERATION_COMMANDS } from '../../../shared/ocpp/commands/charger-operations';

process.env.OPERATION_WAIT_MS = '0';

let stack: LocalStack;
let tenant: Tenant;
const simulators: Simulator[] = [];
const LOCATION = 'https://firmware.example.com/v2.bin';

/** Chargers of the tenant's site (A) and of a second site (B), each a simulator of the given version. */
interface Fleet {
  siteA: number[];
  siteB: number[];
}

/** Registers `count` chargers on `siteId` and starts a simulator for each (model `model`, failing as `failure(i)` says). */
async function simulated(
  siteId: number,
  count: number,
  model: string,
  failure: (index: number) => FirmwareFailure | undefined = () => undefined,
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const protocol: OcppProtocol = i % 2 === 0 ? 'ocpp1.6' : 'ocpp2.0.1';
    const ocppId = uniqueOcppId('CAMP');
    const charger = await registerCharger(stack.db, {
      siteId,
      ocppId,
      name: `Campaign ${i}`,
      type: 'Level 2',
      ports: [{ connectorType: 'J1772' }],
    });
    const fail = failure(i);
    simulators.push(
      await startSimulator({
        ocppId,
        protocol,
        url: stack.ocppUrl,
        info: { model },
        firmware: { stepMs: 100, ...(fail ? { failure: fail } : {}) },
      }),
    );
    ids.push(charger.id);
  }
  return ids;
}

beforeAll(async () => {
  stack = await startTestStack();
  tenant = await createTenant(stack);
});
afterAll(async () => {
  await Promise.all(simulators.map((s) => s.close()));
  await stack?.close();
});

const post = (path: string, body: unknown) => api(stack, path, { key: tenant.apiKey, method: 'POST', body });
const get = (path: string) => api(stack, path, { key: tenant.apiKey });
/** Reads the campaign (each read advances it) until it ends; every read is kept. */
async function follow(campaignId: string): Promise<{ final: any; reads: any[] }> {
  const reads: any[] = [];
  const final = await pollUntil(
    async () => {
      const { body } = await get(`/api/firmware-campaigns/${campaignId}`);
      reads.push(body.data);
      return body.data;
    },
    (campaign) => campaign.status !== 'running',
    'the campaign to end',
    60_000,
  );
  return { final, reads };
}

/** Whether two chargers' updates overlapped in time. */
const overlap = (a: { startedAt: string; endedAt: string }, b: { startedAt: string; endedAt: string }) =>
  a.startedAt < b.endedAt && b.startedAt < a.endedAt;

describe('firmware campaigns', () => {
  let fleet: Fleet;

  beforeAll(async () => {
    const siteB = await createSite(stack.db, {
      organizationId: tenant.organizationId,
      name: 'Depot B',
      timezone: 'UTC',
      address: '2 Main St',
    });
    fleet = {
      siteA: await simulated(tenant.siteId, 3, 'FW-MODEL-A'),
      siteB: await simulated(siteB.id, 2, 'FW-MODEL-A'),
    };
  });

  it('updates every charger of a model, never more than maxDownPerSite of one site at once', async () => {
    const { status, body } = await post('/api/firmware-campaigns', {
      model: 'FW-MODEL-A',
      location: LOCATION,
      maxConcurrent: 3,
      maxDownPerSite: 1,
    });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({ status: 'running', maxConcurrent: 3, maxDownPerSite: 1, counts: { total: 5 } });
    const { final, reads } = await follow(body.data.campaignId);
    expect(final).toMatchObject({
      status: 'completed',
      counts: { total: 5, installed: 5, failed: 0, pending: 0, updating: 0, skipped: 0 },
    });
    expect(final.chargers.every((c: any) => c.state === 'installed' && c.firmwareStatus === 'Installed')).toBe(true);
    for (const read of reads) {
      const updating = read.chargers.filter((c: any) => c.state === 'updating');
      expect(updating.length).toBeLessThanOrEqual(2);
      expect(new Set(updating.map((c: any) => c.siteId)).size).toBe(updating.length);
    }
    for (const site of [fleet.siteA, fleet.siteB]) {
      const ofSite = final.chargers.filter((c: any) => site.includes(c.chargerId));
      for (const a of ofSite) for (const b of ofSite) if (a !== b) expect(overlap(a, b)).toBe(false);
    }
    const operation = await get(`/api/charger-operations/${final.chargers[0].operationId}`);
    expect(operation.body.data).toMatchObject({
      action: 'updateFirmware',
      status: 'completed',
      request: { campaignId: body.data.campaignId, location: LOCATION },
    });
  });

  it('stops at its failure threshold and skips the chargers not started', async () => {
    const ids = await simulated(tenant.siteId, 4, 'FW-MODEL-B', (i) => (i < 2 ? 'install' : undefined));
    const { body } = await post('/api/firmware-campaigns', {
      chargerIds: ids,
      location: LOCATION,
      maxConcurrent: 1,
      maxFailures: 2,
    });
    const { final } = await follow(body.data.campaignId);
    expect(final).toMatchObject({
      status: 'stopped',
      stopReason: 'failureThreshold',
      counts: { total: 4, failed: 2, skipped: 2, installed: 0 },
    });
    expect(final.chargers.map((c: any) => [c.state, c.error?.code])).toEqual([
      ['failed', 'InstallationFailed'],
      ['failed', 'InstallationFailed'],
      ['skipped', 'CampaignStopped'],
      ['skipped', 'CampaignStopped'],
    ]);
  });

  it('advances in the sweep without being read, and can be cancelled', async () => {
    const ids = await simulated(tenant.siteId, 3, 'FW-MODEL-C');
    const { body } = await post('/api/firmware-campaigns', { chargerIds: ids, location: LOCATION, maxConcurrent: 1 });
    const deps = { commands: ocppChargerCommands(stack.db, CHARGER_OPERATION_COMMANDS), start: async () => {} };
    const first = body.data.chargers[0].operationId as string;
    // The first charger's update ends (its operation settles on reading it); the sweep then starts the second.
    await pollUntil(
      async () => (await get(`/api/charger-operations/${first}`)).body.data.status,
      (s) => s !== 'pending',
      'the first update',
    );
    await sweepCampaigns(stack.db, deps);
    const { data } = await stack.db.firmwareCampaign.get({ campaignId: body.data.campaignId }).go({ consistent: true });
    expect((data!.chargers as any[]).map((c) => c.state)).toEqual(['installed', 'updating', 'pending']);
    const cancelled = await post(`/api/firmware-campaigns/${body.data.campaignId}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.stopReason).toBe('cancelled');
    expect(cancelled.body.data.chargers[2]).toMatchObject({ state: 'skipped', error: { code: 'CampaignStopped' } });
    const list = await get('/api/firmware-campaigns?status=running');
    expect(list.body.data.map((c: any) => c.campaignId)).toContain(body.data.campaignId);
  });

  it('refuses bad input with 400 or 404 naming the field, and starts nothing', async () => {
    const paths = async (request: unknown) => {
      const response = await post('/api/firmware-campaigns', request);
      expect(response.status).toBe(400);
      return response.body.errors.map((e: { path: string }) => e.path);
    };
    expect(await paths({ model: 'NO-SUCH-MODEL', location: LOCATION })).toEqual(['body.model']);
    expect(await paths({ chargerIds: [], location: LOCATION })).toEqual(['body.chargerIds']);
    expect(await paths({ chargerIds: fleet.siteA, location: 'http://fw.example.com/a.bin' })).toEqual([
      'body.location',
    ]);
    expect(await paths({ chargerIds: fleet.siteA, location: LOCATION, retrieveDate: '2020-01-01T00:00:00Z' })).toEqual([
      'body.retrieveDate',
    ]);
    // Signed firmware for 1.6 chargers (SignedUpdateFirmware) needs the signing certificate too.
    expect(await paths({ chargerIds: fleet.siteA, location: LOCATION, signature: 'c2ln' })).toEqual([
      'body.signingCertificate',
    ]);
    expect(await paths({ chargerIds: fleet.siteA, location: LOCATION, signature: 'c2ln!' })).toEqual([
      'body.signature',
    ]);
    expect(await paths({ location: LOCATION })).toEqual(['body']);
    const unknown = await post('/api/firmware-campaigns', { chargerIds: [999_999_999], location: LOCATION });
    expect(unknown.status).toBe(404);
    const list = await get('/api/firmware-campaigns');
    expect(list.body.data.length).toBe(3);
  });
});
