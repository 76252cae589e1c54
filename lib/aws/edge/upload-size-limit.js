/*
 * CloudFront Function (runtime cloudfront-js-2.0), viewer request of the `/uploads/*` behaviour:
 * chargers' log uploads to our short URL (docs/charger-logs.md, "URL length").
 *
 * The upload function behind it gets the body base64-encoded inside a Lambda event of at most
 * 6 MB, so it takes bodies of at most MAX_UPLOAD_BYTES (4 MiB) and answers 413 itself up to the
 * Lambda's limit; a larger body would fail before the function runs. A request declaring a
 * Content-Length over MAX_UPLOAD_BYTES is therefore answered here, 413 with the same problem
 * document the function answers, and never reaches API Gateway. Anything else is passed on.
 *
 * No imports or exports: CloudFront calls the global `handler`. The unit test evaluates this file
 * as it is (test/unit/edge/upload-size-limit.test.ts), and checks that MAX_UPLOAD_BYTES equals
 * AWS_UPLOAD_MAX_BYTES (shared/charger-logs/upload-limits.ts).
 */
var MAX_UPLOAD_BYTES = 4194304;

function handler(event) {
  var request = event.request;
  var length = request.headers['content-length'];
  if (!length || !/^\d+$/.test(length.value) || Number(length.value) <= MAX_UPLOAD_BYTES) return request;
  var detail = 'The request body exceeds ' + MAX_UPLOAD_BYTES + ' bytes';
  return {
    statusCode: 413,
    statusDescription: 'Payload Too Large',
    headers: { 'content-type': { value: 'application/problem+json' } },
    body: {
      encoding: 'text',
      data: JSON.stringify({
        type: '/problems/payload-too-large',
        title: 'Payload Too Large',
        status: 413,
        detail: detail,
        error: detail,
      }),
    },
  };
}
