/**
 * Publish-firmware operations (`POST /api/ocpp/publish-firmware`, `unpublish-firmware`) against
 * ocpp-rpc strict clients: the CALLs a 2.0.1 local controller takes (our requestId), its
 * PublishFirmwareStatusNotifications settling the result (Published accepted with the locations, a
 * failure status failed with it as the code, a status that overtakes the answer kept), a status of
 * no request of ours answered and ignored, UnpublishFirmware's answers mapped, a 1.6 charger
 * notSupported with nothing sent, and bad bodies refused with nothing sent.
 */
import { describe, expect, it } from 'vitest';
import { pollUntil } from '../support/ocpp';
import { useOperationChargers, type RefusedBody } from '../support/operation-chargers';

const CHECKSUM = '9e107d9d372bb6826bd81d3542a419d6';
const LOCATION = 'https://fw.example.com/controller/4.2.bin';

/** The chargers, and what they received of the CALLs and how they answer them. */
const chargers = useOperationChargers({
  idPrefix: 'PUB',
  name: 'Publish',
  actions: ['PublishFirmware', 'UnpublishFirmware'],
});
const { post, received, operation: get } = chargers;

describe('an OCPP 2.0.1 local controller', () => {
  const station = chargers.connected('ocpp2.0.1');
  const { chargerId } = station;
  const notify = (params: Record<string, unknown>) => station.client.call('PublishFirmwareStatusNotification', params);
  /** Reads the operation until it has ended. */
  const ended = (operationId: string) =>
    pollUntil(
      () => get(operationId),
      (r) => r.body.data.status !== 'pending',
      'the publication to settle',
    );

  it('publishes under our requestId; its statuses settle the result, Published with the locations', async () => {
    // The controller's first status overtakes its answer: the request is written before the CALL.
    chargers.answer = (_action, params) => {
      void notify({ status: 'DownloadScheduled', requestId: params.requestId });
      return { status: 'Accepted' };
    };
    const { status, body } = await post('publish-firmware', {
      chargerId: chargerId(),
      location: LOCATION,
      checksum: CHECKSUM,
      retries: 2,
      retryInterval: 30,
    });
    expect(status).toBe(202);
    const requestId = received[0]!.params.requestId;
    expect(Number.isInteger(requestId) && requestId > 0).toBe(true);
    expect(received).toEqual([
      {
        action: 'PublishFirmware',
        params: { requestId, location: LOCATION, checksum: CHECKSUM, retries: 2, retryInterval: 30 },
      },
    ]);
    expect(body.data.results[0]).toMatchObject({
      status: 'scheduled',
      ocppStatus: 'Accepted',
      firmware: { requestId, history: [] },
    });
    const served = ['http://192.168.1.10/fw/4.2.bin', 'ftp://192.168.1.10/fw/4.2.bin'];
    for (const step of ['Downloading', 'Downloaded', 'ChecksumVerified']) {
      await expect(notify({ status: step, requestId })).resolves.toEqual({});
    }
    expect((await get(body.data.operationId)).body.data.results[0]).toMatchObject({
      status: 'scheduled',
      firmware: { requestId, status: 'ChecksumVerified' },
    });
    await notify({ status: 'Published', requestId, location: served });
    const done = await ended(body.data.operationId);
    const result = done.body.data.results[0];
    expect(done.body.data.status).toBe('completed');
    expect(result).toMatchObject({
      status: 'accepted',
      firmware: { requestId, status: 'Published', locations: served },
    });
    expect(result.firmware.history.map((h: { status: string }) => h.status)).toEqual([
      'DownloadScheduled',
      'Downloading',
      'Downloaded',
      'ChecksumVerified',
      'Published',
    ]);
    expect(result.note).toMatch(/^firmware published at /);
  });

  it('a failure status fails the result with the status as its code; Rejected is rejected', async () => {
    chargers.answer = () => ({ status: 'Accepted' });
    const { body } = await post('publish-firmware', { chargerId: chargerId(), location: LOCATION, checksum: CHECKSUM });
    const requestId = body.data.results[0].firmware.requestId;
    expect(received[0]!.params).toEqual({ requestId, location: LOCATION, checksum: CHECKSUM });
    await notify({ status: 'Downloaded', requestId });
    await notify({ status: 'InvalidChecksum', requestId });
    const done = await ended(body.data.operationId);
    expect(done.body.data).toMatchObject({
      status: 'failed',
      results: [{ status: 'failed', error: { code: 'InvalidChecksum' }, firmware: { status: 'InvalidChecksum' } }],
    });

    chargers.answer = () => ({ status: 'Rejected', statusInfo: { reasonCode: 'Busy' } });
    const rejected = await post('publish-firmware', { chargerId: chargerId(), location: LOCATION, checksum: CHECKSUM });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data.results[0]).toMatchObject({ status: 'rejected', ocppStatus: 'Rejected' });
  });

  it('answers a status of no request of ours and changes nothing', async () => {
    chargers.answer = () => ({ status: 'Accepted' });
    const { body } = await post('publish-firmware', { chargerId: chargerId(), location: LOCATION, checksum: CHECKSUM });
    const requestId = body.data.results[0].firmware.requestId;
    await expect(notify({ status: 'Published', requestId: 999_999_999, location: ['http://x/'] })).resolves.toEqual({});
    await expect(notify({ status: 'Idle' })).resolves.toEqual({});
    const { data } = await chargers.stack.db.publishFirmwareRequest
      .get({ chargerId: chargerId(), requestId: 999_999_999 })
      .go({ consistent: true });
    expect(data).toBeNull();
    const read = await get(body.data.operationId);
    expect(read.body.data.results[0]).toMatchObject({ status: 'scheduled', firmware: { requestId, history: [] } });
  });

  it('unpublishes by checksum: Unpublished accepted, NoFirmware and DownloadOngoing rejected', async () => {
    const words = ['Unpublished', 'NoFirmware', 'DownloadOngoing'];
    const results = [];
    for (const word of words) {
      chargers.answer = () => ({ status: word });
      results.push((await post('unpublish-firmware', { chargerId: chargerId(), checksum: CHECKSUM })).body.data);
    }
    expect(results.map((r) => [r.status, r.results[0].status, r.results[0].ocppStatus])).toEqual([
      ['completed', 'accepted', 'Unpublished'],
      ['failed', 'rejected', 'NoFirmware'],
      ['failed', 'rejected', 'DownloadOngoing'],
    ]);
    expect(received).toEqual(words.map(() => ({ action: 'UnpublishFirmware', params: { checksum: CHECKSUM } })));
  });

  it('refuses bad bodies with 400 naming the field, and sends nothing', async () => {
    const to = { chargerId: chargerId() };
    const publish = { ...to, location: LOCATION, checksum: CHECKSUM };
    const cases: RefusedBody[] = [
      ['publish-firmware', { ...publish, checksum: CHECKSUM.slice(1) }, 'body.checksum'],
      ['publish-firmware', { ...publish, checksum: `${CHECKSUM}0` }, 'body.checksum'],
      ['publish-firmware', { ...publish, checksum: 'z'.repeat(32) }, 'body.checksum'],
      ['publish-firmware', { ...publish, checksum: undefined }, 'body.checksum'],
      ['publish-firmware', { ...publish, location: 'not a url' }, 'body.location'],
      ['publish-firmware', { ...publish, location: 'file:///etc/passwd' }, 'body.location'],
      ['publish-firmware', { ...publish, location: `https://fw.example.com/${'a'.repeat(500)}` }, 'body.location'],
      ['publish-firmware', { ...publish, retries: -1 }, 'body.retries'],
      ['publish-firmware', { ...publish, retryInterval: 1.5 }, 'body.retryInterval'],
      ['publish-firmware', { ...publish, requestId: 5 }, 'body.requestId'],
      ['publish-firmware', { location: LOCATION, checksum: CHECKSUM }, 'body'],
      ['unpublish-firmware', { ...to }, 'body.checksum'],
      ['unpublish-firmware', { ...to, checksum: 'md5' }, 'body.checksum'],
    ];
    await chargers.expectRefused(cases);
    expect((await post('unpublish-firmware', { chargerId: 999_999, checksum: CHECKSUM })).status).toBe(404);
    expect(received).toEqual([]);
  });
});

describe('an OCPP 1.6 charger', () => {
  const charger = chargers.connected('ocpp1.6');

  it('has no local controller messages: notSupported, nothing sent or written', async () => {
    const chargerId = charger.chargerId();
    const publish = await post('publish-firmware', { chargerId, location: LOCATION, checksum: CHECKSUM });
    const unpublish = await post('unpublish-firmware', { chargerId, checksum: CHECKSUM });
    for (const { status, body } of [publish, unpublish]) {
      expect(status).toBe(200);
      expect(body.data.results[0]).toMatchObject({ status: 'notSupported' });
    }
    expect(publish.body.data.results[0].firmware).toBeUndefined();
    const { data } = await chargers.stack.db.publishFirmwareRequest.query.primary({ chargerId }).go();
    expect(data).toEqual([]);
    expect(received).toEqual([]);
  });
});
