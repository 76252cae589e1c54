/**
 * Taking a charger's upload on a URL of ours (docs/charger-logs.md, "Where files go"):
 * `PUT /uploads/<token>` with the file as the body, or `POST` with the file as the body or as the
 * first file part of a `multipart/form-data` body, also with `/<fileName>` appended (chargers that
 * read the location as a directory add theirs). The token (`tokens.ts`) names the key; the store
 * (`upload-store.ts`: S3 on AWS, the data folder locally) keeps the file. One piece of logic for
 * both: `lambdas/logs/upload.ts` calls it on AWS, and the local gateway invokes that handler.
 */
import { firstFilePart, isMultipartUpload } from './multipart';
import { verifyToken } from './tokens';

/** An upload path: the token, then an optional file name that is ignored. */
export const UPLOAD_PATH = /^\/uploads\/([A-Za-z0-9_.-]+)(?:\/[^/]+)?$/;

/** The methods an upload takes. */
export const UPLOAD_METHODS = ['PUT', 'POST'] as const;

/** Where uploads are stored, and what they may weigh. */
export interface UploadStore {
  /** Largest request body taken, bytes (the whole body, multipart framing included). */
  readonly maxBytes: number;
  /** The URL secret tokens are checked with. */
  secret(): Promise<string>;
  /**
   * Stores a whole file under `key` unless one is there (a conditional write: a reader never sees
   * half a file, and a stored file is never replaced).
   * @returns false when a file was already stored under `key` (nothing written)
   */
  put(key: string, file: Buffer): Promise<boolean>;
}

/** An upload request, as the HTTP layer read it. */
export interface UploadRequest {
  /** The HTTP method, upper case. */
  method: string;
  /** The URL path (`/uploads/<token>[/<fileName>]`), not decoded. */
  path: string;
  /** The Content-Type header, if any. */
  contentType?: string;
  /** The whole body, decoded (not base64). */
  body: Buffer;
}

/** What became of an upload; nothing is stored unless `stored`. */
export type UploadOutcome =
  | { result: 'stored'; key: string; sizeBytes: number }
  | { result: 'methodNotAllowed' }
  /** Not a token of ours for an upload, or expired. */
  | { result: 'forbidden' }
  | { result: 'tooLarge'; maxBytes: number }
  /** A multipart body with no part. */
  | { result: 'noFilePart' }
  /** A file is already stored for this token's key: a token uploads once (nothing replaced). */
  | { result: 'alreadyUploaded' };

/**
 * Checks the token of an upload and stores its file under the token's key: the body (PUT, or a
 * POST that is not multipart) or the first file part of a `multipart/form-data` POST. A token
 * uploads once: the store writes only where no file is, so a replay (after the charger reported
 * Uploaded and the operation completed, or at any time) leaves the stored file as it is.
 * @returns the outcome; only `stored` wrote anything
 * @throws what the store throws (reading the secret, writing the file)
 */
export async function receiveUpload(request: UploadRequest, store: UploadStore): Promise<UploadOutcome> {
  if (!(UPLOAD_METHODS as readonly string[]).includes(request.method)) return { result: 'methodNotAllowed' };
  const token = UPLOAD_PATH.exec(request.path)?.[1];
  const granted = token === undefined ? undefined : verifyToken(await store.secret(), token, 'upload');
  if (!granted) return { result: 'forbidden' };
  if (request.body.length > store.maxBytes) return { result: 'tooLarge', maxBytes: store.maxBytes };
  const file = isMultipartUpload(request.method, request.contentType)
    ? firstFilePart(request.body, request.contentType ?? '')
    : request.body;
  if (!file) return { result: 'noFilePart' };
  if (!(await store.put(granted.key, file))) return { result: 'alreadyUploaded' };
  return { result: 'stored', key: granted.key, sizeBytes: file.length };
}
