/**
 * Plug & Charge over OCPP 2.0.1 (docs/certificates.md "Plug & Charge over OCPP"), end to end with
 * a strict-mode client, the local stack's V2G test PKI and its OCSP responder: `$default` asks
 * the certificate status function (Lambda Invoke, `RequestResponse`, through the local Invoke API).
 *
 * - GetCertificateStatus (M06): a good certificate's OCSP response (`good`, verifiable with the MO
 *   CA), a revoked one's (`revoked`), and `Failed` when the responder does not answer or the
 *   function cannot be invoked (the fallback);
 * - GetCertificateChainStatus (OCPP 2.1 M06, a strict 2.1 client): each certificate of a chain
 *   `Good` / `Revoked` with the responder's `nextUpdate`, in the requests' order; a source's URLs
 *   tried in turn; `Failed` for an unreachable responder, a CRL source, or when the function cannot
 *   be invoked.
 * - Get15118EVCertificate (M01/M02): the test provider's EXI-shaped response with a new contract
 *   certificate chain; `Failed` for a request that is not EXI.
 * - Authorize with a contract certificate (C07): an eMAID with an access ID of type `eMAID` and a
 *   good certificate (hash data, or the chain) is Accepted; a revoked certificate is
 *   `CertificateRevoked` and Invalid; an unknown eMAID is Invalid as any unknown token; a chain from
 *   another PKI is `CertChainError`; hash data naming a responder the function may not ask is not
 *   made good by `OCSP_FALLBACK_STATUS=good`; the eMAID then starts a transaction as any token does.
 * - OCPP 1.6 (the OCA whitepaper's mapping): DataTransfer `org.openchargealliance.iso15118pnc`
 *   with the 2.0.1 request as JSON reaches the same code; `Rejected` for data that is not the
 *   request, `UnknownMessageId` for another message.
 */
import { AsnConvert } from '@peculiar/asn1-schema';
import * as asnOcsp from '@peculiar/asn1-ocsp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RPCClient } from 'ocpp-rpc';
import type { LocalStack } from '../../../lib/local/stack';
import { readTestExiResponse } from '../../../shared/certificates/contract-certificates';
import { generateV2gTestPki } from '../../../shared/certificates/v2g-test-pki';
import { toPemChain } from '../../../shared/certificates/x509';
import { certificateHashData, type OcspRequestData } from '../../../shared/certificates/ocsp';
import type { TestContract } from '../../../shared/certificates/v2g-test-pki';
import { PLUG_AND_CHARGE_ENV } from '../../../shared/ocpp/certificate-status';
import { connectCharger } from '../support/ocpp';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';

let stack: LocalStack;
let client: RPCClient;
let tenant: Tenant;
const ocppId = uniqueOcppId('PNC201');
const ocppId16 = uniqueOcppId('PNC16');
let client16: RPCClient;
const ocppId21 = uniqueOcppId('PNC21');
let client21: RPCClient;

beforeAll(async () => {
  stack = await startTestStack({ plugAndCharge: { emaids: ['DEABCC0000042X'] } });
  tenant = await createTenant(stack, [
    { ocppId, name: 'Plug & Charge', type: 'DCFC', ports: [{ connectorType: 'CCS1' }] },
    { ocppId: ocppId16, name: 'Plug & Charge 1.6', type: 'DCFC', ports: [{ connectorType: 'CCS1' }] },
    { ocppId: ocppId21, name: 'Plug & Charge 2.1', type: 'DCFC', ports: [{ connectorType: 'CCS1' }] },
  ]);
  client = await connectCharger(stack, ocppId, 'ocpp2.0.1');
  client16 = await connectCharger(stack, ocppId16, 'ocpp1.6');
  client21 = await connectCharger(stack, ocppId21, 'ocpp2.1');
});

afterAll(async () => {
  await client?.close({ force: true });
  await client16?.close({ force: true });
  await client21?.close({ force: true });
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

  it("answers from the cache within the last answer's validity: a revocation shows at its next update", async () => {
    const contract = await stack.plugAndCharge!.pki.issueContract('DEABCC0000005X');
    const ocspRequestData = await requestData(contract);
    const first = (await client.call('GetCertificateStatus', { ocspRequestData })) as { ocspResult: string };
    await stack.plugAndCharge!.pki.revoke(contract.certificate);
    const second = (await client.call('GetCertificateStatus', { ocspRequestData })) as { ocspResult: string };
    expect(second.ocspResult).toBe(first.ocspResult);
    expect(statusIn(second.ocspResult)).toBe('good');
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

describe('GetCertificateChainStatus (2.1 M06)', () => {
  const silentUrl = 'http://127.0.0.1:9/ocsp';
  type ChainStatus = {
    certificateStatus: { certificateHashData: unknown; source: string; status: string; nextUpdate: string }[];
  };
  /** A chain request of `contract`'s certificate (leaf) or its sub-CA 2 (`issuedBy` the next in the chain). */
  const entry = async (
    contract: TestContract,
    index = 0,
    urls = [stack.plugAndCharge!.responder.url],
    source = 'OCSP',
  ) => ({
    certificateHashData: await certificateHashData(contract.chain[index]!, contract.chain[index + 1]!),
    source,
    urls,
  });
  const chainStatus = async (certificateStatusRequests: unknown[]) =>
    (await client21.call('GetCertificateChainStatus', { certificateStatusRequests })) as ChainStatus;

  it("answers each certificate of the chain in order: Good or Revoked until the responder's nextUpdate", async () => {
    const good = await stack.plugAndCharge!.pki.issueContract('DEABCC0000011X');
    const revoked = await stack.plugAndCharge!.pki.issueContract('DEABCC0000012X');
    await stack.plugAndCharge!.pki.revoke(revoked.certificate);
    const requests = [await entry(good), await entry(good, 1), await entry(revoked)];
    const before = Date.now();
    const answer = await chainStatus(requests);
    expect(answer.certificateStatus.map((s) => s.status)).toEqual(['Good', 'Good', 'Revoked']);
    expect(answer.certificateStatus.map((s) => s.certificateHashData)).toEqual(
      requests.map((r) => r.certificateHashData),
    );
    for (const status of answer.certificateStatus) {
      expect(status.source).toBe('OCSP');
      // The local responder's answers hold an hour.
      expect(Date.parse(status.nextUpdate)).toBeGreaterThan(before);
    }
  });

  it('tries the URLs in turn; Failed (nextUpdate now) when none answers, and for a CRL source', async () => {
    const contract = await stack.plugAndCharge!.pki.issueContract('DEABCC0000013X');
    const other = await stack.plugAndCharge!.pki.issueContract('DEABCC0000014X');
    const before = Date.now();
    const answer = await chainStatus([
      await entry(contract, 0, [silentUrl, stack.plugAndCharge!.responder.url]),
      await entry(other, 0, [silentUrl]),
      await entry(other, 1, [stack.plugAndCharge!.responder.url], 'CRL'),
    ]);
    expect(answer.certificateStatus.map((s) => [s.source, s.status])).toEqual([
      ['OCSP', 'Good'],
      ['OCSP', 'Failed'],
      ['CRL', 'Failed'],
    ]);
    expect(Date.parse(answer.certificateStatus[1]!.nextUpdate)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(answer.certificateStatus[1]!.nextUpdate)).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('answers each Failed when the certificate status function cannot be invoked', async () => {
    const contract = await stack.plugAndCharge!.pki.issueContract('DEABCC0000015X');
    process.env[PLUG_AND_CHARGE_ENV.functionName] = 'no-such-function';
    try {
      const answer = await chainStatus([await entry(contract), await entry(contract, 1)]);
      expect(answer.certificateStatus.map((s) => s.status)).toEqual(['Failed', 'Failed']);
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

describe('Authorize with a contract certificate (2.0.1 C07)', () => {
  const emaid = 'DE-ABC-C00000077-Z';
  let contract: TestContract;

  beforeAll(async () => {
    const created = await api(stack, '/api/access-ids', {
      key: tenant.apiKey,
      method: 'POST',
      body: { accessId: { type: 'eMAID', name: 'Contract of the van', ocppIdTag: emaid } },
    });
    expect(created.status).toBe(201);
    expect(created.body.accessId).toMatchObject({ type: 'eMAID', ocppIdTag: 'DEABCC00000077Z' });
    contract = await stack.plugAndCharge!.pki.issueContract('DEABCC00000077Z');
  });

  /** The chain's OCSP request data, leaf first (the contract certificate and MO sub-CA 2). */
  const hashData = async (of: TestContract) => [
    await requestData(of),
    { ...(await certificateHashData(of.chain[1]!, of.chain[2]!)), responderURL: stack.plugAndCharge!.responder.url },
  ];
  const authorize = (idToken: string, extra: Record<string, unknown>) =>
    client.call('Authorize', { idToken: { idToken, type: 'eMAID' }, ...extra });

  it("accepts the eMAID's access ID with a good certificate, named by hash data or by its chain", async () => {
    expect(await authorize('DEABCC00000077Z', { iso15118CertificateHashData: await hashData(contract) })).toEqual({
      idTokenInfo: { status: 'Accepted' },
      certificateStatus: 'Accepted',
    });
    expect(await authorize(emaid, { certificate: toPemChain(contract.chain) })).toEqual({
      idTokenInfo: { status: 'Accepted' },
      certificateStatus: 'Accepted',
    });
  });

  it('refuses a revoked certificate (CertificateRevoked, Invalid) whatever the access ID says', async () => {
    const revoked = await stack.plugAndCharge!.pki.issueContract('DEABCC00000077Z');
    await stack.plugAndCharge!.pki.revoke(revoked.certificate);
    expect(await authorize(emaid, { iso15118CertificateHashData: await hashData(revoked) })).toEqual({
      idTokenInfo: { status: 'Invalid' },
      certificateStatus: 'CertificateRevoked',
    });
    expect(await authorize(emaid, { certificate: toPemChain(revoked.chain) })).toMatchObject({
      certificateStatus: 'CertificateRevoked',
    });
  });

  it('refuses an unknown eMAID as any unknown token, and a chain of another PKI (CertChainError)', async () => {
    const stranger = await stack.plugAndCharge!.pki.issueContract('DEABCC00000099Z');
    expect(await authorize('DEABCC00000099Z', { iso15118CertificateHashData: await hashData(stranger) })).toEqual({
      idTokenInfo: { status: 'Invalid' },
      certificateStatus: 'Accepted',
    });
    const other = await generateV2gTestPki({ ocspUrl: stack.plugAndCharge!.responder.url });
    const forged = await other.issueContract('DEABCC00000077Z');
    expect(await authorize(emaid, { certificate: toPemChain(forged.chain) })).toEqual({
      idTokenInfo: { status: 'Invalid' },
      certificateStatus: 'CertChainError',
    });
  });

  it("gives OCSP_FALLBACK_STATUS=good only to the PKI's responders, not to a URL the charger named", async () => {
    const unchecked = await stack.plugAndCharge!.pki.issueContract('DEABCC00000077Z');
    // A responder no one runs, on an address the function does not ask (loopback, not trusted).
    const nowhere = (await hashData(unchecked)).map((data) => ({ ...data, responderURL: 'http://127.0.0.1:9/ocsp' }));
    const previous = process.env[PLUG_AND_CHARGE_ENV.fallbackStatus];
    process.env[PLUG_AND_CHARGE_ENV.fallbackStatus] = 'good';
    try {
      expect(await authorize(emaid, { iso15118CertificateHashData: nowhere })).toEqual({
        idTokenInfo: { status: 'Invalid' },
        certificateStatus: 'CertChainError',
      });
    } finally {
      if (previous === undefined) delete process.env[PLUG_AND_CHARGE_ENV.fallbackStatus];
      else process.env[PLUG_AND_CHARGE_ENV.fallbackStatus] = previous;
    }
  });

  it('authorizes the eMAID without certificate as any token, and starts a transaction with it', async () => {
    expect(await authorize(emaid, {})).toEqual({ idTokenInfo: { status: 'Accepted' } });
    const started = await client.call('TransactionEvent', {
      eventType: 'Started',
      timestamp: new Date().toISOString(),
      triggerReason: 'Authorized',
      seqNo: 0,
      transactionInfo: { transactionId: 'PNC-TX-1' },
      evse: { id: 1, connectorId: 1 },
      idToken: { idToken: emaid, type: 'eMAID' },
    });
    expect(started).toEqual({ idTokenInfo: { status: 'Accepted' } });
    // The session names the contract as the spec's `rfid` (what the driver presented) and its eMAID as ocppIdTag.
    const contractId = (await api(stack, '/api/access-ids', { key: tenant.apiKey })).body.data.find(
      (a: { type: string }) => a.type === 'eMAID',
    ).id;
    const chargerId = tenant.chargers.find((c) => c.ocppId === ocppId)!.id;
    const path = `/api/charging-sessions?chargerIds[]=${chargerId}&includeInProgressSessions=true`;
    const sessions = await api(stack, path, { key: tenant.apiKey });
    expect(sessions.body.data[0]).toMatchObject({
      ocppIdTag: 'DEABCC00000077Z',
      rfid: { id: contractId, name: 'Contract of the van' },
    });
    const view = await api(stack, `/api/chargers/${chargerId}`, { key: tenant.apiKey });
    expect(view.body.data.ports[0].currentChargingSession.rfid).toEqual({
      id: contractId,
      name: 'Contract of the van',
    });
  });
});

describe("OCPP 1.6: the whitepaper's DataTransfer mapping", () => {
  const pnc = async (messageId: string, request: unknown) => {
    const answer = (await client16.call('DataTransfer', {
      vendorId: 'org.openchargealliance.iso15118pnc',
      messageId,
      data: typeof request === 'string' ? request : JSON.stringify(request),
    })) as { status: string; data?: string };
    return { status: answer.status, data: answer.data === undefined ? undefined : JSON.parse(answer.data) };
  };

  it('answers Authorize, GetCertificateStatus and Get15118EVCertificate with the 2.0.1 responses as JSON', async () => {
    await api(stack, '/api/access-ids', {
      key: tenant.apiKey,
      method: 'POST',
      body: { accessId: { type: 'eMAID', name: 'Contract 1.6', ocppIdTag: 'DEABCC00000016Z' } },
    });
    const good = await stack.plugAndCharge!.pki.issueContract('DEABCC00000016Z');
    const ocspRequestData = await requestData(good);
    expect(
      await pnc('Authorize', {
        idToken: { idToken: 'DEABCC00000016Z', type: 'eMAID' },
        iso15118CertificateHashData: [ocspRequestData],
      }),
    ).toEqual({ status: 'Accepted', data: { idTokenInfo: { status: 'Accepted' }, certificateStatus: 'Accepted' } });
    const revoked = await stack.plugAndCharge!.pki.issueContract('DEABCC00000016Z');
    await stack.plugAndCharge!.pki.revoke(revoked.certificate);
    expect(
      (
        await pnc('Authorize', {
          idToken: { idToken: 'DEABCC00000016Z', type: 'eMAID' },
          certificate: toPemChain(revoked.chain),
        })
      ).data,
    ).toEqual({
      idTokenInfo: { status: 'Invalid' },
      certificateStatus: 'CertificateRevoked',
    });
    const status = await pnc('GetCertificateStatus', { ocspRequestData });
    expect(status.status).toBe('Accepted');
    expect(statusIn(status.data.ocspResult)).toBe('good');
    const exiRequest = Buffer.from([0x80, 0x98, 0x02, 0x10]).toString('base64');
    const installed = await pnc('Get15118EVCertificate', {
      iso15118SchemaVersion: 'urn:iso:15118:2:2013:MsgDef',
      action: 'Install',
      exiRequest,
    });
    expect(installed.data.status).toBe('Accepted');
    expect(readTestExiResponse(installed.data.exiResponse)?.[0]?.subject).toContain('CN=DEABCC0000042X');
  });

  it('answers Rejected for data that is not the 2.0.1 request, UnknownMessageId for another message', async () => {
    expect(await pnc('GetCertificateStatus', 'not json')).toEqual({ status: 'Rejected', data: undefined });
    expect(await pnc('GetCertificateStatus', { ocspRequestData: { hashAlgorithm: 'MD5' } })).toEqual({
      status: 'Rejected',
      data: undefined,
    });
    expect(await pnc('SignCertificate', { csr: 'x' })).toEqual({ status: 'UnknownMessageId', data: undefined });
    expect(await client16.call('DataTransfer', { vendorId: 'com.example', messageId: 'Authorize' })).toEqual({
      status: 'UnknownVendorId',
    });
  });
});
