/**
 * Contract certificates (ISO 15118-2 Plug & Charge; docs/certificates.md "Contract certificates"):
 * the provider `Get15118EVCertificate` forwards to, and the eMAID a contract certificate names.
 *
 * `Get15118EVCertificate` (OCPP 2.0.1 M01/M02; 1.6 through the whitepaper's DataTransfer mapping)
 * carries the EV's EXI-encoded `CertificateInstallationReq` / `CertificateUpdateReq` as base64. A
 * CSMS does not decode it: it forwards the blob with the schema version to a contract certificate
 * provider (a roaming hub's certificate provisioning service, e.g. Hubject's Plug&Charge
 * ecosystem, or a CharIN OPNC contract certificate pool), which answers with the EXI-encoded,
 * signed `CertificateInstallationRes` for the EV, base64. {@link ContractCertificateProvider} is
 * that slot. The product ships one provider, {@link testPkiContractProvider}, over the local V2G
 * test PKI, for tests and `npm start`.
 */
import type { KeyObject } from 'node:crypto';
import { type CertificateHashData, certificateHashData, hashDataKey, normalizeHashData } from './ocsp';
import { normalizeEmaid } from './emaid';
import { commonNameOf, parseCertificate, type x509 } from './x509';
import type { TestContract, V2gTestPki } from './v2g-test-pki';

/** What the charger asked (`Get15118EVCertificateRequest`). */
export interface ContractCertificateRequest {
  /** `urn:iso:15118:2:2013:MsgDef`, `urn:iso:std:iso:15118:-20:CommonMessages`, … */
  iso15118SchemaVersion: string;
  action: 'Install' | 'Update';
  /** The EV's EXI request, base64 (at most 5,600 characters in OCPP 2.0.1). */
  exiRequest: string;
}

/** The answer (`Get15118EVCertificateResponse`): the EXI response for the EV, or a failure. */
export type ContractCertificateResponse =
  | { status: 'Accepted'; exiResponse: string }
  | { status: 'Failed'; exiResponse: ''; reason: string };

/**
 * A contract certificate provider. Implementations never throw: a provider that is down, refuses
 * or answers garbage is `Failed` with the reason (the charger answers the EV with a failure; the
 * EV may retry or fall back to another authorization).
 */
export interface ContractCertificateProvider {
  get15118EvCertificate(request: ContractCertificateRequest): Promise<ContractCertificateResponse>;
}

/** Schema versions whose EXI the ISO 15118 test provider is meant for. */
export const ISO15118_SCHEMA_VERSIONS = ['urn:iso:15118:2:2013:MsgDef', 'urn:iso:std:iso:15118:-20:CommonMessages'];

export { normalizeEmaid };

/**
 * Whether `bytes` start as an EXI stream does (W3C EXI 1.0 §5): the optional `$EXI` cookie, then
 * the distinguishing bits `10` and a format version.
 */
export function looksLikeExi(bytes: Uint8Array): boolean {
  const start = Buffer.from(bytes.subarray(0, 4)).toString('latin1') === '$EXI' ? 4 : 0;
  return bytes.length > start && (bytes[start]! & 0xc0) === 0x80;
}

/**
 * The bytes the test provider answers with: an EXI header byte (`0x80`: distinguishing bits, no
 * options, format version 1), then the marker `TEST-PKI-CONTRACT` and the issued contract
 * certificate chain, DER, each certificate preceded by its length (2 bytes, big-endian). This is
 * EXI-shaped, not a decodable `CertificateInstallationRes` (the product has no EXI codec, and a
 * CSMS needs none: it forwards what the provider returns); tests read the chain back with
 * {@link readTestExiResponse}.
 */
export function testExiResponse(chain: readonly x509.X509Certificate[]): string {
  const parts = [Buffer.from([0x80]), Buffer.from('TEST-PKI-CONTRACT', 'latin1')];
  for (const certificate of chain) {
    const der = Buffer.from(certificate.rawData);
    parts.push(Buffer.from([der.length >> 8, der.length & 0xff]), der);
  }
  return Buffer.concat(parts).toString('base64');
}

/** The chain inside a {@link testExiResponse}; `undefined` for anything else. */
export function readTestExiResponse(exiResponse: string): x509.X509Certificate[] | undefined {
  const bytes = Buffer.from(exiResponse, 'base64');
  const marker = Buffer.from('TEST-PKI-CONTRACT', 'latin1');
  if (bytes[0] !== 0x80 || !bytes.subarray(1, 1 + marker.length).equals(marker)) return undefined;
  const chain: x509.X509Certificate[] = [];
  for (let at = 1 + marker.length; at < bytes.length; ) {
    const length = bytes.readUInt16BE(at);
    const certificate = parseCertificate(new Uint8Array(bytes.subarray(at + 2, at + 2 + length)));
    if (!certificate) return undefined;
    chain.push(certificate);
    at += 2 + length;
  }
  return chain;
}

/** What the test provider issued, for tests (the EV's side of the exchange). */
export interface IssuedTestContract {
  request: ContractCertificateRequest;
  contract: TestContract;
  privateKey: KeyObject;
}

/**
 * The provider over the local test PKI: each valid request is answered `Accepted` with a new
 * contract certificate from MO sub-CA 2 for the next eMAID of `emaids` (round robin), wrapped by
 * {@link testExiResponse}; a request that is not base64, not EXI-shaped, or of another schema
 * version is `Failed`. `issued` lists what it issued, newest last.
 */
export function testPkiContractProvider(
  pki: V2gTestPki,
  emaids: readonly string[] = ['DEABCC0000001X'],
): ContractCertificateProvider & { issued: IssuedTestContract[] } {
  const issued: IssuedTestContract[] = [];
  const failed = (reason: string): ContractCertificateResponse => ({ status: 'Failed', exiResponse: '', reason });
  return {
    issued,
    async get15118EvCertificate(request) {
      if (!ISO15118_SCHEMA_VERSIONS.includes(request.iso15118SchemaVersion))
        return failed(`schema version ${request.iso15118SchemaVersion} is not one the provider knows`);
      if (
        !/^[A-Za-z0-9+/]+={0,2}$/.test(request.exiRequest ?? '') ||
        !looksLikeExi(Buffer.from(request.exiRequest, 'base64'))
      )
        return failed('exiRequest is not a base64 EXI stream');
      try {
        const contract = await pki.issueContract(emaids[issued.length % emaids.length]!);
        issued.push({ request, contract, privateKey: contract.privateKey });
        return { status: 'Accepted', exiResponse: testExiResponse(contract.chain) };
      } catch (error) {
        return failed(`the test PKI failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
  };
}

/**
 * The eMAID a contract certificate names: its subject's common name (ISO 15118-2's contract
 * certificate profile), normalised.
 * @param certificate the contract certificate, or its PEM (the first of a chain: `Authorize.certificate`)
 * @returns `undefined` when it is not a certificate or its CN is not an eMAID
 */
export function emaidOfContractCertificate(certificate: x509.X509Certificate | string): string | undefined {
  const parsed = typeof certificate === 'string' ? parseCertificate(firstPem(certificate)) : certificate;
  const commonName = parsed && commonNameOf(parsed.subjectName);
  return commonName === undefined ? undefined : normalizeEmaid(commonName);
}

/** The first PEM block of a chain (`Authorize.certificate` carries the contract certificate first). */
function firstPem(text: string): string {
  return /-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/.exec(text)?.[0] ?? text;
}

/**
 * The eMAID of the certificate that hash data names, found in a chain the caller has (leaf first,
 * e.g. the certificates a provider issued): each certificate's hash data is computed with its
 * issuer (the next certificate) and compared. `Authorize` does not use it: with a chain it binds
 * the eMAID to the chain's first certificate and leaves the hash data aside; with hash data alone
 * its eMAID is the `idToken` (type `eMAID`) and the hash data serves the OCSP check only
 * (docs/certificates.md "Contract certificates").
 * @returns `undefined` when no certificate of the chain matches, or the match names no eMAID
 */
export async function emaidOfHashData(
  hashData: CertificateHashData,
  chain: readonly x509.X509Certificate[],
): Promise<string | undefined> {
  const wanted = normalizeHashData(hashData);
  if (!wanted || wanted.hashAlgorithm === 'SHA1') return undefined;
  for (let i = 0; i + 1 < chain.length; i++) {
    const data = await certificateHashData(chain[i]!, chain[i + 1]!, wanted.hashAlgorithm);
    if (hashDataKey(data) === hashDataKey(wanted)) return emaidOfContractCertificate(chain[i]!);
  }
  return undefined;
}
