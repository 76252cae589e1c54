/**
 * Test support: a `multipart/form-data` body as chargers that POST their logs send it: a text
 * field first, then the file part (`filename="diag.log"`), boundary `XyZ`.
 */

/** The Content-Type of {@link multipartBody}'s body. */
export const MULTIPART_CONTENT_TYPE = 'multipart/form-data; boundary=XyZ';

/** A body whose second part carries `file` as the file `diag.log`. */
export function multipartBody(file: string): Buffer {
  return Buffer.from(
    [
      '--XyZ',
      'Content-Disposition: form-data; name="note"',
      '',
      'hello',
      '--XyZ',
      'Content-Disposition: form-data; name="file"; filename="diag.log"',
      'Content-Type: application/octet-stream',
      '',
      file,
      '--XyZ--',
      '',
    ].join('\r\n'),
  );
}
