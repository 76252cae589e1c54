/**
 * The log request (docs/charger-logs.md): 1.6 GetDiagnostics (§5.9: `location`, the optional
 * `startTime`/`stopTime`, `retries`, `retryInterval`; the answer's optional `fileName`) and 2.0.1
 * GetLog (N01: our `requestId`, `logType`, `log.remoteLocation` and its timestamps; the answer's
 * `status` Accepted/Rejected/AcceptedCanceled and optional `filename`). The upload URL is the
 * product's (`shared/charger-logs/storage.ts`).
 */
import type { GetLogInput, LogRequestAnswer } from '../../charger-operations';
import type { OcppProtocol } from '../../db/entities/common';
import type { LogEnumType } from '../types/v201';
import { defineCommand } from './command';
import * as V16 from '../validators/v16';
import * as V201 from '../validators/v201';

/** Log types per version: 1.6 GetDiagnostics uploads diagnostics only; 2.0.1 LogEnumType. */
export const LOG_TYPES_BY_VERSION = {
  'ocpp1.6': ['DiagnosticsLog'],
  'ocpp2.0.1': ['DiagnosticsLog', 'SecurityLog'],
} as const satisfies Record<OcppProtocol, readonly LogEnumType[]>;

/** Longest upload URL per version: 2.0.1 LogParametersType.remoteLocation maxLength 512; 1.6 anyURI has none. */
export const MAX_LOG_LOCATION_LENGTH: Record<OcppProtocol, number> = {
  'ocpp1.6': Number.MAX_SAFE_INTEGER,
  'ocpp2.0.1': 512,
};

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
