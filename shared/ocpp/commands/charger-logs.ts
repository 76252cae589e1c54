/**
 * The log request (docs/charger-logs.md): 1.6 GetDiagnostics (§5.9: `location`, the optional
 * `startTime`/`stopTime`, `retries`, `retryInterval`; the answer's optional `fileName`) and GetLog,
 * 2.0.1's (N01) and the 1.6 security extension's (edition 2, "Get Security Log"), one shape in
 * both (our `requestId`, `logType`, `log.remoteLocation` and its timestamps; the answer's `status`
 * Accepted/Rejected/AcceptedCanceled and optional `filename`). The upload URL is the product's
 * (`shared/charger-logs/storage.ts`).
 */
import type { ChargerOperationCommandCatalog, GetLogInput, LogRequestAnswer } from '../../charger-operations';
import type { CommandSet } from './charger-commands';
import type { LogEnumType } from '../types/v201';
import { defineCommand } from './command';
import * as V16 from '../validators/v16';
import * as V201 from '../validators/v201';

/** Members whose value is not undefined. */
const defined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

/** GetLog's request, alike in 2.0.1 (N01) and the 1.6 security extension. */
const logRequest = ({
  requestId,
  logType,
  remoteLocation,
  oldestTimestamp,
  latestTimestamp,
  retries,
  retryInterval,
}: GetLogInput) =>
  defined({
    requestId,
    logType: logType as LogEnumType,
    log: defined({ remoteLocation, oldestTimestamp, latestTimestamp }),
    retries,
    retryInterval,
  });

/** GetLog's answer, alike in both versions. */
const logAnswer = (response: { status: string; filename?: string }): LogRequestAnswer => ({
  status: response.status,
  fileName: response.filename,
  answer: response as unknown as Record<string, unknown>,
});

/** GetLog as 2.0.1 sends it (N01). */
const getLog201 = { call: V201.GetLog, request: logRequest, result: logAnswer };

/** GetLog: 1.6 GetDiagnostics (what every 1.6 charger takes, diagnostics only), 2.0.1 GetLog. */
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
  'ocpp2.0.1': getLog201,
});

/**
 * GetSecurityLog: GetLog in both versions, for `SecurityLog`, which 1.6 GetDiagnostics cannot ask
 * for (a 1.6 charger without the security extension answers NotSupported or NotImplemented).
 */
export const getSecurityLog = defineCommand<GetLogInput, LogRequestAnswer, 'GetLog', 'GetLog'>({
  name: 'GetSecurityLog',
  'ocpp1.6': { call: V16.GetLog, request: logRequest, result: logAnswer },
  'ocpp2.0.1': getLog201,
});

/**
 * The commands of the log worker (`lambdas/operations/perform-logs.ts`), which performs only
 * `getLog` operations: GetLog and GetSecurityLog. The others are not declared there (their
 * validators stay out of its bundle); sending one would be a bug of the starter's routing, and
 * fails that charger's result.
 */
export const LOG_OPERATION_COMMANDS = {
  GetLog: getLog,
  GetSecurityLog: getSecurityLog,
} as Pick<
  CommandSet<ChargerOperationCommandCatalog>,
  'GetLog' | 'GetSecurityLog'
> as CommandSet<ChargerOperationCommandCatalog>;
