/**
 * The file of a `multipart/form-data` upload (RFC 7578), as some chargers send a log to a plain
 * web server (docs/charger-logs.md, "Why PUT").
 */

/**
 * The first part of a `multipart/form-data` body that carries a file (a `filename` in its
 * Content-Disposition), else the first part.
 * @param body the whole request body
 * @param contentType the request's Content-Type, with its `boundary` parameter
 * @returns the part's content (a view of `body`); undefined when the body is not such a document
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

/** Whether a request of `method` with `contentType` is a multipart form upload (POST `multipart/form-data`). */
export const isMultipartUpload = (method: string, contentType: string | undefined) =>
  method === 'POST' && /^multipart\/form-data/i.test(contentType ?? '');
