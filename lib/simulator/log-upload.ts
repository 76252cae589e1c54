/**
 * Log uploads of the simulated station (1.6 GetDiagnostics §5.9, 2.0.1 GetLog N01): a small
 * generated text log, uploaded with HTTP PUT to the URL the CSMS gave, as a charger uploading to a
 * presigned S3 URL does. The version adapters send the status notifications around it.
 *
 * @module
 */
import type { StationApi } from './protocol';

/** How long one upload may take, ms. */
const UPLOAD_TIMEOUT_MS = 30_000;

/** The file name the station answers with. */
export function logFileName(logType: string, at = new Date()): string {
  return `${logType === 'SecurityLog' ? 'security' : 'diagnostics'}-${at.toISOString().replace(/[:.]/g, '-')}.log`;
}

/** A small log of the station: a few lines naming it, the log type and the time range asked. */
export function generateLog(
  station: StationApi,
  logType: string,
  range: { oldest?: string; latest?: string } = {},
): Buffer {
  const now = new Date().toISOString();
  const { vendor, model, serialNumber, firmwareVersion } = station.info;
  const lines = [
    `# ${logType} of ${vendor} ${model} ${serialNumber}, firmware ${firmwareVersion}`,
    `# from ${range.oldest ?? 'the start'} to ${range.latest ?? now}, generated ${now}`,
    `${now} INFO  boot completed`,
    `${now} INFO  connected to the CSMS`,
    `${now} INFO  ${logType === 'SecurityLog' ? 'no security event' : 'self-test passed'}`,
  ];
  return Buffer.from(`${lines.join('\n')}\n`);
}

/**
 * PUTs `body` to `url`.
 * @returns undefined when the server took it (2xx), else what went wrong
 */
export async function uploadLog(url: string, body: Buffer): Promise<string | undefined> {
  try {
    const response = await fetch(url, {
      method: 'PUT',
      body,
      headers: { 'content-type': 'text/plain' },
      signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    return response.ok ? undefined : `HTTP ${response.status}`;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * After the answer: `Uploading`, the upload, then `Uploaded` or the version's failure status.
 * @param notify sends the version's status notification
 */
export function uploadAfterReply(
  station: StationApi,
  request: { url: string; logType: string; oldest?: string; latest?: string },
  notify: (status: 'Uploading' | 'Uploaded' | 'Failed') => Promise<unknown>,
): void {
  station.afterReply(`${request.logType} upload`, async () => {
    await notify('Uploading');
    const problem = await uploadLog(request.url, generateLog(station, request.logType, request));
    if (problem) station.log('warn', `${request.logType} upload failed: ${problem}`);
    else station.log('info', `${request.logType} uploaded`);
    await notify(problem ? 'Failed' : 'Uploaded');
  });
}

/**
 * A GetLog request (2.0.1 N01, and the 1.6 security extension's, one shape): accepted, then the
 * upload after the answer, each step reported with LogStatusNotification (`UploadFailure` on failure).
 * @param sendLogStatus sends the version's LogStatusNotification
 * @returns the answer: `Accepted` with the file's name
 */
export function answerGetLog(
  station: StationApi,
  request: {
    requestId: number;
    logType: string;
    log: { remoteLocation: string; oldestTimestamp?: string; latestTimestamp?: string };
  },
  sendLogStatus: (payload: {
    status: 'Uploading' | 'Uploaded' | 'UploadFailure';
    requestId: number;
  }) => Promise<unknown>,
): { status: 'Accepted'; filename: string } {
  const { requestId, logType, log } = request;
  uploadAfterReply(
    station,
    { url: log.remoteLocation, logType, oldest: log.oldestTimestamp, latest: log.latestTimestamp },
    (status) => sendLogStatus({ status: status === 'Failed' ? 'UploadFailure' : status, requestId }),
  );
  return { status: 'Accepted', filename: logFileName(logType) };
}
