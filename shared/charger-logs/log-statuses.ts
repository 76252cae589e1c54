/**
 * What chargers report of the logs asked of them (docs/charger-logs.md): the `chargerLog` item's
 * status moved by 1.6 DiagnosticsStatusNotification (§4.4) and 2.0.1 LogStatusNotification (N01).
 * The OCPP message function's part of the logs: it reads and writes the table only (no storage,
 * so its bundle holds no S3 client).
 */
import type { Db } from '../db';
import { isConditionalCheckFailure } from '../db/conditions';
import type { LOG_TYPES } from '../db/entities/charger-logs';

/** A log type of the API. */
export type LogType = (typeof LOG_TYPES)[number];

/** The item's status before any report: the CALL is about to go. */
export const REQUESTED = 'Requested';
/** The charger accepted (1.6: it named a file; 2.0.1 `Accepted` / `AcceptedCanceled`). */
export const ACCEPTED = 'Accepted';
/** A newer request cancelled this one's upload (2.0.1 `AcceptedCanceled` to the newer one). */
export const CANCELED = 'AcceptedCanceled';
/** The charger refused, failed to answer or answered a CALLERROR: no upload will come. */
export const NOT_ACCEPTED = 'NotAccepted';

/** Statuses after which a report may still come. */
export const OPEN = new Set([REQUESTED, ACCEPTED, 'Uploading', 'Idle']);

/** A log request as stored. */
export interface LogRequest {
  chargerId: number;
  requestId: number;
  organizationId: number;
  operationId: string;
  logType: LogType;
  storageKey: string;
  fileName?: string;
  status: string;
  statusAt: string;
  uploadStarted?: boolean;
  requestedAt: string;
}

/** Attempts of {@link setStatus} when the request changed between its read and its write. */
const STATUS_ATTEMPTS = 5;

/**
 * Moves an open request to `status`. The write is conditional
 * on the status read; when the request changed meanwhile (the worker recorded the charger's answer
 * between this read and this write), it is read again and, still open, written again.
 */
export async function setStatus(db: Db, log: LogRequest, status: string, at: string): Promise<void> {
  let current: LogRequest | undefined = log;
  for (let attempt = 0; current && OPEN.has(current.status) && attempt < STATUS_ATTEMPTS; attempt++) {
    const read: string = current.status;
    try {
      await db.chargerLog
        .patch({ chargerId: log.chargerId, requestId: log.requestId })
        .set({ status, statusAt: at, ...(status === 'Uploading' ? { uploadStarted: true } : {}) })
        .where((a, { eq }) => eq(a.status, read))
        .go();
      return;
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
    }
    const { data } = await db.chargerLog
      .get({ chargerId: log.chargerId, requestId: log.requestId })
      .go({ consistent: true });
    current = (data ?? undefined) as LogRequest | undefined;
  }
}

/**
 * 1.6 DiagnosticsStatusNotification: concerns the charger's latest request (1.6 carries no request
 * ID), when it is still open and a diagnostics log (a security log, asked with GetLog, is reported
 * with LogStatusNotification). Requests: 1 Query (the charger's latest request) + 1 UpdateItem.
 */
export async function recordDiagnosticsStatus(db: Db, chargerId: number, status: string, at: string): Promise<void> {
  const { data } = await db.chargerLog.query.primary({ chargerId }).go({ order: 'desc', limit: 1 });
  const latest = data[0] as LogRequest | undefined;
  if (!latest || !OPEN.has(latest.status) || latest.logType === 'SecurityLog') return;
  await setStatus(db, latest, status, at);
}

/**
 * LogStatusNotification (2.0.1 N01, the 1.6 security extension): concerns the request its
 * `requestId` names; without one (Idle, or sent on a TriggerMessage) it concerns no request of
 * ours. Requests: 1 GetItem + 1 UpdateItem (none without a `requestId`).
 */
export async function recordLogStatus(
  db: Db,
  chargerId: number,
  { status, requestId }: { status: string; requestId?: number },
  at: string,
): Promise<void> {
  if (requestId === undefined) return;
  const { data } = await db.chargerLog.get({ chargerId, requestId }).go({ consistent: true });
  if (!data || !OPEN.has(data.status)) return;
  await setStatus(db, data as LogRequest, status, at);
}
