import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestStack, uniqueOcppId, type Tenant } from './support/stack';
import { runAdmin, runOperationCommand } from './support/admin';
import { pollUntil } from './support/ocpp';
import type { LocalStack } from '../../lib/local/stack';
import { startSimulator, type Simulator } from '../../lib/simulator';

let stack: LocalStack;
let tenant: Tenant;
let sim: Simulator;
const ocppId = uniqueOcppId('CLIFW');

beforeAll(async () => {
  stack = await startTestStack();
  tenant = await createTenant(stack, [
    { ocppId, name: 'CLI fw', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
  ]);
  sim = await startSimulator({ ocppId, protocol: 'ocpp2.0.1', url: stack.ocppUrl, firmware: { stepMs: 100 } });
}, 60_000);
afterAll(async () => {
  await sim?.close();
  await stack?.close();
});

/** Runs an operator CLI command that asks the tenant's chargers for an operation through this stack. */
const runOperation = (...args: string[]) => runOperationCommand(stack, tenant.organizationId, ...args);

describe('operator CLI: firmware', () => {
  const chargerId = () => String(tenant.chargers[0]!.id);

  it('updates a charger (scheduled, then installed) and refuses an http URL naming --location', async () => {
    const update = await runOperation(
      'chargers',
      'update-firmware',
      '--charger-id',
      chargerId(),
      '--location',
      'https://fw.example.com/cli.bin',
    );
    expect(update.stderr).toBe('');
    expect(update.json).toMatchObject({
      action: 'updateFirmware',
      requestedBy: { operator: 'cli' },
      results: [{ status: 'scheduled', ocppStatus: 'Accepted' }],
    });
    const operationId = (update.json as { operationId: string }).operationId;
    await pollUntil(
      () =>
        runAdmin(
          stack,
          'chargers',
          'operation',
          '--organization-id',
          String(tenant.organizationId),
          '--operation-id',
          operationId,
        ),
      (read) => (read.json as { status: string }).status === 'completed',
      'the update to be installed',
      20_000,
    );
    const bad = await runOperation(
      'chargers',
      'update-firmware',
      '--charger-id',
      chargerId(),
      '--location',
      'http://x/a.bin',
    );
    expect(bad.stderr).toContain('--location');
  });

  it('asks a local controller to publish and unpublish an image, and refuses a bad checksum naming --checksum', async () => {
    const checksum = '9e107d9d372bb6826bd81d3542a419d6';
    const to = ['--charger-id', chargerId(), '--checksum'];
    const publish = await runOperation(
      'chargers',
      'publish-firmware',
      ...to,
      checksum,
      '--location',
      'https://fw.example.com/lc.bin',
      '--retries',
      '2',
    );
    const unpublish = await runOperation('chargers', 'unpublish-firmware', ...to, checksum);
    // The simulator is no local controller: it answers that it does not implement them (nothing published).
    for (const [run, action] of [
      [publish, 'publishFirmware'],
      [unpublish, 'unpublishFirmware'],
    ] as const) {
      expect(run.stderr).toBe('');
      expect(run.json).toMatchObject({
        action,
        requestedBy: { operator: 'cli' },
        results: [{ status: 'notSupported' }],
      });
    }
    expect((publish.json as { request: unknown }).request).toMatchObject({ checksum, retries: 2 });
    const bad = await runOperation('chargers', 'unpublish-firmware', ...to, 'not-an-md5');
    expect(bad.stderr).toContain('--checksum');
  });

  it('runs a campaign to its end with --follow and lists it', async () => {
    const created = await runOperation(
      'firmware-campaigns',
      'create',
      '--charger-id',
      chargerId(),
      '--location',
      'https://fw.example.com/campaign.bin',
      '--max-concurrent',
      '1',
      '--follow',
      '--interval',
      '1',
    );
    expect(created.json).toMatchObject({
      status: 'completed',
      requestedBy: { operator: 'cli' },
      counts: { total: 1, installed: 1 },
    });
    const list = await runAdmin(
      stack,
      'firmware-campaigns',
      'list',
      '--organization-id',
      String(tenant.organizationId),
    );
    expect((list.json as { data: { campaignId: string }[] }).data.map((c) => c.campaignId)).toEqual([
      (created.json as { campaignId: string }).campaignId,
    ]);
  });
});
