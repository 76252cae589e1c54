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
import dns from 'node:dns';
import { lookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { InvalidError } from '../errors';

/** Most characters of an endpoint's URL. */
export const MAX_URL_LENGTH = 2048;

/** Whether the development setting allows `http:` and loopback receivers (`WEBHOOK_ALLOW_HTTP_LOCALHOST=true`). */
export function allowsLocalReceivers(): boolean {
  return process.env.WEBHOOK_ALLOW_HTTP_LOCALHOST === 'true';
}

/**
 * The IPv4 address an IPv6 address carries, if it has the form of one that does: IPv4-mapped
 * (RFC 4291 §2.5.5.2) and IPv4-translated (RFC 6145), NAT64 (RFC 6052, the well-known /96 prefix),
 * 6to4 (RFC 3056: the site's IPv4 address after 2002:), Teredo (RFC 4380: the server's address,
 * and the client's, obfuscated, in the last 32 bits), IPv4-compatible (RFC 4291 §2.5.5.1,
 * deprecated: `::a.b.c.d`, which ipaddr.js classes as unicast) and ISATAP (RFC 5214: an interface
 * ID `0:5efe` or `200:5efe` followed by the IPv4 address). The ranges are ipaddr.js's; only where
 * it names none (IPv4-compatible, ISATAP) is the form read here.
 */
export function carriedIPv4(address: ipaddr.IPv6): ipaddr.IPv4[] {
  const parts = address.parts;
  const ipv4 = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  const last32 = ipv4(parts[6]!, parts[7]!);
  switch (address.range()) {
    case 'ipv4Mapped':
      return [address.toIPv4Address()];
    case 'rfc6145':
      return [last32];
    case 'rfc6052':
      // The well-known 64:ff9b::/96 only: under the local-use 64:ff9b:1::/48 the operator picks the prefix length.
      return parts[2] === 0 ? [last32] : [];
    case '6to4':
      return [ipv4(parts[1]!, parts[2]!)];
    case 'teredo':
      return [ipv4(parts[2]!, parts[3]!), ipv4(parts[6]! ^ 0xffff, parts[7]! ^ 0xffff)];
    case 'unicast': {
      const compatible = parts.slice(0, 6).every((part) => part === 0);
      const isatap = (parts[4]! & ~0x0200) === 0 && parts[5] === 0x5efe;
      return compatible || isatap ? [last32] : [];
    }
    default:
      return [];
  }
}

/**
 * Why a delivery may not go to `address`; undefined when it may: a public unicast address (by
 * ipaddr.js's `range()`), or a loopback one when {@link allowsLocalReceivers}. An IPv6 address
 * must be of ipaddr.js's `unicast` range, so IPv4-mapped, NAT64, 6to4 and Teredo addresses are
 * refused whatever they carry (`request-filtering-agent` refuses those ranges where a delivery
 * connects), and an IPv4 address it carries ({@link carriedIPv4}) must be public unicast too.
 * @param address an IPv4 or IPv6 address
 */
export function addressRefusal(address: string): string | undefined {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  const parsed = ipaddr.parse(address);
  const range = parsed.range();
  const carried = parsed.kind() === 'ipv6' ? carriedIPv4(parsed as ipaddr.IPv6) : [];
  const carrying = carried.map((ipv4) => `${ipv4} (${ipv4.range()})`).join(', ');
  if (range !== 'unicast' && !(range === 'loopback' && allowsLocalReceivers()))
    return `${address} is ${range}${carrying ? `, carrying ${carrying}` : ''}`;
  const refusedIPv4 = carried.find((ipv4) => ipv4.range() !== 'unicast');
  if (refusedIPv4) return `${address} carries ${refusedIPv4}, ${refusedIPv4.range()}`;
  return undefined;
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
 * {@link isAllowedAddress} refuses (with `all`, when any does), so that `request-filtering-agent`,
 * which judges only ipaddr.js's ranges, and this check refuse the same addresses.
 * @param lookup the resolver wrapped @default dns.lookup
 */
export function allowedAddressesOnly(lookup: LookupFunction = dns.lookup as LookupFunction): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, options, (error, address, family) => {
      if (error) return callback(error, address, family);
      const addresses = typeof address === 'string' ? [address] : address.map((a) => a.address);
      const refusal = addresses.map(addressRefusal).find((reason) => reason !== undefined);
      if (refusal === undefined) return callback(null, address, family);
      const refused = Object.assign(new Error(`${hostname} resolves to an address not allowed: ${refusal}`), {
        code: 'EADDRNOTALLOWED',
      });
      callback(refused, address, family);
    });
  };
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
