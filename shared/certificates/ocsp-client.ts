/**
 * A certificate's OCSP status for Plug & Charge, as `Authorize` and `GetCertificateStatus` need it
 * (docs/certificates.md "OCSP"): from the cache while the last answer is valid (until its
 * `nextUpdate`), else from the responder named in the hash data (one HTTP POST, `application/ocsp-request`,
 * with a timeout), checked by `verifyOcspResponse` and cached.
 *
 * When the responder does not answer (network error, timeout, an HTTP error, an answer that does not
 * verify), the documented fallback applies and nothing throws: the last status cached for the
 * certificate if it is not older than `maxStaleMs` (`source: 'staleCache'`), else the configured
 * `fallbackStatus` (`source: 'fallback'`; `unknown` by default, which `Authorize` answers as not
 * accepted: an operator may choose `good` to keep charging through a responder's outage).
 */
import { BoundedMap } from '../bounded-map';
import {
  buildOcspRequest,
  type CertificateHashData,
  hashDataKey,
  MAX_AGE_WITHOUT_NEXT_UPDATE_MS,
  normalizeHashData,
  type OcspCertStatus,
  type OcspRequestData,
  type OcspVerificationContext,
  verifyOcspResponse,
} from './ocsp';

/** A status kept in the cache. */
export interface CachedOcspStatus {
  status: OcspCertStatus;
  thisUpdate: string;
  /** Until when the answer is valid (ISO 8601). */
  validUntil: string;
  /** The DER response, base64 (what `GetCertificateStatus` returns). */
  ocspResponse: string;
}

/** Where answers are kept (per instance by default; phase B may add a shared store). */
export interface OcspCache {
  get(key: string): Promise<CachedOcspStatus | undefined>;
  set(key: string, value: CachedOcspStatus): Promise<void>;
}

/** A cache in this process's memory, of at most `capacity` certificates. */
export function memoryOcspCache(capacity = 1000): OcspCache {
  const entries = new BoundedMap<string, CachedOcspStatus>(capacity);
  return { get: async (key) => entries.get(key), set: async (key, value) => void entries.set(key, value) };
}

/** Where a status came from. */
export type OcspStatusSource = 'responder' | 'cache' | 'staleCache' | 'fallback' | 'invalidRequest';

/** A certificate's status and where it came from. */
export interface OcspStatusResult {
  status: OcspCertStatus;
  source: OcspStatusSource;
  /** The responder's DER response, base64, when there is one (not for `fallback`). */
  ocspResponse?: string;
  /** Until when the response is valid (ISO 8601: its `nextUpdate`, or the default validity), with `ocspResponse`; past for `staleCache`. */
  validUntil?: string;
  /** Why the responder's answer was not used, for logs. */
  detail?: string;
}

/** The checker's configuration. */
export interface OcspCheckerOptions extends Omit<OcspVerificationContext, 'now'> {
  cache?: OcspCache;
  /** The status when the responder does not answer and nothing usable is cached. @default 'unknown' */
  fallbackStatus?: OcspCertStatus;
  /** How old (past its validity) a cached status may be and still be used when the responder is down, in ms. @default 86_400_000 (24 h) */
  maxStaleMs?: number;
  /** How long an answer without `nextUpdate` is cached, in ms. @default {@link MAX_AGE_WITHOUT_NEXT_UPDATE_MS} (1 h) */
  defaultValidityMs?: number;
  /** How long to wait for the responder, in ms. @default 5000 */
  timeoutMs?: number;
  /** The HTTP client (tests inject failures). @default globalThis.fetch */
  fetch?: typeof fetch;
  /** The clock. @default () => new Date() */
  now?: () => Date;
}

/** Checks certificates' statuses (module doc). One instance per process keeps its cache warm. */
export class OcspChecker {
  private readonly cache: OcspCache;

  constructor(private readonly options: OcspCheckerOptions) {
    this.cache = options.cache ?? memoryOcspCache();
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** Asks the responder; the verified answer, or why there is none. */
  private async ask(url: string, data: CertificateHashData): Promise<CachedOcspStatus | string> {
    let body: Uint8Array;
    try {
      const response = await (this.options.fetch ?? fetch)(url, {
        method: 'POST',
        headers: { 'content-type': 'application/ocsp-request', accept: 'application/ocsp-response' },
        body: buildOcspRequest(data),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 5000),
      });
      if (!response.ok) return `the responder answered HTTP ${response.status}`;
      body = new Uint8Array(await response.arrayBuffer());
    } catch (error) {
      return `the responder did not answer: ${error instanceof Error ? error.message : String(error)}`;
    }
    const now = this.now();
    const checked = await verifyOcspResponse(body, data, { ...this.options, now });
    if (!checked.ok) return `the answer was not believed (${checked.reason}): ${checked.detail}`;
    const { answer } = checked;
    // Without nextUpdate, counted from thisUpdate: the verifier stops believing it an hour after that.
    const validUntil =
      answer.nextUpdate ??
      new Date(answer.thisUpdate.getTime() + (this.options.defaultValidityMs ?? MAX_AGE_WITHOUT_NEXT_UPDATE_MS));
    return {
      status: answer.status,
      thisUpdate: answer.thisUpdate.toISOString(),
      validUntil: validUntil.toISOString(),
      ocspResponse: Buffer.from(answer.response).toString('base64'),
    };
  }

  /**
   * The status of the certificate `request` names (module doc). Never throws; bad hash data is
   * `unknown` with `source: 'invalidRequest'`.
   */
  async check(request: OcspRequestData): Promise<OcspStatusResult> {
    const data = normalizeHashData(request);
    let url: URL | undefined;
    try {
      url = new URL(request.responderURL);
    } catch {
      url = undefined;
    }
    if (!data || !url || !/^https?:$/.test(url.protocol))
      return { status: 'unknown', source: 'invalidRequest', detail: 'the hash data or the responder URL is not valid' };
    const key = hashDataKey(data);
    const cached = await this.cache.get(key).catch(() => undefined);
    const now = this.now().getTime();
    if (cached && Date.parse(cached.validUntil) > now)
      return {
        status: cached.status,
        source: 'cache',
        ocspResponse: cached.ocspResponse,
        validUntil: cached.validUntil,
      };
    const fresh = await this.ask(url.href, data);
    if (typeof fresh !== 'string') {
      await this.cache.set(key, fresh).catch(() => undefined);
      return {
        status: fresh.status,
        source: 'responder',
        ocspResponse: fresh.ocspResponse,
        validUntil: fresh.validUntil,
      };
    }
    if (cached && Date.parse(cached.validUntil) + (this.options.maxStaleMs ?? 86_400_000) > now)
      return {
        status: cached.status,
        source: 'staleCache',
        ocspResponse: cached.ocspResponse,
        validUntil: cached.validUntil,
        detail: fresh,
      };
    return { status: this.options.fallbackStatus ?? 'unknown', source: 'fallback', detail: fresh };
  }
}
