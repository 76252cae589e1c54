/**
 * Whether an address is one a request to a URL someone else named may reach (an outbound request
 * such a URL decides: webhook deliveries, OCSP responders a charger names): public unicast only,
 * by ipaddr.js's ranges, the ones `request-filtering-agent` judges where such a request connects,
 * so a check before the request and the one at the connection refuse the same addresses.
 */
import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The IPv4 address an IPv6 address carries, if it has the form of one that does: IPv4-mapped
 * (RFC 4291 §2.5.5.2) and IPv4-translated (RFC 6145), NAT64 (RFC 6052, the well-known /96 prefix),
 * 6to4 (RFC 3056: the site's IPv4 address after 2002:), Teredo (RFC 4380: the server's address,
 * and the client's, obfuscated, in the last 32 bits), IPv4-compatible (RFC 4291 §2.5.5.1,
 * deprecated: `::a.b.c.d`, which ipaddr.js classes as unicast) and ISATAP (RFC 5214: an interface
 * ID `0:5efe` or `200:5efe` followed by the IPv4 address). The ranges are ipaddr.js's; only where
 * it names none (IPv4-compatible, ISATAP) is the form read here.
 */
function carriedIPv4(address: ipaddr.IPv6): ipaddr.IPv4[] {
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
 * Why a request may not go to `address`; undefined when it may: a public unicast address (by
 * ipaddr.js's `range()`), or a loopback one when `allowLoopback`. An IPv6 address must be of
 * ipaddr.js's `unicast` range, so IPv4-mapped, NAT64, 6to4 and Teredo addresses are refused
 * whatever they carry (`request-filtering-agent` refuses those ranges where a request connects),
 * and an IPv4 address it carries ({@link carriedIPv4}) must be public unicast too.
 * @param address an IPv4 or IPv6 address
 * @param allowLoopback whether 127.0.0.0/8 and ::1 pass (a receiver on a developer's machine)
 */
export function publicAddressRefusal(address: string, allowLoopback = false): string | undefined {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  const parsed = ipaddr.parse(address);
  const range = parsed.range();
  const carried = parsed.kind() === 'ipv6' ? carriedIPv4(parsed as ipaddr.IPv6) : [];
  const carrying = carried.map((ipv4) => `${ipv4} (${ipv4.range()})`).join(', ');
  if (range !== 'unicast' && !(range === 'loopback' && allowLoopback))
    return `${address} is ${range}${carrying ? `, carrying ${carrying}` : ''}`;
  const refusedIPv4 = carried.find((ipv4) => ipv4.range() !== 'unicast');
  if (refusedIPv4) return `${address} carries ${refusedIPv4}, ${refusedIPv4.range()}`;
  return undefined;
}

/**
 * A `dns.lookup` for a request's connection that fails (`EADDRNOTALLOWED`) when the host resolves
 * to an address {@link publicAddressRefusal} refuses (with `all`, when any does), so that
 * `request-filtering-agent`, which judges only ipaddr.js's ranges, and this rule refuse the same
 * addresses where the connection is made.
 * @param lookup the resolver wrapped @default dns.lookup
 * @param allowLoopback as {@link publicAddressRefusal}'s
 */
export function publicAddressesOnly(
  lookup: LookupFunction = dns.lookup as LookupFunction,
  allowLoopback = false,
): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, options, (error, address, family) => {
      if (error) return callback(error, address, family);
      const addresses = typeof address === 'string' ? [address] : address.map((a) => a.address);
      const refusal = addresses
        .map((candidate) => publicAddressRefusal(candidate, allowLoopback))
        .find((reason) => reason !== undefined);
      if (refusal === undefined) return callback(null, address, family);
      const refused = Object.assign(new Error(`${hostname} resolves to an address not allowed: ${refusal}`), {
        code: 'EADDRNOTALLOWED',
      });
      callback(refused, address, family);
    });
  };
}
