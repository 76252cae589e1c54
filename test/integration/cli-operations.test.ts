import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RPCClient } from 'ocpp-rpc';
import { createTenant, startTestStack, uniqueOcppId, type Tenant } from './support/stack';
import { connectCharger } from './support/ocpp';
import { runAdmin, runOperationCommand } from './support/admin';
import type { LocalStack } from '../../lib/local/stack';

let stack: LocalStack;
let tenant: Tenant;
let client: RPCClient;
const received: { action: string; params: unknown }[] = [];
const ocppId = uniqueOcppId('CLIOPS');

beforeAll(async () => {
  stack = await startTestStack();
  tenant = await createTenant(stack, [
    { ocppId, name: 'CLI ops', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
  ]);
  client = await connectCharger(stack, ocppId, 'ocpp1.6', undefined, (c) => {
    for (const action of ['Reset', 'UnlockConnector']) {
      c.handle(action, async ({ params }: { params?: unknown }) => {
        received.push({ action, params });
        return { status: action === 'Reset' ? 'Accepted' : 'Unlocked' };
      });
    }
  });
}, 60_000);
afterAll(async () => {
  await client?.close();
  await stack?.close();
});

/** Runs an operator CLI command that asks the tenant's chargers for an operation through this stack. */
const runOperation = (...args: string[]) => runOperationCommand(stack, tenant.organizationId, ...args);

describe('operator CLI: charger operations', () => {
  it('resets and unlocks through the command path, records them as asked by the CLI, and lists them', async () => {
    const charger = tenant.chargers[0]!;
    const reset = await runOperation('chargers', 'reset', '--charger-id', String(charger.id), '--type', 'Hard');
    expect(reset.stderr).toBe('');
    expect(reset.json).toMatchObject({
      action: 'reset',
      status: 'completed',
      requestedBy: { operator: 'cli' },
      results: [{ chargerId: charger.id, status: 'accepted', ocppStatus: 'Accepted' }],
    });
    const unlock = await runOperation('chargers', 'unlock', '--port-id', String(charger.ports[0]!.id));
    expect(unlock.json).toMatchObject({ status: 'completed', results: [{ ocppStatus: 'Unlocked' }] });
    expect(received).toEqual([
      { action: 'Reset', params: { type: 'Hard' } },
      { action: 'UnlockConnector', params: { connectorId: 1 } },
    ]);
    const trail = await runAdmin(stack, 'chargers', 'operations', '--organization-id', String(tenant.organizationId));
    expect(trail.json.data.map((o: { action: string }) => o.action)).toEqual(['unlockConnector', 'reset']);
    const one = await runAdmin(
      stack,
      'chargers',
      'operation',
      '--organization-id',
      String(tenant.organizationId),
      '--operation-id',
      reset.json.operationId,
    );
    expect(one.json).toEqual(reset.json);
  }, 120_000); // four CLI processes, each starting tsx

  it("names the option the charger's version does not take, and sends nothing", async () => {
    const run = await runOperation(
      'chargers',
      'reset',
      '--charger-id',
      String(tenant.chargers[0]!.id),
      '--type',
      'OnIdle',
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/type: its OCPP version takes Soft or Hard/);
    expect(received.filter((r) => r.action === 'Reset')).toHaveLength(1);
  }, 60_000); // a CLI process starting tsx

  it("prints a charger's local list, asks for a Full update of it, and exits 1 for an unknown charger", async () => {
    const charger = tenant.chargers[0]!;
    const before = await runAdmin(stack, 'chargers', 'local-list', '--id', String(charger.id));
    expect(before.json).toMatchObject({
      chargerId: charger.id,
      ocppId,
      status: 'neverSynced',
      listVersion: 0,
      entries: [],
      fullRequired: false,
    });
    expect(before.json.resyncRequestedAt).toBeUndefined();
    const sync = await runAdmin(stack, 'chargers', 'local-list', '--id', String(charger.id), '--sync');
    expect(sync.json).toMatchObject({ chargerId: charger.id, fullRequired: true });
    expect(Date.parse(sync.json.resyncRequestedAt)).not.toBeNaN();
    const after = await runAdmin(stack, 'chargers', 'local-list', '--id', String(charger.id));
    expect(after.json).toMatchObject({ fullRequired: true, resyncRequestedAt: sync.json.resyncRequestedAt });
    const unknown = await runAdmin(stack, 'chargers', 'local-list', '--id', '99999999', '--sync');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/not found/);
  });

  it('asks a customer information request (a 1.6 charger: notSupported, nothing sent), and refuses one naming no customer', async () => {
    const target = ['--charger-id', String(tenant.chargers[0]!.id)];
    const before = received.length;
    const asked = await runOperation('chargers', 'customer-information', ...target, '--id-token', 'CARD-1', '--clear');
    expect(asked.stderr).toBe('');
    expect(asked.json).toMatchObject({
      action: 'customerInformation',
      request: { report: true, clear: true, idToken: { idToken: 'CARD-1', type: 'ISO14443' } },
      results: [{ status: 'notSupported' }],
    });
    const refused = await runOperation('chargers', 'customer-information', ...target);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/--customer-identifier/);
    expect(received.length).toBe(before);
  }, 60_000); // two CLI processes, each starting tsx

  it('sets and clears a display message (a 1.6 charger: notSupported, nothing sent), and refuses a content over 512 characters', async () => {
    const target = ['--charger-id', String(tenant.chargers[0]!.id)];
    const before = received.length;
    const shown = await runOperation(
      'chargers',
      'display-message',
      ...target,
      '--content',
      'Hi',
      '--priority',
      'InFront',
      '--language',
      'en',
    );
    expect(shown.stderr).toBe('');
    expect(shown.json).toMatchObject({
      action: 'setDisplayMessage',
      request: { message: { priority: 'InFront', message: { format: 'UTF8', language: 'en', content: 'Hi' } } },
      results: [{ status: 'notSupported' }],
    });
    const cleared = await runOperation('chargers', 'clear-display-message', ...target, '--id', '7');
    expect(cleared.json).toMatchObject({
      action: 'clearDisplayMessage',
      request: { id: 7 },
      results: [{ status: 'notSupported' }],
    });
    const refused = await runOperation('chargers', 'display-message', ...target, '--content', 'x'.repeat(513));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/--content/);
    expect(received.length).toBe(before);
  }, 90_000); // three CLI processes, each starting tsx

  it('lists display messages (a 1.6 charger: notSupported, nothing sent), and refuses a filter for it', async () => {
    const target = ['--charger-id', String(tenant.chargers[0]!.id)];
    const before = received.length;
    const listed = await runOperation('chargers', 'display-messages', ...target);
    expect(listed.stderr).toBe('');
    expect(listed.json).toMatchObject({ action: 'getDisplayMessages', results: [{ status: 'notSupported' }] });
    const refused = await runOperation('chargers', 'display-messages', ...target, '--priority', 'InFront');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/priority/);
    expect(received.length).toBe(before);
  }, 60_000); // two CLI processes, each starting tsx
});
