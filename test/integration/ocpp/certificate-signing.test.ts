/**
 * Charger-initiated certificate renewal (docs/certificates.md "Renewal over OCPP"), both versions,
 * with real strict-mode OCPP clients: SignCertificate with a CSR made by openssl (as a charger
 * makes one) is answered `Accepted`, then the CSMS sends CertificateSigned with a chain the local
 * CA issued: it parses, its CN is the charger's identity, it chains to the CA. What is not a CSR is
 * `Rejected`; a CSR that names another charger or has a weak key is accepted, then refused by the
 * certificate function: nothing is signed or sent. The renewed
 * certificate then opens a profile 3 connection over TLS. A renewal asked for through the API is
 * TriggerMessage SignChargingStationCertificate (2.0.1) or ExtendedTriggerMessage
 * SignChargePointCertificate (1.6 security extension). A V2G certificate is rejected (no V2G
 * issuer); a CSR without certificateType (both uses) gets a CertificateSigned without one; a 2.1
 * station's requestId comes back in CertificateSigned.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RPCClient } from 'ocpp-rpc';
import { tlsOcppClient } from '../support/client-certificates';
import type { LocalStack } from '../../../lib/local/stack';
import { TrustStore } from '../../../shared/certificates/trust-store';
import { commonNameOf, parseCertificateChain } from '../../../shared/certificates/x509';
import { opensslCsr, temporaryDirectory } from '../../unit/certificates/openssl';
import { connectCharger, pollUntil, type BaseProtocol } from '../support/ocpp';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { signCertificateRequest } from '../support/security-chargers';

let stack: LocalStack;
let tenant: Tenant;
let dir: string;
let remove: () => void;
const PROTOCOLS = ['ocpp1.6', 'ocpp2.0.1'] as const;
const LATER = ['ocpp2.0.1', 'ocpp2.1'] as const;

/** A connected test charger: the CertificateSigned requests it received (it accepts each). */
interface TestCharger {
  ocppId: string;
  chargerId: number;
  client: RPCClient;
  received: { certificateChain: string; certificateType?: string; requestId?: number }[];
}
const chargers = {} as Record<BaseProtocol, TestCharger>;
/** A 2.1 station, and a second 2.0.1 one: what 2.0.1 and 2.1 add (certificateType omitted, V2G, requestId). */
const later = {} as Record<'ocpp2.0.1' | 'ocpp2.1', TestCharger>;

beforeAll(async () => {
  ({ dir, remove } = temporaryDirectory());
  stack = await startTestStack({ tls: { dataDir: join(dir, 'data'), port: 0 } });
  tenant = await createTenant(
    stack,
    [...PROTOCOLS, ...LATER].map((protocol, i) => ({
      ocppId: uniqueOcppId(`SC${i}`),
      name: protocol,
      type: 'Level 2' as const,
      ports: [{ connectorType: 'J1772' as const }],
    })),
  );
  for (const [i, protocol] of LATER.entries()) {
    const { id, ocppId } = tenant.chargers[PROTOCOLS.length + i]!;
    const received: TestCharger['received'] = [];
    const client = await connectCharger(stack, ocppId!, protocol, undefined, (c) =>
      c.handle('CertificateSigned', async ({ params }) => {
        received.push(params as TestCharger['received'][number]);
        return { status: 'Accepted' };
      }),
    );
    later[protocol] = { ocppId: ocppId!, chargerId: id, client, received };
  }
  for (const [i, protocol] of PROTOCOLS.entries()) {
    const { id, ocppId } = tenant.chargers[i]!;
    const received: TestCharger['received'] = [];
    const client = await connectCharger(stack, ocppId!, protocol, undefined, (c) => {
      c.handle('CertificateSigned', async ({ params }) => {
        received.push(params as TestCharger['received'][number]);
        return { status: 'Accepted' };
      });
      // As a charger does when asked: it answers, then sends its CSR (2.0.1 F06, A02; 1.6 security
      // extension: ExtendedTriggerMessage SignChargePointCertificate).
      const [action, message] =
        protocol === 'ocpp1.6'
          ? ['ExtendedTriggerMessage', 'SignChargePointCertificate']
          : ['TriggerMessage', 'SignChargingStationCertificate'];
      c.handle(action, async ({ params }) => {
        if ((params as { requestedMessage: string }).requestedMessage !== message) return { status: 'Rejected' };
        setImmediate(() => void signCertificate(protocol, opensslCsr(dir, `/CN=${ocppId}`).csr));
        return { status: 'Accepted' };
      });
    });
    chargers[protocol] = { ocppId: ocppId!, chargerId: id, client, received };
  }
});

afterAll(async () => {
  for (const charger of [...Object.values(chargers), ...Object.values(later)])
    await charger.client.close({ force: true });
  await stack?.close();
  remove?.();
});

/** Sends SignCertificate with `csr`; the charger's answer's status. */
async function signCertificate(protocol: BaseProtocol, csr: string): Promise<string> {
  const answer = (await chargers[protocol].client.call('SignCertificate', signCertificateRequest(protocol, csr))) as {
    status: string;
  };
  return answer.status;
}

describe.each([
  ['ocpp2.0.1', 'SignChargingStationCertificate'],
  ['ocpp1.6', 'SignChargePointCertificate'],
] as const)('a renewal asked for through the API (%s, %s)', (protocol, requestedMessage) => {
  it('is an operation the charger accepts, after which it sends its CSR and gets its certificate', async () => {
    const charger = chargers[protocol];
    const trigger = await api(stack, '/api/ocpp/trigger-message', {
      key: tenant.apiKey,
      method: 'POST',
      body: { chargerId: charger.chargerId, requestedMessage },
    });
    expect(trigger.body.data).toMatchObject({ results: [{ status: 'accepted' }] });
    const [signed] = await pollUntil(
      async () => charger.received,
      (r) => r.length > 0,
      'CertificateSigned',
    );
    expect(commonNameOf(parseCertificateChain(signed!.certificateChain)![0]!.subjectName)).toBe(charger.ocppId);
    // The CSR is served once CertificateSigned is answered: the tests below count what is pending.
    await pollUntil(
      async () =>
        (await stack.db.certificateSigningRequest.query.primary({ chargerId: charger.chargerId }).go()).data.length,
      (pending) => pending === 0,
      'the CSR served',
    );
    charger.received.length = 0;
  });
});

describe.each(PROTOCOLS)('SignCertificate → CertificateSigned (%s)', (protocol) => {
  const charger = () => chargers[protocol];
  /** The charger's CSRs not yet served by the certificate function. */
  const pendingRequests = async () =>
    (await stack.db.certificateSigningRequest.query.primary({ chargerId: charger().chargerId }).go()).data.length;

  it('rejects what is not a CSR, and one that names another charger or has a weak key: a security event each, nothing stored, signed or sent', async () => {
    const other = PROTOCOLS.find((p) => p !== protocol)!;
    const refusals = async () =>
      (await stack.db.securityEvent.query.primary({ chargerId: charger().chargerId }).go()).data.filter(
        (e) => e.type === 'InvalidCsr',
      );
    const before = (await refusals()).length;
    expect(await signCertificate(protocol, 'not a certificate request')).toBe('Rejected');
    expect(
      await signCertificate(protocol, '-----BEGIN CERTIFICATE REQUEST-----\nAAAA\n-----END CERTIFICATE REQUEST-----'),
    ).toBe('Rejected');
    // Well-formed requests the certificate status function refuses before anything is stored.
    expect(await signCertificate(protocol, opensslCsr(dir, `/CN=${chargers[other].ocppId}`).csr)).toBe('Rejected');
    expect(await signCertificate(protocol, opensslCsr(dir, `/CN=${charger().ocppId}`, 'rsa:1024').csr)).toBe(
      'Rejected',
    );
    expect(await pendingRequests()).toBe(0);
    const after = await refusals();
    expect(after.length - before).toBe(4);
    expect(after.map((e) => e.techInfo).join('\n')).toMatch(/commonName|CN/i);
    expect(charger().received).toEqual([]);
  });

  it('accepts a good CSR, then sends a chain the CA issued for the charger, which opens a profile 3 connection', async () => {
    const { csr, keyFile } = opensslCsr(dir, `/O=Test Operator/CN=${charger().ocppId}`);
    expect(await signCertificate(protocol, csr)).toBe('Accepted');
    const [signed] = await pollUntil(
      async () => charger().received,
      (received) => received.length > 0,
      'CertificateSigned',
    );
    expect(charger().received).toHaveLength(1);
    if (protocol === 'ocpp2.0.1') expect(signed!.certificateType).toBe('ChargingStationCertificate');
    const chain = parseCertificateChain(signed!.certificateChain)!;
    expect(chain).toBeDefined();
    const [leaf, ...rest] = chain;
    expect(commonNameOf(leaf!.subjectName)).toBe(charger().ocppId);
    const verified = await new TrustStore([stack.tls!.ca.certificate]).verify(leaf!, rest, new Date());
    expect(verified.ok).toBe(true);

    const set = await api(stack, `/api/chargers/${charger().chargerId}/security-profile`, {
      key: tenant.apiKey,
      method: 'PUT',
      body: { securityProfile: 3 },
    });
    expect(set.status).toBe(200);
    await charger().client.close({ force: true });
    const renewed = tlsOcppClient(
      stack,
      charger().ocppId,
      { cert: signed!.certificateChain, key: readFileSync(keyFile) },
      protocol,
    );
    await renewed.connect();
    charger().client = renewed;
    expect(await renewed.call('Heartbeat', {})).toHaveProperty('currentTime');
  });
});

describe('what OCPP 2.0.1 and 2.1 add to SignCertificate', () => {
  const pending = async (charger: TestCharger) =>
    (await stack.db.certificateSigningRequest.query.primary({ chargerId: charger.chargerId }).go()).data.length;
  const issued = async (charger: TestCharger) =>
    (await stack.db.chargerCertificate.query.primary({ chargerId: charger.chargerId }).go()).data;

  it.each([
    ['ocpp2.0.1', 'V2GCertificate'],
    ['ocpp2.1', 'V2GCertificate'],
    ['ocpp2.1', 'V2G20Certificate'],
  ] as const)(
    'rejects a %s %s: no V2G issuer is configured, and the CSMS CA is not one',
    async (protocol, certificateType) => {
      const charger = later[protocol];
      const { csr } = opensslCsr(dir, `/CN=${charger.ocppId}`);
      expect(await charger.client.call('SignCertificate', { csr, certificateType })).toEqual({ status: 'Rejected' });
      expect(await pending(charger)).toBe(0);
      expect(charger.received).toEqual([]);
    },
  );

  it('keeps certificateType out of CertificateSigned when the charger left it out (both uses), and stores it so', async () => {
    const charger = later['ocpp2.0.1'];
    const { csr } = opensslCsr(dir, `/CN=${charger.ocppId}`);
    expect(await charger.client.call('SignCertificate', { csr })).toEqual({ status: 'Accepted' });
    const [signed] = await pollUntil(
      async () => charger.received,
      (received) => received.length > 0,
      'CertificateSigned',
    );
    expect(Object.keys(signed!)).toEqual(['certificateChain']);
    const [stored] = await pollUntil(
      () => issued(charger),
      (items) => items.length > 0,
      'the issued certificate',
    );
    expect(stored!.certificateType).toBeUndefined();
    expect(stored!.deliveryStatus).toBe('Accepted');
  });

  it("sends a 2.1 station's requestId back in CertificateSigned (validated by its 2.1 schema)", async () => {
    const charger = later['ocpp2.1'];
    const { csr } = opensslCsr(dir, `/CN=${charger.ocppId}`);
    expect(
      await charger.client.call('SignCertificate', {
        csr,
        certificateType: 'ChargingStationCertificate',
        requestId: 42,
      }),
    ).toEqual({ status: 'Accepted' });
    const [signed] = await pollUntil(
      async () => charger.received,
      (received) => received.length > 0,
      'CertificateSigned',
    );
    expect(signed).toMatchObject({ certificateType: 'ChargingStationCertificate', requestId: 42 });
    expect(commonNameOf(parseCertificateChain(signed!.certificateChain)![0]!.subjectName)).toBe(charger.ocppId);
  });
});
