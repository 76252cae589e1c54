/**
 * The local authorization list end to end on the local stack, driven by the table's change stream
 * as on AWS: real OCPP clients (strict schemas, 1.6 and 2.0.1) that keep a list receive a Full
 * update at boot, Differential updates when access IDs are created or revoked, a Full update after
 * VersionMismatch or Failed, messages within their limits; a charger without a list is sent none;
 * the operator reads a charger's list and asks for a resync.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RPCClient } from 'ocpp-rpc';
import { WebSocket } from 'ws';
import { startSimulator } from '../../../lib/simulator';
import type { LocalStack } from '../../../lib/local/stack';
import { api, createTenant, sessionsOfCharger, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { pollUntil, type OcppProtocol } from '../support/ocpp';
import { connectListCharger, entriesOf, type ListCharger, type ListChargerOptions } from '../support/list-charger';
import { responseValidator } from '../../support/openapi';

let stack: LocalStack;
let validate: ReturnType<typeof responseValidator>;

beforeAll(async () => {
  stack = await startTestStack({ localList: true });
  validate = responseValidator((await api(stack, '/api/openapi.json')).body);
});
afterAll(async () => stack?.close());

const call = (tenant: Tenant, method: string, path: string, body?: unknown) =>
  api(stack, path, { key: tenant.apiKey, method, body });

/** Creates an access ID through the API; its ID. */
async function card(tenant: Tenant, ocppIdTag: string, authorizationStatus = 'Authorized'): Promise<number> {
  const { status, body } = await call(tenant, 'POST', '/api/access-ids', {
    accessId: { type: 'RFID', name: `Card ${ocppIdTag}`, ocppIdTag, authorizationStatus },
  });
  expect(status).toBe(201);
  return body.accessId.id;
}

/** A tenant with one charger of the version, its access IDs created first, then the charger connected and booted. */
async function depot(
  protocol: OcppProtocol,
  tags: string[],
  options: ListChargerOptions = {},
): Promise<{ tenant: Tenant; charger: ListCharger; chargerId: number }> {
  const ocppId = uniqueOcppId('LL');
  const tenant = await createTenant(stack, [
    { ocppId, name: 'LL', type: 'Level 2', ports: [{ connectorType: 'J1772', maximumPowerKw: 11 }] },
  ]);
  for (const tag of tags) await card(tenant, tag);
  const charger = await connectListCharger(stack, ocppId, protocol, options);
  return { tenant, charger, chargerId: tenant.chargers[0]!.id };
}

/** The charger's list as the API shows it, once it satisfies `done`. */
async function listView(tenant: Tenant, chargerId: number, done: (data: any) => boolean, what: string) {
  const { body } = await pollUntil(
    () => call(tenant, 'GET', `/api/chargers/${chargerId}/local-list`),
    (r) => r.status === 200 && done(r.body.data),
    what,
  );
  expect(validate('/api/chargers/{id}/local-list', 'GET', 200, body)).toEqual([]);
  return body.data;
}

describe.each(['ocpp1.6', 'ocpp2.0.1'] as const)('%s', (protocol) => {
  it('gets a Full update of the Authorized access IDs at boot, and the operator sees it', async () => {
    const ocppId = uniqueOcppId('LL');
    const tenant = await createTenant(stack, [
      { ocppId, name: 'LL', type: 'Level 2', ports: [{ connectorType: 'J1772', maximumPowerKw: 11 }] },
    ]);
    await card(tenant, 'BOOT-A');
    await card(tenant, 'BOOT-B');
    await card(tenant, 'BOOT-REVOKED', 'Revoked');
    const charger = await connectListCharger(stack, ocppId, protocol);
    await charger.waitForList(['BOOT-A', 'BOOT-B']);
    const [full] = charger.sends();
    expect(full!.params.updateType).toBe('Full');
    expect(entriesOf(full!)).toEqual([
      { tag: 'BOOT-A', held: true },
      { tag: 'BOOT-B', held: true },
    ]);
    expect([...charger.list.values()]).toEqual(['Accepted', 'Accepted']);
    if (protocol === 'ocpp2.0.1') expect(full!.params.localAuthorizationList[0].idToken.type).toBe('ISO14443');
    const view = await listView(tenant, tenant.chargers[0]!.id, (d) => d.status === 'inSync', 'the list in sync');
    expect(view).toMatchObject({
      support: 'supported',
      listVersion: charger.version(),
      entryCount: 2,
      entries: ['BOOT-A', 'BOOT-B'],
      omitted: 0,
      fullRequired: false,
      lastSync: { updateType: 'Full', messages: 1, result: 'Accepted' },
    });
    await charger.close();
  });

  it('gets a Differential update when an access ID is created, and when one is revoked', async () => {
    const { tenant, charger } = await depot(protocol, ['DIFF-A']);
    await charger.waitForList(['DIFF-A']);
    const before = charger.calls.length;
    await card(tenant, 'DIFF-NEW');
    await charger.waitForList(['DIFF-A', 'DIFF-NEW'], 'the new card');
    const added = charger.sends(before);
    expect(added.map((c) => c.params.updateType)).toEqual(['Differential']);
    expect(entriesOf(added[0]!)).toEqual([{ tag: 'DIFF-NEW', held: true }]);

    const revokedAt = charger.calls.length;
    const { body } = await call(tenant, 'GET', '/api/access-ids');
    const id = body.data.find((a: { ocppIdTag: string }) => a.ocppIdTag === 'DIFF-A').id;
    expect(
      (await call(tenant, 'PATCH', `/api/access-ids/${id}`, { accessId: { authorizationStatus: 'Revoked' } })).status,
    ).toBe(200);
    await charger.waitForList(['DIFF-NEW'], 'the revoked card out');
    const removed = charger.sends(revokedAt);
    expect(removed.map((c) => c.params.updateType)).toEqual(['Differential']);
    expect(entriesOf(removed[0]!)).toEqual([{ tag: 'DIFF-A', held: false }]);
    await charger.close();
  });

  it('gets a Full update after a Differential answered VersionMismatch, and after one answered Failed', async () => {
    const { tenant, charger } = await depot(protocol, ['MISMATCH-A']);
    await charger.waitForList(['MISMATCH-A']);
    for (const [answer, tag] of [
      ['VersionMismatch', 'MISMATCH-B'],
      ['Failed', 'MISMATCH-C'],
    ] as const) {
      const from = charger.calls.length;
      charger.answerNext(answer);
      await card(tenant, tag);
      const expected = ['MISMATCH-A', 'MISMATCH-B', ...(tag === 'MISMATCH-C' ? ['MISMATCH-C'] : [])];
      await charger.waitForList(expected, `the list after ${answer}`);
      expect(charger.sends(from).map((c) => c.params.updateType)).toEqual(['Differential', 'Full']);
    }
    const view = await listView(tenant, tenant.chargers[0]!.id, (d) => d.entryCount === 3, 'three entries');
    expect(view).toMatchObject({ status: 'inSync', listVersion: charger.version(), fullRequired: false });
    await charger.close();
  });

  it('marks the list failed when a Full update is answered Failed, and the next change sends a Full update', async () => {
    const { tenant, charger } = await depot(protocol, ['FAIL-A']);
    await charger.waitForList(['FAIL-A']);
    charger.answerNext('Failed', 'Failed');
    await card(tenant, 'FAIL-B');
    const failed = await listView(tenant, tenant.chargers[0]!.id, (d) => d.status === 'failed', 'the list failed');
    expect(failed).toMatchObject({ fullRequired: true, lastSync: { updateType: 'Full', result: 'Failed' } });
    const from = charger.calls.length;
    await card(tenant, 'FAIL-C');
    await charger.waitForList(['FAIL-A', 'FAIL-B', 'FAIL-C']);
    expect(charger.sends(from)[0]!.params.updateType).toBe('Full');
    await charger.close();
  });

  it('gets a long list in messages within its limits: a Full first chunk, then Differentials', async () => {
    const tags = ['CHUNK-1', 'CHUNK-2', 'CHUNK-3', 'CHUNK-4', 'CHUNK-5'];
    const { tenant, charger } = await depot(protocol, tags, { itemsPerMessage: 2 });
    await charger.waitForList(tags);
    const sends = charger.sends();
    expect(sends.map((c) => c.params.updateType)).toEqual(['Full', 'Differential', 'Differential']);
    expect(sends.map((c) => entriesOf(c).length)).toEqual([2, 2, 1]);
    const versions = sends.map((c) => c.params.listVersion ?? c.params.versionNumber);
    expect(versions).toEqual([versions[0], versions[0] + 1, versions[0] + 2]);
    const view = await listView(tenant, tenant.chargers[0]!.id, (d) => d.status === 'inSync', 'in sync');
    expect(view).toMatchObject({ itemsPerMessage: 2, entryCount: 5, lastSync: { messages: 3 } });
    await charger.close();
  });

  it('is never sent a list when it keeps none; its resync is a 409', async () => {
    const { tenant, charger, chargerId } = await depot(protocol, ['NONE-A'], { supported: false });
    const view = await listView(tenant, chargerId, (d) => d.support === 'unsupported', 'support learnt');
    expect(view).toMatchObject({ status: 'unsupported', entryCount: 0 });
    // A charger of the same organization that keeps a list gets the next card: by then the
    // unsupported one would have had it too.
    const ocppId = uniqueOcppId('LL');
    const { registerCharger } = await import('../../../shared/chargers/registration');
    await registerCharger(stack.db, {
      ocppId,
      name: 'Keeps',
      type: 'Level 2',
      siteId: tenant.siteId,
      ports: [{ connectorType: 'J1772', maximumPowerKw: 11 }],
    });
    const keeper = await connectListCharger(stack, ocppId, protocol);
    await keeper.waitForList(['NONE-A']);
    await card(tenant, 'NONE-B');
    await keeper.waitForList(['NONE-A', 'NONE-B']);
    expect(charger.sends()).toEqual([]);
    const resync = await call(tenant, 'POST', `/api/chargers/${chargerId}/local-list/sync`);
    expect(resync.status).toBe(409);
    expect(resync.body.detail).toMatch(/keeps no local authorization list/);
    await Promise.all([charger.close(), keeper.close()]);
  });

  it('checks its version at boot: the same version gets nothing, a forgotten list a Full update', async () => {
    const { tenant, charger, chargerId } = await depot(protocol, ['REBOOT-A']);
    await charger.waitForList(['REBOOT-A']);
    const synced = await listView(tenant, chargerId, (d) => d.status === 'inSync', 'in sync');
    let from = charger.calls.length;
    await charger.boot();
    const checked = await listView(tenant, chargerId, (d) => d.lastSync.at !== synced.lastSync.at, 'the boot checked');
    expect(checked.lastSync).toMatchObject({ updateType: 'None', messages: 0, result: 'Accepted' });
    expect(charger.calls.slice(from).map((c) => c.action)).toEqual([
      protocol === 'ocpp1.6' ? 'GetConfiguration' : 'GetVariables',
      'GetLocalListVersion',
    ]);
    from = charger.calls.length;
    charger.forget();
    await charger.boot();
    await charger.waitForList(['REBOOT-A'], 'the list sent again');
    expect(charger.sends(from).map((c) => c.params.updateType)).toEqual(['Full']);
    await charger.close();
  });

  it('gets a Full update when the operator asks for a resync (202)', async () => {
    const { tenant, charger, chargerId } = await depot(protocol, ['RESYNC-A']);
    await charger.waitForList(['RESYNC-A']);
    const from = charger.calls.length;
    const resync = await call(tenant, 'POST', `/api/chargers/${chargerId}/local-list/sync`);
    expect(resync.status).toBe(202);
    expect(validate('/api/chargers/{id}/local-list/sync', 'POST', 202, resync.body)).toEqual([]);
    expect(resync.body.data).toMatchObject({ fullRequired: true, resyncRequestedAt: expect.any(String) });
    await pollUntil(
      async () => charger.sends(from),
      (s) => s.length > 0,
      'the resync',
    );
    expect(charger.sends(from)[0]!.params.updateType).toBe('Full');
    await listView(tenant, chargerId, (d) => d.status === 'inSync' && !d.fullRequired, 'in sync again');
    await charger.close();
  });
});

describe('a charger with LocalAuthListMaxLength (1.6)', () => {
  it('holds the oldest access IDs that fit, and the operator sees how many did not', async () => {
    const { tenant, charger, chargerId } = await depot('ocpp1.6', ['MAX-1', 'MAX-2', 'MAX-3'], { maxLength: 2 });
    await charger.waitForList(['MAX-1', 'MAX-2']);
    const view = await listView(tenant, chargerId, (d) => d.status === 'inSync', 'in sync');
    expect(view).toMatchObject({ maxLength: 2, entryCount: 2, omitted: 1 });
    await charger.close();
  });
});

describe('bad input', () => {
  it('answers 400 naming the path parameter, 404 for an unknown or foreign charger, and changes nothing', async () => {
    const { tenant, charger, chargerId } = await depot('ocpp1.6', ['BAD-A']);
    await charger.waitForList(['BAD-A']);
    const other = await createTenant(stack);
    for (const method of ['GET', 'POST'] as const) {
      const suffix = method === 'GET' ? '' : '/sync';
      const bad = await call(tenant, method, `/api/chargers/abc/local-list${suffix}`);
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual([expect.objectContaining({ path: 'pathParameters.id' })]);
      expect((await call(tenant, method, `/api/chargers/0/local-list${suffix}`)).status).toBe(400);
      expect((await call(tenant, method, `/api/chargers/999999999/local-list${suffix}`)).status).toBe(404);
      expect((await call(other, method, `/api/chargers/${chargerId}/local-list${suffix}`)).status).toBe(404);
      expect((await api(stack, `/api/chargers/${chargerId}/local-list${suffix}`, { method })).status).toBe(401);
    }
    expect((await call(tenant, 'DELETE', `/api/chargers/${chargerId}/local-list`)).status).toBe(405);
    const { data } = await stack.db.localAuthList.get({ chargerId }).go({ consistent: true });
    expect(data?.resyncRequestedAt).toBeUndefined();
    await charger.close();
  });
});

describe.each(['ocpp1.6', 'ocpp2.0.1'] as const)('the simulator (%s)', (protocol) => {
  it('keeps the list it is sent, and while offline starts a card from it, sending the transaction when it reconnects', async () => {
    const ocppId = uniqueOcppId('SIMLL');
    const tenant = await createTenant(stack, [
      { ocppId, name: 'Sim', type: 'Level 2', ports: [{ connectorType: 'J1772', maximumPowerKw: 11 }] },
    ]);
    await card(tenant, 'SIMLL-CARD');
    await card(tenant, 'SIMLL-OLD', 'Revoked');
    const logs: string[] = [];
    const sim = await startSimulator({
      url: stack.ocppUrl,
      ocppId,
      protocol,
      meterIntervalSeconds: 3600,
      onLog: (entry) => logs.push(entry.message),
    });
    const chargerId = tenant.chargers[0]!.id;
    await pollUntil(
      async () => sim.localList.tags(),
      (tags) => tags.join() === 'SIMLL-CARD',
      'the list kept',
    );
    const view = await listView(tenant, chargerId, (d) => d.status === 'inSync', 'in sync');
    expect(sim.localList.version).toBe(view.listVersion);

    // The connection drops (the CSMS's side goes): the simulator reconnects after its backoff.
    const frames: string[] = [];
    const client = (sim as unknown as { client: RPCClient }).client;
    client.on('message', ({ message, outbound }: { message: Buffer | string; outbound: boolean }) => {
      if (outbound) frames.push(message.toString());
    });
    const { data: charger } = await stack.db.charger.get({ chargerId }).go();
    stack.gateway.connections.get(charger!.currentConnectionId!)!.terminate();
    await pollUntil(
      async () => client.state,
      (state) => state !== WebSocket.OPEN,
      'the connection down',
    );
    await sim.plugInAndStart(1, 'SIMLL-CARD');
    expect(logs).toContain('idTag SIMLL-CARD authorized from the local list (offline)');
    expect(frames.some((f) => f.includes('"Authorize"'))).toBe(false);
    const sessions = await pollUntil(
      () => sessionsOfCharger(stack, chargerId),
      (found) => found.length === 1,
      'the session recorded',
    );
    expect(sessions[0]).toMatchObject({ idTag: 'SIMLL-CARD' });
    // A card the list does not hold is asked of the CSMS, which refuses it.
    await sim.stop(1);
    await expect(sim.plugInAndStart(1, 'SIMLL-OLD')).rejects.toThrow(/SIMLL-OLD is (Blocked|Invalid)/);
    await sim.close();
  });
});
