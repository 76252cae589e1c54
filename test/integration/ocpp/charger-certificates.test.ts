/**
 * Each charger's certificates (docs/certificates.md "A charger's certificates"), both versions with
 * real strict-mode clients: the certificate the CSMS CA issues for a SignCertificate is stored when
 * CertificateSigned goes out and listed by `GET /api/chargers/{id}/certificates` (serial, subject,
 * issuer, validity, SHA-256: the leaf the charger received); the alert sweep raises
 * `certificateExpiring` within the renewal lead time of its end and clears it once the charger
 * holds a later certificate it accepted (not one it rejected or never received).
 */
import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RPCClient } from 'ocpp-rpc';
import type { LocalStack } from '../../../lib/local/stack';
import { sweepOrganization } from '../../../shared/alerts/sweep';
import { recordChargerCertificate, revokedSerialsReader } from '../../../shared/chargers/certificates';
import { revokeSerialOfCa } from '../../../shared/certificates/revocation-store';
import { requestCounts } from '../../../shared/db/client';
import { ocppChargerCommands } from '../../../shared/ocpp/commands/charger-commands';
import { PROBE_COMMANDS } from '../../../shared/ocpp/commands/charger-operations';
import { opensslCsr } from '../../unit/certificates/openssl';
import type { CheckedCall } from '../support/checked-api';
import { pollUntil, type BaseProtocol } from '../support/ocpp';
import {
  PROTOCOLS,
  signCertificateRequest,
  startSecurityChargers,
  type SecurityChargers,
} from '../support/security-chargers';
import type { Tenant } from '../support/stack';

const ROUTE = '/api/chargers/{id}/certificates';
const DAY = 86_400_000;
let fixture: SecurityChargers | undefined;
let stack: LocalStack;
let tenant: Tenant;
let other: Tenant;
let call: CheckedCall;
let dir: string;
let clients: Record<BaseProtocol, RPCClient>;
const chains = {} as Record<BaseProtocol, string[]>;

beforeAll(async () => {
  for (const protocol of PROTOCOLS) chains[protocol] = [];
  fixture = await startSecurityChargers({
    idPrefix: 'CC',
    handlers: (protocol, c) =>
      c.handle('CertificateSigned', async ({ params }: any) => {
        chains[protocol].push(params.certificateChain);
        return { status: 'Accepted' };
      }),
  });
  ({ stack, tenant, other, call, dir, clients } = fixture);
});
afterAll(async () => fixture?.close());

const certificatesOf = async (chargerId: number) =>
  (await call('GET', `/api/chargers/${chargerId}/certificates`, ROUTE, 200)).data as Record<string, unknown>[];

describe.each(PROTOCOLS)('a certificate the CSMS issues (%s)', (protocol) => {
  const index = PROTOCOLS.indexOf(protocol);
  it('is stored when CertificateSigned goes out, and listed as the charger received it', async () => {
    const { id, ocppId } = tenant.chargers[index]!;
    const csr = opensslCsr(dir, `/CN=${ocppId}`).csr;
    expect(await clients[protocol].call('SignCertificate', signCertificateRequest(protocol, csr))).toEqual({
      status: 'Accepted',
    });
    const [listed] = await pollUntil(
      () => certificatesOf(id),
      (c) => c.length === 1,
      'the stored certificate',
    );
    const leaf = new X509Certificate(chains[protocol][0]!);
    expect(listed).toEqual({
      serialNumber: leaf.serialNumber.toLowerCase().replace(/^0+/, ''),
      subject: `CN=${ocppId}`,
      issuer: expect.stringContaining('CN='),
      notBefore: new Date(leaf.validFrom).toISOString(),
      notAfter: new Date(leaf.validTo).toISOString(),
      sha256: leaf.fingerprint256.replaceAll(':', '').toLowerCase(),
      certificateType: 'ChargingStationCertificate',
      source: 'signed',
      issuedAt: expect.any(String),
      deliveryStatus: 'Accepted',
      revoked: false,
    });
  });
});

describe('certificateExpiring', () => {
  it('is raised by the sweep within 30 days of the end, and cleared once the charger holds a later certificate it accepted', async () => {
    for (const client of Object.values(clients)) await client.close({ force: true });
    const [first, second] = tenant.chargers;
    const [ending] = await certificatesOf(first!.id);
    const notAfter = Date.parse(ending!.notAfter as string);
    const commands = ocppChargerCommands(stack.db, PROBE_COMMANDS, { deadlineMs: 3000 });
    const expiring = async () =>
      (await call('GET', '/api/alerts?types=certificateExpiring&active=true', '/api/alerts', 200)).data as any[];

    await sweepOrganization(stack.db, commands, tenant.organizationId, notAfter - 31 * DAY);
    expect(await expiring()).toEqual([]);
    await sweepOrganization(stack.db, commands, tenant.organizationId, notAfter - 29 * DAY);
    const raised = await expiring();
    expect(raised.map((a) => a.charger.id).sort()).toEqual([first!.id, second!.id].sort());
    expect(raised.find((a) => a.charger.id === first!.id)).toMatchObject({
      severity: 'warning',
      certificateExpiring: { serialNumber: ending!.serialNumber, notAfter: ending!.notAfter, renewalLeadDays: 30 },
    });
    // Swept again: nothing more.
    await sweepOrganization(stack.db, commands, tenant.organizationId, notAfter - 28 * DAY);
    expect(await expiring()).toHaveLength(2);

    const renewal = (chargerId: number, serialNumber: string, deliveryStatus: string) =>
      recordChargerCertificate(stack.db, {
        chargerId,
        serialNumber,
        subject: 'CN=renewed',
        issuer: 'CN=Test CA',
        notBefore: new Date(notAfter - 40 * DAY).toISOString(),
        notAfter: new Date(notAfter + 330 * DAY).toISOString(),
        sha256: '00'.repeat(32),
        certificateType: 'ChargingStationCertificate',
        issuedAt: new Date(notAfter - 40 * DAY).toISOString(),
        deliveryStatus,
      });
    // A renewal the charger refused, or never received, is not a certificate it holds: the alert stays.
    await renewal(second!.id, 'abc124', 'Rejected');
    await renewal(second!.id, 'abc125', 'NotDelivered');
    await renewal(first!.id, 'abc123', 'Accepted');
    await sweepOrganization(stack.db, commands, tenant.organizationId, notAfter - 27 * DAY);
    expect((await expiring()).map((a) => a.charger.id)).toEqual([second!.id]);
  });
});

describe('revokedSerialsReader', () => {
  it("reads each CA's revocation list once for as long as it is kept (a sweep's chargers share one)", async () => {
    const [revoking, quiet] = ['a'.repeat(64), 'b'.repeat(64)];
    await revokeSerialOfCa(stack.db, revoking, 'abc1', new Date().toISOString());
    const read = revokedSerialsReader(stack.db);
    const before = requestCounts.get('GetItem') ?? 0;
    const [first, again, other] = await Promise.all([read(revoking), read(revoking), read(quiet)]);
    expect(await read(revoking)).toBe(first);
    expect(again).toBe(first);
    expect((requestCounts.get('GetItem') ?? 0) - before).toBe(2);
    expect([...first]).toEqual(['abc1']);
    expect(other.size).toBe(0);
  });
});

describe('GET /api/chargers/{id}/certificates', () => {
  it("answers 404 for another organization's charger and 400 for a bad ID", async () => {
    await call('GET', `/api/chargers/${other.chargers[0]!.id}/certificates`, ROUTE, 404);
    const bad = await call('GET', '/api/chargers/x1/certificates', ROUTE, 400);
    expect(bad.errors).toEqual([expect.objectContaining({ path: 'pathParameters.id' })]);
    expect(
      await call('GET', `/api/chargers/${other.chargers[0]!.id}/certificates`, ROUTE, 200, { key: other.apiKey }),
    ).toEqual({ data: [] });
  });
});
