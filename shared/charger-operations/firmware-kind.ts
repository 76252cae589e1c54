/**
 * Firmware updates (docs/firmware.md): `POST /api/ocpp/update-firmware` as an
 * operation kind. UpdateFirmware (1.6 §5.19; 2.0.1 L01 with our `requestId`, the signature and
 * signing certificate when given) is a `scheduled` result once the charger takes it, then settles
 * from its FirmwareStatusNotifications, kept on the charger per request (`firmwareRequest`, appended
 * by `recordFirmwareStatus` in `shared/charging/charger-reports.ts`): `Installed` is accepted, a
 * failure status failed with that status as its code, no status for {@link firmwareStallMs} a
 * `timeout` (`FirmwareStalled`). A disconnect or a reboot in between changes nothing: the
 * notifications after the BootNotification go on the same request.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Db } from '../db';
import { isConditionalCheckFailure } from '../db/conditions';
import { NotTakenByChargerError } from './errors';
import type { TargetFields } from './targets';
import {
  outcomeOf,
  type FirmwareProgress,
  type OperationKind,
  type OperationResult,
  type SettleContext,
  type TargetOutcome,
} from './kinds';

/** How far ahead a `retrieveDate`/`installDate` may be, days: the request's result waits that long at most. */
export const MAX_FIRMWARE_LEAD_DAYS = 30;

/** Statuses that end a request well (1.6 FirmwareStatus, 2.0.1 FirmwareStatusEnumType). */
const INSTALLED = 'Installed';
/** Statuses that end a request badly: the result is `failed` with the status as its error code. */
export const FIRMWARE_FAILURES: readonly string[] = [
  'DownloadFailed',
  'InstallationFailed',
  'InstallVerificationFailed',
  'InvalidSignature',
];

/**
 * How long a request may go without a status before it is stalled, ms (`FIRMWARE_STALL_MS`,
 * default 1 h), counted from its last status, its sending, or its retrieve/install date, the latest.
 */
export function firmwareStallMs(): number {
  const configured = Number(process.env.FIRMWARE_STALL_MS);
  return Number.isFinite(configured) && configured > 0 ? configured : 3_600_000;
}

/** The firmware part of a body. */
export interface FirmwareRequestFields {
  location: string;
  retrieveDate?: string;
  installDate?: string;
  retries?: number;
  retryInterval?: number;
  signingCertificate?: string;
  signature?: string;
}

/**
 * Whether a request is signed firmware: it names a signature or a signing certificate (2.0.1
 * UpdateFirmware carries them; on 1.6 it goes as the security extension's SignedUpdateFirmware).
 */
export function isSignedFirmware(request: FirmwareRequestFields): boolean {
  return request.signature !== undefined || request.signingCertificate !== undefined;
}

/**
 * Refuses what a charger's version cannot carry. 2.0.1 UpdateFirmware (L01) takes every field. On
 * 1.6, UpdateFirmware (§5.19) takes neither `installDate` nor a signature; the security extension's
 * SignedUpdateFirmware takes `installDate` with both `signature` and `signingCertificate` (its
 * FirmwareType requires both).
 * @throws NotTakenByChargerError naming the field the 1.6 charger would miss or not take
 */
export function checkFirmwareFields(
  request: FirmwareRequestFields,
  chargerId: number,
  takes: { signedFirmware: boolean },
): void {
  if (takes.signedFirmware) return;
  if (!isSignedFirmware(request)) {
    if (request.installDate !== undefined) {
      throw new NotTakenByChargerError(
        'installDate',
        chargerId,
        'its OCPP version takes it only with signed firmware (1.6 SignedUpdateFirmware: signature and signingCertificate)',
      );
    }
    return;
  }
  for (const field of ['signature', 'signingCertificate'] as const) {
    if (request[field] === undefined) {
      throw new NotTakenByChargerError(
        field,
        chargerId,
        'required with signed firmware on its OCPP version (1.6 SignedUpdateFirmware takes both signature and signingCertificate)',
      );
    }
  }
}

/** The charger's latest firmware request, as stored on it. */
interface StoredFirmwareRequest {
  requestId: number;
  operationId?: string;
  sentAt: string;
  history: { status: string; at: string }[];
}

/** Seconds since 2025-01-01: a requestId that grows with time and fits a 32-bit integer for decades. */
const REQUEST_ID_EPOCH_MS = Date.UTC(2025, 0, 1);

/**
 * Records a new firmware request on the charger (replacing the previous one, whose notifications
 * stop counting) and returns its requestId: the seconds since 2025 or, when the previous request
 * has that number or more, the one after it. Requests: 1 UpdateItem (2 when two requests fall in
 * the same second).
 */
async function startFirmwareRequest(db: Db, chargerId: number, operationId: string | undefined): Promise<number> {
  const { Key, TableName } = db.charger.get({ chargerId }).params() as { Key: object; TableName: string };
  let requestId = Math.floor((Date.now() - REQUEST_ID_EPOCH_MS) / 1000);
  for (;;) {
    try {
      await db.table.client.send(
        new UpdateCommand({
          TableName,
          Key,
          UpdateExpression: 'SET firmwareRequest = :request',
          ConditionExpression:
            'attribute_exists(pk) AND (attribute_not_exists(firmwareRequest.requestId) OR firmwareRequest.requestId < :requestId)',
          ExpressionAttributeValues: {
            ':request': {
              requestId,
              ...(operationId ? { operationId } : {}),
              sentAt: new Date().toISOString(),
              history: [],
            },
            ':requestId': requestId,
          },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      return requestId;
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
      // The exception carries the item as DynamoDB's attribute values (the document client does not convert errors).
      const item = (error as { Item?: Record<string, AttributeValue> }).Item;
      const previous = item && (unmarshall(item).firmwareRequest as { requestId?: number } | undefined);
      if (typeof previous?.requestId !== 'number') throw error;
      requestId = previous.requestId + 1;
    }
  }
}

/** The statuses that end a firmware request, and what its success is called in the result's note. */
export interface FirmwareEnds {
  /** The status that ends it well (`accepted`): `Installed`, `Published`. */
  done: string;
  /** The statuses that end it badly (`failed`, the status as the error code). */
  failures: readonly string[];
  /** The note's verb at `done`: `firmware installed at …`. */
  doneVerb: string;
}

/** An update's ends (1.6 FirmwareStatus, 2.0.1 FirmwareStatusEnumType). */
const UPDATE_ENDS: FirmwareEnds = { done: INSTALLED, failures: FIRMWARE_FAILURES, doneVerb: 'installed' };

/**
 * What a firmware request's notified statuses come to (an update's or a publication's): `accepted`
 * at its `done` status, `failed` at a failure, `timeout` `FirmwareStalled` after
 * {@link firmwareStallMs} without a status since the last one or `since` (ms since the epoch: its
 * sending or a later date it waits for); else `scheduled` with its progress when the result does
 * not show the latest status yet, undefined when nothing changed. Pure.
 */
export function firmwareOutcome(
  stored: { requestId: number; history: { status: string; at: string }[]; locations?: string[] },
  since: number,
  ends: FirmwareEnds,
  result: OperationResult,
  now: number,
): TargetOutcome | undefined {
  const last = stored.history.at(-1);
  const firmware: FirmwareProgress = {
    requestId: stored.requestId,
    ...(last ? { status: last.status } : {}),
    history: stored.history,
    ...(stored.locations ? { locations: stored.locations } : {}),
  };
  if (last?.status === ends.done) {
    return { status: 'accepted', firmware, note: `firmware ${ends.doneVerb} at ${last.at}` };
  }
  if (last && ends.failures.includes(last.status)) {
    return {
      status: 'failed',
      firmware,
      error: { code: last.status, description: `the charger reported ${last.status} at ${last.at}` },
    };
  }
  const lastActivity = Math.max(Date.parse(last?.at ?? '') || 0, since);
  if (now - lastActivity >= firmwareStallMs()) {
    return {
      status: 'timeout',
      firmware,
      error: {
        code: 'FirmwareStalled',
        description: `no firmware status for ${Math.round(firmwareStallMs() / 1000)} s since ${new Date(lastActivity).toISOString()}${last ? ` (last ${last.status})` : ''}`,
      },
    };
  }
  // Progress worth writing: a status the result does not show yet.
  return stored.history.length !== (result.firmware?.history.length ?? 0)
    ? { status: 'scheduled', firmware }
    : undefined;
}

/** What an update's notifications come to: installed, failed with its status, or still going. */
function progressOutcome(
  stored: StoredFirmwareRequest,
  result: OperationResult,
  request: FirmwareRequestFields,
  now: number,
): TargetOutcome | undefined {
  const since = Math.max(
    Date.parse(stored.sentAt),
    request.retrieveDate ? Date.parse(request.retrieveDate) : 0,
    request.installDate ? Date.parse(request.installDate) : 0,
  );
  return firmwareOutcome(stored, since, UPDATE_ENDS, result, now);
}

/** The body of an update-firmware operation as stored: the campaign's, when a campaign started it. */
type UpdateFirmwareBody = TargetFields & FirmwareRequestFields & { campaignId?: string };

/** Settles an update from the charger's FirmwareStatusNotifications (the `settle` of {@link updateFirmware}; alone, for the reads' bundle). */
export async function settleFirmwareUpdate({
  db,
  request,
  result,
}: SettleContext<UpdateFirmwareBody>): Promise<TargetOutcome | undefined> {
  const requestId = result.firmware?.requestId;
  const { data } = await db.charger.get({ chargerId: result.chargerId }).go({ consistent: true });
  const stored = data?.firmwareRequest as StoredFirmwareRequest | undefined;
  if (requestId === undefined || !stored || stored.requestId !== requestId) {
    return {
      status: 'failed',
      error: {
        code: 'FirmwareSuperseded',
        description: `a later firmware request (${stored?.requestId ?? 'none'}) replaced request ${requestId}`,
      },
    };
  }
  return progressOutcome(stored, result, request, Date.now());
}

/**
 * UpdateFirmware (1.6 §5.19; 2.0.1 L01), or for signed firmware on 1.6 the security extension's
 * SignedUpdateFirmware. The charger's acceptance (1.6 UpdateFirmware's empty answer; else
 * `Accepted`, `AcceptedCanceled`: it cancelled an update in progress) is `scheduled`; `Rejected`,
 * `InvalidCertificate`, `RevokedCertificate` are `rejected`. It settles from the
 * request's FirmwareStatusNotifications (the sweep, a read of the operation).
 */
export const updateFirmware: OperationKind<UpdateFirmwareBody> = {
  action: 'updateFirmware',
  check(request, { chargerId, connection: { takes } }) {
    checkFirmwareFields(request, chargerId, takes);
  },
  async perform({ db, commands, request, target, operationId }) {
    const requestId = await startFirmwareRequest(db, target.chargerId, operationId);
    // Signed firmware on 1.6 is the security extension's SignedUpdateFirmware; 2.0.1 sends UpdateFirmware either way.
    const command = isSignedFirmware(request) ? 'SignedUpdateFirmware' : 'UpdateFirmware';
    const outcome = outcomeOf(
      await commands.send(target.chargerId, command, {
        requestId,
        location: request.location,
        retrieveDate: request.retrieveDate ?? new Date().toISOString(),
        installDate: request.installDate,
        retries: request.retries,
        retryInterval: request.retryInterval,
        signingCertificate: request.signingCertificate,
        signature: request.signature,
      }),
    );
    const taken = outcome.ocppStatus === 'Accepted' || outcome.ocppStatus === 'AcceptedCanceled';
    if (!taken) return outcome;
    return {
      ...outcome,
      status: 'scheduled',
      firmware: { requestId, history: [] },
      ...(outcome.ocppStatus === 'AcceptedCanceled'
        ? { note: 'the charger cancelled the update it had in progress' }
        : {}),
    };
  },
  settle: settleFirmwareUpdate,
  // The stall timeout ends a request long before; this only bounds a request whose retrieve date is far ahead.
  scheduledForMs: (MAX_FIRMWARE_LEAD_DAYS + 1) * 86_400_000,
};
