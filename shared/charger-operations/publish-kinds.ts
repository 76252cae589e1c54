/**
 * The local controller's firmware operation kinds (docs/firmware.md, "Publishing firmware"): OCPP
 * 2.0.1 L03 PublishFirmware, a local controller downloading an image (checked by its MD5 checksum)
 * and serving it to the chargers behind it, and L04 UnpublishFirmware, its stopping. A publication
 * is a `scheduled` result once the controller takes it (`Accepted`), then settles from its
 * PublishFirmwareStatusNotifications, kept on the request (`publishFirmwareRequest`, in the
 * charger's partition) as they come: `Published` is `accepted` with the URIs it serves the image at,
 * `DownloadFailed`, `InvalidChecksum` and `PublishFailed` are `failed` with the status as the code,
 * as an update settles from FirmwareStatusNotification. OCPP 1.6 has neither message: a 1.6
 * charger's result is `notSupported`, nothing written or sent.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../db';
import { isConditionalCheckFailure } from '../db/conditions';
import { type FirmwareEnds, firmwareOutcome } from './firmware-kind';
import type { OperationInput } from './inputs';
import { outcomeOf, type OperationKind, type SettleContext, type TargetOutcome } from './kinds';
import { storeRequestBeforeCall } from './request-items';

/** A publication's ends (2.0.1 PublishFirmwareStatusEnumType). */
const PUBLISH_ENDS: FirmwareEnds = {
  done: 'Published',
  failures: ['DownloadFailed', 'InvalidChecksum', 'PublishFailed'],
  doneVerb: 'published',
};

/** A PublishFirmwareStatusNotification (2.0.1 L03), version-neutral. */
export interface PublishFirmwareStatus {
  status: string;
  /** Ours, from the PublishFirmware it reports on; absent (e.g. `Idle` after a TriggerMessage): no request's. */
  requestId?: number;
  /** Where the image is served (with `Published`). */
  location?: string[];
}

/**
 * Records a PublishFirmwareStatusNotification on the request its `requestId` names: `{ status, at }`
 * appended to its history, and with `Published` its `locations` (1 UpdateItem, conditional on the
 * request being this charger's). A status of no request of ours (none named, another CSMS's, a
 * number no request of ours has) changes nothing: the charger is answered all the same.
 */
export async function recordPublishFirmwareStatus(
  db: Db,
  chargerId: number,
  notification: PublishFirmwareStatus,
  receivedAt: string,
): Promise<void> {
  const { requestId, status, location } = notification;
  // Our requestIds are small: a number beyond what a JSON number holds exactly is no request of ours.
  if (requestId === undefined || !Number.isSafeInteger(requestId)) return;
  const { Key, TableName } = db.publishFirmwareRequest.get({ chargerId, requestId }).params() as {
    Key: Record<string, unknown>;
    TableName: string;
  };
  const withLocations = status === PUBLISH_ENDS.done && location !== undefined;
  try {
    await db.table.client.send(
      new UpdateCommand({
        TableName,
        Key,
        UpdateExpression: `SET history = list_append(history, :entry)${withLocations ? ', locations = :locations' : ''}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: {
          ':entry': [{ status, at: receivedAt }],
          ...(withLocations ? { ':locations': location } : {}),
        },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}

/** Settles a publication from the controller's PublishFirmwareStatusNotifications (the `settle` of {@link publishFirmware}; alone, for the reads' bundle). */
export async function settleFirmwarePublication({
  db,
  result,
}: SettleContext<OperationInput<'publishFirmware'>>): Promise<TargetOutcome | undefined> {
  const requestId = result.firmware?.requestId;
  if (requestId === undefined) return undefined;
  const { data } = await db.publishFirmwareRequest
    .get({ chargerId: result.chargerId, requestId })
    .go({ consistent: true });
  if (!data) return undefined;
  const stored = { requestId, history: data.history as { status: string; at: string }[], locations: data.locations };
  return firmwareOutcome(stored, Date.parse(data.requestedAt), PUBLISH_ENDS, result, Date.now());
}

/**
 * PublishFirmware (L03) for each target, with our `requestId` (the `publishFirmwareRequest`
 * counter): the request is written before the CALL (1 UpdateItem of the counter, 1 UpdateItem).
 * `Accepted` is `scheduled` with `firmware { requestId, history: [] }`, settled from the request's
 * notifications (the sweep, a read of the operation); `Rejected` is `rejected`.
 */
export const publishFirmware: OperationKind<OperationInput<'publishFirmware'>> = {
  action: 'publishFirmware',
  async perform(context) {
    const { commands, request, target, charger } = context;
    // 1.6 has no PublishFirmware: the command answers NotSupported without a CALL, so nothing is written.
    const requestId =
      charger.connection.protocol === 'ocpp1.6'
        ? 0
        : await storeRequestBeforeCall(context, 'publishFirmwareRequest', { checksum: request.checksum, history: [] });
    const outcome = outcomeOf(
      await commands.send(target.chargerId, 'PublishFirmware', {
        requestId,
        location: request.location,
        checksum: request.checksum,
        retries: request.retries,
        retryInterval: request.retryInterval,
      }),
    );
    if (outcome.status !== 'accepted') return outcome;
    return {
      ...outcome,
      status: 'scheduled',
      firmware: { requestId, history: [] },
      note: `requestId ${requestId}: waiting for the local controller to publish the image`,
    };
  },
  settle: settleFirmwarePublication,
};

/**
 * UnpublishFirmware (L04): the controller stops serving the image of that checksum. `Unpublished`
 * is `accepted`; `NoFirmware` (it serves no such image) and `DownloadOngoing` (it is still
 * downloading it) are `rejected` with the word.
 */
export const unpublishFirmware: OperationKind<OperationInput<'unpublishFirmware'>> = {
  action: 'unpublishFirmware',
  async perform({ commands, request, target }) {
    const outcome = outcomeOf(
      await commands.send(target.chargerId, 'UnpublishFirmware', { checksum: request.checksum }),
    );
    return outcome.ocppStatus === 'Unpublished' ? { ...outcome, status: 'accepted' } : outcome;
  },
};
