/**
 * The certificate status function (docs/certificates.md "Plug & Charge over OCPP"): invoked by
 * `$default` (Lambda Invoke, `RequestResponse`) for the three charger CALLs that need the X.509
 * and OCSP code, `GetCertificateStatus` (2.0.1; 2.1's `GetCertificateChainStatus` too), `Authorize` with a contract certificate and
 * `Get15118EVCertificate` (`shared/ocpp/certificate-status.ts`), and the check of a SignCertificate
 * CSR before `$default` answers it (`shared/ocpp/certificate-signing.ts`), and answers with
 * `CertificateStatusService`. It holds the OCSP client and its cache (per instance: a warm
 * instance answers a certificate asked about within its answer's validity without asking the
 * responder), the Plug & Charge trust store and the contract certificate provider.
 *
 * Configuration: `PNC_TRUST_ANCHORS` (the V2G and MO roots, PEM; unset: no OCSP answer is
 * believed, so every status is the fallback), `OCSP_FALLBACK_STATUS` (`unknown` or `good`),
 * `OCSP_TRUSTED_RESPONDERS` (responders the deployment runs, asked even on a private address), the
 * provider registered in the process (`useContractCertificateProvider`: the local stack's test PKI;
 * none on AWS until a real one is wired, so `Get15118EVCertificate` is `Failed`). The function
 * reads nothing from the table. A payload that is not a call is answered `{ error }`, never thrown.
 */
import {
  type CertificateStatusCall,
  CertificateStatusService,
  OcspChecker,
  registeredContractCertificateProvider,
  TrustStore,
} from '../../shared/certificates';
import { logger } from '../../shared/logger';
import { PLUG_AND_CHARGE_ENV } from '../../shared/ocpp/certificate-status';

const ACTIONS = new Set<string>([
  'GetCertificateStatus',
  'GetCertificateChainStatus',
  'AuthorizeContract',
  'Get15118EVCertificate',
  'CheckCsr',
]);

let service: { key: string; checker: OcspChecker; trustStore: TrustStore } | undefined;

/** The instance's checker and trust store, made again when the configuration changes (the local stack's restarts). */
function configured(env: NodeJS.ProcessEnv = process.env): CertificateStatusService {
  const pem = env[PLUG_AND_CHARGE_ENV.trustAnchors] ?? '';
  const fallbackStatus = env[PLUG_AND_CHARGE_ENV.fallbackStatus] === 'good' ? 'good' : 'unknown';
  const trustedResponders = (env[PLUG_AND_CHARGE_ENV.trustedResponders] ?? '').split(/[\s,]+/).filter(Boolean);
  const key = `${pem}|${fallbackStatus}|${trustedResponders.join(' ')}`;
  if (service?.key !== key) {
    let trustStore: TrustStore;
    try {
      trustStore = pem ? TrustStore.fromPem(pem) : new TrustStore([]);
    } catch (error) {
      logger.error(`${PLUG_AND_CHARGE_ENV.trustAnchors} is not a list of PEM certificates`, { error: String(error) });
      trustStore = new TrustStore([]);
    }
    service = { key, trustStore, checker: new OcspChecker({ trustStore, fallbackStatus, trustedResponders }) };
  }
  const { checker, trustStore } = service;
  return new CertificateStatusService({ checker, trustStore, provider: registeredContractCertificateProvider() });
}

/** One call from `$default`; its answer. */
export async function handler(event: CertificateStatusCall): Promise<unknown> {
  if (!event || typeof event !== 'object' || !ACTIONS.has((event as { action?: string }).action ?? ''))
    return { error: 'not a certificate status call' };
  try {
    const answer = await configured().answer(event);
    logger.info('certificate status answered', { action: event.action, answer: summary(answer) });
    return answer;
  } catch (error) {
    // A bug of ours: `$default` answers the fallback.
    logger.error('certificate status failed', { action: event.action, error: String(error) });
    throw error;
  }
}

/** What is logged of an answer (not the DER or EXI blobs). */
function summary(answer: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(answer).filter(([k]) => k !== 'ocspResult' && k !== 'exiResponse'));
}
