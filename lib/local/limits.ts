/** API Gateway's size limits, applied by the local API Gateway as on AWS. */

/** HTTP API payload size quota: 10 MB. */
export const MAX_HTTP_BODY_BYTES = 10 * 1024 * 1024;
/** WebSocket API message payload size quota: 128 KB (larger messages are closed with 1009). */
export const MAX_WS_MESSAGE_BYTES = 128 * 1024;
