/**
 * `$default`'s framing check of a SignCertificate CSR (`looksLikeCsr`): what is not a certificate
 * request at all is answered `Rejected` at once; the request itself is checked by the certificate
 * function (`checkCsr`, `test/unit/certificates/csr.test.ts`). A V2G certificate is rejected (no
 * V2G issuer); the stored CSR keeps the certificateType as sent and 2.1's requestId.
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../shared/db';
import {
  answerSignCertificate,
  CA_ENV,
  certificateSigningConfigured,
  looksLikeCsr,
  type ReceivedSignCertificate,
} from '../../../shared/ocpp/certificate-signing';
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

describe('a deployment without a CSMS CA', () => {
  it('is configured by a KMS key with its CA certificate, or by a local CA directory', () => {
    expect(certificateSigningConfigured({})).toBe(false);
    expect(certificateSigningConfigured({ [CA_ENV.kmsKeyId]: 'key-id' })).toBe(false);
    expect(certificateSigningConfigured({ [CA_ENV.kmsKeyId]: 'key-id', [CA_ENV.certificate]: 'PEM' })).toBe(true);
    expect(certificateSigningConfigured({ [CA_ENV.localDir]: '/tmp/ca' })).toBe(true);
  });

  it('answers SignCertificate Rejected and stores nothing: nothing would ever sign the CSR', async () => {
    const saved = { ...process.env };
    for (const name of Object.values(CA_ENV)) delete process.env[name];
    const { dir, remove } = temporaryDirectory();
    const csr = opensslCsr(dir, '/CN=CP-1').csr;
    remove();
    const stored: unknown[] = [];
    const db = {
      certificateSigningRequest: {
        put(item: unknown) {
          stored.push(item);
          return { go: async () => ({}) };
        },
      },
    };
    try {
      const answer = await answerSignCertificate(
        db as unknown as Db,
        { chargerId: 1, ocppId: 'CP-1', organizationId: 1, siteId: 1 },
        { csr, receivedAt: new Date().toISOString() },
      );
      expect(answer).toBe('Rejected');
      expect(stored).toEqual([]);
      process.env[CA_ENV.localDir] = '/tmp/ca';
      expect(
        await answerSignCertificate(
          db as unknown as Db,
          { chargerId: 1, ocppId: 'CP-1', organizationId: 1, siteId: 1 },
          { csr, receivedAt: new Date().toISOString() },
        ),
      ).toBe('Accepted');
      expect(stored).toHaveLength(1);
    } finally {
      process.env = saved;
    }
  });
});

describe("what a SignCertificate's certificateType and requestId make of the stored CSR", () => {
  const connection = { chargerId: 1, ocppId: 'CP-1', organizationId: 1, siteId: 1 };

  /** Answers each request with a CA configured; what was stored. */
  async function answers(requests: Omit<ReceivedSignCertificate, 'csr' | 'receivedAt'>[]) {
    const saved = { ...process.env };
    process.env[CA_ENV.localDir] = '/tmp/ca';
    const { dir, remove } = temporaryDirectory();
    const csr = opensslCsr(dir, '/CN=CP-1').csr;
    remove();
    const stored: Record<string, unknown>[] = [];
    const db = {
      certificateSigningRequest: {
        put(item: Record<string, unknown>) {
          stored.push(item);
          return { go: async () => ({}) };
        },
      },
    };
    try {
      const statuses = [];
      for (const request of requests)
        statuses.push(
          await answerSignCertificate(db as unknown as Db, connection, {
            csr,
            receivedAt: new Date().toISOString(),
            ...request,
          }),
        );
      return { statuses, stored };
    } finally {
      process.env = saved;
    }
  }

  it('rejects a V2G certificate (2.0.1 V2GCertificate, 2.1 V2G20Certificate) and stores nothing: no V2G issuer is configured', async () => {
    const { statuses, stored } = await answers([
      { certificateType: 'V2GCertificate' },
      { certificateType: 'V2G20Certificate' },
    ]);
    expect(statuses).toEqual(['Rejected', 'Rejected']);
    expect(stored).toEqual([]);
  });

  it("stores the certificateType as sent (none when left out: both uses) and 2.1's requestId", async () => {
    const { statuses, stored } = await answers([
      { certificateType: 'ChargingStationCertificate' },
      {},
      { certificateType: 'ChargingStationCertificate', requestId: 42 },
    ]);
    expect(statuses).toEqual(['Accepted', 'Accepted', 'Accepted']);
    expect(stored[0]).toMatchObject({ certificateType: 'ChargingStationCertificate' });
    expect(stored[0]).not.toHaveProperty('ocppRequestId');
    expect(stored[1]).not.toHaveProperty('certificateType');
    expect(stored[2]).toMatchObject({ certificateType: 'ChargingStationCertificate', ocppRequestId: 42 });
  });
});
