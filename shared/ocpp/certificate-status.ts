/**
 * Plug & Charge's CALLs, the `$default` side (docs/certificates.md "Plug & Charge over OCPP"):
 * `GetCertificateStatus` (2.0.1 M06; 2.1's `GetCertificateChainStatus`), `Authorize` with a contract certificate (C07) and
 * `Get15118EVCertificate` (M01/M02) need the X.509 and OCSP code, which the message function
 * cannot hold (its bundle is near the 800 KiB ceiling; the library is about 250 KiB). So `$default`
 * asks the certificate status function (`lambdas/certificates/status.ts`) and waits for its answer:
 * Lambda Invoke, `RequestResponse`, by name (`CERTIFICATE_STATUS_FUNCTION_NAME`; locally the local
 * stack's Invoke API at `LAMBDA_ENDPOINT`), through `shared/lambda-invoke.ts` (the SDK's Lambda
 * client would add 96 KiB to the bundle).
 *
 * Only these frames pay for it (one Invoke, plus the OCSP request when nothing is cached). When
 * the Invoke fails (the function is missing, throws, or does not answer within 8 s), the documented
 * fallback answers, never an exception: `GetCertificateStatus` `Failed` (`GetCertificateChainStatus`
 * each certificate `Failed`), `Get15118EVCertificate`
 * `Failed`, `Authorize` per `OCSP_FALLBACK_STATUS` (`good`: the contract is taken as valid and the
 * access ID decides; `unknown`, the default: `CertChainError`, Invalid).
 */
import type {
  CertificateChainStatusAnswer,
  CertificateStatusAnswers,
  CertificateStatusCall,
  CertificateStatusRequestInfo,
  ContractAuthorization,
} from '../certificates';
import type { OcppProtocol } from '../db/entities/common';
import { invokeFunction } from '../lambda-invoke';
import { logger } from '../logger';

/** Environment variables of Plug & Charge (docs/certificates.md). */
export const PLUG_AND_CHARGE_ENV = {
  /** The certificate status function's name. */
  functionName: 'CERTIFICATE_STATUS_FUNCTION_NAME',
  /** The V2G and MO root certificates (PEM) contract certificates and OCSP responders must chain to. */
  trustAnchors: 'PNC_TRUST_ANCHORS',
  /** `unknown` (default) or `good`: a contract's status when its OCSP responder cannot be asked. */
  fallbackStatus: 'OCSP_FALLBACK_STATUS',
  /**
   * OCSP responders the deployment configured (URLs or origins, separated by commas or spaces):
   * asked even on a loopback or private address (the local stack's on 127.0.0.1), and trusted for
   * the `good` fallback. Unset on AWS: public responders need no entry.
   */
  trustedResponders: 'OCSP_TRUSTED_RESPONDERS',
} as const;

/** The function's name in the local stack's Invoke API (and the default of `CERTIFICATE_STATUS_FUNCTION_NAME`). */
export const CERTIFICATE_STATUS_FUNCTION = 'certificate-status';

/** How long `$default` waits for the certificate status function, ms: above the OCSP request's 5 s. */
const INVOKE_TIMEOUT_MS = 8000;

/**
 * Asks the certificate status function; its answer, or `undefined` when there is none (logged).
 * Never throws.
 */
export async function askCertificateStatus<A extends CertificateStatusCall['action']>(
  call: Extract<CertificateStatusCall, { action: A }>,
): Promise<CertificateStatusAnswers[A] | undefined> {
  try {
    const functionName = process.env[PLUG_AND_CHARGE_ENV.functionName] ?? CERTIFICATE_STATUS_FUNCTION;
    const output = await invokeFunction(functionName, call, { timeoutMs: INVOKE_TIMEOUT_MS });
    const text = output.payload;
    if (output.functionError || !text)
      throw new Error(`${output.functionError ?? 'no payload'}: ${text.slice(0, 200)}`);
    const answer = JSON.parse(text) as CertificateStatusAnswers[A] | null;
    if (!answer || typeof answer !== 'object') throw new Error(`not an answer: ${text.slice(0, 200)}`);
    return answer;
  } catch (error) {
    logger.warn('certificate status function failed; answering the fallback', {
      action: call.action,
      error: error instanceof Error ? error.message : String(error),
    });
    return undefined;
  }
}

/**
 * The longest `GetCertificateStatusResponse.ocspResult` (base64 characters) each version's official
 * schema allows (its `maxLength`): 2.0.1 5,500; 2.1 18,000 (the minimum a 2.1 station supports,
 * `OCPPCommCtrlr.FieldLength["GetCertificateStatusResponse.ocspResult"]` may say more). OCPP 1.6's
 * whitepaper mapping carries the 2.0.1 response, so 2.0.1's limit.
 */
export const OCSP_RESULT_MAX_LENGTH: Record<OcppProtocol, number> = {
  'ocpp1.6': 5500,
  'ocpp2.0.1': 5500,
  'ocpp2.1': 18_000,
};

/**
 * `GetCertificateStatus` (2.0.1 and 2.1 M06; 1.6 through the whitepaper): the OCSP response, or
 * `Failed` (the fallback included). A response longer than `protocol`'s schema allows
 * ({@link OCSP_RESULT_MAX_LENGTH}: a responder that sends many certificates) is `Failed` too: the
 * station could not take it, and answered as it is the CALLRESULT would break the schema.
 */
export async function answerGetCertificateStatus(
  ocspRequestData: Extract<CertificateStatusCall, { action: 'GetCertificateStatus' }>['ocspRequestData'],
  protocol: OcppProtocol,
): Promise<{ status: 'Accepted' | 'Failed'; ocspResult?: string }> {
  const answer = await askCertificateStatus({ action: 'GetCertificateStatus', ocspRequestData });
  if (answer?.status !== 'Accepted') return { status: 'Failed' };
  if (answer.ocspResult.length > OCSP_RESULT_MAX_LENGTH[protocol]) {
    logger.warn('the OCSP response is longer than the station may take; answering Failed', {
      protocol,
      length: answer.ocspResult.length,
      maxLength: OCSP_RESULT_MAX_LENGTH[protocol],
    });
    return { status: 'Failed' };
  }
  return { status: 'Accepted', ocspResult: answer.ocspResult };
}

/**
 * `GetCertificateChainStatus` (2.1 M06): each certificate's status in the requests' order, asked
 * of the certificate status function in one Invoke (it answers each through the code that answers
 * `GetCertificateStatus`); when the Invoke fails, each `Failed` with `nextUpdate` now.
 */
export async function answerGetCertificateChainStatus(
  certificateStatusRequests: readonly CertificateStatusRequestInfo[],
): Promise<CertificateChainStatusAnswer> {
  // Only OCPP's fields reach the function (not a request's customData).
  const requests = certificateStatusRequests.map(({ certificateHashData: hash, source, urls }) => ({
    certificateHashData: {
      hashAlgorithm: hash.hashAlgorithm,
      issuerNameHash: hash.issuerNameHash,
      issuerKeyHash: hash.issuerKeyHash,
      serialNumber: hash.serialNumber,
    },
    source,
    urls,
  }));
  const answer = await askCertificateStatus({
    action: 'GetCertificateChainStatus',
    certificateStatusRequests: requests,
  });
  if (Array.isArray(answer?.certificateStatus) && answer.certificateStatus.length === requests.length) return answer;
  const nextUpdate = new Date().toISOString();
  return {
    certificateStatus: requests.map(({ certificateHashData, source }) => ({
      certificateHashData,
      source,
      status: 'Failed',
      nextUpdate,
    })),
  };
}

/** `Get15118EVCertificate` (2.0.1 M01/M02): the provider's EXI response, or `Failed` (the fallback included). */
export async function answerGet15118EvCertificate(
  request: Extract<CertificateStatusCall, { action: 'Get15118EVCertificate' }>['request'],
): Promise<{ status: 'Accepted' | 'Failed'; exiResponse: string }> {
  const answer = await askCertificateStatus({ action: 'Get15118EVCertificate', request });
  if (answer?.status === 'Accepted') return { status: 'Accepted', exiResponse: answer.exiResponse };
  if (answer) logger.info('Get15118EVCertificate failed', { reason: answer.reason });
  return { status: 'Failed', exiResponse: '' };
}

/**
 * The status of the contract certificate an `Authorize` (C07) names; when the function cannot be
 * asked, `OCSP_FALLBACK_STATUS` decides (module doc).
 */
export async function contractAuthorization(
  call: Omit<Extract<CertificateStatusCall, { action: 'AuthorizeContract' }>, 'action'>,
): Promise<ContractAuthorization> {
  const answer = await askCertificateStatus({ action: 'AuthorizeContract', ...call });
  if (typeof answer?.certificateStatus === 'string') return answer;
  return process.env[PLUG_AND_CHARGE_ENV.fallbackStatus] === 'good'
    ? { certificateStatus: 'Accepted', detail: 'fallback: good' }
    : { certificateStatus: 'CertChainError', detail: 'fallback: unknown' };
}
