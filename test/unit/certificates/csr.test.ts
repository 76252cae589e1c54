import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCsr, MAX_CSR_CHARACTERS } from '../../../shared/certificates/csr';
import { type OpensslKey, opensslCsr, temporaryDirectory } from './openssl';

let dir: string;
let remove: () => void;
beforeAll(() => ({ dir, remove } = temporaryDirectory()));
afterAll(() => remove());

function derOf(pem: string): Buffer {
  return Buffer.from(pem.replace(/-----[^-]+-----/g, '').replace(/\s/g, ''), 'base64');
}

describe('checkCsr (SignCertificate)', () => {
  it.each<[OpensslKey, string, string]>([
    ['ec:P-256', 'EC', 'P-256'],
    ['ec:P-384', 'EC', 'P-384'],
    ['rsa:2048', 'RSA', '2048 bits'],
  ])('accepts a %s key whose CN is the charger', async (key, keyType, keyDetail) => {
    const result = await checkCsr(opensslCsr(dir, '/O=Acme/CN=CP-1', key).csr, { ocppId: 'CP-1' });
    expect(result).toMatchObject({ ok: true, keyType, keyDetail });
  });

  it('accepts base64 DER as well as PEM', async () => {
    const der = derOf(opensslCsr(dir, '/CN=CP-1').csr).toString('base64');
    expect(await checkCsr(der, { ocppId: 'CP-1' })).toMatchObject({ ok: true });
  });

  it.each<[OpensslKey, string]>([
    ['rsa:1024', 'weakKey'],
    ['ec:P-521', 'unsupportedKey'],
    ['ed25519', 'unsupportedKey'],
  ])('rejects a %s key: %s', async (key, reason) => {
    expect(await checkCsr(opensslCsr(dir, '/CN=CP-1', key).csr, { ocppId: 'CP-1' })).toMatchObject({
      ok: false,
      reason,
    });
  });

  it.each([
    ['another charger', '/O=Acme/CN=CP-2'],
    ['no CN', '/O=Acme'],
    ['two CNs', '/CN=CP-1/CN=CP-2'],
    ['a CN in another case', '/CN=cp-1'],
  ])('rejects a subject naming %s: commonNameMismatch', async (_what, subject) => {
    const result = await checkCsr(opensslCsr(dir, subject).csr, { ocppId: 'CP-1' });
    expect(result).toMatchObject({ ok: false, reason: 'commonNameMismatch' });
  });

  it("checks the organisation only when the operator's name is configured", async () => {
    const { csr } = opensslCsr(dir, '/O=Other/CN=CP-1');
    expect(await checkCsr(csr, { ocppId: 'CP-1' })).toMatchObject({ ok: true });
    expect(await checkCsr(csr, { ocppId: 'CP-1', organizationName: 'Acme' })).toMatchObject({
      ok: false,
      reason: 'organizationMismatch',
    });
    const ours = opensslCsr(dir, '/O=Acme/CN=CP-1').csr;
    expect(await checkCsr(ours, { ocppId: 'CP-1', organizationName: 'Acme' })).toMatchObject({ ok: true });
  });

  it('rejects a CSR whose signature does not verify (no proof of possession): badSignature', async () => {
    const der = derOf(opensslCsr(dir, '/CN=CP-1').csr);
    der[der.length - 1]! ^= 0x01; // the last byte of the signature's s
    const result = await checkCsr(der.toString('base64'), { ocppId: 'CP-1' });
    expect(result).toMatchObject({ ok: false, reason: 'badSignature' });
  });

  it.each([
    ['garbage', 'not a CSR'],
    ['an empty string', ''],
    ['a certificate', '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----'],
    ['a broken PEM', '-----BEGIN CERTIFICATE REQUEST-----\nAAAA\n-----END CERTIFICATE REQUEST-----'],
    ['too long', 'A'.repeat(MAX_CSR_CHARACTERS + 1)],
    ['a number', 42],
    ['null', null],
  ])('rejects %s as malformed, without throwing', async (_what, csr) => {
    expect(await checkCsr(csr, { ocppId: 'CP-1' })).toMatchObject({ ok: false, reason: 'malformed' });
  });
});
