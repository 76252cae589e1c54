import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../../lib/local/stack';
import { createCaCertificate, type SigningAuthority } from '../../../shared/certificates/authority';
import { fileCaSigner } from '../../../shared/certificates/ca-signer';
import { revokeSerial } from '../../../shared/certificates/revocation-store';
import { viewerCertificateHeaders } from '../../../shared/certificates/viewer-certificate';
import { parseCertificate } from '../../../shared/certificates/x509';
import { requestCounts, totalRequests } from '../../../shared/db/client';
import { temporaryDirectory } from '../../unit/certificates/openssl';
import { pollUntil } from '../support/ocpp';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import {
  tlsOcppClient,
  type ClientIdentity,
  connectionStatusOf,
  issueClientIdentity,
  tlsHandshake,
} from '../support/client-certificates';

const PASSWORD = 'the-right-password-1';
const DAY_MS = 86_400_000;

let stack: LocalStack;
let tenant: Tenant;
let other: Tenant;
let dir: string;
let remove: () => void;
const certs = {} as Record<'good' | 'wrongCn' | 'expired' | 'revoked' | 'foreign' | 'profile2', ClientIdentity>;

const basic = (ocppId: string, password: string) => `Basic ${Buffer.from(`${ocppId}:${password}`).toString('base64')}`;
const profile3 = () => tenant.chargers[0]!;
const profile2 = () => tenant.chargers[1]!;

/** A certificate for `ocppId` from a charger-made CSR (openssl), issued by `ca` as of `issuedAt`. */
const identity = (ocppId: string, ca: SigningAuthority, issuedAt = new Date()): Promise<ClientIdentity> =>
  issueClientIdentity(dir, ocppId, ca, issuedAt);

/**
 * The handshake's status as `ocppId` (101 accepted, then closed at once; else the refusal's), with
 * `client`'s certificate when given. (API Gateway, and the local gateway, send no body with a
 * refusal: each bad case below differs from an admitted one in one thing.)
 * @param options.plain connect to the plain gateway (`ws://`) instead of the TLS listener
 */
async function handshake(
  ocppId: string,
  options: { client?: ClientIdentity; password?: string; plain?: boolean; headers?: Record<string, string> } = {},
): Promise<number> {
  return tlsHandshake(stack, ocppId, {
    ...(options.client ? { client: options.client } : {}),
    ...(options.plain ? { baseUrl: stack.ocppUrl } : {}),
    ...(options.password ? { authorization: basic(ocppId, options.password) } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  });
}

/** The charger's connection status as stored. */
const connectionStatus = (chargerId: number) => connectionStatusOf(stack, chargerId);

/** Waits until the charger's last connection is recorded closed (its `$disconnect` ran). */
const disconnected = (chargerId: number) =>
  pollUntil(
    () => connectionStatus(chargerId),
    (status) => status === 'Disconnected',
    'the charger disconnected',
  );

beforeAll(async () => {
  ({ dir, remove } = temporaryDirectory());
  stack = await startTestStack({ tls: { dataDir: join(dir, 'data'), port: 0, mode: 'passthrough' } });
  const ocppIds = [uniqueOcppId('P3'), uniqueOcppId('P2')];
  tenant = await createTenant(
    stack,
    ocppIds.map((ocppId, i) => ({
      ocppId,
      name: `Charger ${i}`,
      type: 'Level 2',
      ports: [{ connectorType: 'J1772' }],
      password: PASSWORD,
    })),
  );
  other = await createTenant(stack, []);
  const ca = stack.tls!.ca;
  const signer = await fileCaSigner(join(dir, 'foreign-key.pem'));
  const now = Date.now();
  const foreignCa = await createCaCertificate(signer, {
    subject: 'CN=Foreign CA',
    notBefore: new Date(now - DAY_MS),
    notAfter: new Date(now + 1000 * DAY_MS),
  });
  const ocppId = profile3().ocppId!;
  certs.good = await identity(ocppId, ca);
  certs.wrongCn = await identity(profile2().ocppId!, ca);
  certs.profile2 = certs.wrongCn;
  certs.expired = await identity(ocppId, ca, new Date(now - 2 * 365 * DAY_MS));
  certs.revoked = await identity(ocppId, ca);
  certs.foreign = await identity(ocppId, { certificate: foreignCa, intermediates: [], signer });
  await revokeSerial(stack.db, ca.certificate, certs.revoked.serialNumber, new Date().toISOString());
});

afterAll(async () => {
  await stack?.close();
  remove?.();
});

describe('PUT /api/chargers/{id}/security-profile', () => {
  it('is 2 until set; an admin sets it, and the charger read shows it', async () => {
    const before = await api(stack, `/api/chargers/${profile3().id}`, { key: tenant.apiKey });
    expect(before.body.data.securityProfile).toBe(2);
    const set = await api(stack, `/api/chargers/${profile3().id}/security-profile`, {
      key: tenant.apiKey,
      method: 'PUT',
      body: { securityProfile: 3 },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data).toMatchObject({ id: profile3().id, securityProfile: 3 });
    const after = await api(stack, `/api/chargers/${profile3().id}`, { key: tenant.apiKey });
    expect(after.body.data.securityProfile).toBe(3);
  });

  it('refuses anything but 1, 2 or 3 with a 400 naming the field, and changes nothing', async () => {
    const id = profile2().id;
    const cases: [unknown, string][] = [
      [{ securityProfile: 4 }, 'body.securityProfile'],
      [{ securityProfile: 0 }, 'body.securityProfile'],
      [{ securityProfile: 2.5 }, 'body.securityProfile'],
      [{ securityProfile: '3' }, 'body.securityProfile'],
      [{ securityProfile: null }, 'body.securityProfile'],
      [{}, 'body.securityProfile'],
      [{ securityProfile: 3, extra: 1 }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const response = await api(stack, `/api/chargers/${id}/security-profile`, {
        key: tenant.apiKey,
        method: 'PUT',
        body,
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(response.body), JSON.stringify(body)).toContain(field);
    }
    const read = await api(stack, `/api/chargers/${id}`, { key: tenant.apiKey });
    expect(read.body.data.securityProfile).toBe(2);
  });

  it("is 404 for another organization's charger, which keeps its profile", async () => {
    const response = await api(stack, `/api/chargers/${profile2().id}/security-profile`, {
      key: other.apiKey,
      method: 'PUT',
      body: { securityProfile: 3 },
    });
    expect(response.status).toBe(404);
    const read = await api(stack, `/api/chargers/${profile2().id}`, { key: tenant.apiKey });
    expect(read.body.data.securityProfile).toBe(2);
  });
});

describe('$connect of a profile 3 charger', () => {
  it('admits a real OCPP client with a good certificate, which boots', async () => {
    const client = tlsOcppClient(stack, profile3().ocppId!, certs.good);
    await client.connect();
    try {
      const boot = await client.call('BootNotification', {
        reason: 'PowerUp',
        chargingStation: { model: 'P3', vendorName: 'Test' },
      });
      expect(boot).toMatchObject({ status: 'Accepted' });
      expect(await connectionStatus(profile3().id)).toBe('Connected');
    } finally {
      await client.close({ force: true });
    }
    await disconnected(profile3().id);
  });

  it.each([
    ['a certificate naming another charger', 'wrongCn'],
    ['an expired certificate', 'expired'],
    ['a revoked certificate', 'revoked'],
    ["another CA's certificate", 'foreign'],
  ] as const)('refuses %s (401), even with the right password', async (_what, which) => {
    expect(await handshake(profile3().ocppId!, { client: certs[which], password: PASSWORD })).toBe(401);
  });

  it('refuses it without a certificate (401), even with the right password, over TLS and plain', async () => {
    expect(await handshake(profile3().ocppId!, { password: PASSWORD })).toBe(401);
    expect(await handshake(profile3().ocppId!, { password: PASSWORD, plain: true })).toBe(401);
  });

  it('ignores certificate headers sent straight to the plain gateway (no secret vouches for them)', async () => {
    const headers = await viewerCertificateHeaders(parseCertificate(certs.good.cert));
    expect(await handshake(profile3().ocppId!, { plain: true, headers })).toBe(401);
    expect(await handshake(profile3().ocppId!, { plain: true, headers, password: PASSWORD })).toBe(401);
  });
});

describe('$connect of a profile 2 charger', () => {
  it('admits the password with or without a good certificate, and refuses a bad certificate or password', async () => {
    const ocppId = profile2().ocppId!;
    expect(await handshake(ocppId, { password: PASSWORD })).toBe(101);
    await disconnected(profile2().id);
    expect(await handshake(ocppId, { password: PASSWORD, client: certs.profile2 })).toBe(101);
    await disconnected(profile2().id);
    expect(await handshake(ocppId, { password: PASSWORD, client: certs.good })).toBe(401);
    expect(await handshake(ocppId, { password: 'a-wrong-password-123' })).toBe(401);
  });

  it('a warm $connect with a certificate costs no more DynamoDB requests than one with a password', async () => {
    const deletes = () => requestCounts.get('DeleteItem') ?? 0;
    /**
     * Opens and closes one connection, and waits until its `$disconnect` has run to its end: the
     * status reads Disconnected before the handler's last request, the connection's DeleteItem (this
     * file's stack has no other deletes), which a loaded machine would otherwise let fall into the
     * next count.
     */
    const connectOnce = async (ocppId: string, chargerId: number, options: Parameters<typeof handshake>[1]) => {
      const deletesBefore = deletes();
      const before = totalRequests();
      expect(await handshake(ocppId, options)).toBe(101);
      const requests = totalRequests() - before;
      await disconnected(chargerId);
      await pollUntil(
        async () => deletes(),
        (n) => n > deletesBefore,
        'the $disconnect to end',
      );
      return requests;
    };
    /**
     * The requests one accepted handshake costs: the fewest of three, since the count is the
     * process's and another request (the operations sweep, once a minute) can only add to it.
     */
    const cost = async (ocppId: string, chargerId: number, options: Parameters<typeof handshake>[1]) => {
      const counts: number[] = [];
      for (let attempt = 0; attempt < 3; attempt += 1) counts.push(await connectOnce(ocppId, chargerId, options));
      return Math.min(...counts);
    };
    // Warm: the CA's revocation list is read by a first connection, then kept by the instance.
    await connectOnce(profile3().ocppId!, profile3().id, { client: certs.good });
    const withPassword = await cost(profile2().ocppId!, profile2().id, { password: PASSWORD });
    const withCertificate = await cost(profile3().ocppId!, profile3().id, { client: certs.good });
    expect(withPassword).toBeGreaterThan(0);
    expect(withCertificate).toBeLessThanOrEqual(withPassword);
  });
});
