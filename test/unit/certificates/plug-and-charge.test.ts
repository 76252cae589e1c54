import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emaidOfContractCertificate,
  emaidOfHashData,
  normalizeEmaid,
  readTestExiResponse,
  testPkiContractProvider,
} from '../../../shared/certificates/contract-certificates';
import { certificateHashData } from '../../../shared/certificates/ocsp';
import { loadOrCreateV2gTestPki } from '../../../shared/certificates/v2g-test-pki-files';
import { toPemChain } from '../../../shared/certificates/x509';
import { generateV2gTestPki, type V2gTestPki } from '../../../shared/certificates/v2g-test-pki';
import { openssl, temporaryDirectory } from './openssl';

const OCSP_URL = 'http://127.0.0.1:9/ocsp';
/** An EV's request as the charger forwards it: EXI (header byte 0x80 …), base64. */
const EXI_REQUEST = Buffer.from([0x80, 0x98, 0x02, 0x10, 0x50, 0x90, 0x8c, 0x0c]).toString('base64');

let dir: string;
let remove: () => void;
let pki: V2gTestPki;

beforeAll(async () => {
  ({ dir, remove } = temporaryDirectory());
  pki = await generateV2gTestPki({ ocspUrl: OCSP_URL });
});
afterAll(() => remove());

function file(name: string, pem: string): string {
  writeFileSync(join(dir, name), pem);
  return join(dir, name);
}

describe('the V2G test PKI', () => {
  it("issues the SECC certificate under V2G root → CPO sub-CA 1 → CPO sub-CA 2, in ISO 15118-2's profile", () => {
    const root = file('v2g-root.pem', pki.v2gRoot.certificate.toString('pem'));
    const subs = file('cpo-subs.pem', toPemChain([pki.cpoSubCa1.certificate, pki.cpoSubCa2.certificate]));
    const secc = file('secc.pem', pki.secc.certificate.toString('pem'));
    expect(openssl(['verify', '-CAfile', root, '-untrusted', subs, secc])).toMatch(/: OK/);
    const text = openssl(['x509', '-in', secc, '-noout', '-text']);
    expect(text).toMatch(/ASN1 OID: prime256v1/);
    expect(text).toMatch(/Signature Algorithm: ecdsa-with-SHA256/);
    expect(text).toMatch(/DC\s*=\s*CPO/);
    expect(text).toMatch(/Digital Signature, Key Agreement/);
    expect(text).toMatch(new RegExp(`OCSP - URI:${OCSP_URL}`));
    expect(openssl(['x509', '-in', subs, '-noout', '-text'])).toMatch(/CA:TRUE, pathlen:1/);
  });

  it('issues contract certificates with the eMAID as CN under MO root → MO sub-CA 1 → MO sub-CA 2', async () => {
    const contract = await pki.issueContract('DEABCC1234567X');
    const root = file('mo-root.pem', pki.moRoot.certificate.toString('pem'));
    const chain = file('contract-chain.pem', toPemChain(contract.chain));
    expect(openssl(['verify', '-CAfile', root, '-untrusted', chain, chain])).toMatch(/: OK/);
    const text = openssl(['x509', '-in', chain, '-noout', '-text']);
    expect(text).toMatch(/CN\s*=\s*DEABCC1234567X/);
    expect(text).toMatch(/Digital Signature, Non Repudiation, Key Agreement/);
    expect(emaidOfContractCertificate(toPemChain(contract.chain))).toBe('DEABCC1234567X');
  });
});

describe('the test PKI in files (npm start)', () => {
  it('is written once and read back with the same roots and working keys; a new OCSP URL makes a new one', async () => {
    const folder = join(dir, 'v2g-test-pki');
    const first = await loadOrCreateV2gTestPki(folder, { ocspUrl: OCSP_URL });
    expect(statSync(join(folder, 'mo-sub-ca-2-key.pem')).mode & 0o777).toBe(0o600);
    const again = await loadOrCreateV2gTestPki(folder, { ocspUrl: OCSP_URL });
    expect(again.v2gRoot.certificate.serialNumber).toBe(first.v2gRoot.certificate.serialNumber);
    const contract = await again.issueContract('DEABCC1111111X');
    const root = file('reloaded-mo-root.pem', again.moRoot.certificate.toString('pem'));
    const chain = file('reloaded-chain.pem', toPemChain(contract.chain));
    expect(openssl(['verify', '-CAfile', root, '-untrusted', chain, chain])).toMatch(/: OK/);
    const secc = await certificateHashData(again.secc.certificate, again.cpoSubCa2.certificate);
    expect(await again.statusOf(secc)).toEqual({ status: 'good' });
    const moved = await loadOrCreateV2gTestPki(folder, { ocspUrl: 'http://127.0.0.1:10/ocsp' });
    expect(moved.v2gRoot.certificate.serialNumber).not.toBe(first.v2gRoot.certificate.serialNumber);
  });
});

describe('eMAIDs', () => {
  it.each([
    ['DEABCC1234567X', 'DEABCC1234567X'],
    ['DE-ABC-C12345678-X', 'DEABCC12345678X'],
    ['de-abc-c12345678', 'DEABCC12345678'],
    ['NL-TNM-012204-5', undefined],
    ['not an emaid', undefined],
  ])('%s → %s', (text, emaid) => {
    expect(normalizeEmaid(text)).toBe(emaid);
  });

  it('resolves hash data to the eMAID of the certificate in the chain it names', async () => {
    const contract = await pki.issueContract('DEABCC7654321X');
    const hashData = await certificateHashData(contract.certificate, pki.moSubCa2.certificate, 'SHA384');
    expect(await emaidOfHashData(hashData, contract.chain)).toBe('DEABCC7654321X');
    expect(await emaidOfHashData({ ...hashData, serialNumber: '01' }, contract.chain)).toBeUndefined();
    expect(await emaidOfHashData(hashData, [contract.certificate])).toBeUndefined();
  });
});

describe('the test PKI contract certificate provider (Get15118EVCertificate)', () => {
  it('answers an EXI request with an EXI-wrapped new contract certificate chain', async () => {
    const provider = testPkiContractProvider(pki, ['DEABCC0000042X']);
    const answer = await provider.get15118EvCertificate({
      iso15118SchemaVersion: 'urn:iso:15118:2:2013:MsgDef',
      action: 'Install',
      exiRequest: EXI_REQUEST,
    });
    expect(answer.status).toBe('Accepted');
    const bytes = Buffer.from(answer.exiResponse, 'base64');
    expect(bytes[0]).toBe(0x80);
    const chain = readTestExiResponse(answer.exiResponse)!;
    expect(chain.map((c) => c.subject)).toEqual([
      'CN=DEABCC0000042X, O=Charging Network Test PKI, C=DE, DC=MO',
      pki.moSubCa2.certificate.subject,
      pki.moSubCa1.certificate.subject,
    ]);
    expect(provider.issued).toHaveLength(1);
  });

  it.each([
    ['not base64', { exiRequest: '%%%' }],
    ['not EXI', { exiRequest: Buffer.from('{"json":true}').toString('base64') }],
    ['empty', { exiRequest: '' }],
    ['an unknown schema', { iso15118SchemaVersion: 'urn:din:70121:2012:MsgDef' }],
  ])('fails, without throwing, a request that is %s', async (_what, change) => {
    const provider = testPkiContractProvider(pki);
    const answer = await provider.get15118EvCertificate({
      iso15118SchemaVersion: 'urn:iso:15118:2:2013:MsgDef',
      action: 'Update',
      exiRequest: EXI_REQUEST,
      ...change,
    });
    expect(answer).toMatchObject({ status: 'Failed', exiResponse: '' });
    expect(provider.issued).toHaveLength(0);
  });
});
