/*
 * CloudFront Function (runtime cloudfront-js-2.0), viewer request of the operator console's
 * behaviours (the default one and `/api/docs*`), whose origin is the console's S3 bucket.
 *
 * S3 behind Origin Access Control serves objects, not directory indexes: this names the index
 * document of the two pages. `/` becomes `/index.html` (the console; its pages are hash routes,
 * so no other path needs a rewrite) and `/api/docs` or `/api/docs/` becomes
 * `/api/docs/index.html` (the API reference); `/favicon.ico`, which browsers ask for on pages that
 * name no icon, becomes the console's `/favicon.svg`. Every other path is returned unchanged.
 *
 * No imports or exports: CloudFront calls the global `handler`. The unit test evaluates this file
 * as it is (test/unit/edge/console-index.test.ts).
 */
var INDEX_DOCUMENTS = {
  '/': '/index.html',
  '/api/docs': '/api/docs/index.html',
  '/api/docs/': '/api/docs/index.html',
  '/favicon.ico': '/favicon.svg',
};

function handler(event) {
  var request = event.request;
  var index = INDEX_DOCUMENTS[request.uri];
  if (index) request.uri = index;
  return request;
}
