/**
 * One delivery attempt over HTTP (docs/webhooks.md, "Security"): a POST
 * with node's http/https through `request-filtering-agent`, which refuses, after DNS and where it
 * connects, any address of a range that is not unicast, and with {@link allowedAddressesOnly} as
 * its resolver, any address {@link addressRefusal} refuses (private, loopback, link-local,
 * metadata, an IPv6 form carrying such an IPv4 address…). The whole attempt is cut at
 * {@link DELIVERY_TIMEOUT_MS} (`WEBHOOK_TIMEOUT_MS` overrides it, for tests), redirects are not
 * followed (a 3xx is a failure like any non-2xx), and at most {@link MAX_RESPONSE_BYTES} of the
 * answer are read.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { useAgent } from 'request-filtering-agent';
import { addressRefusal, allowedAddressesOnly, allowsLocalReceivers } from './url-check';

/** The longest an attempt may take, ms: 15 s. */
export const DELIVERY_TIMEOUT_MS = 15_000;

/** Most bytes of an answer read: 64 KiB. */
export const MAX_RESPONSE_BYTES = 64 * 1024;

/** What an attempt came to. */
export interface AttemptResult {
  /** The receiver's status code; null when none came (refused address, connection error, timeout). */
  responseCode: number | null;
  /** Why there is no success: the connection's error, or `HTTP <code>`; null on a 2xx. */
  error: string | null;
  /** The receiver's `Retry-After` header, as sent. */
  retryAfter?: string;
  durationMs: number;
}

/** How many attempts this process has made (the benchmark reads it). */
export const attemptCounter = { attempts: 0 };

/** How {@link postWebhook} connects. */
export interface PostOptions {
  /** The whole attempt's limit, ms. @default `WEBHOOK_TIMEOUT_MS`, else {@link DELIVERY_TIMEOUT_MS} */
  timeoutMs?: number;
  /** The resolver, before the address checks (tests pass their own). @default dns.lookup */
  lookup?: LookupFunction;
}

/** The address of a URL whose host is an IP address, if it is refused ({@link addressRefusal}). */
function literalRefusal(url: string): string | undefined {
  const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
  return isIP(host) ? addressRefusal(host) : undefined;
}

/**
 * POSTs `body` to `url` with `headers`; never throws. The address is judged as when the endpoint
 * was stored: an IP address in the URL before connecting, a host's addresses by the lookup
 * ({@link allowedAddressesOnly}); `request-filtering-agent` judges them again where it connects.
 */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: PostOptions = {},
): Promise<AttemptResult> {
  const timeoutMs = options.timeoutMs ?? (Number(process.env.WEBHOOK_TIMEOUT_MS) || DELIVERY_TIMEOUT_MS);
  attemptCounter.attempts++;
  const started = Date.now();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (responseCode: number | null, error: string | null, retryAfter?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({
        responseCode,
        error,
        ...(retryAfter === undefined ? {} : { retryAfter }),
        durationMs: Date.now() - started,
      });
    };
    const local = allowsLocalReceivers();
    let req: ReturnType<typeof httpRequest>;
    try {
      const refusal = literalRefusal(url);
      if (refusal !== undefined) throw new Error(`the address is not allowed: ${refusal}`);
      const send = url.startsWith('https:') ? httpsRequest : httpRequest;
      req = send(url, {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        // The agent's own check passes what it allows; locally, loopback receivers too.
        agent: useAgent(url, local ? { allowIPAddressList: ['127.0.0.0/8', '::1'] } : {}),
        lookup: allowedAddressesOnly(options.lookup),
      });
    } catch (error) {
      resolve({ responseCode: null, error: (error as Error).message, durationMs: 0 });
      return;
    }
    const timer = setTimeout(() => {
      req.destroy(new Error(`no complete answer within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    req.on('error', (error) => finish(null, error.message));
    req.on('response', (res: IncomingMessage) => {
      const code = res.statusCode ?? null;
      const retryAfter = res.headers['retry-after'];
      const outcome = () =>
        finish(code, code !== null && code >= 200 && code < 300 ? null : `HTTP ${code}`, retryAfter);
      let read = 0;
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        // Read no further: the answer's status is all that counts.
        if (read >= MAX_RESPONSE_BYTES) {
          outcome();
          res.destroy();
        }
      });
      res.on('end', outcome);
      res.on('error', (error) => finish(code, error.message, retryAfter));
    });
    req.end(body);
  });
}
