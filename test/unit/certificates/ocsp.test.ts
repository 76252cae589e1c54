import { readFileSync, writeFileSync } from 'node:fs';
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
import { memoryOcspCache, OcspChecker } from '../../../shared/certificates/ocsp-client';
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
    ...options,
  });
}

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
    expect(await lenient.check(other)).toMatchObject({ status: 'good', source: 'fallback', detail: /did not answer/ });
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
    expect(await ocsp.check(await requestData())).toMatchObject({ status: 'unknown', source: 'fallback', detail });
  });

  it('does not believe an answer whose CA does not chain to the trust store', async () => {
    const onlyV2g = checker({ trustStore: new TrustStore([pki.v2gRoot.certificate]) });
    expect(await onlyV2g.check(await requestData())).toMatchObject({
      source: 'fallback',
      detail: /untrustedResponder/,
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
