/**
 * How large an upload to our upload URL may be (`uploads.ts`, docs/charger-logs.md "URL length"),
 * apart from the stores, so that the CDK stack (the edge's size check) and the local gateway read
 * them without loading the AWS SDK clients.
 */

/**
 * Largest upload body on AWS: 4 MiB (4,194,304 bytes). API Gateway hands a binary body to Lambda
 * base64-encoded (4/3 of its size: 5,592,408 characters), inside an event whose whole JSON must
 * stay within Lambda's synchronous request payload limit of 6 MB (6,291,456 bytes); the 699,048
 * bytes left hold the event's headers (at most 10,240 bytes for the request line and headers, HTTP
 * API quota, repeated in a few fields) and its request context. The edge refuses a larger declared
 * `Content-Length` before it reaches API Gateway (`lib/aws/edge/upload-size-limit.js`).
 */
export const AWS_UPLOAD_MAX_BYTES = 4 * 1024 * 1024;

/** Largest upload body on the local stack (no Lambda payload limit there): 64 MiB. */
export const LOCAL_UPLOAD_MAX_BYTES = 64 * 1024 * 1024;
