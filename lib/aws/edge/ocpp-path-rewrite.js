/*
 * CloudFront Function (runtime cloudfront-js-2.0), viewer request of the `/ocpp/*` behaviour.
 *
 * OCPP-J puts the charge point identity in the last path segment (wss://host/ocpp/CP-1), but an
 * API Gateway WebSocket API accepts no path after its stage. This moves the identity into the
 * query string, where $connect reads it: /ocpp/CP-1?a=1 is sent on as /ocpp?a=1&ocppId=CP-1.
 *
 * - The segment is percent-decoded and re-encoded with encodeURIComponent, so every spelling of
 *   one identity (CP%2D1, CP-1) reaches $connect the same way and none can inject parameters.
 * - An ocppId already in the query string is replaced: the path names the charge point.
 *   Other query parameters are kept.
 * - /ocpp/ (no identity) and /ocpp/a/b (more than one segment) get 404 at the edge, as OCPP-J
 *   answers a URL naming no known charge point; a segment that is not valid percent-encoding
 *   (/ocpp/%E0%A4%A) gets 400. Neither reaches API Gateway.
 * - Any other path is returned unchanged.
 *
 * No imports or exports: CloudFront calls the global `handler`. The unit test evaluates this file
 * as it is (test/unit/edge/ocpp-path-rewrite.test.ts). CloudFront limits function code to 10 KB.
 * OCPP_STAGE_PATH must stay `/` + OCPP_STAGE_NAME (lib/aws/ocpp-api.ts).
 */
var OCPP_STAGE_PATH = '/ocpp';

function handler(event) {
  var request = event.request;
  var prefix = OCPP_STAGE_PATH + '/';
  if (request.uri.indexOf(prefix) !== 0) return request;

  var segment = request.uri.slice(prefix.length);
  if (segment === '' || segment.indexOf('/') !== -1) return errorResponse(404, 'Not Found');

  var ocppId;
  try {
    ocppId = decodeURIComponent(segment);
  } catch (e) {
    return errorResponse(400, 'Bad Request');
  }

  request.uri = OCPP_STAGE_PATH;
  request.querystring.ocppId = { value: encodeURIComponent(ocppId) };
  return request;
}

function errorResponse(statusCode, statusDescription) {
  return { statusCode: statusCode, statusDescription: statusDescription };
}
