/**
 * Customer information as a charger operation (`POST /api/ocpp/customer-information`, OCPP 2.0.1
 * CustomerInformation N09/N10) against ocpp-rpc strict clients: the CALL as sent, a report in
 * NotifyCustomerInformation pages (out of order, one sent twice) settling the result with the
 * report, a request that only clears, Rejected, a 1.6 charger answered notSupported with nothing
 * sent, pages of no request of ours ignored, and bad bodies refused with the field named and
 * nothing sent.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RPCClient } from 'ocpp-rpc';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { connectCharger, pollUntil } from '../support/ocpp';
import type { LocalStack } from '../../../lib/local/stack';

process.env.OCPP_COMMAND_TIMEOUT_MS = '3000';
process.env.OPERATION_WAIT_MS = '4000';

let stack: LocalStack;
let tenant: Tenant;
let v201: RPCClient;
let v16: RPCClient;
const ids = { v16: uniqueOcppId('CI16'), v201: uniqueOcppId('CI201') };
const received: { method: string; params: any }[] = [];
let answer: (params: any) => unknown = () => ({ status: 'Accepted' });

beforeAll(async () => {
  stack = await startTestStack();
  tenant = await createTenant(stack, [
    { ocppId: ids.v16, name: 'Customer 1.6', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
    { ocppId: ids.v201, name: 'Customer 2.0.1', type: 'DCFC', ports: [{ connectorType: 'CCS1' }] },
  ]);
  v201 = await connectCharger(stack, ids.v201, 'ocpp2.0.1', undefined, (c) =>
    c.handle('CustomerInformation', async ({ params }: { params?: unknown }) => {
      received.push({ method: 'CustomerInformation', params });
      return answer(params) as Record<string, unknown>;
    }),
  );
  await v201.call('BootNotification', { reason: 'PowerUp', chargingStation: { vendorName: 'V', model: 'M' } });
  v16 = await connectCharger(stack, ids.v16, 'ocpp1.6');
  await v16.call('BootNotification', { chargePointVendor: 'V', chargePointModel: 'M' });
});
afterAll(async () => {
  await v201?.close();
  await v16?.close();
  await stack?.close();
});
afterEach(() => {
  received.length = 0;
  answer = () => ({ status: 'Accepted' });
});

const post = (body: unknown) =>
  api(stack, '/api/ocpp/customer-information', { key: tenant.apiKey, method: 'POST', body });
const get = (operationId: string) => api(stack, `/api/charger-operations/${operationId}`, { key: tenant.apiKey });
const chargerId = (which: 'v16' | 'v201') => tenant.chargers[which === 'v16' ? 0 : 1]!.id;
const page = (requestId: number, seqNo: number, data: string, tbc: boolean) =>
  v201.call('NotifyCustomerInformation', {
    requestId,
    seqNo,
    data,
    generatedAt: '2026-12-06T10:00:00Z',
    ...(tbc ? { tbc } : {}),
  });

describe('customer information', () => {
  it('asks for a report by ID token; the pages, out of order and one twice, settle it with the report', async () => {
    const { status, body } = await post({
      chargerId: chargerId('v201'),
      idToken: { idToken: 'CARD-0042', type: 'ISO14443' },
    });
    expect(status).toBe(202);
    const requestId = received[0]!.params.requestId;
    expect(received).toEqual([
      {
        method: 'CustomerInformation',
        params: { requestId, report: true, clear: false, idToken: { idToken: 'CARD-0042', type: 'ISO14443' } },
      },
    ]);
    expect(body.data.results[0]).toMatchObject({
      status: 'scheduled',
      ocppStatus: 'Accepted',
      customerInformation: { requestId, complete: false, pages: 0 },
    });
    await page(requestId, 1, 'sessions: 3; ', true);
    await page(requestId, 2, 'last seen 2026-12-01', false);
    // Not all in yet (page 0 missing): still scheduled.
    expect((await get(body.data.operationId)).body.data.results[0].status).toBe('scheduled');
    await page(requestId, 0, 'CARD-0042 authorized 2026-11-02; ', true);
    await page(requestId, 0, 'CARD-0042 authorized 2026-11-02; ', true);
    const done = await pollUntil(
      () => get(body.data.operationId),
      (r) => r.body.data.status !== 'pending',
      'the report to settle',
    );
    expect(done.body.data).toMatchObject({
      status: 'completed',
      results: [
        {
          status: 'accepted',
          customerInformation: {
            requestId,
            complete: true,
            report: 'CARD-0042 authorized 2026-11-02; sessions: 3; last seen 2026-12-01',
            pages: 3,
            generatedAt: '2026-12-06T10:00:00Z',
          },
        },
      ],
    });
    // A page past the most a report may have is answered and not stored (the item would pass 400 KB).
    await expect(page(requestId, 600, 'x'.repeat(512), false)).resolves.toEqual({});
    const { data } = await stack.db.customerInformationRequest
      .get({ chargerId: chargerId('v201'), requestId })
      .go({ consistent: true });
    expect(Object.keys(data!.pages as object).sort()).toEqual(['0', '1', '2']);
  });

  it('clears by customer identifier without a report: accepted at once; Rejected is rejected', async () => {
    const cleared = await post({
      chargerId: chargerId('v201'),
      customerIdentifier: 'customer-7',
      report: false,
      clear: true,
    });
    expect(cleared.status).toBe(200);
    expect(received[0]!.params).toEqual({ requestId: 0, report: false, clear: true, customerIdentifier: 'customer-7' });
    expect(cleared.body.data.results[0]).toMatchObject({ status: 'accepted', ocppStatus: 'Accepted' });
    expect(cleared.body.data.results[0].customerInformation).toBeUndefined();
    answer = () => ({ status: 'Invalid' });
    const invalid = await post({ chargerId: chargerId('v201'), customerIdentifier: 'nobody' });
    expect(invalid.body.data).toMatchObject({
      status: 'failed',
      results: [{ status: 'rejected', ocppStatus: 'Invalid' }],
    });
  });

  it('a 1.6 charger has no such message: notSupported, nothing sent', async () => {
    const { status, body } = await post({ chargerId: chargerId('v16'), customerIdentifier: 'customer-7' });
    expect(status).toBe(200);
    expect(body.data.results[0]).toMatchObject({ status: 'notSupported', error: { code: 'NotSupported' } });
    expect(received).toEqual([]);
  });

  it('a page of no request of ours is answered and changes nothing', async () => {
    await expect(page(999_999_999, 0, 'not ours', false)).resolves.toEqual({});
    const { data } = await stack.db.customerInformationRequest
      .get({ chargerId: chargerId('v201'), requestId: 999_999_999 })
      .go({ consistent: true });
    expect(data).toBeNull();
  });

  it('refuses bad input with 400 naming the field, nothing sent', async () => {
    const paths = async (body: unknown) => {
      const response = await post(body);
      expect(response.status).toBe(400);
      return response.body.errors.map((e: { path: string }) => e.path);
    };
    const target = { chargerId: chargerId('v201') };
    expect(await paths(target)).toEqual(['body.customerIdentifier']);
    expect(await paths({ ...target, customerIdentifier: 'x', report: false, clear: false })).toEqual(['body.report']);
    expect(await paths({ ...target, idToken: { idToken: 'CARD', type: 'Badge' } })).toEqual(['body.idToken.type']);
    expect(
      await paths({
        ...target,
        customerCertificate: { hashAlgorithm: 'SHA256', issuerNameHash: 'zz', issuerKeyHash: 'ab', serialNumber: '01' },
      }),
    ).toEqual(['body.customerCertificate.issuerNameHash']);
    expect(await paths({ ...target, customerIdentifier: 'x'.repeat(65) })).toEqual(['body.customerIdentifier']);
    expect(await paths({ customerIdentifier: 'x' })).toEqual(['body']);
    const unknown = await post({ chargerId: 999_999_999, customerIdentifier: 'x' });
    expect(unknown.status).toBe(404);
    expect(received).toEqual([]);
  });
});
