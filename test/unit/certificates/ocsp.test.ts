import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type LocalOcspResponder, startLocalOcspResponder } from '../../../lib/local/ocsp-responder';
import {
  buildOcspRequest,
  certificateHashData,
  MAX_AGE_WITHOUT_NEXT_UPDATE_MS,
  normalizeHashData,
  type OcspRequestData,
  ocspResponderUrl,
  verifyOcspResponse,
} from '../../../shared/certificates/ocsp';
import {
  MAX_OCSP_RESPONSE_BYTES,
  memoryOcspCache,
  OcspChecker,
  type ResolvedAddress,
} from '../../../shared/certificates/ocsp-client';
import { answerOcspRequest } from '../../../shared/certificates/ocsp-responder';
import { TrustStore } from '../../../shared/certificates/trust-store';
import { generateV2gTestPki, type TestContract, type V2gTestPki } from '../../../shared/certificates/v2g-test-pki';
import { opensslAsync, opensslBytes, temporaryDirectory } from './openssl';

let dir: string;
let remove: () => void;
let responder: LocalOcspResponder;
let pki: V2gTestPki;
let trustStore: TrustStore;
let contract: TestContract;
/** The responder's clock (ms): tests that turn the checker's clock turn it too. */
let responderClock: number | undefined;

beforeAll(async () => {
  ({ dir, remove } = temporaryDirectory());
  responder = await startLocalOcspResponder(() => pki, { now: () => new Date(responderClock ?? Date.now()) });
  pki = await generateV2gTestPki({ ocspUrl: responder.url });
  trustStore = new TrustStore([pki.v2gRoot.certificate, pki.moRoot.certificate]);
  contract = await pki.issueContract('DEABCC1234567X');
});
afterEach(() => {
  responderClock = undefined;
});
afterAll(async () => {
  await responder?.close();
  remove();
});

async function requestData(
  certificate = contract.certificate,
  issuer = pki.moSubCa2.certificate,
): Promise<OcspRequestData> {
  return { ...(await certificateHashData(certificate, issuer)), responderURL: ocspResponderUrl(certificate)! };
}

function checker(options: Partial<ConstructorParameters<typeof OcspChecker>[0]> = {}) {
  return new OcspChecker({
    trustStore,
    intermediates: [pki.moSubCa1.certificate, pki.moSubCa2.certificate],
    // The test responder is on 127.0.0.1: trusted as the local stack's is.
    trustedResponders: [responder.url],
    ...options,
  });
}

/** A local HTTP server answering every request with `handle`; its origin. */
async function httpServer(handle: (response: ServerResponse) => void): Promise<string> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => handle(response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
const servers: Server[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

describe('OCSP for contract certificates (Authorize, GetCertificateStatus)', () => {
  it('asks the responder named in the hash data, verifies the answer, and caches it until nextUpdate', async () => {
    let clock = Date.now();
    responderClock = clock;
    const ocsp = checker({ now: () => new Date(clock) });
    const data = await requestData();
    const first = await ocsp.check(data);
    expect(first).toMatchObject({ status: 'good', source: 'responder' });
    expect(first.ocspResponse).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(await ocsp.check(data)).toMatchObject({ status: 'good', source: 'cache' });
    // Revoked meanwhile: the cached answer holds until its nextUpdate (1 h), then the responder says so.
    const revoked = await pki.issueContract('DEABCC7654321X');
    const revokedData = await requestData(revoked.certificate);
    expect(await ocsp.check(revokedData)).toMatchObject({ status: 'good' });
    await pki.revoke(revoked.certificate);
    expect(await ocsp.check(revokedData)).toMatchObject({ status: 'good', source: 'cache' });
    clock += 3_600_001; // past nextUpdate (thisUpdate + 1 h)
    responderClock = clock;
    expect(await ocsp.check(revokedData)).toMatchObject({ status: 'revoked', source: 'responder' });
    responderClock = undefined;
  });

  it('answers unknown for a certificate the CA never issued, and for the SECC chain good', async () => {
    const data = await requestData();
    expect(await checker().check({ ...data, serialNumber: '0badc0ffee' })).toMatchObject({
      status: 'unknown',
      source: 'responder',
    });
    const secc = await requestData(pki.secc.certificate, pki.cpoSubCa2.certificate);
    const ocsp = checker({ intermediates: [pki.cpoSubCa1.certificate, pki.cpoSubCa2.certificate] });
    expect(await ocsp.check(secc)).toMatchObject({ status: 'good', source: 'responder' });
  });

  it('falls back when the responder does not answer: the last cached status, else the configured default', async () => {
    let clock = Date.now();
    let down = false;
    const flaky: typeof fetch = async (url, init) => {
      if (down) throw new TypeError('fetch failed: connect ECONNREFUSED');
      return fetch(url, init);
    };
    const cache = memoryOcspCache();
    const ocsp = checker({ fetch: flaky, cache, now: () => new Date(clock) });
    const data = await requestData();
    await ocsp.check(data);
    down = true;
    clock += 2 * 3_600_000;
    expect(await ocsp.check(data)).toMatchObject({ status: 'good', source: 'staleCache' });
    clock += 2 * 86_400_000;
    expect(await ocsp.check(data)).toMatchObject({ status: 'unknown', source: 'fallback' });
    const lenient = checker({ fetch: flaky, fallbackStatus: 'good' });
    const other = await requestData(pki.secc.certificate, pki.cpoSubCa2.certificate);
    expect(await lenient.check(other)).toMatchObject({
      status: 'good',
      source: 'fallback',
      detail: expect.stringMatching(/did not answer/),
    });
  });

  it.each([
    ['an HTTP error', async () => new Response('busy', { status: 503 }), /HTTP 503/],
    ['garbage', async () => new Response('<html>'), /malformed/],
    [
      'a timeout',
      (_u: unknown, init?: RequestInit) =>
        new Promise<Response>((_r, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
      /did not answer/,
    ],
  ])('never throws on %s from the responder', async (_what, fake, detail) => {
    const ocsp = checker({ fetch: fake as typeof fetch, timeoutMs: 50 });
    expect(await ocsp.check(await requestData())).toMatchObject({
      status: 'unknown',
      source: 'fallback',
      detail: expect.stringMatching(detail),
    });
  });

  it('does not believe an answer whose CA does not chain to the trust store', async () => {
    const onlyV2g = checker({ trustStore: new TrustStore([pki.v2gRoot.certificate]) });
    expect(await onlyV2g.check(await requestData())).toMatchObject({
      source: 'fallback',
      detail: expect.stringMatching(/untrustedResponder/),
    });
  });

  it('believes an answer without nextUpdate only within an hour of its thisUpdate, and none from the future', async () => {
    const data = normalizeHashData(await requestData())!;
    const now = new Date();
    const answerAt = async (thisUpdate: Date) =>
      verifyOcspResponse(
        await answerOcspRequest(
          buildOcspRequest(data),
          {
            certificate: pki.moSubCa2.certificate,
            chain: pki.moSubCa2.intermediates,
            signer: pki.moSubCa2.signer,
            statusOf: () => ({ status: 'good' }),
            validityMs: null,
          },
          thisUpdate,
        ),
        data,
        { trustStore, now },
      );
    const recent = await answerAt(new Date(now.getTime() - 10 * 60_000));
    expect(recent).toMatchObject({ ok: true, answer: { status: 'good', nextUpdate: undefined } });
    const old = await answerAt(new Date(now.getTime() - MAX_AGE_WITHOUT_NEXT_UPDATE_MS - 60_000));
    expect(old).toMatchObject({ ok: false, reason: 'stale' });
    const ahead = await answerAt(new Date(now.getTime() + 10 * 60_000));
    expect(ahead).toMatchObject({ ok: false, reason: 'stale' });
  });

  it('refuses hash data that is not what OCPP says, without asking anyone', async () => {
    const data = await requestData();
    for (const bad of [
      { ...data, issuerKeyHash: 'xyz' },
      { ...data, hashAlgorithm: 'MD5' as never },
      { ...data, serialNumber: '12:34' },
      { ...data, responderURL: 'ftp://example.invalid' },
    ])
      expect(await checker().check(bad)).toMatchObject({ status: 'unknown', source: 'invalidRequest' });
  });
});

describe('the responder a URL names: no request the charger can aim inside', () => {
  /** A fetch that records what it was asked and fails (a responder that never answers). */
  function silentFetch() {
    const asked: string[] = [];
    const fetch = (async (url: string | URL | Request) => {
      asked.push(String(url));
      throw new TypeError('fetch failed: connect ETIMEDOUT');
    }) as typeof globalThis.fetch;
    return { asked, fetch };
  }

  it.each([
    ['the loopback address', 'http://127.0.0.1:9/ocsp', []],
    ['IPv6 loopback', 'http://[::1]:9/ocsp', []],
    ['the metadata service (link-local)', 'http://169.254.169.254/latest/meta-data/', []],
    ['the unspecified address', 'http://0.0.0.0:9/ocsp', []],
    [
      'a host resolving to a private address',
      'http://ocsp.internal.example/ocsp',
      [{ address: '10.1.2.3', family: 4 }],
    ],
    [
      'a host with one public and one private address',
      'https://ocsp.example.com/',
      [
        { address: '93.184.216.34', family: 4 },
        { address: '192.168.1.10', family: 4 },
      ],
    ],
    [
      'a host resolving to IPv4-mapped loopback',
      'http://mapped.example/',
      [{ address: '::ffff:127.0.0.1', family: 6 }],
    ],
    [
      'a host resolving to an IPv6 unique local address',
      'http://ula.example/',
      [{ address: 'fd00:ec2::254', family: 6 }],
    ],
  ])('does not ask %s, and falls back to unknown', async (_what, responderURL, addresses) => {
    const { asked, fetch } = silentFetch();
    const ocsp = checker({ trustedResponders: [], fetch, lookup: async () => addresses, fallbackStatus: 'good' });
    const result = await ocsp.check({ ...(await requestData()), responderURL });
    expect(result).toMatchObject({
      status: 'unknown',
      source: 'fallback',
      detail: expect.stringMatching(/was not asked/),
    });
    expect(asked).toEqual([]);
  });

  it('asks a public host, and the responder the deployment trusts though it is on 127.0.0.1', async () => {
    const { asked, fetch } = silentFetch();
    const lookup = async () => [{ address: '93.184.216.34', family: 4 }];
    await checker({ trustedResponders: [], fetch, lookup }).check({
      ...(await requestData()),
      responderURL: 'http://ocsp.example.com/ocsp',
    });
    expect(asked).toEqual(['http://ocsp.example.com/ocsp']);
    expect(await checker().check(await requestData())).toMatchObject({ status: 'good', source: 'responder' });
  });

  it('checks the address it connects to: a name that turns to 127.0.0.1 after the check reaches nothing there', async () => {
    // DNS rebinding: the check is answered a public address, the connection (a second lookup, TTL 0)
    // a loopback one, where a server listens. "localhost" is the name so that a client resolving it
    // again by itself, rather than through the checked lookup, reaches that server.
    let reached = 0;
    const local = await httpServer((response) => {
      reached++;
      response.end('inside');
    });
    const answers: ResolvedAddress[][] = [
      [{ address: '93.184.216.34', family: 4 }],
      [{ address: '127.0.0.1', family: 4 }],
    ];
    let lookups = 0;
    const lookup = async () => answers[Math.min(lookups++, answers.length - 1)]!;
    const responderURL = `http://localhost:${new URL(local).port}/ocsp`;
    const result = await checker({ trustedResponders: [], lookup }).check({ ...(await requestData()), responderURL });
    expect(result).toMatchObject({
      status: 'unknown',
      source: 'fallback',
      detail: expect.stringMatching(/did not answer: .*not allowed: 127\.0\.0\.1 is loopback/),
    });
    expect(lookups).toBe(2);
    expect(reached).toBe(0);
  });

  it("gives up within the request timeout when the connection's own lookup does not answer", async () => {
    let lookups = 0;
    const lookup = () =>
      lookups++ === 0
        ? Promise.resolve([{ address: '93.184.216.34', family: 4 }])
        : new Promise<never>(() => undefined);
    const result = await checker({ trustedResponders: [], lookup, timeoutMs: 50 }).check({
      ...(await requestData()),
      responderURL: 'http://slow-second-dns.example/ocsp',
    });
    expect(result).toMatchObject({
      status: 'unknown',
      source: 'fallback',
      detail: expect.stringMatching(/did not answer/),
    });
    expect(lookups).toBe(2);
  });

  it('does not follow a redirect, even to a responder that would answer good', async () => {
    const redirector = await httpServer((response) => {
      response.writeHead(307, { location: responder.url }).end();
    });
    const ocsp = checker({ trustedResponders: [redirector] });
    const result = await ocsp.check({ ...(await requestData()), responderURL: `${redirector}/ocsp` });
    expect(result).toMatchObject({
      status: 'unknown',
      source: 'fallback',
      detail: expect.stringMatching(/redirected \(HTTP 307\)/),
    });
  });

  it('stops reading an answer past 64 KiB, declared or not', async () => {
    const sent: number[] = [];
    const chunk = Buffer.alloc(65_536, 0x30);
    const endless = await httpServer((response) => {
      // Chunked, no length: it would go on for 64 MiB, more than sockets buffer; the client must hang up long before.
      let count = 0;
      const write = () => {
        while (count < 1024 && response.write(chunk)) count++;
        sent[0] = count;
        if (count < 1024) response.once('drain', write);
        else response.end();
      };
      response.on('close', () => {
        sent[1] = count;
      });
      write();
    });
    const declared = await httpServer((response) => {
      response
        .writeHead(200, { 'content-length': String(MAX_OCSP_RESPONSE_BYTES + 1) })
        .end(Buffer.alloc(MAX_OCSP_RESPONSE_BYTES + 1));
    });
    const ocsp = checker({ trustedResponders: [endless, declared] });
    for (const origin of [endless, declared])
      expect(await ocsp.check({ ...(await requestData()), responderURL: `${origin}/ocsp` })).toMatchObject({
        status: 'unknown',
        source: 'fallback',
        detail: expect.stringMatching(/longer than 65536 bytes/),
      });
    await expect.poll(() => sent[1]).toBeDefined();
    expect(sent[1]).toBeLessThan(1024);
  });

  it("gives the good fallback only to a responder a verified certificate names or the deployment trusts, never to the charger's", async () => {
    const { fetch } = silentFetch();
    const lookup = async () => [{ address: '93.184.216.34', family: 4 }];
    const data = { ...(await requestData()), responderURL: 'http://ocsp.example.com/ocsp' };
    const lenient = () => checker({ trustedResponders: [], fetch, lookup, fallbackStatus: 'good' });
    expect(await lenient().check(data)).toMatchObject({
      status: 'unknown',
      source: 'fallback',
      detail: expect.stringMatching(/charger named gets no good fallback/),
    });
    expect(await lenient().check(data, 'certificate')).toMatchObject({ status: 'good', source: 'fallback' });
    const trusted = checker({ trustedResponders: ['http://ocsp.example.com'], fetch, fallbackStatus: 'good' });
    expect(await trusted.check(data)).toMatchObject({ status: 'good', source: 'fallback' });
  });

  it('gives up on a host whose name does not resolve in time, within the request timeout', async () => {
    const { asked, fetch } = silentFetch();
    const lookup = () => new Promise<never>(() => undefined);
    const result = await checker({ trustedResponders: [], fetch, lookup, timeoutMs: 50 }).check({
      ...(await requestData()),
      responderURL: 'http://slow-dns.example/ocsp',
    });
    expect(result).toMatchObject({
      status: 'unknown',
      source: 'fallback',
      detail: expect.stringMatching(/did not answer/),
    });
    expect(asked).toEqual([]);
  });

  it('refuses a responder URL with credentials in it, without asking', async () => {
    const { asked, fetch } = silentFetch();
    const result = await checker({ fetch }).check({
      ...(await requestData()),
      responderURL: 'http://user:secret@ocsp.example.com/',
    });
    expect(result).toMatchObject({ status: 'unknown', source: 'invalidRequest' });
    expect(asked).toEqual([]);
  });
});

describe('OCSP interoperability with openssl', () => {
  it("openssl's client accepts our responder's signed answers (good, revoked)", async () => {
    const files = (name: string, pem: string) => {
      writeFileSync(join(dir, name), pem);
      return join(dir, name);
    };
    const issuer = files('mosub2.pem', pki.moSubCa2.certificate.toString('pem'));
    const chain = files(
      'chain.pem',
      [pki.moRoot, pki.moSubCa1, pki.moSubCa2].map((c) => c.certificate.toString('pem')).join('\n'),
    );
    const leaf = files('contract.pem', contract.certificate.toString('pem'));
    const ask = () =>
      opensslAsync(['ocsp', '-issuer', issuer, '-cert', leaf, '-url', responder.url, '-CAfile', chain, '-no_nonce']);
    expect(await ask()).toMatch(/contract\.pem: good/);
    const revoked = await pki.issueContract('DEABCC0000001X');
    writeFileSync(leaf, revoked.certificate.toString('pem'));
    await pki.revoke(revoked.certificate);
    expect(await ask()).toMatch(/contract\.pem: revoked/);
  });

  it("our request is one openssl's responder answers, and we verify its answer", async () => {
    // openssl answers as MO sub-CA 2, from an index where the contract certificate is revoked.
    const caKey = join(dir, 'ca.key');
    const other = await pki.issueContract('DEABCC0000002X');
    writeFileSync(caKey, pki.moSubCa2.privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const ca = join(dir, 'mosub2.pem');
    writeFileSync(ca, pki.moSubCa2.certificate.toString('pem'));
    const expiry = '491231235959Z';
    const serial = other.certificate.serialNumber.toUpperCase();
    writeFileSync(join(dir, 'index.txt'), `R\t${expiry}\t260101000000Z\t${serial}\tunknown\t/CN=${other.emaid}\n`);
    const data = normalizeHashData(await certificateHashData(other.certificate, pki.moSubCa2.certificate))!;
    writeFileSync(join(dir, 'request.der'), buildOcspRequest(data));
    opensslBytes(
      [
        'ocsp',
        '-reqin',
        join(dir, 'request.der'),
        '-index',
        join(dir, 'index.txt'),
        '-rsigner',
        ca,
        '-rkey',
        caKey,
        '-CA',
        ca,
        '-respout',
        join(dir, 'response.der'),
        '-ndays',
        '1',
      ],
      Buffer.alloc(0),
    );
    const response = new Uint8Array(readFileSync(join(dir, 'response.der')));
    const verified = await verifyOcspResponse(response, data, {
      trustStore,
      intermediates: [pki.moSubCa1.certificate],
      now: new Date(),
    });
    expect(verified).toMatchObject({ ok: true, answer: { status: 'revoked' } });
  });
});
