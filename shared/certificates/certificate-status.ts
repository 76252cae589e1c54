/**
 * The certificate status function's work (docs/certificates.md "Plug & Charge"): what the three
 * charger CALLs that need the X.509 and OCSP code ask, answered with an {@link OcspChecker}, the
 * Plug & Charge trust store (V2G and MO roots) and a {@link ContractCertificateProvider}:
 *
 * - `GetCertificateStatus` (OCPP 2.0.1 M06): the OCSP response for the certificate, or `Failed`;
 * - `GetCertificateChainStatus` (OCPP 2.1 M06): each certificate's status (`Good`, `Revoked`,
 *   `Unknown`, `Failed`) and until when it holds, through the same check as `GetCertificateStatus`;
 * - `Authorize` with a contract certificate (C07): the status of the contract certificate chain,
 *   from `iso15118CertificateHashData` or from the chain in `certificate`;
 * - `Get15118EVCertificate` (M01/M02): forwarded to the provider;
 * - a `SignCertificate` CSR (2.0.1 A02/A03, 1.6 security whitepaper) checked before `$default`
 *   answers, so that a CSR the certificate function would refuse is answered `Rejected`.
 *
 * The message function cannot hold this code (the X.509 library would take its bundle past the
 * 800 KiB ceiling), so it asks the certificate status function (`lambdas/certificates/status.ts`)
 * with a {@link CertificateStatusCall} and gets the answer back. Nothing here throws: every failure
 * is an answer.
 */
import {
  type ContractCertificateProvider,
  type ContractCertificateRequest,
  type ContractCertificateResponse,
  emaidOfContractCertificate,
} from './contract-certificates';
import { checkCsr, type CsrRejectionReason } from './csr';
import { normalizeEmaid } from './emaid';
import {
  type CertificateHashData,
  certificateHashData,
  type OcspCertStatus,
  type OcspRequestData,
  ocspResponderUrl,
} from './ocsp';
import { isCaCertificate } from './authority';
import type { OcspChecker, OcspStatusResult, ResponderUrlSource } from './ocsp-client';
import type { ChainFailure, TrustStore } from './trust-store';
import { nameValues, parseCertificateChain, x509 } from './x509';

/** What the message function asks the certificate status function (the Invoke payload). */
export type CertificateStatusCall =
  | { action: 'GetCertificateStatus'; ocspRequestData: OcspRequestData }
  | { action: 'GetCertificateChainStatus'; certificateStatusRequests: CertificateStatusRequestInfo[] }
  | {
      action: 'AuthorizeContract';
      /** The idToken of type `eMAID` the charger sent. */
      emaid: string;
      iso15118CertificateHashData?: OcspRequestData[];
      /** The contract certificate chain, PEM, leaf first (`Authorize.certificate`). */
      certificate?: string;
    }
  | { action: 'Get15118EVCertificate'; request: ContractCertificateRequest }
  | {
      action: 'CheckCsr';
      /** A charger's SignCertificate CSR (PEM or base64 DER), before it is stored for signing. */
      csr: string;
      /** The charger's identity: the CN the CSR must name. */
      ocppId: string;
    };

/** The answer to `CheckCsr`: the CSR passes {@link checkCsr}, or why not. */
export type CsrCheckAnswer = { ok: true } | { ok: false; reason: CsrRejectionReason; detail: string };

/**
 * The answer to `GetCertificateStatus`: OCPP's `GetCertificateStatusResponse` without the optional
 * fields, and with the status the response carries and until when it is valid (ISO 8601: its
 * `nextUpdate`, or one hour when it has none), which `GetCertificateChainStatus` answers with.
 */
export type CertificateStatusAnswer =
  | { status: 'Accepted'; ocspResult: string; ocspStatus: OcspCertStatus; validUntil: string }
  | { status: 'Failed'; reason: string };

/** Where a certificate's revocation status is read (OCPP 2.1 `CertificateStatusSourceEnumType`). */
export type CertificateStatusSource = 'OCSP' | 'CRL';

/** One certificate of a chain and where to ask about it (OCPP 2.1 `CertificateStatusRequestInfoType`). */
export interface CertificateStatusRequestInfo {
  certificateHashData: CertificateHashData;
  source: CertificateStatusSource;
  /** The source's URLs (1 to 5), tried in order until one answers. */
  urls: string[];
}

/** One certificate's status (OCPP 2.1 `CertificateStatusType`). */
export interface CertificateChainEntryStatus {
  certificateHashData: CertificateHashData;
  source: CertificateStatusSource;
  /** `Good` / `Revoked` / `Unknown` as the OCSP response says; `Failed` when there is no response to give. */
  status: 'Good' | 'Revoked' | 'Unknown' | 'Failed';
  /** ISO 8601: until when the status holds (the response's `nextUpdate`); for `Failed`, the time of the answer. */
  nextUpdate: string;
}

/** The answer to `GetCertificateChainStatus` (OCPP 2.1): one status per request, in the requests' order. */
export interface CertificateChainStatusAnswer {
  certificateStatus: CertificateChainEntryStatus[];
}

/** OCPP 2.0.1's `AuthorizeCertificateStatusEnumType`. */
export type ContractCertificateStatus =
  | 'Accepted'
  | 'SignatureError'
  | 'CertificateExpired'
  | 'CertificateRevoked'
  | 'NoCertificateAvailable'
  | 'CertChainError'
  | 'ContractCancelled';

/** The status of a contract certificate chain, for `Authorize`. */
export interface ContractAuthorization {
  certificateStatus: ContractCertificateStatus;
  /** Why it is not `Accepted`, or where the statuses came from, for logs. */
  detail: string;
}

/** What each call is answered with. */
export interface CertificateStatusAnswers {
  GetCertificateStatus: CertificateStatusAnswer;
  GetCertificateChainStatus: CertificateChainStatusAnswer;
  AuthorizeContract: ContractAuthorization;
  Get15118EVCertificate: ContractCertificateResponse;
  CheckCsr: CsrCheckAnswer;
}

/** What the service needs. */
export interface CertificateStatusServiceOptions {
  checker: OcspChecker;
  /** The V2G and MO roots contract certificates must chain to (`Authorize.certificate`). */
  trustStore: TrustStore;
  /** Where `Get15118EVCertificate` goes; none configured: `Failed`. */
  provider?: ContractCertificateProvider;
  now?: () => Date;
}

/** The most certificates of a chain checked, as OCPP's `iso15118CertificateHashData` (at most 4). */
const MAX_CHAIN_CHECKS = 4;

/** The most URLs of one source asked (OCPP 2.1 `CertificateStatusRequestInfoType.urls`: at most 5). */
const MAX_SOURCE_URLS = 5;

/** An OCSP status as 2.1's `CertificateStatusEnumType` says it. */
const CHAIN_STATUS: Record<OcspCertStatus, CertificateChainEntryStatus['status']> = {
  good: 'Good',
  revoked: 'Revoked',
  unknown: 'Unknown',
};

/** Answers {@link CertificateStatusCall}s (module doc). One per instance keeps the OCSP cache warm. */
export class CertificateStatusService {
  constructor(private readonly options: CertificateStatusServiceOptions) {}

  /** Answers one call; never throws. */
  async answer<A extends CertificateStatusCall['action']>(
    call: Extract<CertificateStatusCall, { action: A }>,
  ): Promise<CertificateStatusAnswers[A]> {
    const answer = await this.dispatch(call as CertificateStatusCall);
    return answer as CertificateStatusAnswers[A];
  }

  private async dispatch(
    call: CertificateStatusCall,
  ): Promise<CertificateStatusAnswers[keyof CertificateStatusAnswers]> {
    switch (call.action) {
      case 'GetCertificateStatus':
        return this.certificateStatus(call.ocspRequestData);
      case 'GetCertificateChainStatus':
        return this.chainStatus(call.certificateStatusRequests);
      case 'AuthorizeContract':
        return this.authorizeContract(call);
      case 'Get15118EVCertificate':
        return this.options.provider
          ? this.options.provider.get15118EvCertificate(call.request)
          : { status: 'Failed', exiResponse: '', reason: 'no contract certificate provider is configured' };
      case 'CheckCsr': {
        const checked = await checkCsr(call.csr, { ocppId: call.ocppId });
        return checked.ok ? { ok: true } : { ok: false, reason: checked.reason, detail: checked.detail };
      }
    }
  }

  /**
   * `GetCertificateStatus` (M06): `Accepted` with the responder's DER response (base64), from the
   * responder, the cache, or a stale cache while the responder is down; `Failed` when there is no
   * response to give (the hash data is not OCPP's, or the responder does not answer and nothing is cached).
   */
  async certificateStatus(data: OcspRequestData): Promise<CertificateStatusAnswer> {
    const result = await this.options.checker.check(data, 'charger');
    if (result.ocspResponse && result.source !== 'fallback')
      return {
        status: 'Accepted',
        ocspResult: result.ocspResponse,
        ocspStatus: result.status,
        validUntil: result.validUntil ?? this.now().toISOString(),
      };
    return { status: 'Failed', reason: result.detail ?? `no OCSP response (${result.source})` };
  }

  /**
   * `GetCertificateChainStatus` (OCPP 2.1 M06): each request answered in its order by
   * {@link certificateStatus} (the `GetCertificateStatus` answer), asking its URLs at once and
   * taking the first response: its status and `nextUpdate`. `Failed` (with `nextUpdate` now) when none does,
   * and for a `CRL` source: a CRL's signature can only be checked with its issuer's key, which hash
   * data names but does not carry (docs/certificates.md).
   */
  async chainStatus(requests: readonly CertificateStatusRequestInfo[]): Promise<CertificateChainStatusAnswer> {
    return { certificateStatus: await Promise.all(requests.map((request) => this.chainEntryStatus(request))) };
  }

  private async chainEntryStatus({
    certificateHashData: hash,
    source,
    urls,
  }: CertificateStatusRequestInfo): Promise<CertificateChainEntryStatus> {
    const certificateHashData = {
      hashAlgorithm: hash.hashAlgorithm,
      issuerNameHash: hash.issuerNameHash,
      issuerKeyHash: hash.issuerKeyHash,
      serialNumber: hash.serialNumber,
    };
    if (source === 'OCSP') {
      // All its responders at once, the first to answer taken: one after the other, two silent ones
      // would outlast the station's wait for the whole answer.
      const asked = urls.slice(0, MAX_SOURCE_URLS).map(async (responderURL) => {
        const answer = await this.certificateStatus({ ...certificateHashData, responderURL });
        if (answer.status !== 'Accepted') throw new Error(`${responderURL} gave no response`);
        return answer;
      });
      const answer = await Promise.any(asked).catch(() => undefined);
      if (answer)
        return { certificateHashData, source, status: CHAIN_STATUS[answer.ocspStatus], nextUpdate: answer.validUntil };
    }
    return { certificateHashData, source, status: 'Failed', nextUpdate: this.now().toISOString() };
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /**
   * The status of a contract certificate chain (C07): from the certificate chain when the charger
   * sent it ({@link chainRequests}: a contract certificate for the eMAID under an MO root, each
   * certificate of it below the root checked with OCSP at the responder its certificate names;
   * the hash data is then not used), else from the hash data (each entry at the `responderURL` the
   * charger named). Revoked anywhere: `CertificateRevoked`; `unknown` (the responder does not know
   * it, or did not answer and the fallback is `unknown`): `CertChainError`; neither certificate nor
   * hash data: `NoCertificateAvailable`.
   */
  async authorizeContract(
    call: Extract<CertificateStatusCall, { action: 'AuthorizeContract' }>,
  ): Promise<ContractAuthorization> {
    let requests = call.iso15118CertificateHashData ?? [];
    // The responders a verified chain names are the PKI's; those of hash data are the charger's word.
    let urlSource: ResponderUrlSource = 'charger';
    if (call.certificate !== undefined) {
      const fromChain = await this.chainRequests(call.certificate, call.emaid);
      if ('certificateStatus' in fromChain) return fromChain;
      requests = fromChain.requests;
      urlSource = 'certificate';
    }
    if (!requests.length) return { certificateStatus: 'NoCertificateAvailable', detail: 'no certificate or hash data' };
    const results = await Promise.all(
      requests.slice(0, MAX_CHAIN_CHECKS).map((r) => this.options.checker.check(r, urlSource)),
    );
    return contractStatus(results);
  }

  /**
   * The OCSP requests of a contract chain the charger sent (C07.FR.06: the station passes the chain
   * it cannot validate for the CSMS to validate), or why it is refused before any is made:
   *
   * - the chain does not parse, or does not chain to the trust store: `CertChainError`
   *   (`CertificateExpired` when a certificate of it is outside its validity);
   * - the contract certificate (the first) is not a contract certificate for `emaid`: its CN is not
   *   an eMAID or not `emaid` (both normalised; an idToken that is not an eMAID matches nothing),
   *   it is a CA (basic constraints `cA`), or its key usage lacks `digitalSignature` (ISO 15118-2's
   *   contract certificate profile): `CertChainError`;
   * - the anchor of its path is not an MO root ({@link isMoCertificate}): a V2G root's SECC or
   *   CPO chain is no contract: `CertChainError`;
   * - a certificate of it below the anchor names no OCSP responder: its revocation cannot be
   *   checked, `CertChainError` (the answer for a chain the CSMS cannot validate).
   */
  private async chainRequests(
    pem: string,
    emaid: string,
  ): Promise<{ requests: OcspRequestData[] } | ContractAuthorization> {
    const chain = parseCertificateChain(pem);
    if (!chain?.length) return { certificateStatus: 'CertChainError', detail: 'certificate is not a PEM chain' };
    const contract = chain[0]!;
    const path = await this.options.trustStore.verify(contract, chain.slice(1), this.now());
    if (!path.ok) return { certificateStatus: CHAIN_FAILURE_STATUS[path.reason], detail: path.detail };
    const refused = (detail: string): ContractAuthorization => ({ certificateStatus: 'CertChainError', detail });
    const wanted = normalizeEmaid(emaid);
    if (wanted === undefined || emaidOfContractCertificate(contract) !== wanted)
      return refused(`the contract certificate ${contract.subject} is not one for the eMAID ${emaid}`);
    if (isCaCertificate(contract))
      return refused(`${contract.subject} is a CA certificate, not a contract certificate`);
    const keyUsage = contract.getExtension(x509.KeyUsagesExtension);
    if (!keyUsage || !(keyUsage.usages & x509.KeyUsageFlags.digitalSignature))
      return refused(`${contract.subject} may not sign (no digitalSignature key usage)`);
    const anchor = path.path.at(-1)!;
    if (!isMoCertificate(anchor)) return refused(`the chain's root ${anchor.subject} is not an MO root (DC=MO)`);
    const requests: OcspRequestData[] = [];
    for (let i = 0; i + 1 < path.path.length; i++) {
      const certificate = path.path[i]!;
      const responderURL = ocspResponderUrl(certificate);
      if (!responderURL)
        return refused(`${certificate.subject} names no OCSP responder: its revocation cannot be checked`);
      requests.push({ ...(await certificateHashData(certificate, path.path[i + 1]!)), responderURL });
    }
    return { requests };
  }
}

/**
 * `Authorize`'s status for a chain that does not verify (OCPP 2.0.1 `AuthorizeCertificateStatusEnumType`).
 * An issuer named right whose key did not sign is a chain of another PKI (names collide, as two
 * test PKIs' do) more often than a damaged signature: `CertChainError`.
 */
const CHAIN_FAILURE_STATUS: Record<ChainFailure, ContractCertificateStatus> = {
  untrusted: 'CertChainError',
  badSignature: 'CertChainError',
  expired: 'CertificateExpired',
  notYetValid: 'CertificateExpired',
  notACa: 'CertChainError',
};

/** The `domainComponent` attribute (RFC 4519), which ISO 15118-2's certificate profiles set to the PKI: `V2G`, `CPO`, `MO`, … */
const DOMAIN_COMPONENT = '0.9.2342.19200300.100.1.25';

/**
 * Whether a certificate belongs to the mobility operators' PKI: ISO 15118-2's certificate profiles
 * name the PKI in the subject's `DC` (`MO` for the MO root, its sub-CAs and contract certificates;
 * `V2G` for the V2G root, `CPO` for the SECC's chain). The trust store holds V2G and MO roots
 * without saying which is which, so the name does.
 */
function isMoCertificate(certificate: x509.X509Certificate): boolean {
  return nameValues(certificate.subjectName, DOMAIN_COMPONENT).some((value) => value.toUpperCase() === 'MO');
}

/** The contract's status from its certificates' OCSP statuses (leaf first). */
function contractStatus(results: readonly OcspStatusResult[]): ContractAuthorization {
  const detail = results.map((r) => `${r.status} (${r.source}${r.detail ? `: ${r.detail}` : ''})`).join(', ');
  const worst = (status: OcspCertStatus) => results.some((r) => r.status === status);
  if (worst('revoked')) return { certificateStatus: 'CertificateRevoked', detail };
  if (worst('unknown')) return { certificateStatus: 'CertChainError', detail };
  return { certificateStatus: 'Accepted', detail };
}

let registeredProvider: ContractCertificateProvider | undefined;

/**
 * Sets the contract certificate provider of this process (the slot for a real one: a roaming
 * hub's certificate pool; the local stack sets the test PKI's): `undefined` to remove it.
 */
export function useContractCertificateProvider(provider: ContractCertificateProvider | undefined): void {
  registeredProvider = provider;
}

/** The provider set with {@link useContractCertificateProvider}, if any. */
export function registeredContractCertificateProvider(): ContractCertificateProvider | undefined {
  return registeredProvider;
}
