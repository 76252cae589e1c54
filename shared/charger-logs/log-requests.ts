/**
 * Logs asked of chargers (docs/charger-logs.md): one `chargerLog` item per request, written before
 * the CALL (1.6 GetDiagnostics §5.9, 2.0.1 GetLog N01) with the upload URL this product issues,
 * then moved on by the charger's answer and its status notifications (1.6
 * DiagnosticsStatusNotification §4.4, 2.0.1 LogStatusNotification N01). The operation kind
 * (`shared/charger-operations/log-kind.ts`) reads what a request came to ({@link uploadState}).
 */
import type { Db } from '../db';
import { allocateIds } from '../db';
import { isConditionalCheckFailure } from '../db/conditions';
import type { StoredFile } from './log-storage';
import {
  ACCEPTED,
  CANCELED,
  NOT_ACCEPTED,
  OPEN,
  REQUESTED,
  setStatus,
  type LogRequest,
  type LogType,
} from './log-statuses';
import { logStorage, storageKeyOf, type LogStorage } from './storage';

/** How long a charger has to upload a log it accepted, ms (`LOG_UPLOAD_TIMEOUT_MS`, default 1 h). */
export function logUploadTimeoutMs(): number {
  const configured = Number(process.env.LOG_UPLOAD_TIMEOUT_MS);
  return Number.isFinite(configured) && configured > 0 ? configured : 3_600_000;
}

/** How long a download link is valid, seconds. */
export const DOWNLOAD_URL_SECONDS = 900;

/**
 * Writes a new request (status `Requested`) and issues its upload URL, valid as long as the
 * upload may take ({@link logUploadTimeoutMs}). Requests: 1 UpdateItem (the `logRequest`
 * counter) + 1 UpdateItem (the item; an upsert, as the charger's partition is written with updates).
 * @param maxUrlLength the most characters the charger's version takes for the URL (2.0.1: 512):
 *   the storage issues its short form when the usual one is longer (the URL may still be longer)
 */
export async function createLogRequest(
  db: Db,
  request: { organizationId: number; chargerId: number; operationId: string; logType: LogType },
  maxUrlLength?: number,
  storage: LogStorage = logStorage(),
): Promise<{ log: LogRequest; uploadUrl: string }> {
  const requestId = await allocateIds(db, 'logRequest');
  const now = new Date().toISOString();
  const log: LogRequest = {
    ...request,
    requestId,
    storageKey: storageKeyOf(request.organizationId, request.chargerId, requestId),
    status: REQUESTED,
    statusAt: now,
    requestedAt: now,
  };
  const uploadUrl = await storage.uploadUrl(log.storageKey, Math.ceil(logUploadTimeoutMs() / 1000), maxUrlLength);
  await db.chargerLog.upsert(log).go();
  return { log, uploadUrl };
}

/**
 * Records the charger's answer: accepted (with its file name) or not. A status the charger
 * reported before its answer was recorded (it may upload at once) is kept.
 */
export async function recordAnswer(
  db: Db,
  log: Pick<LogRequest, 'chargerId' | 'requestId'>,
  accepted: boolean,
  fileName?: string,
): Promise<void> {
  const at = new Date().toISOString();
  try {
    await db.chargerLog
      .patch({ chargerId: log.chargerId, requestId: log.requestId })
      .set({ status: accepted ? ACCEPTED : NOT_ACCEPTED, statusAt: at, ...(fileName ? { fileName } : {}) })
      .where((a, { eq }) => eq(a.status, REQUESTED))
      .go();
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    if (fileName)
      await db.chargerLog.patch({ chargerId: log.chargerId, requestId: log.requestId }).set({ fileName }).go();
  }
}

/**
 * 2.0.1 `AcceptedCanceled` (N01.FR.12): the charger stopped the upload in progress for the new
 * request, so every other open request of the charger is marked cancelled.
 */
export async function cancelOtherRequests(db: Db, chargerId: number, requestId: number): Promise<void> {
  const { data } = await db.chargerLog.query.primary({ chargerId }).go({ pages: 'all' });
  for (const other of data) {
    if (other.requestId === requestId || !OPEN.has(other.status)) continue;
    await setStatus(db, other as LogRequest, CANCELED, new Date().toISOString());
  }
}

/** The request an operation made of a charger. Requests: 1 Query of the charger's requests. */
export async function logRequestOf(db: Db, chargerId: number, operationId: string): Promise<LogRequest | undefined> {
  const { data } = await db.chargerLog.query
    .primary({ chargerId })
    .where((a, { eq }) => eq(a.operationId, operationId))
    .go({ pages: 'all', consistent: true } as never);
  return data[0] as LogRequest | undefined;
}

/**
 * What a request came to, given what the storage holds at its key (read only once the charger
 * said `Uploaded`: {@link storedFileOf}): `uploaded` (the file is stored), `failed` with the charger's status (or
 * ours: `UploadMissing` when it said Uploaded but nothing is stored, `UploadInterrupted` when a
 * 1.6 charger went back to Idle after Uploading, `AcceptedCanceled`), or `open`.
 */
export function uploadState(
  log: LogRequest,
  stored?: StoredFile,
): { state: 'open' } | { state: 'uploaded' } | { state: 'failed'; code: string; description: string } {
  if (log.status === 'Uploaded') {
    return stored
      ? { state: 'uploaded' }
      : {
          state: 'failed',
          code: 'UploadMissing',
          description: 'the charger reported Uploaded, but no file was stored',
        };
  }
  if (log.status === 'Idle' && log.uploadStarted) {
    return {
      state: 'failed',
      code: 'UploadInterrupted',
      description: 'the charger went back to Idle without reporting Uploaded',
    };
  }
  if (log.status === CANCELED) {
    return { state: 'failed', code: CANCELED, description: 'a newer log request cancelled this upload' };
  }
  if (OPEN.has(log.status) || log.status === NOT_ACCEPTED) return { state: 'open' };
  return { state: 'failed', code: log.status, description: `the charger reported ${log.status}` };
}

/**
 * What the storage holds for a request the charger reported `Uploaded` (1 HeadObject on AWS, a
 * stat locally); undefined for any other status, or when nothing is stored. Read where a result is
 * settled or shown, not when the notification comes: the OCPP message function touches no storage.
 */
export async function storedFileOf(
  log: LogRequest,
  storage: LogStorage = logStorage(),
): Promise<StoredFile | undefined> {
  return log.status === 'Uploaded' ? storage.stat(log.storageKey) : undefined;
}
