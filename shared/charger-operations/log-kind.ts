/**
 * The `getLog` operation kind (docs/charger-logs.md): a charger uploads a log to
 * the URL this product issues (1.6 GetDiagnostics, 2.0.1 GetLog), and reports the upload with its
 * status notifications. An accepted request is `scheduled` until the charger reports it: `Uploaded`
 * (the file stored) is `accepted`, a failure status `failed` with that status as the error's code;
 * one that never reports times out after `LOG_UPLOAD_TIMEOUT_MS` (the sweep).
 */
import {
  cancelOtherRequests,
  createLogRequest,
  logRequestOf,
  logUploadTimeoutMs,
  recordAnswer,
  storedFileOf,
  uploadState,
} from '../charger-logs/log-requests';
import { NotTakenByChargerError } from './errors';
import type { OperationInput } from './inputs';
import { outcomeOf, type OperationKind, type SettleContext, type TargetOutcome } from './kinds';

/** The longest upload URL GetLog carries, in 2.0.1 (N01) and the 1.6 security extension alike: LogParametersType.remoteLocation. */
const GET_LOG_LOCATION_MAX_LENGTH = 512;

/** Answers of 2.0.1 GetLog that mean the upload will come (N01: `AcceptedCanceled` also stops an earlier one). */
const ACCEPTED_STATUSES = new Set(['Accepted', 'AcceptedCanceled']);

/** Settles a log request from the charger's status notifications and the stored file (the `settle` of {@link getLog}; alone, for the reads' bundle). */
export async function settleLogUpload({
  db,
  operationId,
  result,
}: SettleContext<OperationInput<'getLog'>>): Promise<TargetOutcome | undefined> {
  const log = await logRequestOf(db, result.chargerId, operationId);
  if (!log) return undefined;
  const stored = await storedFileOf(log);
  const state = uploadState(log, stored);
  if (state.state === 'open') return undefined;
  if (state.state === 'uploaded') {
    return {
      status: 'accepted',
      note: `requestId ${log.requestId}: ${log.fileName ?? 'the log'} uploaded, ${stored?.sizeBytes} bytes`,
    };
  }
  return {
    status: 'failed',
    error: { code: state.code, description: state.description },
    note: `requestId ${log.requestId}: ${state.description}`,
  };
}

/**
 * GetLog: one request per charger (our `requestId`, its upload URL), sent as GetLog (2.0.1, and
 * the 1.6 security extension's for a security log) or 1.6 GetDiagnostics (a diagnostics log). Accepted is `scheduled`, settled by the charger's status notifications.
 */
export const getLog: OperationKind<OperationInput<'getLog'>> = {
  action: 'getLog',
  worker: 'logs',
  check(request, { chargerId, connection: { takes } }) {
    if (!takes.logTypes.includes(request.logType)) {
      throw new NotTakenByChargerError('logType', chargerId, `its OCPP version uploads ${takes.logTypes.join(', ')}`);
    }
  },
  get scheduledForMs() {
    return logUploadTimeoutMs();
  },
  async perform({ db, commands, request, target, charger, operationId, organizationId }) {
    // A security log is asked with GetLog in both versions; 1.6 GetDiagnostics uploads diagnostics only.
    const command = request.logType === 'SecurityLog' ? 'GetSecurityLog' : 'GetLog';
    // GetLog's remoteLocation takes 512 characters in 1.6's security extension too (LogParametersType).
    const maxLogLocationLength =
      command === 'GetSecurityLog'
        ? Math.min(GET_LOG_LOCATION_MAX_LENGTH, charger.connection.takes.maxLogLocationLength)
        : charger.connection.takes.maxLogLocationLength;
    const { log, uploadUrl } = await createLogRequest(
      db,
      { organizationId, chargerId: target.chargerId, operationId, logType: request.logType },
      maxLogLocationLength,
    );
    // Our short upload URL fits 512 characters; only a custom domain of some 350 characters would not.
    if (uploadUrl.length > maxLogLocationLength) {
      await recordAnswer(db, log, false);
      return {
        status: 'failed',
        error: {
          code: 'UploadUrlTooLong',
          description: `the upload URL has ${uploadUrl.length} characters; the charger's OCPP version takes at most ${maxLogLocationLength}`,
        },
      };
    }
    let answer: Awaited<ReturnType<typeof commands.send<'GetLog'>>>;
    try {
      answer = await commands.send(target.chargerId, command, {
        requestId: log.requestId,
        logType: request.logType,
        remoteLocation: uploadUrl,
        oldestTimestamp: request.oldestTimestamp,
        latestTimestamp: request.latestTimestamp,
        retries: request.retries,
        retryInterval: request.retryInterval,
      });
    } catch (error) {
      await recordAnswer(db, log, false);
      throw error;
    }
    if (!answer.ok) {
      await recordAnswer(db, log, false);
      return outcomeOf(answer);
    }
    const { status, fileName, answer: payload } = answer.result;
    // 1.6 has no status: a fileName says diagnostics will be uploaded, its absence that there are none (§6.31).
    const accepted = status === undefined ? fileName !== undefined : ACCEPTED_STATUSES.has(status);
    await recordAnswer(db, log, accepted, fileName);
    const ocppStatus = status === undefined ? {} : { ocppStatus: status };
    if (!accepted) {
      return status === undefined
        ? { status: 'rejected', answer: payload, note: 'the charger named no file: it has no diagnostics to upload' }
        : outcomeOf({ ok: true, result: { ocppStatus: status, answer: payload } });
    }
    if (status === 'AcceptedCanceled') await cancelOtherRequests(db, target.chargerId, log.requestId);
    return {
      status: 'scheduled',
      ...ocppStatus,
      answer: payload,
      note: `requestId ${log.requestId}: waiting for the upload${fileName ? ` of ${fileName}` : ''}`,
    };
  },
  settle: settleLogUpload,
};
