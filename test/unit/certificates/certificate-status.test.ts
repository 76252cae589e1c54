/**
 * `Authorize` with a contract certificate chain (C07): what `CertificateStatusService` checks of
 * the chain before any OCSP request (the OCSP checker here answers `good` for anything it is asked,
 * so each refusal below is the chain's own).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { issueCertificate, type SigningAuthority } from '../../../shared/certificates/authority';
import { generateEcKey, keyObjectSigner } from '../../../shared/certificates/ca-signer';
import { CertificateStatusService } from '../../../shared/certificates/certificate-status';
import type { OcspRequestData } from '../../../shared/certificates/ocsp';
import type { OcspChecker } from '../../../shared/certificates/ocsp-client';
import { TrustStore } from '../../../shared/certificates/trust-store';
import { generateV2gTestPki, type V2gTestPki } from '../../../shared/certificates/v2g-test-pki';
import { toPemChain, x509 } from '../../../shared/certificates/x509';

const OCSP_URL = 'http://ocsp.example.com/ocsp';
const EMAID = 'DEABCC1234567X';
const CONTRACT_USAGES = x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyAgreement;

let pki: V2gTestPki;
let service: CertificateStatusService;
/** What the checker was asked, in order. */
const asked: OcspRequestData[] = [];

beforeAll(async () => {
  pki = await generateV2gTestPki({ ocspUrl: OCSP_URL });
  const checker = {
    check: async (request: OcspRequestData) => {
      asked.push(request);
      return { status: 'good', source: 'responder' };
    },
  } as unknown as OcspChecker;
  service = new CertificateStatusService({
    checker,
    trustStore: new TrustStore([pki.v2gRoot.certificate, pki.moRoot.certificate]),
  });
});

/** A leaf of `ca` with the subject and extensions given (a day's validity from an hour ago). */
async function leaf(ca: SigningAuthority, subject: string, extensions: x509.Extension[]) {
  return issueCertificate(ca, {
    subject,
    publicKey: await keyObjectSigner(generateEcKey(), 'memory').publicKey(),
    notBefore: new Date(Date.now() - 3_600_000),
    notAfter: new Date(Date.now() + 86_400_000),
    extensions,
  });
}

const ocsp = () => new x509.AuthorityInfoAccessExtension({ ocsp: [new x509.GeneralName('url', OCSP_URL)] });
const notCa = () => new x509.BasicConstraintsExtension(false, undefined, true);

/** The PEM of a chain below MO sub-CA 2 (leaf, MO sub-CA 2, MO sub-CA 1). */
function moChain(certificate: x509.X509Certificate): string {
  return toPemChain([certificate, pki.moSubCa2.certificate, pki.moSubCa1.certificate]);
}

/** Asks to authorize `certificate` (a PEM chain) as `emaid` and expects `CertChainError` with a detail matching `detail`. */
async function expectChainError(certificate: string, detail: RegExp, emaid = EMAID): Promise<void> {
  const answer = await service.authorizeContract({ action: 'AuthorizeContract', emaid, certificate });
  expect(answer).toMatchObject({ certificateStatus: 'CertChainError', detail: expect.stringMatching(detail) });
}

describe('Authorize with a contract certificate chain (C07)', () => {
  it("accepts the test PKI's contract certificate for its eMAID, asking OCSP of each certificate below the root", async () => {
    const contract = await pki.issueContract(EMAID);
    asked.length = 0;
    const answer = await service.authorizeContract({
      action: 'AuthorizeContract',
      emaid: 'de-abc-C1234567X',
      certificate: toPemChain(contract.chain),
    });
    expect(answer).toMatchObject({ certificateStatus: 'Accepted' });
    expect(asked.map((request) => request.responderURL)).toEqual([OCSP_URL, OCSP_URL, OCSP_URL]);
  });

  it('refuses a chain whose leaf names no eMAID, even when the idToken is no eMAID either', async () => {
    const named = await leaf(pki.moSubCa2, 'CN=Not an eMAID, DC=MO', [
      notCa(),
      new x509.KeyUsagesExtension(CONTRACT_USAGES, true),
      ocsp(),
    ]);
    await expectChainError(moChain(named), /not one for the eMAID/, 'not an eMAID either');
  });

  it('refuses a CA certificate as the leaf, though it names the eMAID', async () => {
    const ca = await leaf(pki.moSubCa2, `CN=${EMAID}, DC=MO`, [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(CONTRACT_USAGES, true),
      ocsp(),
    ]);
    await expectChainError(moChain(ca), /is a CA certificate/);
  });

  it('refuses a leaf whose key usage lacks digitalSignature', async () => {
    const agreeOnly = await leaf(pki.moSubCa2, `CN=${EMAID}, DC=MO`, [
      notCa(),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyAgreement, true),
      ocsp(),
    ]);
    await expectChainError(moChain(agreeOnly), /digitalSignature/);
  });

  it("refuses a chain to the V2G root (the SECC's CPO chain), though its leaf names the eMAID", async () => {
    const cpo = await leaf(pki.cpoSubCa2, `CN=${EMAID}, DC=CPO`, [
      notCa(),
      new x509.KeyUsagesExtension(CONTRACT_USAGES, true),
      ocsp(),
    ]);
    await expectChainError(toPemChain([cpo, pki.cpoSubCa2.certificate, pki.cpoSubCa1.certificate]), /not an MO root/);
  });

  it('refuses a chain with a certificate that names no OCSP responder: its revocation cannot be checked', async () => {
    const silent = await leaf(pki.moSubCa2, `CN=${EMAID}, DC=MO`, [
      notCa(),
      new x509.KeyUsagesExtension(CONTRACT_USAGES, true),
    ]);
    await expectChainError(moChain(silent), /names no OCSP responder/);
  });
});
