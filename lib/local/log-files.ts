/**
 * The local stack's log-file paths (docs/charger-logs.md), standing in for S3's presigned URLs:
 *
 * - `PUT /uploads/{token}` (the body is the file) or `POST /uploads/{token}` (the body is the file,
 *   or `multipart/form-data` whose first file part is), also with `/{fileName}` appended: stores the file under the data directory
 *   (`LOG_DIR`). 201; 403 for a token that is not a valid, unexpired upload token.
 * - `GET /downloads/{token}`: the file, as an attachment; 403 as above, 404 when nothing is stored.
 *
 * A token grants one method on one key until it expires (`shared/charger-logs/local-storage.ts`).
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { localPathOf, storeLocalFile, verifyToken } from '../../shared/charger-logs/local-storage';
import { gatewayProblem, sendProblem } from './problem';

/** Largest log file the local gateway takes. */
export const MAX_LOG_FILE_BYTES = 64 * 1024 * 1024;

/** A file name after the token is ignored: 1.6 chargers that take `location` as a directory append theirs. */
const UPLOAD_PATH = /^\/uploads\/([A-Za-z0-9_.-]+)(?:\/[^/]+)?$/;
const DOWNLOAD_PATH = /^\/downloads\/([A-Za-z0-9_.-]+)$/;

/** The request body, up to {@link MAX_LOG_FILE_BYTES}; undefined past it. */
async function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_LOG_FILE_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * The first part of a `multipart/form-data` body that carries a file (a `filename` in its
 * Content-Disposition), else the first part; undefined when the body is not such a document.
 */
export function firstFilePart(body: Buffer, contentType: string): Buffer | undefined {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return undefined;
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: { headers: string; content: Buffer }[] = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const headerStart = start + delimiter.length + 2; // past CRLF
    const next = body.indexOf(delimiter, headerStart);
    if (next === -1) break;
    const headerEnd = body.indexOf('\r\n\r\n', headerStart);
    if (headerEnd !== -1 && headerEnd < next) {
      parts.push({
        headers: body.subarray(headerStart, headerEnd).toString('latin1'),
        content: body.subarray(headerEnd + 4, next - 2), // the CRLF before the delimiter is not content
      });
    }
    start = next;
  }
  return (parts.find((p) => /filename=/i.test(p.headers)) ?? parts[0])?.content;
}

/** Serves an upload or a download; false for any other path. */
export async function handleLogFiles(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> {
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
    if (req.method !== 'PUT' && req.method !== 'POST') {
      sendProblem(res, gatewayProblem(405, 'method-not-allowed', 'Upload with PUT (or POST)'));
      return true;
    }
    const granted = verifyToken(secret, upload[1]!, 'upload');
    if (!granted) {
      denied();
      return true;
    }
    const body = await readBody(req);
    if (!body) {
      sendProblem(res, gatewayProblem(413, 'payload-too-large', `A log file is at most ${MAX_LOG_FILE_BYTES} bytes`));
      return true;
    }
    const contentType = req.headers['content-type'] ?? '';
    const file =
      req.method === 'POST' && /^multipart\/form-data/i.test(contentType) ? firstFilePart(body, contentType) : body;
    if (!file) {
      sendProblem(res, gatewayProblem(400, 'invalid-request', 'The multipart body has no part'));
      return true;
    }
    await storeLocalFile(dir, granted.key, file);
    res.writeHead(201, { 'content-length': '0' });
    res.end();
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
