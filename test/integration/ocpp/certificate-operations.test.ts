/**
 * Certificate management as charger operations (docs/certificates.md "Certificate management"),
 * against ocpp-rpc strict clients of both versions that keep a certificate store: InstallCertificate,
 * GetInstalledCertificateIds (1.6 asked once per type, merged) and DeleteCertificate round trips,
 * the results stored with the operation; the CSMS root's two names taken by either version; bad
 * bodies (not a PEM certificate, a type the charger's version lacks, hash data not hexadecimal)
 * refused with 400 naming the field, nothing written or sent.
 */
import { createHash, X509Certificate } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RPCClient } from 'ocpp-rpc';
import type { LocalStack } from '../../../lib/local/stack';
import { openssl, temporaryDirectory } from '../../unit/certificates/openssl';
import { connectCharger, type BaseProtocol, type OcppProtocol } from '../support/ocpp';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';

process.env.OCPP_COMMAND_TIMEOUT_MS = '3000';
process.env.OPERATION_WAIT_MS = '4000';

const PROTOCOLS = ['ocpp1.6', 'ocpp2.0.1'] as const;
let stack: LocalStack;
let tenant: Tenant;
let pem: string;
let remove: () => void;

/** A self-signed root made by openssl. */
function rootCertificate(dir: string, cn: string): string {
  const key = join(dir, `${cn}.key`);
  return openssl([
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-keyout',
    key,
    '-subj',
    `/CN=${cn}`,
    '-days',
    '30',
  ]);
}

/** OCPP hash data of a certificate, as a charger computes it (SHA-256 of the issuer's name and key here). */
function hashDataOf(certificate: string) {
  const x509 = new X509Certificate(certificate);
  const sha = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
  return {
    hashAlgorithm: 'SHA256',
    issuerNameHash: sha(x509.issuer),
    issuerKeyHash: sha(x509.publicKey.export({ type: 'spki', format: 'der' })),
    serialNumber: x509.serialNumber.toLowerCase().replace(/^0+/, ''),
  };
}

/** A test charger with a certificate store, and every CALL it received. */
interface StoreCharger {
  client: RPCClient;
  chargerId: number;
  received: { method: string; params: any }[];
  installed: { certificateType: string; certificate: string }[];
}
const chargers = {} as Record<BaseProtocol, StoreCharger>;

/** The charger's handlers of the three actions, over its store (`certificateHashData` listed per version). */
function handleStore(c: RPCClient, protocol: OcppProtocol, charger: StoreCharger) {
  c.handle('InstallCertificate', async ({ params }: any) => {
    charger.received.push({ method: 'InstallCertificate', params });
    charger.installed.push(params);
    return { status: 'Accepted' };
  });
  c.handle('GetInstalledCertificateIds', async ({ params }: any) => {
    charger.received.push({ method: 'GetInstalledCertificateIds', params });
    const wanted: string[] | undefined = protocol === 'ocpp1.6' ? [params.certificateType] : params.certificateType;
    const listed = charger.installed.filter((i) => !wanted || wanted.includes(i.certificateType));
    if (!listed.length) return { status: 'NotFound' };
    return protocol === 'ocpp1.6'
      ? { status: 'Accepted', certificateHashData: listed.map((i) => hashDataOf(i.certificate)) }
      : {
          status: 'Accepted',
          certificateHashDataChain: listed.map((i) => ({
            certificateType: i.certificateType,
            certificateHashData: hashDataOf(i.certificate),
          })),
        };
  });
  c.handle('DeleteCertificate', async ({ params }: any) => {
    charger.received.push({ method: 'DeleteCertificate', params });
    const index = charger.installed.findIndex(
      (i) => hashDataOf(i.certificate).serialNumber === params.certificateHashData.serialNumber,
    );
    if (index < 0) return { status: 'NotFound' };
    charger.installed.splice(index, 1);
    return { status: 'Accepted' };
  });
}

beforeAll(async () => {
  const made = temporaryDirectory();
  remove = made.remove;
  pem = rootCertificate(made.dir, 'Test CSMS Root');
  stack = await startTestStack();
  tenant = await createTenant(
    stack,
    PROTOCOLS.map((protocol) => ({
      ocppId: uniqueOcppId(protocol === 'ocpp1.6' ? 'CM16' : 'CM201'),
      name: protocol,
      type: 'Level 2' as const,
      ports: [{ connectorType: 'J1772' as const }],
    })),
  );
  for (const [i, protocol] of PROTOCOLS.entries()) {
    const charger: StoreCharger = { chargerId: tenant.chargers[i]!.id, received: [], installed: [] } as never;
    charger.client = await connectCharger(stack, tenant.chargers[i]!.ocppId!, protocol, undefined, (c) =>
      handleStore(c, protocol, charger),
    );
    chargers[protocol] = charger;
  }
});

afterAll(async () => {
  for (const charger of Object.values(chargers)) await charger.client.close({ force: true });
  await stack?.close();
  remove?.();
});

const post = (kind: string, body: unknown) =>
  api(stack, `/api/ocpp/${kind}`, { key: tenant.apiKey, method: 'POST', body });

describe.each(PROTOCOLS)('certificate management on an %s charger', (protocol) => {
  const charger = () => chargers[protocol];
  const csmsRoot = protocol === 'ocpp1.6' ? 'CentralSystemRootCertificate' : 'CSMSRootCertificate';

  it('installs, lists and deletes a root certificate, each an operation with its result stored', async () => {
    charger().received.length = 0;
    // The other version's name of the CSMS root: each charger gets its own version's.
    const otherName = protocol === 'ocpp1.6' ? 'CSMSRootCertificate' : 'CentralSystemRootCertificate';
    const installed = await post('install-certificate', {
      chargerId: charger().chargerId,
      certificateType: otherName,
      certificate: pem,
    });
    expect(installed.status).toBe(200);
    expect(installed.body.data).toMatchObject({
      action: 'installCertificate',
      status: 'completed',
      results: [{ chargerId: charger().chargerId, status: 'accepted', ocppStatus: 'Accepted' }],
    });
    expect(charger().received).toEqual([
      { method: 'InstallCertificate', params: { certificateType: csmsRoot, certificate: pem } },
    ]);

    charger().received.length = 0;
    const listed = await post('get-installed-certificate-ids', { chargerId: charger().chargerId });
    const hash = hashDataOf(pem);
    expect(listed.body.data).toMatchObject({
      status: 'completed',
      results: [
        { status: 'accepted', ocppStatus: 'Accepted', installedCertificates: [{ certificateType: csmsRoot, ...hash }] },
      ],
    });
    // 1.6 names one type per request: every type of the version, one after the other.
    expect(charger().received.map((r) => r.params)).toEqual(
      protocol === 'ocpp1.6'
        ? [{ certificateType: 'CentralSystemRootCertificate' }, { certificateType: 'ManufacturerRootCertificate' }]
        : [{}],
    );
    const read = await api(stack, `/api/charger-operations/${listed.body.data.operationId}`, { key: tenant.apiKey });
    expect(read.body.data.results[0].installedCertificates).toEqual([{ certificateType: csmsRoot, ...hash }]);

    const deleted = await post('delete-certificate', { chargerId: charger().chargerId, certificateHashData: hash });
    expect(deleted.body.data).toMatchObject({
      status: 'completed',
      results: [{ status: 'accepted', ocppStatus: 'Accepted' }],
    });
    expect(charger().installed).toEqual([]);

    const again = await post('delete-certificate', { chargerId: charger().chargerId, certificateHashData: hash });
    expect(again.body.data).toMatchObject({
      status: 'failed',
      results: [{ status: 'rejected', ocppStatus: 'NotFound' }],
    });
    const empty = await post('get-installed-certificate-ids', {
      chargerId: charger().chargerId,
      certificateTypes: ['ManufacturerRootCertificate'],
    });
    expect(empty.body.data).toMatchObject({
      status: 'completed',
      results: [{ status: 'accepted', ocppStatus: 'NotFound', installedCertificates: [] }],
    });
  });

  it('refuses bad bodies with 400 naming the field; nothing written or sent', async () => {
    charger().received.length = 0;
    const before = (
      await stack.db.chargerOperation.query
        .byOrganization({ organizationId: tenant.organizationId })
        .go({ pages: 'all' })
    ).data.length;
    const chargerId = charger().chargerId;
    const cases: [string, unknown, string][] = [
      [
        'install-certificate',
        { chargerId, certificateType: csmsRoot, certificate: 'not a certificate' },
        'body.certificate',
      ],
      [
        'install-certificate',
        { chargerId, certificateType: csmsRoot, certificate: pem.replace(/[A-Z]{8}/, 'AAAAAAAA') },
        'body.certificate',
      ],
      [
        'install-certificate',
        { chargerId, certificateType: csmsRoot, certificate: `${pem}${pem}` },
        'body.certificate',
      ],
      [
        'install-certificate',
        { chargerId, certificateType: 'EVCertificate', certificate: pem },
        'body.certificateType',
      ],
      ['install-certificate', { chargerId, certificateType: csmsRoot }, 'body.certificate'],
      ['get-installed-certificate-ids', { chargerId, certificateTypes: [] }, 'body.certificateTypes'],
      [
        'get-installed-certificate-ids',
        { chargerId, certificateTypes: ['MORootCertificate', 'MORootCertificate'] },
        'body.certificateTypes',
      ],
      [
        'delete-certificate',
        { chargerId, certificateHashData: { ...hashDataOf(pem), serialNumber: 'xyz' } },
        'body.certificateHashData.serialNumber',
      ],
      [
        'delete-certificate',
        { chargerId, certificateHashData: { ...hashDataOf(pem), hashAlgorithm: 'MD5' } },
        'body.certificateHashData.hashAlgorithm',
      ],
    ];
    if (protocol === 'ocpp1.6') {
      cases.push([
        'install-certificate',
        { chargerId, certificateType: 'V2GRootCertificate', certificate: pem },
        'body.certificateType',
      ]);
      cases.push([
        'get-installed-certificate-ids',
        { chargerId, certificateTypes: ['V2GCertificateChain'] },
        'body.certificateTypes',
      ]);
    }
    for (const [kind, body, field] of cases) {
      const refused = await post(kind, body);
      expect(refused.status, `${kind} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
      expect(refused.body.errors.map((e: { path: string }) => e.path)).toContain(field);
    }
    expect(charger().received).toEqual([]);
    const after = (
      await stack.db.chargerOperation.query
        .byOrganization({ organizationId: tenant.organizationId })
        .go({ pages: 'all' })
    ).data.length;
    expect(after).toBe(before);
  });
});
