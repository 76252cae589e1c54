/**
 * Where an endpoint may point (docs/webhooks.md, "Security"): an `https` URL of
 * at most {@link MAX_URL_LENGTH} characters whose host resolves only to public unicast addresses
 * (no private, loopback, link-local, unique-local, carrier-grade NAT, reserved or metadata address,
 * such as 169.254.169.254 or fd00:ec2::254, nor an IPv6 form carrying such an IPv4 address), on a
 * port other than 0, checked with `ipaddr.js` after DNS when an endpoint is created or its URL
 * changed. Each delivery is checked again where it connects (`request-filtering-agent` with
 * {@link allowedAddressesOnly}, `send.ts`), so a name that later resolves elsewhere is still refused.
 *
 * Locally, `WEBHOOK_ALLOW_HTTP_LOCALHOST=true` (set by `npm start` and the tests that run a
 * receiver) also allows `http:` and loopback addresses (`localhost`, 127.0.0.1, ::1), for a
 * receiver on the developer's machine.
 */
import { lookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { InvalidError } from '../errors';
import { publicAddressesOnly, publicAddressRefusal } from '../public-address';

/** Most characters of an endpoint's URL. */
export const MAX_URL_LENGTH = 2048;

/** Whether the development setting allows `http:` and loopback receivers (`WEBHOOK_ALLOW_HTTP_LOCALHOST=true`). */
export function allowsLocalReceivers(): boolean {
  return process.env.WEBHOOK_ALLOW_HTTP_LOCALHOST === 'true';
}

/**
 * Why a delivery may not go to `address`; undefined when it may: {@link publicAddressRefusal}'s
 * rule, loopback allowed when {@link allowsLocalReceivers}.
 * @param address an IPv4 or IPv6 address
 */
export function addressRefusal(address: string): string | undefined {
  return publicAddressRefusal(address, allowsLocalReceivers());
}

/**
 * Whether a delivery may go to `address` ({@link addressRefusal} says why not).
 * @param address an IPv4 or IPv6 address
 */
export function isAllowedAddress(address: string): boolean {
  return addressRefusal(address) === undefined;
}

/**
 * A `dns.lookup` for the delivery's connection that fails when the host resolves to an address
 * {@link addressRefusal} refuses ({@link publicAddressesOnly}, loopback allowed when
 * {@link allowsLocalReceivers}).
 * @param lookup the resolver wrapped @default dns.lookup
 */
export function allowedAddressesOnly(lookup?: LookupFunction): LookupFunction {
  return publicAddressesOnly(lookup, allowsLocalReceivers());
}

/** Resolves a host name to all its addresses (the default: node's resolver, as a connection would). */
export type Resolve = (host: string) => Promise<string[]>;

const resolveAll: Resolve = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * Checks an endpoint's URL: its form, then every address its host resolves to.
 * @param url as given
 * @param resolve the resolver (tests pass their own)
 * @returns the URL, normalised by the WHATWG URL parser
 * @throws InvalidError naming `url`: too long, not a URL, not https (or http with the local setting),
 *   with credentials, port 0, a host that does not resolve, or one resolving to an address not allowed
 */
export async function checkEndpointUrl(url: string, resolve: Resolve = resolveAll): Promise<string> {
  if (url.length > MAX_URL_LENGTH) throw new InvalidError('url', `must be at most ${MAX_URL_LENGTH} characters`);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new InvalidError('url', 'must be an absolute URL');
  }
  const local = allowsLocalReceivers();
  if (parsed.protocol !== 'https:' && !(local && parsed.protocol === 'http:'))
    throw new InvalidError('url', local ? 'must be an https (or, locally, http) URL' : 'must be an https URL');
  if (parsed.username || parsed.password) throw new InvalidError('url', 'must not carry a user name or password');
  // Nothing listens on port 0 (a connection to it fails at once): such an endpoint could never be delivered to.
  if (parsed.port === '0') throw new InvalidError('url', 'must not name port 0');
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  try {
    addresses = ipaddr.isValid(host) ? [host] : await resolve(host);
  } catch {
    throw new InvalidError('url', `its host ${host} does not resolve`);
  }
  if (addresses.length === 0) throw new InvalidError('url', `its host ${host} does not resolve`);
  const refusal = addresses.map(addressRefusal).find((reason) => reason !== undefined);
  if (refusal !== undefined)
    throw new InvalidError(
      'url',
      `must not point to a private, loopback, link-local or metadata address (${host}: ${refusal})`,
    );
  return parsed.toString();
}
