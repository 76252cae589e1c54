/**
 * `$default`'s framing check of a SignCertificate CSR (`looksLikeCsr`): what is not a certificate
 * request at all is answered `Rejected` at once; the request itself is checked by the certificate
 * function (`checkCsr`, `test/unit/certificates/csr.test.ts`).
 */
import { describe, expect, it } from 'vitest';
import { looksLikeCsr } from '../../../shared/ocpp/certificate-signing';
import { opensslCsr, temporaryDirectory } from '../certificates/openssl';

describe('looksLikeCsr', () => {
  const { dir, remove } = temporaryDirectory();
  const pem = opensslCsr(dir, '/CN=CP-1').csr;
  remove();
  const base64 = pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');

  it('takes a PEM request (with or without NEW) and base64 DER without the PEM lines', () => {
    expect(looksLikeCsr(pem)).toBe(true);
    expect(looksLikeCsr(pem.replace(/CERTIFICATE REQUEST/g, 'NEW CERTIFICATE REQUEST'))).toBe(true);
    expect(looksLikeCsr(base64)).toBe(true);
  });

  it('refuses text, another PEM block, and base64 that is not a DER SEQUENCE', () => {
    for (const csr of [
      '',
      'garbage, not a CSR',
      pem.replace(/CERTIFICATE REQUEST/g, 'CERTIFICATE'),
      '-----BEGIN CERTIFICATE REQUEST-----\nAAAA\n-----END CERTIFICATE REQUEST-----',
      Buffer.from('x'.repeat(64)).toString('base64'),
    ])
      expect(looksLikeCsr(csr), csr).toBe(false);
  });
});
