/**
 * Charger error reports (`GET /api/errors`): stored when a charger reports an error (OCPP 1.6
 * StatusNotification with an errorCode other than `NoError`, OCPP 2.0.1 NotifyEvent of a fault),
 * with the session in progress on the port and a category:
 * - `endedCharging`: the port went Faulted or Unavailable while a session was in progress on it;
 * - `preventedCharging`: the port (or the whole charger, connector/EVSE 0) went Faulted or
 *   Unavailable with no session in progress;
 * - `other`: the error came with an operative status (a warning that stopped nothing).
 *
 * A report is keyed by what it says (charger, time, port, error code), so a retransmission is
 * stored once.
 */
import type { Db } from '../db';
import { allocateIds } from '../db';
import { isConditionalCheckFailure } from '../db/conditions';
import { appendHistoryEvent, type HistoryOwner } from './history-log';

/** An error as a charger reports it. */
export interface ErrorReport {
  /** The connectorId / evseId; 0 for the charger as a whole. */
  portNumber: number;
  /** The charger's time, ISO 8601 UTC. */
  timestamp: string;
  ocppErrorCode: string;
  vendorErrorCode?: string;
  ocppInfo?: string;
  /** The status reported with it (1.6 ChargePointStatus; `Faulted` for a 2.0.1 fault). */
  ocppStatus: string;
  source: 'StatusNotification' | 'NotifyEvent';
}

/**
 * The error report of a StatusNotification (OCPP 1.6 §4.9) whose errorCode is not `NoError`.
 * @param status the status as stored on the port (`ports.ts`)
 */
export function statusErrorReport(
  portNumber: number,
  status: { status: string; timestamp: string; errorCode: string; vendorErrorCode?: string; info?: string },
): ErrorReport {
  return {
    portNumber,
    timestamp: status.timestamp,
    ocppErrorCode: status.errorCode,
    ...(status.vendorErrorCode ? { vendorErrorCode: status.vendorErrorCode } : {}),
    ...(status.info ? { ocppInfo: status.info } : {}),
    ocppStatus: status.status,
    source: 'StatusNotification',
  };
}

/** Category of an error report (see the module). */
export type ErrorCategory = 'endedCharging' | 'preventedCharging' | 'other';

/** The category of an error reported with `status`, with or without a session in progress. */
export function errorCategory(status: string, sessionInProgress: boolean): ErrorCategory {
  if (status !== 'Faulted' && status !== 'Unavailable') return 'other';
  return sessionInProgress ? 'endedCharging' : 'preventedCharging';
}

/** The port's ID and the session in progress on it (charger-wide: on any of its ports). */
async function sessionAt(db: Db, chargerId: number, portNumber: number) {
  if (portNumber > 0) {
    const { data } = await db.port.get({ chargerId, portNumber }).go();
    return { portId: data?.portId, sessionId: data?.currentChargingSession?.sessionId };
  }
  const { data } = await db.port.query.primary({ chargerId }).go({ pages: 'all' });
  return {
    portId: undefined,
    sessionId: data.find((p) => p.currentChargingSession)?.currentChargingSession?.sessionId,
  };
}

/**
 * Stores an error report and counts it in the charger's history.
 * Requests: 1 GetItem (port) or Query (charger-wide), 1 UpdateItem (ID), 1 PutItem, 1 UpdateItem (history).
 */
export async function recordChargerError(db: Db, owner: HistoryOwner, report: ErrorReport): Promise<void> {
  const { portId, sessionId } = await sessionAt(db, owner.chargerId, report.portNumber);
  const category = errorCategory(report.ocppStatus, sessionId !== undefined);
  const errorId = await allocateIds(db, 'chargerError');
  try {
    await db.chargerError
      .create({
        organizationId: owner.organizationId,
        siteId: owner.siteId,
        chargerId: owner.chargerId,
        ...report,
        errorId,
        portId,
        sessionId,
        errorCategory: category,
      })
      .go();
  } catch (error) {
    if (isConditionalCheckFailure(error)) return; // the same report, sent again
    throw error;
  }
  await appendHistoryEvent(db, owner, {
    kind: 'error',
    at: Date.parse(report.timestamp),
    portNumber: report.portNumber,
    status: category,
    id: errorId,
  });
}
