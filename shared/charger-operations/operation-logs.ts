/**
 * `GET /api/charger-operations/{operationId}/logs` (docs/charger-logs.md): what each charger of a
 * `getLog` operation uploaded, with a short-lived download link for each stored file.
 */
import type { Db } from '../db';
import { NotFoundError } from '../errors';
import type { AccessScope } from '../organizations/access-scope';
import { DOWNLOAD_URL_SECONDS, logRequestOf, storedFileOf, uploadState } from '../charger-logs/log-requests';
import { NOT_ACCEPTED } from '../charger-logs/log-statuses';
import { logStorage, type LogStorage } from '../charger-logs/storage';
import { readOperation } from './operations';

/** One charger's log of a `getLog` operation. */
export interface ChargerLogView {
  chargerId: number;
  ocppId: string;
  /** Our request ID (2.0.1 GetLog `requestId`); null when nothing was asked (the charger was not connected). */
  requestId: number | null;
  logType: string;
  /** `pending` (not uploaded yet), `uploaded`, `failed`, or `notRequested`. */
  status: 'pending' | 'uploaded' | 'failed' | 'notRequested';
  /** The last status the charger reported (1.6 DiagnosticsStatus, 2.0.1 UploadLogStatusEnumType), or ours. */
  ocppStatus: string | null;
  fileName: string | null;
  sizeBytes: number | null;
  uploadedAt: string | null;
  /** A presigned (AWS) or signed (local) link to the file, valid {@link DOWNLOAD_URL_SECONDS}. */
  downloadUrl: string | null;
  downloadUrlExpiresAt: string | null;
}

/** Thrown for an operation that is not a `getLog` one. */
export class NotALogOperationError extends NotFoundError {
  constructor(operationId: string, action: string) {
    super(`Charger operation ${JSON.stringify(operationId)} is a ${action} operation: it has no logs`);
  }
}

/**
 * The logs of an operation the caller may see (settled first, as a read of the operation is).
 * Requests: the operation's read, then 1 Query per charger (and 1 HeadObject per log reported
 * `Uploaded`: its size and time); presigning sends nothing.
 * @throws OperationNotFoundError, NotALogOperationError
 */
export async function readOperationLogs(
  db: Db,
  scope: AccessScope,
  operationId: string,
  storage: () => LogStorage = logStorage,
): Promise<ChargerLogView[]> {
  const operation = await readOperation(db, scope, operationId);
  if (operation.action !== 'getLog') throw new NotALogOperationError(operationId, operation.action);
  const logType = String(operation.request.logType);
  return Promise.all(
    operation.results.map(async ({ chargerId, ocppId }): Promise<ChargerLogView> => {
      const log = await logRequestOf(db, chargerId, operationId);
      const none = { fileName: null, sizeBytes: null, uploadedAt: null, downloadUrl: null, downloadUrlExpiresAt: null };
      if (!log)
        return { chargerId, ocppId, requestId: null, logType, status: 'notRequested', ocppStatus: null, ...none };
      const stored = await storedFileOf(log, storage());
      // A request the charger did not take (refused, CALLERROR, no answer) will never upload: failed, not pending.
      const state = log.status === NOT_ACCEPTED ? 'failed' : uploadState(log, stored).state;
      const view: ChargerLogView = {
        ...none,
        chargerId,
        ocppId,
        requestId: log.requestId,
        logType: log.logType,
        status: state === 'open' ? 'pending' : state,
        ocppStatus: log.status,
        fileName: log.fileName ?? null,
      };
      if (state !== 'uploaded' || !stored) return view;
      const expiresAt = new Date(Date.now() + DOWNLOAD_URL_SECONDS * 1000).toISOString();
      return {
        ...view,
        sizeBytes: stored.sizeBytes,
        uploadedAt: stored.storedAt,
        downloadUrl: await storage().downloadUrl(log.storageKey, DOWNLOAD_URL_SECONDS, log.fileName),
        downloadUrlExpiresAt: expiresAt,
      };
    }),
  );
}
