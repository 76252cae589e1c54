/**
 * The operator CLI's `users` commands (docs/people-and-roles.md) on a test stack's table, with an
 * accounts file of the test's own: invite (the first owner), list, change, remove; a bad address
 * named as the option, the last owner kept.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestStack, type Tenant } from './support/stack';
import type { LocalStack } from '../../lib/local/stack';
import { runAdmin } from './support/admin';

let stack: LocalStack;
let tenant: Tenant;
let accountsFile: string;

beforeAll(async () => {
  stack = await startTestStack();
  tenant = await createTenant(stack);
  accountsFile = join(await mkdtemp(join(tmpdir(), 'cli-users-')), 'accounts.json');
});
afterAll(async () => {
  await stack?.close();
});

const users = (...args: string[]) =>
  runAdmin(
    stack,
    'users',
    '--accounts-file',
    accountsFile,
    ...args,
    '--organization-id',
    String(tenant.organizationId),
  );

describe('operator CLI: users', () => {
  // Ten CLI processes one after another: a few seconds each when the machine is busy.
  it("invites an organization's first owner, lists, changes and removes people, keeping an owner", {
    timeout: 120_000,
  }, async () => {
    const bad = await users('invite', '--email', 'not-an-address', '--role', 'owner');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/email/);

    const owner = await users('invite', '--email', 'lead@fleet.example.com', '--role', 'owner');
    expect(owner.stderr).toMatch(/invitation for lead@fleet.example.com: temporary password \S+/);
    expect(owner.json).toMatchObject({ email: 'lead@fleet.example.com', role: 'owner', invitedBy: 'operator CLI' });
    const viewer = await users(
      'invite',
      '--email',
      'wall@fleet.example.com',
      '--role',
      'viewer',
      '--site-id',
      String(tenant.siteId),
    );
    expect(viewer.json).toMatchObject({ role: 'viewer', siteId: tenant.siteId });
    const accounts = JSON.parse(await readFile(accountsFile, 'utf8')) as { email: string }[];
    expect(accounts.map((a) => a.email)).toEqual(['lead@fleet.example.com', 'wall@fleet.example.com']);

    expect((await users('list')).json.data.map((u: { email: string }) => u.email)).toEqual([
      'lead@fleet.example.com',
      'wall@fleet.example.com',
    ]);
    const demote = await users('change', '--id', String(owner.json.id), '--role', 'admin');
    expect(demote.code).toBe(1);
    expect(demote.stderr).toMatch(/last owner/);
    const changed = await users('change', '--id', String(viewer.json.id), '--role', 'operator', '--site-id', '0');
    expect(changed.stderr).toBe('');
    expect(changed.json).toMatchObject({ role: 'operator', siteId: null });
    expect((await users('remove', '--id', String(viewer.json.id))).json).toEqual({ id: viewer.json.id, removed: true });
    expect((await users('remove', '--id', String(owner.json.id))).stderr).toMatch(/last owner/);
    expect((await users('list')).json.data).toHaveLength(1);
  });
});
