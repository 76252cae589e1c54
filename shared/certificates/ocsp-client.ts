/**
 * A certificate's OCSP status for Plug & Charge, as `Authorize` and `GetCertificateStatus` need it
 * (docs/certificates.md "OCSP"): from the cache while the last answer is valid (until its
 * `nextUpdate`), else from the responder (one HTTP POST, `application/ocsp-request`, with a
 * timeout), checked by `verifyOcspResponse` and cached.
 *
 * The responder's URL comes from the charger (hash data's `responderURL`, GetCertificateChainStatus'
 * `urls`) or from a certificate of a chain verified against the trust store (its authority
 * information access); either way this function makes a request a charger chose the target of,
 * so it is bounded: http(s) only, no credentials in the URL; a host that resolves (any of its
 * addresses) to an address that is not public unicast ({@link publicAddressRefusal}) is not asked, unless its
 * origin is one the deployment configured (`trustedResponders`: the local stack's responder on
 * 127.0.0.1); the connection is checked again where it is made ({@link connectCheckedFetch}: the
 * address the socket connects to, from its own lookup), so a name whose DNS answer changes after
 * the first check (DNS rebinding) reaches no refused address either; a redirect is not followed
 * (it is a failed query); at most `maxResponseBytes` of the answer are read.
 *
 * When the responder does not answer (refused as above, network error, timeout, an HTTP error or
 * redirect, an answer too long or that does not verify), the documented fallback applies and
 * nothing throws: the last status cached for the certificate if it is not older than `maxStaleMs`
 * (`source: 'staleCache'`), else the configured `fallbackStatus` (`source: 'fallback'`; `unknown`
 * by default, which `Authorize` answers as not accepted: an operator may choose `good` to keep
 * charging through a responder's outage). `good` is only the fallback of a responder the
 * deployment trusts: one a verified certificate names, or a configured origin; for a URL the
 * charger named it is `unknown` (else any charger could make any certificate `good` by naming a
 * responder that never answers).
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import { useAgent } from 'request-filtering-agent';
import { BoundedMap } from '../bounded-map';
import { publicAddressesOnly, publicAddressRefusal } from '../public-address';
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

/**
 * Who named the responder's URL: the charger (hash data, GetCertificateChainStatus' `urls`), or a
 * certificate of a chain that verified against the trust store (its authority information access).
 */
export type ResponderUrlSource = 'charger' | 'certificate';

/** One address a host resolves to (`node:dns` `lookup` with `all`). */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/** The one request the checker sends a responder (RFC 6960 appendix A.1: an HTTP POST). */
export interface OcspHttpRequest {
  method: 'POST';
  /** `content-type: application/ocsp-request`, `accept: application/ocsp-response`. */
  headers: Record<string, string>;
  /** The DER `OCSPRequest`. */
  body: Uint8Array;
  /** A redirect is answered as it is, never followed. */
  redirect: 'manual';
  /** The deadline of the lookup and the request together. */
  signal: AbortSignal;
}

/** How the checker sends its request: `fetch`'s shape (`url` is the responder URL's `href`). */
export type OcspFetch = (url: string, init: OcspHttpRequest) => Promise<Response>;

/** How many bytes of a responder's answer are read at most: 64 KiB, far above a response with its certificates (about 2 KiB). */
export const MAX_OCSP_RESPONSE_BYTES = 65_536;

/** The checker's configuration. */
export interface OcspCheckerOptions extends Omit<OcspVerificationContext, 'now'> {
  cache?: OcspCache;
  /**
   * The status when the responder does not answer and nothing usable is cached; `good` applies only
   * to a trusted responder (module doc), a URL the charger named falls back to `unknown`. @default 'unknown'
   */
  fallbackStatus?: OcspCertStatus;
  /**
   * Responders the deployment configured, as URLs or origins (`http://127.0.0.1:3003`): asked even
   * on a loopback or private address, and trusted for the `good` fallback. @default none
   */
  trustedResponders?: readonly string[];
  /** The most bytes of an answer read; a longer one is a failed query. @default {@link MAX_OCSP_RESPONSE_BYTES} */
  maxResponseBytes?: number;
  /**
   * Resolves a host name to all its addresses, for the check before the request and for the
   * connection's own (tests). @default `node:dns` `lookup` with `all`
   */
  lookup?: (hostname: string) => Promise<ResolvedAddress[]>;
  /** How old (past its validity) a cached status may be and still be used when the responder is down, in ms. @default 86_400_000 (24 h) */
  maxStaleMs?: number;
  /** How long to wait for the responder, in ms. @default 5000 */
  timeoutMs?: number;
  /**
   * The HTTP client (tests inject failures); one injected skips the check where the connection is
   * made. @default {@link connectCheckedFetch} with `lookup`
   */
  fetch?: OcspFetch;
  /** The clock. @default () => new Date() */
  now?: () => Date;
}

/** Checks certificates' statuses (module doc). One instance per process keeps its cache warm. */
export class OcspChecker {
  private readonly cache: OcspCache;
  private readonly trustedOrigins: Set<string>;

  constructor(private readonly options: OcspCheckerOptions) {
    this.cache = options.cache ?? memoryOcspCache();
    this.trustedOrigins = new Set((options.trustedResponders ?? []).flatMap((url) => originOf(url) ?? []));
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** Why `url`'s host may not be asked (an address of it refused), or `undefined` when it may. */
  private async refusedHost(url: URL): Promise<string | undefined> {
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    let addresses: ResolvedAddress[];
    try {
      addresses = isIP(host)
        ? [{ address: host, family: isIP(host) }]
        : await (this.options.lookup ?? ((name) => dnsLookup(name, { all: true, verbatim: true })))(host);
    } catch (error) {
      return `${host} does not resolve: ${error instanceof Error ? error.message : String(error)}`;
    }
    if (!addresses.length) return `${host} has no address`;
    const refusal = addresses
      .map(({ address }) => publicAddressRefusal(address))
      .find((reason) => reason !== undefined);
    return refusal === undefined ? undefined : `${host} resolves to an address not allowed: ${refusal}`;
  }

  /** Asks the responder; the verified answer, or why there is none. */
  private async ask(url: URL, data: CertificateHashData, trusted: boolean): Promise<CachedOcspStatus | string> {
    let body: Uint8Array;
    try {
      // One deadline for the lookup and the request: a slow DNS answer must not outlast it.
      const signal = AbortSignal.timeout(this.options.timeoutMs ?? 5000);
      const refused = trusted ? undefined : await Promise.race([this.refusedHost(url), whenAborted(signal)]);
      if (refused) return `the responder was not asked: ${refused}`;
      const send = this.options.fetch ?? connectCheckedFetch({ lookup: this.options.lookup, anyAddress: trusted });
      const response = await send(url.href, {
        method: 'POST',
        headers: { 'content-type': 'application/ocsp-request', accept: 'application/ocsp-response' },
        body: buildOcspRequest(data),
        // A redirect could lead anywhere the address check did not look at: a failed query.
        redirect: 'manual',
        signal,
      });
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel();
        return `the responder redirected (HTTP ${response.status}), which is not followed`;
      }
      if (!response.ok) {
        await response.body?.cancel();
        return `the responder answered HTTP ${response.status}`;
      }
      const read = await readCapped(response, this.options.maxResponseBytes ?? MAX_OCSP_RESPONSE_BYTES);
      if (typeof read === 'string') return read;
      body = read;
    } catch (error) {
      return `the responder did not answer: ${error instanceof Error ? error.message : String(error)}`;
    }
    const now = this.now();
    const checked = await verifyOcspResponse(body, data, { ...this.options, now });
    if (!checked.ok) return `the answer was not believed (${checked.reason}): ${checked.detail}`;
    const { answer } = checked;
    // Without nextUpdate, counted from thisUpdate: the verifier stops believing it an hour after that.
    const validUntil = answer.nextUpdate ?? new Date(answer.thisUpdate.getTime() + MAX_AGE_WITHOUT_NEXT_UPDATE_MS);
    return {
      status: answer.status,
      thisUpdate: answer.thisUpdate.toISOString(),
      validUntil: validUntil.toISOString(),
      ocspResponse: Buffer.from(answer.response).toString('base64'),
    };
  }

  /**
   * The status of the certificate `request` names (module doc). Never throws; bad hash data or a
   * responder URL that is not http(s) (or carries credentials) is `unknown` with `source: 'invalidRequest'`.
   * @param urlSource who named `request.responderURL`: only a `certificate`'s URL (or a trusted
   *   origin) may fall back to `good` @default 'charger'
   */
  async check(request: OcspRequestData, urlSource: ResponderUrlSource = 'charger'): Promise<OcspStatusResult> {
    const data = normalizeHashData(request);
    let url: URL | undefined;
    try {
      url = new URL(request.responderURL);
    } catch {
      url = undefined;
    }
    if (!data || !url || !/^https?:$/.test(url.protocol) || url.username || url.password)
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
    const trusted = this.trustedOrigins.has(url.origin);
    const fresh = await this.ask(url, data, trusted);
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
    const fallback = this.options.fallbackStatus ?? 'unknown';
    if (fallback === 'good' && !trusted && urlSource === 'charger')
      return {
        status: 'unknown',
        source: 'fallback',
        detail: `${fresh} (a URL the charger named gets no good fallback)`,
      };
    return { status: fallback, source: 'fallback', detail: fresh };
  }
}

/** How {@link connectCheckedFetch} connects. */
interface ConnectCheckedFetchOptions {
  /** Resolves a host name to all its addresses. @default `node:dns` `lookup` */
  lookup?: (hostname: string) => Promise<ResolvedAddress[]>;
  /** Whether any address may be connected to (a responder the deployment trusts). @default false */
  anyAddress?: boolean;
}

/**
 * A `fetch` that connects only to an address it checked as it connects: node's `http`/`https`
 * request through `request-filtering-agent`, whose agent judges every address the socket's lookup
 * returns, in the same request, and fails the connection on any that is not public unicast
 * (ipaddr.js's ranges: loopback, private, carrier-grade NAT, link-local, unique local,
 * unspecified, reserved, multicast, IPv4-mapped IPv6…); the lookup itself refuses what
 * {@link publicAddressRefusal} refuses (IPv4 addresses carried in IPv6 ones too), the rule of the
 * check before the request.
 * `fetch` cannot stand in: it resolves the name again itself, so a DNS answer changed after the
 * check (TTL 0) would reach a refused address. Redirects are not followed (node's client never
 * does); the body is streamed as the answer's `Response` body, so the caller's cap stops reading.
 * @returns a fetch that sends `init` (its signal's abort fails the request, or the body being read)
 *   and rejects on a refused address (the agent's `DNS lookup … is not allowed` error), a network
 *   error or an abort
 */
function connectCheckedFetch({ lookup, anyAddress = false }: ConnectCheckedFetchOptions = {}): OcspFetch {
  const resolver = lookup && callbackLookup(lookup);
  return (url, init) =>
    new Promise<Response>((resolve, reject) => {
      const send = url.startsWith('https:') ? httpsRequest : httpRequest;
      const request = send(url, {
        method: init.method,
        headers: init.headers,
        signal: init.signal,
        // A trusted responder (the local stack's, on 127.0.0.1) goes through node's default agent.
        agent: anyAddress ? undefined : useAgent(url),
        // The agent wraps this lookup (or node's) and checks what it returns, by the same rule as
        // the check before the request; a trusted responder's is not checked.
        lookup: anyAddress ? resolver : publicAddressesOnly(resolver),
      });
      request.on('error', reject);
      request.on('response', (message) => {
        try {
          const headers = new Headers();
          for (let i = 0; i < message.rawHeaders.length; i += 2)
            headers.append(message.rawHeaders[i]!, message.rawHeaders[i + 1]!);
          const status = message.statusCode ?? 0;
          // The statuses a Response may not have a body with (Fetch standard's null body status).
          const nullBody = [101, 103, 204, 205, 304].includes(status);
          if (nullBody) message.resume();
          const body = nullBody ? null : (Readable.toWeb(message) as ReadableStream<Uint8Array>);
          resolve(new Response(body, { status, statusText: message.statusMessage, headers }));
        } catch (error) {
          // A status or header a Response refuses: a failed request.
          request.destroy();
          reject(error);
        }
      });
      request.end(init.body);
    });
}

/** `lookup` as the callback-style resolver a socket calls (with or without `all`). */
function callbackLookup(lookup: (hostname: string) => Promise<ResolvedAddress[]>): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname).then(
      (addresses) => {
        const [first] = addresses;
        if (!first) callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
        else if (options.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

/** A promise that rejects with the signal's reason when it aborts. */
function whenAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

/** The origin of a URL (`http://127.0.0.1:3003`), or `undefined` when it is not one. */
function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * The body of `response`, or why it is refused: longer than `max` bytes (declared so, or read so:
 * reading stops at the first byte past it and the rest is never fetched).
 */
async function readCapped(response: Response, max: number): Promise<Uint8Array | string> {
  const tooLong = `the answer is longer than ${max} bytes`;
  if (Number(response.headers.get('content-length')) > max) {
    await response.body?.cancel();
    return tooLong;
  }
  const reader = response.body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > max) {
      await reader.cancel();
      return tooLong;
    }
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks));
}
