/**
 * Charger credentials (docs/charger-credentials.md): `POST /api/chargers/{id}/password` sends a
 * new Basic-auth password to a connected charger (1.6 ChangeConfiguration `AuthorizationKey` in
 * hexadecimal, 2.0.1 SetVariables `SecurityCtrlr.BasicAuthPassword`), to real strict-mode
 * clients. The new password opens the WebSocket handshake only once the charger has confirmed
 * it, the old one until then and never after; a refusal, a CALLERROR or no answer leave the old
 * one in force.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRPCError, type RPCClient } from 'ocpp-rpc';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { connectCharger, handshakeStatus, pollUntil, type BaseProtocol } from '../support/ocpp';
import type { LocalStack } from '../../../lib/local/stack';
import { hashPassword, verifyPassword } from '../../../shared/chargers/passwords';
import { newMessageId, sentCallKey } from '../../../shared/ocpp/commands/correlation';
import { startSimulator } from '../../../lib/simulator';

// A charger that never answers must not hold a test for the production 20 s.
process.env.OCPP_COMMAND_TIMEOUT_MS = '1500';

const OLD_PASSWORD = 'the-old-password-1';
let stack: LocalStack;
let tenant: Tenant;
let other: Tenant;

/** How the test charger answers the password CALL. */
type Behaviour = 'accept' | 'rebootRequired' | 'reject' | 'fault' | 'silent';

/** A connected test charger of one version: what it was sent, and how it answers. */
interface TestCharger {
  ocppId: string;
  chargerId: number;
  client?: RPCClient;
  behaviour: Behaviour;
  /** The passwords it was sent (1.6: decoded from hexadecimal). */
  received: string[];
}

const chargers = {} as Record<BaseProtocol, TestCharger>;
const PROTOCOLS = ['ocpp1.6', 'ocpp2.0.1'] as const;

const basic = (ocppId: string, password: string) => `Basic ${Buffer.from(`${ocppId}:${password}`).toString('base64')}`;

/** The handshake status of a connection with this password (101: accepted, 401: refused). */
const handshake = (protocol: BaseProtocol, password: string) =>
  handshakeStatus(stack, chargers[protocol].ocppId, {
    protocols: [protocol],
    authorization: basic(chargers[protocol].ocppId, password),
  }).then((r) => r.status);

/** The answer a behaviour gives, in the version's shape. */
async function answer(protocol: BaseProtocol, charger: TestCharger, params: any): Promise<object> {
  const status = { accept: 'Accepted', rebootRequired: 'RebootRequired', reject: 'Rejected' } as const;
  if (charger.behaviour === 'fault') throw createRPCError('InternalError', 'key store locked');
  if (charger.behaviour === 'silent') return new Promise<object>(() => {});
  if (protocol === 'ocpp1.6') {
    expect(params.key).toBe('AuthorizationKey');
    charger.received.push(Buffer.from(params.value, 'hex').toString('utf8'));
    return { status: status[charger.behaviour] };
  }
  const [data] = params.setVariableData;
  expect(data).toMatchObject({ component: { name: 'SecurityCtrlr' }, variable: { name: 'BasicAuthPassword' } });
  charger.received.push(data.attributeValue);
  return {
    setVariableResult: [
      { attributeStatus: status[charger.behaviour], component: data.component, variable: data.variable },
    ],
  };
}

/** Connects the version's charger with `password`, answering the password CALL as its behaviour says. */
async function connect(protocol: BaseProtocol, password: string): Promise<void> {
  const charger = chargers[protocol];
  await charger.client?.close({ force: true });
  charger.client = await connectCharger(stack, charger.ocppId, protocol, password, (client) => {
    client.handle(protocol === 'ocpp1.6' ? 'ChangeConfiguration' : 'SetVariables', ({ params }) =>
      answer(protocol, charger, params),
    );
  });
}

const changePassword = (chargerId: number, body: unknown, key = tenant.apiKey) =>
  api(stack, `/api/chargers/${chargerId}/password`, { key, method: 'POST', body });

beforeAll(async () => {
  stack = await startTestStack();
  const ports = [{ connectorType: 'J1772' as const }];
  const ids = { 'ocpp1.6': uniqueOcppId('PW16'), 'ocpp2.0.1': uniqueOcppId('PW201') };
  tenant = await createTenant(
    stack,
    PROTOCOLS.map((p) => ({ ocppId: ids[p], name: p, type: 'Level 2' as const, ports, password: OLD_PASSWORD })),
  );
  other = await createTenant(stack);
  for (const [i, protocol] of PROTOCOLS.entries()) {
    chargers[protocol] = {
      ocppId: ids[protocol],
      chargerId: tenant.chargers[i]!.id,
      behaviour: 'accept',
      received: [],
    };
  }
});
afterAll(async () => {
  for (const protocol of PROTOCOLS) await chargers[protocol]?.client?.close({ force: true });
  await stack?.close();
});

/** The charger's stored hashes. */
async function storedCharger(chargerId: number) {
  const { data } = await stack.db.charger.get({ chargerId }).go({ consistent: true });
  return data!;
}

describe.each(PROTOCOLS)('%s', (protocol) => {
  const charger = () => chargers[protocol];
  let current = OLD_PASSWORD;

  beforeAll(async () => {
    await connect(protocol, current);
  });

  it('a generated password the charger accepts replaces the old one at the handshake', async () => {
    charger().behaviour = 'accept';
    const { status, body } = await changePassword(charger().chargerId, {});
    expect(status).toBe(200);
    expect(body.data).toEqual({
      status: 'Accepted',
      confirmed: true,
      password: expect.stringMatching(/^[A-Za-z0-9]{20}$/),
    });
    const password = body.data.password as string;
    expect(charger().received.at(-1)).toBe(password);
    expect(await handshake(protocol, password)).toBe(101);
    expect(await handshake(protocol, current)).toBe(401);
    const stored = await storedCharger(charger().chargerId);
    expect(await verifyPassword(password, stored.passwordHash!)).toBe(true);
    expect(stored.pendingPassword).toBeUndefined();
    // The charger reconnects with it, as a real one does.
    current = password;
    await connect(protocol, current);
  });

  it('a given password confirmed with RebootRequired is in force: the charger uses it from its reboot', async () => {
    charger().behaviour = 'rebootRequired';
    const password = `given-${protocol === 'ocpp1.6' ? '16' : '201'}-secret.1`;
    const { status, body } = await changePassword(charger().chargerId, { password });
    expect(status).toBe(200);
    // A given password is never echoed.
    expect(body.data).toEqual({ status: 'RebootRequired', confirmed: true });
    expect(charger().received.at(-1)).toBe(password);
    expect(await handshake(protocol, password)).toBe(101);
    expect(await handshake(protocol, current)).toBe(401);
    current = password;
    await connect(protocol, current);
  });

  it.each([
    ['Rejected', 'reject', 200],
    ['a CALLERROR', 'fault', 502],
    ['no answer', 'silent', 504],
  ] as const)('%s leaves the old password in force and the new one refused', async (_what, behaviour, expected) => {
    charger().behaviour = behaviour;
    const password = 'never-in-force-0001';
    const pending = changePassword(charger().chargerId, { password });
    if (behaviour === 'silent') {
      // While the charger has not confirmed it, the new password is refused.
      await expectPending(charger().chargerId);
      expect(await handshake(protocol, password)).toBe(401);
    }
    const { status, body } = await pending;
    expect(status).toBe(expected);
    if (behaviour === 'reject') expect(body.data).toEqual({ status: 'Rejected', confirmed: false });
    if (behaviour === 'fault') expect(body.detail).toMatch(/InternalError/);
    if (behaviour === 'silent') expect(body.type).toBe('/problems/charger-timeout');
    expect(await handshake(protocol, password)).toBe(401);
    expect(await handshake(protocol, current)).toBe(101);
    expect((await storedCharger(charger().chargerId)).pendingPassword).toBeUndefined();
    charger().behaviour = 'accept';
    await connect(protocol, current);
  });

  it('bad input is a 400 naming the field, and nothing is sent or stored', async () => {
    const before = charger().received.length;
    const cases: [unknown, string][] = [
      [{ password: 'short' }, 'body.password'],
      [{ password: 'has spaces in it, not allowed' }, 'body.password'],
      [{ password: 'x'.repeat(41) }, 'body.password'],
      [{ password: 1234567890123456 }, 'body.password'],
      [{ secret: 'a-long-enough-secret' }, 'body'],
    ];
    if (protocol === 'ocpp1.6') cases.push([{ password: 'a'.repeat(21) }, 'body.password']);
    for (const [body, field] of cases) {
      const response = await changePassword(charger().chargerId, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(response.body), JSON.stringify(body)).toContain(field);
    }
    expect(charger().received.length).toBe(before);
    const stored = await storedCharger(charger().chargerId);
    expect(stored.pendingPassword).toBeUndefined();
    expect(await verifyPassword(current, stored.passwordHash!)).toBe(true);
  });

  it("another organization's charger is a 404, and an unknown one", async () => {
    const before = charger().received.length;
    const { status } = await changePassword(charger().chargerId, {}, other.apiKey);
    expect(status).toBe(404);
    expect((await changePassword(999_999_999, {})).status).toBe(404);
    expect(charger().received.length).toBe(before);
    expect(await handshake(protocol, current)).toBe(101);
  });

  it('a charger that confirmed while its sender died is let in with the new password, then only with it', async () => {
    // The state a sender leaves when it stops after the charger's Accepted was stored: the
    // pending password and the answer in its CALL's record, not yet promoted.
    const password = 'confirmed-elsewhere-1';
    const messageId = newMessageId();
    const messageType = protocol === 'ocpp1.6' ? 'ChangeConfiguration' : 'SetVariables';
    const frame = JSON.stringify([2, messageId, messageType, {}]);
    await stack.db.ocppMessage
      .put({
        ...sentCallKey(charger().chargerId, messageId),
        protocol,
        direction: 'toCharger',
        messageType,
        frame,
        frameBytes: Buffer.byteLength(frame),
        responseType: 'CALLRESULT',
        responseFrame: JSON.stringify([
          3,
          messageId,
          protocol === 'ocpp1.6'
            ? { status: 'Accepted' }
            : {
                setVariableResult: [
                  {
                    attributeStatus: 'Accepted',
                    component: { name: 'SecurityCtrlr' },
                    variable: { name: 'BasicAuthPassword' },
                  },
                ],
              },
        ]),
      })
      .go();
    await stack.db.charger
      .patch({ chargerId: charger().chargerId })
      .set({
        pendingPassword: {
          hash: await hashPassword(password),
          messageId,
          protocol,
          requestedAt: new Date().toISOString(),
        },
      })
      .go();
    expect(await handshake(protocol, password)).toBe(101);
    expect(await handshake(protocol, current)).toBe(401);
    const stored = await storedCharger(charger().chargerId);
    expect(stored.pendingPassword).toBeUndefined();
    expect(await verifyPassword(password, stored.passwordHash!)).toBe(true);
    current = password;
    await connect(protocol, current);
  });
});

describe('a charger without a password', () => {
  it('says so in its read and its health; one with a password says it has one', async () => {
    const ocppId = uniqueOcppId('NOPW');
    const ports = [{ connectorType: 'J1772' as const }];
    const open = await createTenant(stack, [{ ocppId, name: 'Open', type: 'Level 2', ports }]);
    const id = open.chargers[0]!.id;
    expect((await api(stack, `/api/chargers/${id}`, { key: open.apiKey })).body.data.ocppPasswordSet).toBe(false);
    const health = await api(stack, `/api/charger-health?chargerIds[]=${id}`, { key: open.apiKey });
    expect(health.body.data).toEqual([expect.objectContaining({ chargerId: id, ocppPasswordSet: false })]);
    const withPassword = chargers['ocpp1.6'].chargerId;
    const read = await api(stack, `/api/chargers/${withPassword}`, { key: tenant.apiKey });
    expect(read.body.data.ocppPasswordSet).toBe(true);
    const theirs = await api(stack, `/api/charger-health?chargerIds[]=${withPassword}`, { key: tenant.apiKey });
    expect(theirs.body.data[0].ocppPasswordSet).toBe(true);
  });
});

describe.each(PROTOCOLS)('the simulator over %s', (protocol) => {
  it('accepts a new password, reconnects with it, and the old one is refused', async () => {
    const ocppId = uniqueOcppId(protocol === 'ocpp1.6' ? 'SPW16' : 'SPW201');
    const ports = [{ connectorType: 'J1772' as const }];
    const owner = await createTenant(stack, [{ ocppId, name: 'Sim', type: 'Level 2', ports, password: OLD_PASSWORD }]);
    const chargerId = owner.chargers[0]!.id;
    const simulator = await startSimulator({ ocppId, protocol, url: stack.ocppUrl, password: OLD_PASSWORD });
    try {
      const before = (await storedCharger(chargerId)).currentConnectionId;
      const { status, body } = await changePassword(chargerId, {}, owner.apiKey);
      expect(status).toBe(200);
      expect(body.data).toMatchObject({ status: 'Accepted', confirmed: true });
      await pollUntil(
        () => storedCharger(chargerId),
        (c) => c.connectionStatus?.status === 'Connected' && c.currentConnectionId !== before,
        'the simulator to reconnect with its new password',
        15_000,
      );
      const old = { protocols: [protocol], authorization: basic(ocppId, OLD_PASSWORD) };
      expect((await handshakeStatus(stack, ocppId, old)).status).toBe(401);
      const renewed = { protocols: [protocol], authorization: basic(ocppId, body.data.password) };
      expect((await handshakeStatus(stack, ocppId, renewed)).status).toBe(101);
    } finally {
      await simulator.close();
    }
  });
});

/** Waits until the charger has a pending password (the CALL is on its way). */
async function expectPending(chargerId: number): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await storedCharger(chargerId)).pendingPassword) {
    if (Date.now() > deadline) throw new Error('no pending password');
    await new Promise((r) => setTimeout(r, 20));
  }
}
