import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestStack, uniqueOcppId, type Tenant } from './support/stack';
import { runAdmin, runOperationCommand } from './support/admin';
import type { LocalStack } from '../../lib/local/stack';
import { startSimulator, type Simulator } from '../../lib/simulator';

let stack: LocalStack;
let tenant: Tenant;
let sim: Simulator;
const ocppId = uniqueOcppId('CLILOG');

beforeAll(async () => {
  stack = await startTestStack();
  tenant = await createTenant(stack, [
    { ocppId, name: 'CLI logs', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
  ]);
  sim = await startSimulator({ ocppId, protocol: 'ocpp1.6', url: stack.ocppUrl });
}, 60_000);
afterAll(async () => {
  await sim?.close();
  await stack?.close();
});

/** `chargers get-log` with `args` for the tenant's organization, through this stack, into its log folder. */
const getLog = (...args: string[]) =>
  runOperationCommand(stack, tenant.organizationId, 'chargers', 'get-log', '--log-dir', process.env.LOG_DIR!, ...args);

describe('operator CLI: charger logs', () => {
  it('asks for a log, waits for the upload, and gives a download link to it', async () => {
    const charger = tenant.chargers[0]!;
    const asked = await getLog('--charger-id', String(charger.id), '--wait', '20');
    expect(asked.stderr).toBe('');
    expect(asked.json).toMatchObject({
      action: 'getLog',
      status: 'completed',
      requestedBy: { operator: 'cli' },
      results: [{ chargerId: charger.id, status: 'accepted' }],
    });
    const logs = await runAdmin(
      stack,
      'chargers',
      'logs',
      '--organization-id',
      String(tenant.organizationId),
      '--log-dir',
      process.env.LOG_DIR!,
      '--log-url',
      stack.url,
      '--operation-id',
      asked.json.operationId,
    );
    expect(logs.stderr).toBe('');
    expect(logs.json).toEqual([expect.objectContaining({ status: 'uploaded', downloadUrl: expect.any(String) })]);
    const download = await fetch(logs.json[0].downloadUrl);
    expect(download.status).toBe(200);
    expect((await download.arrayBuffer()).byteLength).toBe(logs.json[0].sizeBytes);
  });

  it('refuses an oldest entry in the future, naming the field, nothing sent', async () => {
    const refused = await getLog(
      '--charger-id',
      String(tenant.chargers[0]!.id),
      '--oldest',
      new Date(Date.now() + 3_600_000).toISOString(),
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/oldestTimestamp|oldest/);
  });
});
