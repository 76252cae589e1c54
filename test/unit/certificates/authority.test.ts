import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GetPublicKeyCommand, KMSClient, SignCommand } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  caCertificateRequest,
  caIssuer,
  createCaCertificate,
  importCaCertificate,
  issuedChain,
} from '../../../shared/certificates/authority';
import { fileCaSigner, generateEcKey, keyObjectSigner } from '../../../shared/certificates/ca-signer';
import { type CheckedCsr, checkCsr } from '../../../shared/certificates/csr';
import { kmsCaSigner } from '../../../shared/certificates/kms-signer';
import {
  DEFAULT_LIFETIME_SETTINGS,
  lifetimeSettingsProblem,
  renewalDue,
  renewalDueAt,
} from '../../../shared/certificates/lifetime';
import { LOCAL_CA_FILES, localCertificateAuthority } from '../../../shared/certificates/local-authority';
import { commonNameOf, toPemChain } from '../../../shared/certificates/x509';
import { openssl, opensslBytes, opensslCsr, temporaryDirectory } from './openssl';

const NOW = new Date('2026-06-01T12:00:00Z');
const DAY = 86_400_000;

let dir: string;
let remove: () => void;
beforeEach(() => ({ dir, remove } = temporaryDirectory()));
afterEach(() => remove());

async function checked(subject: string, ocppId: string): Promise<CheckedCsr> {
  const result = await checkCsr(opensslCsr(dir, subject).csr, { ocppId });
  if (!result.ok) throw new Error(result.detail);
  return result;
}

describe('the local CSMS CA', () => {
  it('makes its key (mode 600) and self-signed CA certificate in the data directory, and keeps them', async () => {
    const first = await localCertificateAuthority(dir, NOW);
    expect(statSync(join(dir, LOCAL_CA_FILES.key)).mode & 0o777).toBe(0o600);
    const text = openssl(['x509', '-in', first.certificateFile, '-noout', '-text']);
    expect(text).toMatch(/CA:TRUE/);
    expect(text).toMatch(/Certificate Sign/);
    expect(text).toMatch(/ecdsa-with-SHA256/);
    const again = await localCertificateAuthority(dir, new Date(NOW.getTime() + DAY));
    expect(again.certificate.serialNumber).toBe(first.certificate.serialNumber);
    expect(await again.signer.publicKey()).toEqual(await first.signer.publicKey());
  });

  it('issues a charging station certificate for a charger CSR that openssl verifies against the CA', async () => {
    const ca = await localCertificateAuthority(dir, NOW);
    const issued = await caIssuer(ca, DEFAULT_LIFETIME_SETTINGS).issue(await checked('/O=Acme/CN=CP-1', 'CP-1'), NOW);
    const file = join(dir, 'cp-1.pem');
    writeFileSync(file, issued.certificateChainPem);
    expect(openssl(['verify', '-CAfile', ca.certificateFile, '-purpose', 'sslclient', file])).toMatch(/: OK/);
    const text = openssl(['x509', '-in', file, '-noout', '-text']);
    expect(text).toMatch(/Subject: O = Acme, CN = CP-1/);
    expect(text).toMatch(/CA:FALSE/);
    expect(text).toMatch(/TLS Web Client Authentication/);
    expect(issued.certificate.notAfter.getTime()).toBe(NOW.getTime() + 365 * DAY);
    expect(issued.certificate.notBefore.getTime()).toBeLessThan(NOW.getTime());
    // A root CA's certificate is not sent: the chain is the leaf alone.
    expect((await issuedChain(ca, issued.certificate)).length).toBe(1);
  });

  it('issues for the configured lifetime, never beyond the CA, and says when renewal is due', async () => {
    const ca = await localCertificateAuthority(dir, NOW);
    const settings = { certificateLifetimeDays: 30, renewalLeadDays: 7 };
    const { certificate } = await caIssuer(ca, settings).issue(await checked('/CN=CP-2', 'CP-2'), NOW);
    expect(certificate.notAfter.getTime()).toBe(NOW.getTime() + 30 * DAY);
    expect(renewalDueAt(certificate, settings).getTime()).toBe(NOW.getTime() + 23 * DAY);
    expect(renewalDue(certificate, settings, new Date(NOW.getTime() + 22 * DAY))).toBe(false);
    expect(renewalDue(certificate, settings, new Date(NOW.getTime() + 23 * DAY))).toBe(true);
    const late = new Date(ca.certificate.notAfter.getTime() - DAY);
    const capped = await caIssuer(ca, DEFAULT_LIFETIME_SETTINGS).issue(await checked('/CN=CP-3', 'CP-3'), late);
    expect(capped.certificate.notAfter.getTime()).toBe(ca.certificate.notAfter.getTime());
  });

  it.each([
    [{ certificateLifetimeDays: 0, renewalLeadDays: 0 }, /certificateLifetimeDays/],
    [{ certificateLifetimeDays: 826, renewalLeadDays: 30 }, /certificateLifetimeDays/],
    [{ certificateLifetimeDays: 30, renewalLeadDays: 30 }, /renewalLeadDays/],
    [{ certificateLifetimeDays: 30.5, renewalLeadDays: 1 }, /certificateLifetimeDays/],
    [{ certificateLifetimeDays: 365, renewalLeadDays: -1 }, /renewalLeadDays/],
  ])('names the problem with lifetime settings %o', (settings, problem) => {
    expect(lifetimeSettingsProblem(settings)).toMatch(problem);
    expect(lifetimeSettingsProblem(DEFAULT_LIFETIME_SETTINGS)).toBeUndefined();
  });

  it('refuses a CA certificate that is not for its key, and a certificate that is not a CA', async () => {
    const ca = await localCertificateAuthority(dir, NOW);
    const other = await fileCaSigner(join(dir, 'other.pem'));
    await expect(importCaCertificate(ca.certificate.toString('pem'), other)).rejects.toThrow(/not for the key/);
    const { certificate } = await caIssuer(ca, DEFAULT_LIFETIME_SETTINGS).issue(await checked('/CN=CP-4', 'CP-4'), NOW);
    await expect(importCaCertificate(certificate.toString('pem'), ca.signer)).rejects.toThrow(/not a CA/);
    await expect(importCaCertificate('garbage', ca.signer)).rejects.toThrow(/not a PEM/);
  });

  it("makes a CSR for its key that an operator's CA can sign (bring your own CA), then issues under it", async () => {
    const signer = await fileCaSigner(join(dir, 'csms-key.pem'));
    const csr = await caCertificateRequest(signer, 'CN=CSMS Sub-CA, O=Acme');
    writeFileSync(join(dir, 'sub.csr'), csr.toString('pem'));
    expect(openssl(['req', '-in', join(dir, 'sub.csr'), '-noout', '-verify'], '')).toBeDefined();
    // The operator's root (openssl) signs the sub-CA.
    const root = join(dir, 'root');
    openssl(
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:P-256',
        '-nodes',
        '-keyout',
        `${root}.key`,
      ].concat(['-subj', '/CN=Operator Root', '-days', '3650', '-out', `${root}.pem`]),
    );
    writeFileSync(
      join(dir, 'ext.cnf'),
      'basicConstraints=critical,CA:TRUE,pathlen:0\nkeyUsage=critical,keyCertSign,cRLSign\n',
    );
    openssl(
      [
        'x509',
        '-req',
        '-in',
        join(dir, 'sub.csr'),
        '-CA',
        `${root}.pem`,
        '-CAkey',
        `${root}.key`,
        '-CAcreateserial',
      ].concat(['-days', '1000', '-extfile', join(dir, 'ext.cnf'), '-out', join(dir, 'sub.pem')]),
    );
    const sub = openssl(['x509', '-in', join(dir, 'sub.pem')]);
    const rootPem = openssl(['x509', '-in', `${root}.pem`]);
    const ca = await importCaCertificate(sub + rootPem, signer);
    expect(ca.intermediates).toEqual([]); // the root is dropped
    const issued = await caIssuer(ca, DEFAULT_LIFETIME_SETTINGS).issue(await checked('/CN=CP-5', 'CP-5'), new Date());
    writeFileSync(join(dir, 'chain.pem'), issued.certificateChainPem);
    // The chain sent to the charger holds the sub-CA, so the charger's certificate verifies against the root alone.
    expect(
      openssl(['verify', '-CAfile', `${root}.pem`, '-untrusted', join(dir, 'chain.pem'), join(dir, 'chain.pem')]),
    ).toMatch(/: OK/);
  });
});

describe('the CA on a KMS key', () => {
  const kms = mockClient(KMSClient);
  afterEach(() => kms.reset());

  it('signs the CA certificate and each charger certificate with one kms:Sign of the SHA-256 digest', async () => {
    const key = generateEcKey();
    const keyFile = join(dir, 'kms-key.pem');
    writeFileSync(keyFile, key.export({ type: 'pkcs8', format: 'pem' }));
    kms.on(GetPublicKeyCommand).resolves({
      KeySpec: 'ECC_NIST_P256',
      KeyUsage: 'SIGN_VERIFY',
      PublicKey: await keyObjectSigner(key, 'local').publicKey(),
    });
    // KMS stood in by a real key: the digest signed as KMS signs it (openssl pkeyutl: no second hash).
    kms.on(SignCommand).callsFake((input) => ({
      Signature: new Uint8Array(opensslBytes(['pkeyutl', '-sign', '-inkey', keyFile], Buffer.from(input.Message))),
    }));
    const signer = kmsCaSigner('alias/csms-ca', new KMSClient({ region: 'eu-west-1' }));
    const certificate = await createCaCertificate(signer, {
      subject: 'CN=CSMS CA',
      notBefore: NOW,
      notAfter: new Date(NOW.getTime() + 3650 * DAY),
    });
    const ca = await importCaCertificate(certificate.toString('pem'), signer);
    kms.resetHistory();
    const issued = await caIssuer(ca, DEFAULT_LIFETIME_SETTINGS).issue(await checked('/CN=CP-9', 'CP-9'), new Date());
    const signs = kms.commandCalls(SignCommand);
    expect(signs).toHaveLength(1);
    expect(kms.commandCalls(GetPublicKeyCommand)).toHaveLength(0);
    const input = signs[0]!.args[0].input;
    expect(input).toMatchObject({ KeyId: 'alias/csms-ca', MessageType: 'DIGEST', SigningAlgorithm: 'ECDSA_SHA_256' });
    // A 32-byte digest went to KMS, and the certificate's signature verifies: it was the TBS part's SHA-256.
    expect(Buffer.from(input.Message!).length).toBe(32);
    writeFileSync(join(dir, 'ca.pem'), certificate.toString('pem'));
    writeFileSync(join(dir, 'leaf.pem'), toPemChain([issued.certificate]));
    expect(openssl(['verify', '-CAfile', join(dir, 'ca.pem'), join(dir, 'leaf.pem')])).toMatch(/: OK/);
    expect(commonNameOf(issued.certificate.subjectName)).toBe('CP-9');
  });

  it('refuses a KMS key that is not an ECC_NIST_P256 signing key', async () => {
    kms
      .on(GetPublicKeyCommand)
      .resolves({ KeySpec: 'RSA_2048', KeyUsage: 'SIGN_VERIFY', PublicKey: new Uint8Array(1) });
    await expect(kmsCaSigner('k', new KMSClient({ region: 'eu-west-1' })).publicKey()).rejects.toThrow(/ECC_NIST_P256/);
  });
});
