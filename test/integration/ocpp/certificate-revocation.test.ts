import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../../lib/local/stack';
import { createApiKey } from '../../../shared/api/api-keys';
import type { SigningAuthority } from '../../../shared/certificates/authority';
import { caKeyId } from '../../../shared/certificates/revocation';
import { summarizeCertificate } from '../../../shared/certificates/x509';
import { recordChargerCertificate } from '../../../shared/chargers/certificates';
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

let stack: LocalStack;
let tenant: Tenant;
let other: Tenant;
let viewerKey: string;
let dir: string;
let remove: () => void;
const certs = {} as Record<'first' | 'second' | 'connected', ClientIdentity>;
/** A certificate stored without its CA's key ID, as before it was recorded. */
const LEGACY_SERIAL = 'abc123';

const charger = () => tenant.chargers[0]!;
const revokePath = (serial: string, chargerId: number = charger().id) =>
  `/api/chargers/${chargerId}/certificates/${serial}/revoke`;
const revoke = (serial: string, options: { key?: string; chargerId?: number } = {}) =>
  api(stack, revokePath(serial, options.chargerId), { key: options.key ?? tenant.apiKey, method: 'POST' });
const listing = async () =>
  (await api(stack, `/api/chargers/${charger().id}/certificates`, { key: tenant.apiKey })).body.data as {
    serialNumber: string;
    revoked: boolean;
    revokedAt?: string;
  }[];

/**
 * A certificate for the charger from an openssl-made CSR, issued by the local CA and stored as the
 * certificate function stores it (with its CA's key ID, the charger's answer `Accepted`).
 */
async function issueAndStore(ca: SigningAuthority): Promise<ClientIdentity> {
  const { key, cert, issued } = await issueClientIdentity(dir, charger().ocppId!, ca);
  const summary = await summarizeCertificate(issued.certificate);
  await recordChargerCertificate(stack.db, {
    ...summary,
    chargerId: charger().id,
    certificateType: 'ChargingStationCertificate',
    issuedAt: new Date().toISOString(),
    deliveryStatus: 'Accepted',
    caKeyId: await caKeyId(ca.certificate),
  });
  return { key, cert, serialNumber: summary.serialNumber };
}

/** The handshake's status over TLS with `client`'s certificate (101 accepted, then closed at once). */
const handshake = (client: ClientIdentity) => tlsHandshake(stack, charger().ocppId!, { client });

/** The charger's connection status as stored. */
const connectionStatus = () => connectionStatusOf(stack, charger().id);

const connectionBecomes = (status: 'Connected' | 'Disconnected') =>
  pollUntil(connectionStatus, (now) => now === status, `the charger is ${status}`);

beforeAll(async () => {
  ({ dir, remove } = temporaryDirectory());
  stack = await startTestStack({ tls: { dataDir: join(dir, 'data'), port: 0, mode: 'passthrough' } });
  tenant = await createTenant(stack, [
    {
      ocppId: uniqueOcppId('RV'),
      name: 'Revoked',
      type: 'Level 2',
      ports: [{ connectorType: 'J1772' }],
      password: PASSWORD,
    },
  ]);
  other = await createTenant(stack, []);
  viewerKey = (
    await createApiKey(stack.db, { organizationId: tenant.organizationId, scope: 'organization', role: 'viewer' })
  ).apiKey;
  const set = await api(stack, `/api/chargers/${charger().id}/security-profile`, {
    key: tenant.apiKey,
    method: 'PUT',
    body: { securityProfile: 3 },
  });
  expect(set.status).toBe(200);
  const ca = stack.tls!.ca;
  certs.first = await issueAndStore(ca);
  certs.second = await issueAndStore(ca);
  certs.connected = await issueAndStore(ca);
  const now = Date.now();
  await recordChargerCertificate(stack.db, {
    chargerId: charger().id,
    serialNumber: LEGACY_SERIAL,
    subject: `CN=${charger().ocppId}`,
    issuer: 'CN=Local CA',
    notBefore: new Date(now - 60_000).toISOString(),
    notAfter: new Date(now + 86_400_000).toISOString(),
    sha256: 'ab'.repeat(32),
    issuedAt: new Date(now).toISOString(),
    deliveryStatus: 'Accepted',
  });
});

afterAll(async () => {
  await stack?.close();
  remove?.();
});

describe('POST /api/chargers/{id}/certificates/{serialNumber}/revoke', () => {
  it("revokes the certificate: the listing shows it, and the charger's next connection with it is refused", async () => {
    const response = await revoke(certs.first.serialNumber.toUpperCase());
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({ serialNumber: certs.first.serialNumber, revoked: true });
    expect(Date.parse(response.body.data.revokedAt)).not.toBeNaN();

    const listed = await listing();
    expect(listed.find((c) => c.serialNumber === certs.first.serialNumber)).toEqual(response.body.data);
    expect(listed.find((c) => c.serialNumber === certs.second.serialNumber)).toMatchObject({ revoked: false });
    expect(listed.find((c) => c.serialNumber === certs.second.serialNumber)).not.toHaveProperty('revokedAt');

    expect(await handshake(certs.first)).toBe(401);
    expect(await handshake(certs.second)).toBe(101);
    await connectionBecomes('Disconnected');
  });

  it('is idempotent: a second call answers 200 with the same certificate and its first revokedAt', async () => {
    const [before] = (await listing()).filter((c) => c.serialNumber === certs.first.serialNumber);
    const again = await revoke(certs.first.serialNumber);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(before);
  });

  it('disconnects the profile 3 charger connected now, and again when the certificate is revoked already', async () => {
    for (const [connectWith, revoked] of [
      [certs.connected, certs.connected],
      // A connection `$connect` admitted within its list's TTL is cut by revoking again.
      [certs.second, certs.connected],
    ] as const) {
      const client = tlsOcppClient(stack, charger().ocppId!, connectWith);
      const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
      await client.connect();
      try {
        await connectionBecomes('Connected');
        const response = await revoke(revoked.serialNumber);
        expect(response.status).toBe(200);
        await closed;
        await connectionBecomes('Disconnected');
      } finally {
        await client.close({ force: true });
      }
    }
  });

  it('refuses a serial number that is not hexadecimal with a 400 naming it', async () => {
    for (const serial of ['not-hex', 'zz', `${'a'.repeat(65)}`, '%3A%3A']) {
      const response = await revoke(serial);
      expect(response.status, serial).toBe(400);
      expect(
        response.body.errors.map((e: { path: string }) => e.path),
        serial,
      ).toEqual(['pathParameters.serialNumber']);
    }
  });

  it("is 404 for a serial that is none of the charger's certificates, and for an unknown or another organization's charger", async () => {
    const unknownSerial = await revoke('ffffffffff01');
    expect(unknownSerial.status).toBe(404);
    expect(unknownSerial.body.detail).toContain('no certificate with serial number ffffffffff01');
    expect((await revoke(certs.second.serialNumber, { chargerId: 999_999_999 })).status).toBe(404);
    expect((await revoke(certs.second.serialNumber, { key: other.apiKey })).status).toBe(404);
    expect((await listing()).find((c) => c.serialNumber === certs.second.serialNumber)).toMatchObject({
      revoked: false,
    });
  });

  it('is 403 for a viewer, and changes nothing', async () => {
    const response = await revoke(certs.second.serialNumber, { key: viewerKey });
    expect(response.status).toBe(403);
    expect((await listing()).find((c) => c.serialNumber === certs.second.serialNumber)).toMatchObject({
      revoked: false,
    });
  });

  it("is 409 for a certificate stored without its CA's key ID, which stays listed as not revoked", async () => {
    const response = await revoke(LEGACY_SERIAL);
    expect(response.status).toBe(409);
    expect(response.body.detail).toContain("without its CA's key ID");
    expect((await listing()).find((c) => c.serialNumber === LEGACY_SERIAL)).toMatchObject({ revoked: false });
  });
});
