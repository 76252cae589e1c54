/**
 * Plug & Charge over OCPP 2.0.1 (docs/certificates.md "Plug & Charge over OCPP"), end to end with
 * a strict-mode client, the local stack's V2G test PKI and its OCSP responder: `$default` asks
 * the certificate status function (Lambda Invoke, `RequestResponse`, through the local Invoke API).
 *
 * - GetCertificateStatus (M06): a good certificate's OCSP response (`good`, verifiable with the MO
 *   CA), a revoked one's (`revoked`), and `Failed` when the responder does not answer or the
 *   function cannot be invoked (the fallback);
 * - Get15118EVCertificate (M01/M02): the test provider's EXI-shaped response with a new contract
 *   certificate chain; `Failed` for a request that is not EXI.
 */
import { AsnConvert } from '@peculiar/asn1-schema';
import * as asnOcsp from '@peculiar/asn1-ocsp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RPCClient } from 'ocpp-rpc';
import type { LocalStack } from '../../../lib/local/stack';
import { readTestExiResponse } from '../../../shared/certificates/contract-certificates';
import { certificateHashData, type OcspRequestData } from '../../../shared/certificates/ocsp';
import type { TestContract } from '../../../shared/certificates/v2g-test-pki';
import { PLUG_AND_CHARGE_ENV } from '../../../shared/ocpp/certificate-status';
import { connectCharger } from '../support/ocpp';
import { createTenant, startTestStack, uniqueOcppId } from '../support/stack';

let stack: LocalStack;
let client: RPCClient;
const ocppId = uniqueOcppId('PNC201');

beforeAll(async () => {
  stack = await startTestStack({ plugAndCharge: { emaids: ['DEABCC0000042X'] } });
  await createTenant(stack, [{ ocppId, name: 'Plug & Charge', type: 'DCFC', ports: [{ connectorType: 'CCS1' }] }]);
  client = await connectCharger(stack, ocppId, 'ocpp2.0.1');
});

afterAll(async () => {
  await client?.close({ force: true });
  await stack?.close();
});

/** The OCSP request data of a contract certificate, as a charger sends it. */
async function requestData(contract: TestContract, responderURL = stack.plugAndCharge!.responder.url) {
  return { ...(await certificateHashData(contract.certificate, contract.chain[1]!)), responderURL } as OcspRequestData;
}

/** The certificate status in a base64 DER OCSP response. */
function statusIn(ocspResult: string): 'good' | 'revoked' | 'unknown' {
  const response = AsnConvert.parse(Buffer.from(ocspResult, 'base64'), asnOcsp.OCSPResponse);
  const basic = AsnConvert.parse(response.responseBytes!.response, asnOcsp.BasicOCSPResponse);
  const status = basic.tbsResponseData.responses[0]!.certStatus;
  return status.revoked ? 'revoked' : status.good === null ? 'good' : 'unknown';
}

describe('GetCertificateStatus (2.0.1 M06)', () => {
  it("answers a good contract certificate's OCSP response from the responder", async () => {
    const contract = await stack.plugAndCharge!.pki.issueContract('DEABCC0000001X');
    const answer = await client.call('GetCertificateStatus', { ocspRequestData: await requestData(contract) });
    expect(answer).toMatchObject({ status: 'Accepted' });
    expect(statusIn((answer as { ocspResult: string }).ocspResult)).toBe('good');
  });

  it("answers a revoked contract certificate's OCSP response (revoked)", async () => {
    const contract = await stack.plugAndCharge!.pki.issueContract('DEABCC0000002X');
    await stack.plugAndCharge!.pki.revoke(contract.certificate);
    const answer = await client.call('GetCertificateStatus', { ocspRequestData: await requestData(contract) });
    expect(answer).toMatchObject({ status: 'Accepted' });
    expect(statusIn((answer as { ocspResult: string }).ocspResult)).toBe('revoked');
  });

  it('answers Failed when the responder does not answer and nothing is cached', async () => {
    const contract = await stack.plugAndCharge!.pki.issueContract('DEABCC0000003X');
    const silent = await requestData(contract, 'http://127.0.0.1:9/ocsp');
    expect(await client.call('GetCertificateStatus', { ocspRequestData: silent })).toEqual({ status: 'Failed' });
  });

  it('answers Failed when the certificate status function cannot be invoked', async () => {
    const contract = await stack.plugAndCharge!.pki.issueContract('DEABCC0000004X');
    process.env[PLUG_AND_CHARGE_ENV.functionName] = 'no-such-function';
    try {
      const answer = await client.call('GetCertificateStatus', { ocspRequestData: await requestData(contract) });
      expect(answer).toEqual({ status: 'Failed' });
    } finally {
      delete process.env[PLUG_AND_CHARGE_ENV.functionName];
    }
  });
});

describe('Get15118EVCertificate (2.0.1 M01/M02)', () => {
  /** An EV's EXI request (header byte 0x80 …), base64. */
  const exiRequest = Buffer.from([0x80, 0x98, 0x02, 0x10, 0x50, 0x90, 0x8c, 0x0c]).toString('base64');

  it("answers Accepted with the provider's EXI response: a new contract certificate chain for the EV", async () => {
    const answer = (await client.call('Get15118EVCertificate', {
      iso15118SchemaVersion: 'urn:iso:15118:2:2013:MsgDef',
      action: 'Install',
      exiRequest,
    })) as { status: string; exiResponse: string };
    expect(answer.status).toBe('Accepted');
    const chain = readTestExiResponse(answer.exiResponse);
    expect(chain?.map((c) => c.subject)).toEqual([
      expect.stringContaining('CN=DEABCC0000042X'),
      expect.stringContaining('MO Test Sub-CA 2'),
      expect.stringContaining('MO Test Sub-CA 1'),
    ]);
  });

  it('answers Failed for a request that is not EXI, or of a schema the provider does not know', async () => {
    const notExi = Buffer.from('hello').toString('base64');
    for (const request of [
      { iso15118SchemaVersion: 'urn:iso:15118:2:2013:MsgDef', action: 'Update', exiRequest: notExi },
      { iso15118SchemaVersion: 'urn:din:70121:2012:MsgDef', action: 'Install', exiRequest },
    ])
      expect(await client.call('Get15118EVCertificate', request)).toEqual({ status: 'Failed', exiResponse: '' });
  });
});
