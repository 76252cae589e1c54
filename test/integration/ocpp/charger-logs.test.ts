import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRPCError, type RPCClient } from 'ocpp-rpc';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { connectCharger, pollUntil, type BaseProtocol } from '../support/ocpp';
import type { LocalStack } from '../../../lib/local/stack';
import { startSimulator, type Simulator } from '../../../lib/simulator';

// A short command deadline (no answer), a short upload timeout (a log that never reports).
process.env.OCPP_COMMAND_TIMEOUT_MS = '1500';
process.env.OPERATION_WAIT_MS = '3000';
process.env.LOG_UPLOAD_TIMEOUT_MS = '6000';

let stack: LocalStack;
let tenant: Tenant;
let other: Tenant;
const ids: Record<BaseProtocol, string> = { 'ocpp1.6': uniqueOcppId('LOG16'), 'ocpp2.0.1': uniqueOcppId('LOG201') };
const simIds: Record<BaseProtocol, string> = {
  'ocpp1.6': uniqueOcppId('LOGSIM16'),
  'ocpp2.0.1': uniqueOcppId('LOGSIM2'),
};

beforeAll(async () => {
  stack = await startTestStack();
  tenant = await createTenant(stack, [
    { ocppId: ids['ocpp1.6'], name: 'Logs 1.6', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
    { ocppId: ids['ocpp2.0.1'], name: 'Logs 2.0.1', type: 'DCFC', ports: [{ connectorType: 'CCS1' }] },
    { ocppId: simIds['ocpp1.6'], name: 'Sim 1.6', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
    { ocppId: simIds['ocpp2.0.1'], name: 'Sim 2.0.1', type: 'DCFC', ports: [{ connectorType: 'CCS1' }] },
  ]);
  other = await createTenant(stack, [
    { ocppId: uniqueOcppId('LOGX'), name: 'Other', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
  ]);
});
afterAll(async () => stack?.close());

const post = (path: string, body: unknown, key = tenant.apiKey) => api(stack, path, { key, method: 'POST', body });
const get = (path: string, key = tenant.apiKey) => api(stack, path, { key });
const paths = (body: { errors: { path: string }[] }) => body.errors.map((e) => e.path);
const ended = (operationId: string) =>
  pollUntil(
    () => get(`/api/charger-operations/${operationId}`),
    (r) => r.body.data.status !== 'pending',
    'the operation to end',
  );

describe.each(['ocpp1.6', 'ocpp2.0.1'] as const)('charger logs on an %s charger', (protocol) => {
  let client: RPCClient;
  const v16 = protocol === 'ocpp1.6';
  const action = v16 ? 'GetDiagnostics' : 'GetLog';
  const received: any[] = [];
  /** What the charger does with a log request: answer, then maybe upload and report. */
  let behave: (params: any) => unknown;
  const notify = (status: string, requestId?: number) =>
    v16
      ? client.call('DiagnosticsStatusNotification', { status })
      : client.call('LogStatusNotification', { status, ...(requestId === undefined ? {} : { requestId }) });
  const locationOf = (params: any): string => (v16 ? params.location : params.log.remoteLocation);
  const upload = async (params: any, bytes: Buffer) => {
    // 1.6 as chargers that take the location as a directory do: the file name appended.
    const url = v16 ? `${locationOf(params)}/diag.log` : locationOf(params);
    const response = await fetch(url, { method: 'PUT', body: bytes });
    expect(response.status).toBe(201);
  };
  const accept = (_params?: unknown) => (v16 ? { fileName: 'diag.log' } : { status: 'Accepted', filename: 'diag.log' });
  const chargerId = () => tenant.chargers[v16 ? 0 : 1]!.id;

  beforeAll(async () => {
    client = await connectCharger(stack, ids[protocol], protocol, undefined, (c) =>
      c.handle(action, async ({ params }: { params?: unknown }) => {
        received.push(params);
        return behave(params) as Record<string, unknown>;
      }),
    );
    await client.call(
      'BootNotification',
      v16
        ? { chargePointVendor: 'V', chargePointModel: 'M' }
        : { reason: 'PowerUp', chargingStation: { vendorName: 'V', model: 'M' } },
    );
  });
  afterAll(async () => client?.close({ force: true }));
  afterEach(() => {
    received.length = 0;
  });

  it('uploads to the URL we issue and the download link gives the same bytes', async () => {
    const bytes = Buffer.from(`log of ${protocol}\n${'x'.repeat(5000)}\n`);
    behave = (params) => {
      setTimeout(async () => {
        await notify('Uploading', params.requestId);
        await upload(params, bytes);
        await notify('Uploaded', params.requestId);
      }, 50);
      return accept(params);
    };
    const { status, body } = await post('/api/ocpp/get-log', {
      chargerId: chargerId(),
      logType: 'DiagnosticsLog',
      oldestTimestamp: '2026-01-01T00:00:00Z',
      retries: 2,
      retryInterval: 30,
    });
    expect(status).toBe(202);
    expect(body.data.results[0]).toMatchObject({ status: 'scheduled', answer: accept({}) });
    const sent = received[0];
    if (v16) {
      expect(sent).toEqual({
        location: expect.any(String),
        startTime: '2026-01-01T00:00:00Z',
        retries: 2,
        retryInterval: 30,
      });
    } else {
      expect(sent).toEqual({
        requestId: expect.any(Number),
        logType: 'DiagnosticsLog',
        log: { remoteLocation: expect.any(String), oldestTimestamp: '2026-01-01T00:00:00Z' },
        retries: 2,
        retryInterval: 30,
      });
    }
    expect(locationOf(sent)).toMatch(new RegExp(`^${stack.url}/uploads/`));
    const done = await ended(body.data.operationId);
    expect(done.body.data).toMatchObject({ status: 'completed', results: [{ status: 'accepted' }] });
    const logs = await get(`/api/charger-operations/${body.data.operationId}/logs`);
    expect(logs.status).toBe(200);
    expect(logs.body.data).toEqual([
      {
        chargerId: chargerId(),
        ocppId: ids[protocol],
        requestId: expect.any(Number),
        logType: 'DiagnosticsLog',
        status: 'uploaded',
        ocppStatus: 'Uploaded',
        fileName: 'diag.log',
        sizeBytes: bytes.length,
        uploadedAt: expect.any(String),
        downloadUrl: expect.stringMatching(/\/downloads\//),
        downloadUrlExpiresAt: expect.any(String),
      },
    ]);
    if (!v16) expect(logs.body.data[0].requestId).toBe(sent.requestId);
    const download = await fetch(logs.body.data[0].downloadUrl);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="diag.log"');
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
    // The upload link is single-use: replayed after the operation completed, 410, the file untouched.
    const replay = await fetch(locationOf(sent), { method: 'PUT', body: 'replayed' });
    expect(replay.status).toBe(410);
    expect(await replay.json()).toMatchObject({ type: '/problems/upload-link-used' });
    const again = await fetch(logs.body.data[0].downloadUrl);
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    // The upload link is for uploads only; the download link for downloads only.
    const downloadUrl: string = logs.body.data[0].downloadUrl;
    expect((await fetch(downloadUrl.replace('/downloads/', '/uploads/'), { method: 'PUT', body: 'x' })).status).toBe(
      403,
    );
    expect((await fetch(locationOf(sent).replace('/uploads/', '/downloads/'))).status).toBe(403);
    expect((await fetch(`${downloadUrl}x`)).status).toBe(403);
    // Another organization sees neither the operation nor its logs.
    expect((await get(`/api/charger-operations/${body.data.operationId}/logs`, other.apiKey)).status).toBe(404);
    expect((await get(`/api/charger-operations/${body.data.operationId}`, other.apiKey)).status).toBe(404);
  });

  it('refuses bad input with 400 or 404 naming the field, nothing sent', async () => {
    const unknownType = await post('/api/ocpp/get-log', { chargerId: chargerId(), logType: 'DataCollectorLog' });
    expect(unknownType.status).toBe(400);
    expect(paths(unknownType.body)).toEqual(['body.logType']);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const late = await post('/api/ocpp/get-log', {
      chargerId: chargerId(),
      logType: 'DiagnosticsLog',
      oldestTimestamp: future,
    });
    expect(late.status).toBe(400);
    expect(paths(late.body)).toEqual(['body.oldestTimestamp']);
    const reversed = await post('/api/ocpp/get-log', {
      chargerId: chargerId(),
      logType: 'DiagnosticsLog',
      oldestTimestamp: '2026-02-01T00:00:00Z',
      latestTimestamp: '2026-01-01T00:00:00Z',
    });
    expect(paths(reversed.body)).toEqual(['body.latestTimestamp']);
    const unknown = await post('/api/ocpp/get-log', { chargerId: 999_999_999, logType: 'DiagnosticsLog' });
    expect(unknown.status).toBe(404);
    const foreign = await post('/api/ocpp/get-log', { chargerId: other.chargers[0]!.id, logType: 'DiagnosticsLog' });
    expect(foreign.status).toBe(404);
    expect(received.length).toBe(0);
  });

  it('Rejected (1.6: no file named) is rejected; the logs say it failed, not pending', async () => {
    behave = () => (v16 ? {} : { status: 'Rejected' });
    const { status, body } = await post('/api/ocpp/get-log', { chargerId: chargerId(), logType: 'DiagnosticsLog' });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ status: 'failed', results: [{ status: 'rejected' }] });
    if (!v16) expect(body.data.results[0].ocppStatus).toBe('Rejected');
    const logs = await get(`/api/charger-operations/${body.data.operationId}/logs`);
    expect(logs.body.data[0]).toMatchObject({ status: 'failed', ocppStatus: 'NotAccepted', downloadUrl: null });
  });

  it('CALLERROR NotSupported is notSupported; no answer is timeout; the logs say failed for both', async () => {
    behave = () => {
      throw createRPCError('NotSupported', 'no logs here');
    };
    const unsupported = await post('/api/ocpp/get-log', { chargerId: chargerId(), logType: 'DiagnosticsLog' });
    expect(unsupported.body.data.results[0]).toMatchObject({
      status: 'notSupported',
      error: { code: 'NotSupported', description: 'no logs here' },
    });
    behave = () => new Promise(() => {});
    const silent = await post('/api/ocpp/get-log', { chargerId: chargerId(), logType: 'DiagnosticsLog' });
    expect(silent.body.data).toMatchObject({
      status: 'failed',
      results: [{ status: 'timeout', error: { code: 'Timeout' } }],
    });
    // mobilityhouse's ocpp answers CALLERROR NotImplemented: its logs showed pending for ever.
    for (const operation of [unsupported, silent]) {
      const logs = await get(`/api/charger-operations/${operation.body.data.operationId}/logs`);
      expect(logs.body.data[0]).toMatchObject({ status: 'failed', ocppStatus: 'NotAccepted', downloadUrl: null });
    }
  });

  it('a failed upload is failed with the status the charger reported', async () => {
    const failure = v16 ? 'UploadFailed' : 'UploadFailure';
    behave = (params) => {
      setTimeout(async () => {
        await notify('Uploading', params.requestId);
        await notify(failure, params.requestId);
      }, 50);
      return accept(params);
    };
    const { body } = await post('/api/ocpp/get-log', { chargerId: chargerId(), logType: 'DiagnosticsLog' });
    const done = await ended(body.data.operationId);
    expect(done.body.data).toMatchObject({
      status: 'failed',
      results: [{ status: 'failed', error: { code: failure }, settledAt: expect.any(String) }],
    });
    const logs = await get(`/api/charger-operations/${body.data.operationId}/logs`);
    expect(logs.body.data[0]).toMatchObject({ status: 'failed', ocppStatus: failure, downloadUrl: null });
  });

  it('"Uploaded" with nothing stored is failed (UploadMissing)', async () => {
    behave = (params) => {
      setTimeout(() => notify('Uploaded', params.requestId), 50);
      return accept(params);
    };
    const { body } = await post('/api/ocpp/get-log', { chargerId: chargerId(), logType: 'DiagnosticsLog' });
    const done = await ended(body.data.operationId);
    expect(done.body.data.results[0]).toMatchObject({ status: 'failed', error: { code: 'UploadMissing' } });
  });

  it('a log that never reports times out (LOG_UPLOAD_TIMEOUT_MS)', async () => {
    behave = accept;
    const { body } = await post('/api/ocpp/get-log', { chargerId: chargerId(), logType: 'DiagnosticsLog' });
    expect(body.data.results[0].status).toBe('scheduled');
    const done = await pollUntil(
      () => get(`/api/charger-operations/${body.data.operationId}`),
      (r) => r.body.data.status !== 'pending',
      'the upload to time out',
      15_000,
    );
    expect(done.body.data).toMatchObject({
      status: 'failed',
      results: [{ status: 'timeout', error: { code: 'ScheduledTimeout' } }],
    });
  });
});

it('a 2.0.1 AcceptedCanceled cancels the upload in progress', async () => {
  const client = await connectCharger(stack, ids['ocpp2.0.1'], 'ocpp2.0.1', undefined, (c) => {
    let first = true;
    c.handle('GetLog', async () => {
      const answer = first ? { status: 'Accepted' } : { status: 'AcceptedCanceled' };
      first = false;
      return answer;
    });
  });
  try {
    const chargerId = tenant.chargers[1]!.id;
    const one = await post('/api/ocpp/get-log', { chargerId, logType: 'SecurityLog' });
    const two = await post('/api/ocpp/get-log', { chargerId, logType: 'SecurityLog' });
    expect(two.body.data.results[0]).toMatchObject({ status: 'scheduled', ocppStatus: 'AcceptedCanceled' });
    const done = await ended(one.body.data.operationId);
    expect(done.body.data.results[0]).toMatchObject({ status: 'failed', error: { code: 'AcceptedCanceled' } });
  } finally {
    await client.close();
  }
});

it("a 1.6 security log goes as the security extension's GetLog, settled by LogStatusNotification; without the extension it is notSupported", async () => {
  const chargerId = tenant.chargers[0]!.id;
  const sent: any[] = [];
  const client = await connectCharger(stack, ids['ocpp1.6'], 'ocpp1.6', undefined, (c) =>
    c.handle('GetLog', async ({ params }: { params?: any }) => {
      sent.push(params);
      setTimeout(async () => {
        await c.call('LogStatusNotification', { status: 'Uploading', requestId: params.requestId });
        expect((await fetch(params.log.remoteLocation, { method: 'PUT', body: 'security log\n' })).status).toBe(201);
        await c.call('LogStatusNotification', { status: 'Uploaded', requestId: params.requestId });
      }, 50);
      return { status: 'Accepted', filename: 'security.log' };
    }),
  );
  try {
    const { status, body } = await post('/api/ocpp/get-log', { chargerId, logType: 'SecurityLog', retries: 1 });
    expect(status).toBe(202);
    expect(sent).toEqual([
      {
        requestId: expect.any(Number),
        logType: 'SecurityLog',
        log: { remoteLocation: expect.any(String) },
        retries: 1,
      },
    ]);
    const done = await ended(body.data.operationId);
    expect(done.body.data).toMatchObject({ status: 'completed', results: [{ status: 'accepted' }] });
    const logs = await get(`/api/charger-operations/${body.data.operationId}/logs`);
    expect(logs.body.data[0]).toMatchObject({
      requestId: sent[0].requestId,
      logType: 'SecurityLog',
      status: 'uploaded',
      ocppStatus: 'Uploaded',
      fileName: 'security.log',
    });
    expect(await (await fetch(logs.body.data[0].downloadUrl)).text()).toBe('security log\n');
  } finally {
    await client.close();
  }
  // A charger without the security extension: ocpp-rpc answers the unknown action NotImplemented.
  const plain = await connectCharger(stack, ids['ocpp1.6'], 'ocpp1.6');
  try {
    const { body } = await post('/api/ocpp/get-log', { chargerId, logType: 'SecurityLog' });
    expect(body.data.results[0]).toMatchObject({ status: 'notSupported', error: { code: 'NotImplemented' } });
  } finally {
    await plain.close();
  }
});

describe.each(['ocpp1.6', 'ocpp2.0.1'] as const)('the %s simulator', (protocol) => {
  let sim: Simulator;
  const chargerId = () => tenant.chargers[protocol === 'ocpp1.6' ? 2 : 3]!.id;
  beforeAll(async () => {
    sim = await startSimulator({ ocppId: simIds[protocol], protocol, url: stack.ocppUrl });
  });
  afterAll(async () => sim?.close());

  it.each(['DiagnosticsLog', 'SecurityLog'])(
    'uploads a generated %s with PUT to the URL it is given, and the link downloads it',
    async (logType) => {
      const { body } = await post('/api/ocpp/get-log', { chargerId: chargerId(), logType });
      const done = await ended(body.data.operationId);
      expect(done.body.data).toMatchObject({ status: 'completed', results: [{ status: 'accepted' }] });
      const logs = await get(`/api/charger-operations/${body.data.operationId}/logs`);
      const [log] = logs.body.data;
      expect(log).toMatchObject({ status: 'uploaded', ocppStatus: 'Uploaded', logType });
      expect(log.fileName).toMatch(/\.log$/);
      const download = await fetch(log.downloadUrl);
      const bytes = Buffer.from(await download.arrayBuffer());
      expect(bytes.length).toBe(log.sizeBytes);
      expect(bytes.toString()).toMatch(new RegExp(`^# ${logType} of `));
      const stored = await readFile(
        join(process.env.LOG_DIR!, 'logs', String(tenant.organizationId), String(chargerId()), String(log.requestId)),
      );
      expect(bytes.equals(stored)).toBe(true);
    },
  );

  it('reports the upload failed when the URL cannot be reached', async () => {
    const base = process.env.LOG_UPLOAD_BASE_URL;
    process.env.LOG_UPLOAD_BASE_URL = 'http://127.0.0.1:9'; // discard port: nothing listens
    try {
      const { body } = await post('/api/ocpp/get-log', { chargerId: chargerId(), logType: 'DiagnosticsLog' });
      const done = await ended(body.data.operationId);
      expect(done.body.data.results[0]).toMatchObject({
        status: 'failed',
        error: { code: protocol === 'ocpp1.6' ? 'UploadFailed' : 'UploadFailure' },
      });
    } finally {
      process.env.LOG_UPLOAD_BASE_URL = base;
    }
  });
});
