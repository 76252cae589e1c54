/**
 * The local stack's log-file paths (docs/charger-logs.md), standing in for S3's presigned URLs:
 *
 * - `PUT /uploads/{token}` (the body is the file) or `POST /uploads/{token}` (the body is the file,
 *   or `multipart/form-data` whose first file part is), also with `/{fileName}` appended: invokes
 *   the upload function of AWS (`lambdas/logs/upload.ts`) with an HTTP API event, as API Gateway
 *   does, and it stores the file under the data directory (`LOG_DIR`). 201; 403 for a token that is
 *   not a valid, unexpired upload token; 413 past {@link MAX_LOG_FILE_BYTES}.
 * - `GET /downloads/{token}`: the file, as an attachment; 403 as above, 404 when nothing is stored.
 *
 * A token grants one method on one key until it expires (`shared/charger-logs/tokens.ts`).
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PayloadTooLargeError } from '../../shared/api/errors';
import { LOCAL_UPLOAD_MAX_BYTES, localPathOf, UPLOAD_PATH, verifyToken } from '../../shared/charger-logs';
import { handler as uploadHandler } from '../../lambdas/logs/upload';
import { httpApiEvent, readBody, writeResult } from './http-api';
import { gatewayProblem, sendProblem } from './problem';

/** Largest log file the local gateway takes (the upload function's local limit). */
export const MAX_LOG_FILE_BYTES = LOCAL_UPLOAD_MAX_BYTES;

const DOWNLOAD_PATH = /^\/downloads\/([A-Za-z0-9_.-]+)$/;

/** Serves an upload or a download; false for any other path. */
export async function handleLogFiles(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  const pathname = url.pathname;
  const upload = UPLOAD_PATH.exec(pathname);
  const download = DOWNLOAD_PATH.exec(pathname);
  if (!upload && !download) return false;
  const { LOG_DIR: dir, LOG_URL_SECRET: secret } = process.env;
  if (!dir || !secret) {
    sendProblem(res, gatewayProblem(503, 'log-storage-unavailable', 'This local stack keeps no log files'));
    return true;
  }
  const denied = () =>
    sendProblem(res, gatewayProblem(403, 'forbidden', 'The link is not valid for this: it may have expired'));
  if (upload) {
    // Read past the function's limit by one byte at most, so that the function itself answers 413.
    const body = await readBody(req, MAX_LOG_FILE_BYTES + 1);
    if (body === 'tooLarge') {
      sendProblem(res, new PayloadTooLargeError(MAX_LOG_FILE_BYTES));
      return true;
    }
    const routeKey = `${req.method} /uploads/{token}`;
    writeResult(res, await uploadHandler(httpApiEvent(req, url, body, routeKey)));
    return true;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    sendProblem(res, gatewayProblem(405, 'method-not-allowed', 'Download with GET'));
    return true;
  }
  const granted = verifyToken(secret, download![1]!, 'download');
  if (!granted) {
    denied();
    return true;
  }
  const path = localPathOf(dir, granted.key);
  const info = await stat(path).catch(() => undefined);
  if (!info) {
    sendProblem(res, gatewayProblem(404, 'not-found', 'No file is stored for this log'));
    return true;
  }
  const name = (granted.fileName ?? 'log').replace(/["\\\r\n]/g, '_');
  res.writeHead(200, {
    'content-type': 'application/octet-stream',
    'content-length': String(info.size),
    'content-disposition': `attachment; filename="${name}"`,
  });
  if (req.method === 'HEAD') {
    res.end();
    return true;
  }
  createReadStream(path).pipe(res);
  return true;
}
