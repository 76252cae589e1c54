import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRPCError, type RPCClient } from 'ocpp-rpc';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { connectCharger, connectRaw, pollUntil, type BaseProtocol } from '../support/ocpp';
import type { LocalStack } from '../../../lib/local/stack';
import { startSimulator, type Simulator } from '../../../lib/simulator';
import { createCaCertificate } from '../../../shared/certificates/authority';
import { generateEcKey, keyObjectSigner } from '../../../shared/certificates/ca-signer';

// A short command deadline (the no-answer path), and an answer awaited long enough for a charger
// that answers at once.
process.env.OCPP_COMMAND_TIMEOUT_MS = '1500';
process.env.OPERATION_WAIT_MS = '3000';

let stack: LocalStack;
let tenant: Tenant;
const ids: Record<BaseProtocol, string> = { 'ocpp1.6': uniqueOcppId('FW16'), 'ocpp2.0.1': uniqueOcppId('FW201') };
const simIds: Record<BaseProtocol, string> = {
  'ocpp1.6': uniqueOcppId('FWSIM16'),
  'ocpp2.0.1': uniqueOcppId('FWSIM2'),
};
const garbageId = uniqueOcppId('FWBAD');
const LOCATION = 'https://firmware.example.com/v2.bin';
/** A firmware signing certificate (a real one: its shape is checked) and a signature. */
let signingCertificate: string;
const SIGNATURE = 'c2lnbmF0dXJl';

beforeAll(async () => {
  const now = Date.now();
  signingCertificate = (
    await createCaCertificate(keyObjectSigner(generateEcKey(), 'memory'), {
      subject: 'CN=Firmware Signing',
      notBefore: new Date(now - 60_000),
      notAfter: new Date(now + 86_400_000),
    })
  ).toString('pem');
  stack = await startTestStack();
  tenant = await createTenant(stack, [
    { ocppId: ids['ocpp1.6'], name: 'Fw 1.6', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
    { ocppId: ids['ocpp2.0.1'], name: 'Fw 2.0.1', type: 'DCFC', ports: [{ connectorType: 'CCS1' }] },
    { ocppId: simIds['ocpp1.6'], name: 'Sim 1.6', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
    { ocppId: simIds['ocpp2.0.1'], name: 'Sim 2.0.1', type: 'DCFC', ports: [{ connectorType: 'CCS1' }] },
    { ocppId: garbageId, name: 'Garbage', type: 'DCFC', ports: [{ connectorType: 'CCS1' }] },
  ]);
});
afterAll(async () => stack?.close());

const post = (path: string, body: unknown) => api(stack, path, { key: tenant.apiKey, method: 'POST', body });
const get = (path: string) => api(stack, path, { key: tenant.apiKey });
/** Reads the operation (each read settles what can be) until `done` holds. */
const readUntil = (operationId: string, done: (operation: any) => boolean, what: string) =>
  pollUntil(async () => (await get(`/api/charger-operations/${operationId}`)).body.data, done, what);

describe.each(['ocpp1.6', 'ocpp2.0.1'] as const)('update firmware on an %s charger (strict client)', (protocol) => {
  let client: RPCClient;
  const received: { params: any; method?: string }[] = [];
  let answer: (params: any) => unknown;
  const v16 = protocol === 'ocpp1.6';
  const accepted = () => (v16 ? {} : { status: 'Accepted' });
  const chargerId = () => tenant.chargers[v16 ? 0 : 1]!.id;
  const boot = (c: RPCClient) =>
    c.call(
      'BootNotification',
      v16
        ? { chargePointVendor: 'V', chargePointModel: 'M' }
        : { reason: 'FirmwareUpdate', chargingStation: { vendorName: 'V', model: 'M' } },
    );
  const handlers = (c: RPCClient) => {
    for (const action of v16 ? ['UpdateFirmware', 'SignedUpdateFirmware'] : ['UpdateFirmware']) {
      c.handle(action, async ({ method, params }: { method?: string; params?: unknown }) => {
        received.push({ params, ...(method === 'UpdateFirmware' ? {} : { method }) });
        return answer(params) as Record<string, unknown>;
      });
    }
  };
  /** FirmwareStatusNotification of the request (2.0.1 names it). */
  const notify = (status: string, requestId: number) =>
    client.call('FirmwareStatusNotification', v16 ? { status } : { status, requestId });

  beforeAll(async () => {
    client = await connectCharger(stack, ids[protocol], protocol, undefined, handlers);
    await boot(client);
  });
  afterAll(async () => client?.close({ force: true }));
  afterEach(() => {
    received.length = 0;
    answer = accepted;
  });
  answer = accepted;

  it('sends UpdateFirmware, follows the statuses across a reboot (disconnect, BootNotification) to Installed', async () => {
    const retrieveDate = new Date(Date.now() + 1000).toISOString();
    const { status, body } = await post('/api/ocpp/update-firmware', {
      chargerId: chargerId(),
      location: LOCATION,
      retrieveDate,
      retries: 3,
      retryInterval: 60,
      ...(v16 ? {} : { signature: SIGNATURE, signingCertificate }),
    });
    expect(status).toBe(202);
    const result = body.data.results[0];
    expect(result).toMatchObject({ status: 'scheduled', ocppStatus: 'Accepted', firmware: { history: [] } });
    const requestId = result.firmware.requestId as number;
    expect(received).toEqual([
      {
        params: v16
          ? { location: LOCATION, retrieveDate, retries: 3, retryInterval: 60 }
          : {
              requestId,
              firmware: {
                location: LOCATION,
                retrieveDateTime: retrieveDate,
                signature: SIGNATURE,
                signingCertificate,
              },
              retries: 3,
              retryInterval: 60,
            },
      },
    ]);

    await notify('Downloading', requestId);
    await notify('Downloaded', requestId);
    await notify('Installing', requestId);
    const progress = await readUntil(
      body.data.operationId,
      (o) => o.results[0].firmware.history.length === 3,
      'progress',
    );
    expect(progress).toMatchObject({
      status: 'pending',
      results: [{ status: 'scheduled', firmware: { status: 'Installing' } }],
    });
    // The reboot: the connection drops, the charger connects again and boots; not a failure.
    await client.close({ force: true });
    client = await connectCharger(stack, ids[protocol], protocol, undefined, handlers);
    await boot(client);
    expect((await get(`/api/charger-operations/${body.data.operationId}`)).body.data.status).toBe('pending');
    await notify('Installed', requestId);
    const done = await readUntil(body.data.operationId, (o) => o.status !== 'pending', 'the update to end');
    expect(done).toMatchObject({
      status: 'completed',
      results: [{ status: 'accepted', firmware: { requestId, status: 'Installed' }, settledAt: expect.any(String) }],
    });
    expect(done.results[0].firmware.history.map((h: { status: string }) => h.status)).toEqual([
      'Downloading',
      'Downloaded',
      'Installing',
      'Installed',
    ]);
  });

  it('sends signed firmware (1.6: SignedUpdateFirmware), settled by the signed statuses; a bad signature fails', async () => {
    answer = () => ({ status: 'Accepted' }); // SignedUpdateFirmware answers with a status, as 2.0.1 does
    const installDate = new Date(Date.now() + 2000).toISOString();
    const { status, body } = await post('/api/ocpp/update-firmware', {
      chargerId: chargerId(),
      location: LOCATION,
      installDate,
      signature: SIGNATURE,
      signingCertificate,
    });
    expect(status).toBe(202);
    const { requestId } = body.data.results[0].firmware;
    expect(received).toEqual([
      {
        params: {
          requestId,
          firmware: {
            location: LOCATION,
            retrieveDateTime: expect.any(String),
            installDateTime: installDate,
            signingCertificate,
            signature: SIGNATURE,
          },
        },
        ...(v16 ? { method: 'SignedUpdateFirmware' } : {}),
      },
    ]);
    const notifySigned = (status: string) =>
      v16
        ? client.call('SignedFirmwareStatusNotification', { status, requestId })
        : client.call('FirmwareStatusNotification', { status, requestId });
    for (const step of ['Downloading', 'Downloaded', 'SignatureVerified', 'Installing', 'Installed']) {
      await notifySigned(step);
    }
    const done = await readUntil(body.data.operationId, (o) => o.status !== 'pending', 'the update to end');
    expect(done.results[0]).toMatchObject({ status: 'accepted', firmware: { requestId, status: 'Installed' } });

    const tampered = await post('/api/ocpp/update-firmware', {
      chargerId: chargerId(),
      location: LOCATION,
      signature: SIGNATURE,
      signingCertificate,
    });
    const tamperedId = tampered.body.data.results[0].firmware.requestId;
    await (v16
      ? client.call('SignedFirmwareStatusNotification', { status: 'InvalidSignature', requestId: tamperedId })
      : client.call('FirmwareStatusNotification', { status: 'InvalidSignature', requestId: tamperedId }));
    const failed = await readUntil(tampered.body.data.operationId, (o) => o.status !== 'pending', 'the failure');
    expect(failed.results[0]).toMatchObject({ status: 'failed', error: { code: 'InvalidSignature' } });
  });

  it('fails with the status a failed install reports; a later request gets a new requestId', async () => {
    const first = await post('/api/ocpp/update-firmware', {
      chargerId: chargerId(),
      location: 'ftp://fw.example.com/a.bin',
    });
    const second = await post('/api/ocpp/update-firmware', {
      chargerId: chargerId(),
      location: 'ftps://fw.example.com/b.bin',
    });
    const requestId = second.body.data.results[0].firmware.requestId;
    expect(requestId).toBeGreaterThan(first.body.data.results[0].firmware.requestId);
    // The first request's result is replaced by the second.
    const superseded = await readUntil(first.body.data.operationId, (o) => o.status !== 'pending', 'the first to end');
    expect(superseded.results[0]).toMatchObject({ status: 'failed', error: { code: 'FirmwareSuperseded' } });
    await notify('Downloading', requestId);
    await notify('Downloaded', requestId);
    await notify('Installing', requestId);
    await notify('InstallationFailed', requestId);
    const done = await readUntil(second.body.data.operationId, (o) => o.status !== 'pending', 'the update to end');
    expect(done).toMatchObject({
      status: 'failed',
      results: [
        { status: 'failed', error: { code: 'InstallationFailed' }, firmware: { status: 'InstallationFailed' } },
      ],
    });
  });

  it('marks an update with no status for the stall timeout as timeout FirmwareStalled', async () => {
    process.env.FIRMWARE_STALL_MS = '1500';
    try {
      const { body } = await post('/api/ocpp/update-firmware', { chargerId: chargerId(), location: LOCATION });
      await notify('Downloading', body.data.results[0].firmware.requestId);
      const done = await readUntil(body.data.operationId, (o) => o.status !== 'pending', 'the stall');
      expect(done.results[0]).toMatchObject({
        status: 'timeout',
        error: { code: 'FirmwareStalled' },
        firmware: { status: 'Downloading' },
      });
    } finally {
      delete process.env.FIRMWARE_STALL_MS;
    }
  });

  it('records Rejected (2.0.1), CALLERROR NotSupported and no answer', async () => {
    if (!v16) {
      answer = () => ({ status: 'Rejected' });
      const rejected = await post('/api/ocpp/update-firmware', { chargerId: chargerId(), location: LOCATION });
      expect(rejected.body.data).toMatchObject({
        status: 'failed',
        results: [{ status: 'rejected', ocppStatus: 'Rejected' }],
      });
      answer = () => ({ status: 'InvalidCertificate' });
      const invalid = await post('/api/ocpp/update-firmware', { chargerId: chargerId(), location: LOCATION });
      expect(invalid.body.data.results[0]).toMatchObject({ status: 'rejected', ocppStatus: 'InvalidCertificate' });
    }
    answer = () => {
      throw createRPCError('NotSupported', 'no firmware updates here');
    };
    const unsupported = await post('/api/ocpp/update-firmware', { chargerId: chargerId(), location: LOCATION });
    expect(unsupported.status).toBe(200);
    expect(unsupported.body.data).toMatchObject({
      status: 'failed',
      results: [{ status: 'notSupported', error: { code: 'NotSupported', description: 'no firmware updates here' } }],
    });
    answer = () => new Promise(() => {});
    const silent = await post('/api/ocpp/update-firmware', { chargerId: chargerId(), location: LOCATION });
    expect(silent.body.data).toMatchObject({
      status: 'failed',
      results: [{ status: 'timeout', error: { code: 'Timeout' } }],
    });
  });

  it('refuses bad input with 400 or 404 naming the field, and sends nothing', async () => {
    const paths = async (body: unknown) => {
      const response = await post('/api/ocpp/update-firmware', body);
      expect(response.status).toBe(400);
      return response.body.errors.map((e: { path: string }) => e.path);
    };
    expect(await paths({ chargerId: chargerId(), location: 'http://fw.example.com/a.bin' })).toEqual(['body.location']);
    expect(await paths({ chargerId: chargerId(), location: 'not a url' })).toEqual(['body.location']);
    expect(
      await paths({
        chargerId: chargerId(),
        location: LOCATION,
        retrieveDate: new Date(Date.now() - 3_600_000).toISOString(),
      }),
    ).toEqual(['body.retrieveDate']);
    expect(await paths({ location: LOCATION })).toEqual(['body']);
    expect(
      await paths({ chargerId: chargerId(), location: LOCATION, signature: 'not base64!', signingCertificate }),
    ).toEqual(['body.signature']);
    expect(
      await paths({ chargerId: chargerId(), location: LOCATION, signature: SIGNATURE, signingCertificate: 'MIIB' }),
    ).toEqual(['body.signingCertificate']);
    expect(
      await paths({
        chargerId: chargerId(),
        location: LOCATION,
        signature: SIGNATURE,
        signingCertificate: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----',
      }),
    ).toEqual(['body.signingCertificate']);
    if (v16) {
      // 1.6 SignedUpdateFirmware needs both; 1.6 UpdateFirmware takes no install date.
      expect(await paths({ chargerId: chargerId(), location: LOCATION, signature: SIGNATURE })).toEqual([
        'body.signingCertificate',
      ]);
      expect(
        await paths({
          chargerId: chargerId(),
          location: LOCATION,
          installDate: new Date(Date.now() + 60_000).toISOString(),
        }),
      ).toEqual(['body.installDate']);
    }
    const unknown = await post('/api/ocpp/update-firmware', { chargerId: 999_999_999, location: LOCATION });
    expect(unknown.status).toBe(404);
    expect(received).toEqual([]);
  });
});

describe.each(['ocpp1.6', 'ocpp2.0.1'] as const)('the %s simulator updates its firmware', (protocol) => {
  let sim: Simulator;
  const charger = () => tenant.chargers[protocol === 'ocpp1.6' ? 2 : 3]!;
  const stored = async () => (await stack.db.charger.get({ chargerId: charger().id }).go({ consistent: true })).data!;

  beforeAll(async () => {
    sim = await startSimulator({ ocppId: simIds[protocol], protocol, url: stack.ocppUrl, firmware: { stepMs: 50 } });
  });
  afterAll(async () => sim?.close());

  it('goes through its states, reboots and ends Installed', async () => {
    const before = await stored();
    const { body } = await post('/api/ocpp/update-firmware', { chargerId: charger().id, location: LOCATION });
    const done = await readUntil(body.data.operationId, (o) => o.status !== 'pending', 'the update to end');
    expect(done.status).toBe('completed');
    expect(done.results[0].firmware.history.map((h: { status: string }) => h.status)).toEqual(
      protocol === 'ocpp1.6'
        ? ['Downloading', 'Downloaded', 'Installing', 'Installed']
        : ['Downloading', 'Downloaded', 'Installing', 'InstallRebooting', 'Installed'],
    );
    const after = await stored();
    expect(after.lastBootAt! > before.lastBootAt!).toBe(true);
    expect(after.currentConnectionId).not.toBe(before.currentConnectionId);
  });

  it('fails as the URL asks (fail-download): DownloadFailed', async () => {
    const { body } = await post('/api/ocpp/update-firmware', {
      chargerId: charger().id,
      location: 'https://firmware.example.com/fail-download/v3.bin',
    });
    const done = await readUntil(body.data.operationId, (o) => o.status !== 'pending', 'the update to end');
    expect(done.results[0]).toMatchObject({ status: 'failed', error: { code: 'DownloadFailed' } });
  });
});

describe('a charger that answers garbage', () => {
  it('gets a CALLERROR-shaped failure (InvalidAnswer) on the operation, which never stays pending', async () => {
    const raw = await connectRaw(stack, garbageId, 'ocpp2.0.1');
    try {
      await raw.exchange(
        JSON.stringify([
          2,
          'boot-1',
          'BootNotification',
          { reason: 'PowerUp', chargingStation: { model: 'M', vendorName: 'V' } },
        ]),
      );
      raw.ws.on('message', (data) => {
        const frame = JSON.parse(String(data));
        if (frame[0] === 2) raw.ws.send(JSON.stringify([3, frame[1], { status: 'Sure', extra: [1, 2] }]));
      });
      const { status, body } = await post('/api/ocpp/update-firmware', {
        chargerId: tenant.chargers[4]!.id,
        location: LOCATION,
      });
      expect(status).toBe(200);
      expect(body.data).toMatchObject({
        status: 'failed',
        results: [{ status: 'failed', error: { code: 'InvalidAnswer', description: expect.any(String) } }],
      });
    } finally {
      await raw.close();
    }
  });
});
