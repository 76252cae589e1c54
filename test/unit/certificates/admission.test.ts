import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  admitViewerCertificate,
  type CertificateAdmission,
  decideSecurityProfile,
} from '../../../shared/certificates/admission';
import {
  caIssuer,
  createCaCertificate,
  issueCertificate,
  type SigningAuthority,
} from '../../../shared/certificates/authority';
import { fileCaSigner } from '../../../shared/certificates/ca-signer';
import { checkCsr } from '../../../shared/certificates/csr';
import { DEFAULT_LIFETIME_SETTINGS } from '../../../shared/certificates/lifetime';
import { localCertificateAuthority } from '../../../shared/certificates/local-authority';
import {
  CachedRevocationList,
  caKeyId,
  type RevocationSource,
  staticRevocationSource,
} from '../../../shared/certificates/revocation';
import { TrustStore } from '../../../shared/certificates/trust-store';
import { readViewerCertificate, viewerCertificateHeaders } from '../../../shared/certificates/viewer-certificate';
import { normalizeSerial, x509 } from '../../../shared/certificates/x509';
import { opensslCsr, temporaryDirectory } from './openssl';

const NOW = new Date('2026-06-01T12:00:00Z');
const DAY = 86_400_000;

let dir: string;
let remove: () => void;
let ca: SigningAuthority;
let impostorCa: SigningAuthority;
let foreignCa: SigningAuthority;
let trustStore: TrustStore;

beforeAll(async () => {
  ({ dir, remove } = temporaryDirectory());
  ca = await localCertificateAuthority(`${dir}/ours`, new Date(NOW.getTime() - 10 * DAY));
  impostorCa = await localCertificateAuthority(`${dir}/impostor`, new Date(NOW.getTime() - 10 * DAY));
  const signer = await fileCaSigner(`${dir}/foreign-key.pem`);
  const validity = { notBefore: new Date(NOW.getTime() - DAY), notAfter: new Date(NOW.getTime() + 3650 * DAY) };
  foreignCa = {
    certificate: await createCaCertificate(signer, { subject: 'CN=Foreign CA', ...validity }),
    intermediates: [],
    signer,
  };
  trustStore = new TrustStore([ca.certificate]);
});
afterAll(() => remove());

async function issue(by: SigningAuthority, ocppId: string, at = NOW): Promise<x509.X509Certificate> {
  const csr = await checkCsr(opensslCsr(dir, `/CN=${ocppId}`).csr, { ocppId });
  if (!csr.ok) throw new Error(csr.detail);
  return (await caIssuer(by, DEFAULT_LIFETIME_SETTINGS).issue(csr, at)).certificate;
}

/** A certificate from the CSMS CA for `CP-1` with `extensions` instead of the charging station profile's. */
async function issueWithExtensions(extensions: x509.Extension[]): Promise<x509.X509Certificate> {
  const csr = await checkCsr(opensslCsr(dir, '/CN=CP-1').csr, { ocppId: 'CP-1' });
  if (!csr.ok) throw new Error(csr.detail);
  return issueCertificate(ca, {
    subject: csr.request.subjectName,
    publicKey: csr.request.publicKey,
    notBefore: new Date(NOW.getTime() - DAY),
    notAfter: new Date(NOW.getTime() + DAY),
    extensions,
  });
}

/** What `$connect` sees: the headers CloudFront forwards, read back. */
async function forwarded(certificate: x509.X509Certificate | undefined, change: Record<string, string> = {}) {
  return readViewerCertificate({ ...(await viewerCertificateHeaders(certificate)), ...change });
}

function judge(
  viewer: Awaited<ReturnType<typeof forwarded>>,
  ocppId = 'CP-1',
  options: { now?: Date; source?: RevocationSource } = {},
) {
  const revocation = new CachedRevocationList(options.source ?? staticRevocationSource());
  return admitViewerCertificate(viewer, { ocppId, trustStore, revocation, now: options.now ?? NOW });
}

describe('the CloudFront viewer-certificate headers', () => {
  it("are written in the guide's formats and read back", async () => {
    const certificate = await issue(ca, 'CP-1');
    const headers = await viewerCertificateHeaders(certificate);
    expect(headers['CloudFront-Viewer-Cert-Present']).toBe('1');
    expect(headers['CloudFront-Viewer-Cert-Pem']).toMatch(/^-----BEGIN%20CERTIFICATE-----%0AMII/);
    expect(headers['CloudFront-Viewer-Cert-Serial-Number']).toMatch(/^[0-9a-f]{2}(:[0-9a-f]{2})+$/);
    expect(headers['CloudFront-Viewer-Cert-Subject']).toBe('CN=CP-1');
    expect(headers['CloudFront-Viewer-Cert-Issuer']).toBe(
      'O=Charging Network (local),CN=Charging Network Local CSMS CA',
    );
    expect(headers['CloudFront-Viewer-Cert-Sha256']).toMatch(/^[0-9a-f]{64}$/);
    expect(headers['CloudFront-Viewer-Cert-Validity']).toMatch(/^NotBefore=\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ;NotAfter=/);
    const lowercase = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
    const read = readViewerCertificate(lowercase);
    expect(read).toMatchObject({ present: true, pem: `${certificate.toString('pem')}\n` });
    expect(normalizeSerial((read as { serialNumber: string }).serialNumber)).toBe(
      normalizeSerial(certificate.serialNumber),
    );
  });

  it('say no certificate when Present is 0 or missing, and never throw on a bad PEM encoding', async () => {
    expect(readViewerCertificate(await viewerCertificateHeaders(undefined))).toEqual({ present: false });
    expect(readViewerCertificate({})).toEqual({ present: false });
    expect(readViewerCertificate(undefined)).toEqual({ present: false });
    const bad = readViewerCertificate({
      'CloudFront-Viewer-Cert-Present': '1',
      'CloudFront-Viewer-Cert-Pem': '%E0%A4%A',
    });
    expect(bad).toMatchObject({ present: true, pem: undefined });
  });
});

describe('admitViewerCertificate ($connect, security profile 3)', () => {
  it("admits the charger's own certificate from the CSMS CA", async () => {
    const certificate = await issue(ca, 'CP-1');
    const result = await judge(await forwarded(certificate));
    expect(result).toMatchObject({ admit: true, certificate: { subject: 'CN=CP-1' } });
  });

  it('admits a certificate without key usage or extended key usage: an absent extension restricts nothing (RFC 5280)', async () => {
    const result = await judge(await forwarded(await issueWithExtensions([])));
    expect(result).toMatchObject({ admit: true, certificate: { subject: 'CN=CP-1' } });
  });

  it.each<[string, string, () => Promise<Awaited<ReturnType<typeof forwarded>>>, Date?]>([
    ['none at all', 'noCertificate', () => forwarded(undefined)],
    ["another charger's", 'commonNameMismatch', async () => forwarded(await issue(ca, 'CP-2'))],
    ['one from another CA', 'untrusted', async () => forwarded(await issue(foreignCa, 'CP-1'))],
    [
      'one from an impostor CA of the same name',
      'badSignature',
      async () => forwarded(await issue(impostorCa, 'CP-1')),
    ],
    ['an expired one', 'expired', async () => forwarded(await issue(ca, 'CP-1')), new Date(NOW.getTime() + 400 * DAY)],
    ['one not yet valid', 'notYetValid', async () => forwarded(await issue(ca, 'CP-1', new Date(NOW.getTime() + DAY)))],
    ["the CA's own certificate", 'notAClientCertificate', () => forwarded(ca.certificate)],
    [
      'one whose key usage excludes digitalSignature',
      'notAClientCertificate',
      async () =>
        forwarded(
          await issueWithExtensions([
            new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyAgreement, true),
            new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.clientAuth]),
          ]),
        ),
    ],
    [
      'one whose extended key usage excludes clientAuth',
      'notAClientCertificate',
      async () =>
        forwarded(await issueWithExtensions([new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth])])),
    ],
    [
      'an unreadable PEM',
      'unreadableCertificate',
      () => forwarded(undefined, { 'CloudFront-Viewer-Cert-Present': '1', 'CloudFront-Viewer-Cert-Pem': 'junk' }),
    ],
    [
      'headers that disagree',
      'headerMismatch',
      async () => forwarded(await issue(ca, 'CP-1'), { 'CloudFront-Viewer-Cert-Sha256': '00'.repeat(32) }),
    ],
  ])('refuses %s: %s', async (_what, reason, viewer, now) => {
    const result = await judge(await viewer(), 'CP-1', { now });
    expect(result).toMatchObject({ admit: false, reason });
  });

  it('refuses a revoked certificate, and keeps the revoked serials per CA for the TTL (one read)', async () => {
    const revoked = await issue(ca, 'CP-1');
    const kept = await issue(ca, 'CP-1');
    let reads = 0;
    const lists = { [await caKeyId(ca.certificate)]: [revoked.serialNumber.toUpperCase()] };
    const source: RevocationSource = {
      revokedSerials: async (id) => {
        reads++;
        return lists[id] ?? [];
      },
    };
    const revocation = new CachedRevocationList(source, { ttlMs: 60_000, now: () => NOW.getTime() });
    const context = { ocppId: 'CP-1', trustStore, revocation, now: NOW };
    expect(await admitViewerCertificate(await forwarded(revoked), context)).toMatchObject({
      admit: false,
      reason: 'revoked',
    });
    expect(await admitViewerCertificate(await forwarded(kept), context)).toMatchObject({ admit: true });
    expect(reads).toBe(1);
  });

  it('uses the list read last when the store is down, and refuses when it never had one', async () => {
    const certificate = await issue(ca, 'CP-1');
    let clock = NOW.getTime();
    let down = false;
    const source: RevocationSource = {
      revokedSerials: async () => {
        if (down) throw new Error('DynamoDB unreachable');
        return [];
      },
    };
    const revocation = new CachedRevocationList(source, { ttlMs: 1000, now: () => clock });
    const context = { ocppId: 'CP-1', trustStore, revocation, now: NOW };
    expect(await admitViewerCertificate(await forwarded(certificate), context)).toMatchObject({ admit: true });
    down = true;
    clock += 5000;
    expect(await admitViewerCertificate(await forwarded(certificate), context)).toMatchObject({ admit: true });
    const fresh = new CachedRevocationList(source);
    const result = await admitViewerCertificate(await forwarded(certificate), { ...context, revocation: fresh });
    expect(result).toMatchObject({ admit: false, reason: 'revocationUnavailable' });
  });
});

describe('decideSecurityProfile', () => {
  const admitted: CertificateAdmission = { admit: true, certificate: {} as never };
  const none: CertificateAdmission = { admit: false, reason: 'noCertificate', detail: '' };
  const revoked: CertificateAdmission = { admit: false, reason: 'revoked', detail: '' };

  it.each([
    [3, 'accepted', admitted, { admit: true, authenticatedBy: 'certificate' }],
    [3, 'refused', admitted, { admit: true, authenticatedBy: 'certificate' }],
    [3, 'accepted', none, { admit: false, reason: 'certificateRequired' }],
    [3, 'accepted', revoked, { admit: false, reason: 'badCertificate' }],
    [2, 'accepted', none, { admit: true, authenticatedBy: 'password' }],
    [2, 'accepted', admitted, { admit: true, authenticatedBy: 'password and certificate' }],
    [2, 'refused', admitted, { admit: false, reason: 'badCredentials' }],
    [2, 'accepted', revoked, { admit: false, reason: 'badCertificate' }],
    [1, 'refused', none, { admit: false, reason: 'badCredentials' }],
  ] as const)('profile %s, password %s, certificate %o → %o', (securityProfile, password, certificate, expected) => {
    expect(decideSecurityProfile({ securityProfile, password, certificate })).toMatchObject(expected);
  });
});
