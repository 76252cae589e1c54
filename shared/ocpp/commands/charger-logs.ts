/**
 * The log request (docs/charger-logs.md): 1.6 GetDiagnostics (§5.9: `location`, the optional
 * `startTime`/`stopTime`, `retries`, `retryInterval`; the answer's optional `fileName`) and 2.0.1
 * GetLog (N01: our `requestId`, `logType`, `log.remoteLocation` and its timestamps; the answer's
 * `status` Accepted/Rejected/AcceptedCanceled and optional `filename`). The upload URL is the
 * product's (`shared/charger-logs/storage.ts`).
 */
import type { GetLogInput, LogRequestAnswer } from '../../charger-operations';
import type { LogEnumType } from '../types/v201';
import { defineCommand } from './command';
import * as V16 from '../validators/v16';
import * as V201 from '../validators/v201';

/** Members whose value is not undefined. */
const defined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

/** GetLog: 1.6 GetDiagnostics, 2.0.1 GetLog. */
export const getLog = defineCommand<GetLogInput, LogRequestAnswer, 'GetDiagnostics', 'GetLog'>({
  name: 'GetLog',
  'ocpp1.6': {
    call: V16.GetDiagnostics,
    request: ({ remoteLocation, oldestTimestamp, latestTimestamp, retries, retryInterval }) =>
      defined({
        location: remoteLocation,
        startTime: oldestTimestamp,
        stopTime: latestTimestamp,
        retries,
        retryInterval,
      }),
    result: (response) => ({ fileName: response.fileName, answer: response as Record<string, unknown> }),
  },
  'ocpp2.0.1': {
    call: V201.GetLog,
    request: ({ requestId, logType, remoteLocation, oldestTimestamp, latestTimestamp, retries, retryInterval }) =>
      defined({
        requestId,
        logType: logType as LogEnumType,
        log: defined({ remoteLocation, oldestTimestamp, latestTimestamp }),
        retries,
        retryInterval,
      }),
    result: (response) => ({
      status: response.status,
      fileName: response.filename,
      answer: response as unknown as Record<string, unknown>,
    }),
  },
});
