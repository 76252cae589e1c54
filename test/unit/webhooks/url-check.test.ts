/**
 * Where a webhook endpoint may point (shared/webhooks/url-check.ts, docs/webhooks.md "Security"),
 * judged the same when the endpoint is stored and where a delivery connects (send.ts through
 * request-filtering-agent): every IPv6 form that maps or embeds an IPv4 address of a private,
 * loopback, link-local or unspecified range is refused, as the IPv4 address itself is; so are
 * IPv4-mapped, NAT64, 6to4 and Teredo addresses whatever they carry (the delivery agent refuses
 * those ranges); port 0 is refused.
 */
import type { LookupAddress, LookupOneOptions } from 'node:dns';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InvalidError } from '../../../shared/errors';
import { postWebhook } from '../../../shared/webhooks/send';
import { allowedAddressesOnly, checkEndpointUrl, isAllowedAddress } from '../../../shared/webhooks/url-check';

/** IPv6 forms carrying an IPv4 address of a range a delivery must never reach, by form. */
const CARRYING_REFUSED_IPV4: [form: string, address: string][] = [
  ['IPv4-compatible, hex (127.0.0.1)', '::7f00:1'],
  ['IPv4-compatible, dotted (127.0.0.1)', '::127.0.0.1'],
  ['IPv4-compatible (10.0.0.1)', '::10.0.0.1'],
  ['IPv4-compatible (192.168.1.1)', '::c0a8:101'],
  ['IPv4-compatible (172.16.0.1)', '0:0:0:0:0:0:172.16.0.1'],
  ['IPv4-compatible (169.254.169.254, metadata)', '::169.254.169.254'],
  ['IPv4-compatible (100.64.0.1, carrier-grade NAT)', '::6440:1'],
  ['IPv4-compatible (0.0.0.2, unspecified range)', '::2'],
  ['IPv4-mapped, dotted (127.0.0.1)', '::ffff:127.0.0.1'],
  ['IPv4-mapped, hex (127.0.0.1)', '::ffff:7f00:1'],
  ['IPv4-mapped, long form (10.0.0.1)', '0:0:0:0:0:ffff:a00:1'],
  ['IPv4-mapped (169.254.169.254)', '::ffff:a9fe:a9fe'],
  ['IPv4-mapped (0.0.0.0)', '::ffff:0.0.0.0'],
  ['IPv4-translated, RFC 6145 (10.0.0.1)', '::ffff:0:a00:1'],
  ['NAT64 (127.0.0.1)', '64:ff9b::7f00:1'],
  ['NAT64, dotted (169.254.169.254)', '64:ff9b::169.254.169.254'],
  ['NAT64 local-use, RFC 8215 (10.0.0.1)', '64:ff9b:1::a00:1'],
  ['6to4 (127.0.0.1)', '2002:7f00:1::1'],
  ['6to4 (192.168.1.1)', '2002:c0a8:101::'],
  ['6to4 (169.254.169.254)', '2002:a9fe:a9fe:1::1'],
  ['Teredo, client 127.0.0.1 (obfuscated)', '2001:0:4136:e378:8000:63bf:80ff:fffe'],
  ['Teredo, server 10.0.0.1', '2001:0:a00:1::1'],
  ['ISATAP (10.0.0.1)', '2600:1f18:1234:5678:0:5efe:a00:1'],
  ['ISATAP, universal (192.168.0.1)', '2600:1f18:1234:5678:200:5efe:c0a8:1'],
];

/** IPv6 forms of special ranges refused whatever IPv4 address they carry (the delivery agent refuses them too). */
const SPECIAL_RANGES_CARRYING_PUBLIC_IPV4: [form: string, address: string][] = [
  ['IPv4-mapped (93.184.216.34)', '::ffff:93.184.216.34'],
  ['NAT64 (93.184.216.34)', '64:ff9b::5db8:d822'],
  ['6to4 (93.184.216.34)', '2002:5db8:d822::1'],
  ['Teredo (93.184.216.34)', '2001:0:5db8:d822::1'],
];

/** IPv6 and IPv4 addresses refused in their own right. */
const OTHER_REFUSED = [
  '::',
  '::1',
  'fe80::1',
  'fd00:ec2::254',
  'fc00::1',
  'ff02::1',
  '2001:db8::1',
  '127.0.0.1',
  '10.1.2.3',
];

/** Public addresses: allowed, also as IPv4-compatible and ISATAP forms of a public IPv4 address. */
const ALLOWED = [
  '93.184.216.34',
  '2606:2800:220:1:248:1893:25c8:1946',
  '2a00:1450:4001:82a::200e',
  '::5db8:d822',
  '2600:1f18:1234:5678:0:5efe:5db8:d822',
];

const REFUSED = [...CARRYING_REFUSED_IPV4, ...SPECIAL_RANGES_CARRYING_PUBLIC_IPV4].map(([, address]) => address);

/** The message of the InvalidError `checkEndpointUrl` throws (failing the test when it throws none). */
async function refusal(url: string, resolve?: (host: string) => Promise<string[]>): Promise<InvalidError> {
  const error = await checkEndpointUrl(url, resolve).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, url).toBeInstanceOf(InvalidError);
  expect((error as InvalidError).field).toBe('url');
  return error as InvalidError;
}

afterEach(() => vi.unstubAllEnvs());

describe('addresses', () => {
  it.each(CARRYING_REFUSED_IPV4)('refuses %s: %s', async (_, address) => {
    expect(isAllowedAddress(address)).toBe(false);
    await refusal(`https://[${address}]/hook`);
  });

  it.each(SPECIAL_RANGES_CARRYING_PUBLIC_IPV4)('refuses %s: %s', async (_, address) => {
    expect(isAllowedAddress(address)).toBe(false);
    await refusal(`https://[${address}]/hook`);
  });

  it.each(OTHER_REFUSED)('refuses %s', (address) => {
    expect(isAllowedAddress(address)).toBe(false);
  });

  it.each(ALLOWED)('allows %s', async (address) => {
    expect(isAllowedAddress(address)).toBe(true);
    const host = address.includes(':') ? `[${address}]` : address;
    expect(await checkEndpointUrl(`https://${host}/hook`)).toBe(`https://${host}/hook`);
  });

  it('names the IPv4 address a refused IPv6 form carries', async () => {
    expect((await refusal('https://[::7f00:1]/')).message).toMatch(/::7f00:1.*127\.0\.0\.1/);
    expect((await refusal('https://[::ffff:a9fe:a9fe]/')).message).toMatch(/169\.254\.169\.254/);
  });

  it('judges every address a host resolves to, in every form', async () => {
    for (const address of REFUSED) {
      await refusal('https://hooks.example.com/', async () => ['93.184.216.34', address]);
    }
    expect(await checkEndpointUrl('https://hooks.example.com/', async () => ['93.184.216.34'])).toBe(
      'https://hooks.example.com/',
    );
  });

  it('locally allows loopback receivers, but no IPv6 form carrying a loopback IPv4 address', () => {
    vi.stubEnv('WEBHOOK_ALLOW_HTTP_LOCALHOST', 'true');
    expect(isAllowedAddress('127.0.0.1')).toBe(true);
    expect(isAllowedAddress('::1')).toBe(true);
    for (const address of ['::7f00:1', '::127.0.0.1', '::ffff:127.0.0.1', '64:ff9b::7f00:1', '2002:7f00:1::1']) {
      expect(isAllowedAddress(address), address).toBe(false);
    }
  });
});

describe('port 0', () => {
  it.each([
    'https://93.184.216.34:0/',
    'https://93.184.216.34:00/hook',
    'https://[2606:2800:220:1:248:1893:25c8:1946]:0/',
  ])('refuses %s', async (url) => {
    expect((await refusal(url)).message).toMatch(/port/);
  });

  it('allows any other port, and the default one', async () => {
    expect(await checkEndpointUrl('https://93.184.216.34:1/')).toBe('https://93.184.216.34:1/');
    expect(await checkEndpointUrl('https://93.184.216.34:8443/')).toBe('https://93.184.216.34:8443/');
    expect(await checkEndpointUrl('https://93.184.216.34:443/')).toBe('https://93.184.216.34/');
  });
});

describe('where a delivery connects (request-filtering-agent with the same judgement)', () => {
  it.each(REFUSED)('refuses to connect to [%s], a literal', async (address) => {
    const result = await postWebhook(`https://[${address}]:9/hook`, '{}', {}, { timeoutMs: 5000 });
    expect(result.responseCode).toBeNull();
    expect(result.error).toMatch(/not allowed/i);
  });

  it.each(REFUSED)('refuses a host resolving to %s', async (address) => {
    const resolved: LookupAddress[] = [{ address, family: 6 }];
    const lookup = allowedAddressesOnly(((_host: string, options: LookupOneOptions & { all?: boolean }, callback) =>
      options.all ? callback(null, resolved) : callback(null, address, 6)) as Parameters<
      typeof allowedAddressesOnly
    >[0]);
    const result = await postWebhook('https://hooks.example.com:9/hook', '{}', {}, { timeoutMs: 5000, lookup });
    expect(result.responseCode).toBeNull();
    expect(result.error).toMatch(/not allowed/i);
  });
});
