/**
 * `$default`'s side of GetCertificateStatus (shared/ocpp/certificate-status.ts): the certificate
 * status function's answer passed on only when the station's schema can take it. The function is
 * a local Invoke API (`LAMBDA_ENDPOINT`) answering what each test sets.
 */
import { createRequire } from 'node:module';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OcspRequestData } from '../../../shared/certificates/ocsp';
import { answerGetCertificateStatus, OCSP_RESULT_MAX_LENGTH } from '../../../shared/ocpp/certificate-status';

let server: Server;
let previousEndpoint: string | undefined;
/** What the fake certificate status function answers. */
let functionAnswer: unknown;

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.end(JSON.stringify(functionAnswer)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  previousEndpoint = process.env.LAMBDA_ENDPOINT;
  process.env.LAMBDA_ENDPOINT = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  if (previousEndpoint === undefined) delete process.env.LAMBDA_ENDPOINT;
  else process.env.LAMBDA_ENDPOINT = previousEndpoint;
  await new Promise((resolve) => server.close(resolve));
});

const ocspRequestData: OcspRequestData = {
  hashAlgorithm: 'SHA256',
  issuerNameHash: 'a'.repeat(64),
  issuerKeyHash: 'b'.repeat(64),
  serialNumber: '1f',
  responderURL: 'http://ocsp.example.com/',
};

/** An answer of the function with an ocspResult of `length` base64 characters. */
function accepted(length: number) {
  return { status: 'Accepted', ocspResult: 'A'.repeat(length), ocspStatus: 'good', validUntil: '2026-12-06T18:00:00Z' };
}

describe('GetCertificateStatus: an OCSP response longer than the schema allows', () => {
  it("takes the limits from each version's official schema (GetCertificateStatusResponse.ocspResult)", () => {
    const require = createRequire(import.meta.url);
    const maxLength = (file: string, id: string) =>
      (
        require(`ocpp-rpc/lib/schemas/${file}`) as { $id: string; properties: { ocspResult?: { maxLength: number } } }[]
      ).find((schema) => schema.$id === id)?.properties.ocspResult?.maxLength;
    expect(OCSP_RESULT_MAX_LENGTH['ocpp2.0.1']).toBe(maxLength('ocpp2_0_1.json', 'urn:GetCertificateStatus.conf'));
    expect(OCSP_RESULT_MAX_LENGTH['ocpp2.1']).toBe(maxLength('ocpp2_1.json', 'urn:GetCertificateStatusResponse'));
    expect(OCSP_RESULT_MAX_LENGTH['ocpp1.6']).toBe(OCSP_RESULT_MAX_LENGTH['ocpp2.0.1']);
  });

  it.each([
    ['ocpp2.0.1', 5500],
    ['ocpp1.6', 5500],
    ['ocpp2.1', 18_000],
  ] as const)('on %s answers up to %i characters, Failed beyond', async (protocol, limit) => {
    functionAnswer = accepted(limit);
    expect(await answerGetCertificateStatus(ocspRequestData, protocol)).toEqual({
      status: 'Accepted',
      ocspResult: 'A'.repeat(limit),
    });
    functionAnswer = accepted(limit + 1);
    expect(await answerGetCertificateStatus(ocspRequestData, protocol)).toEqual({ status: 'Failed' });
  });
});
