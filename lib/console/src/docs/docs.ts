/**
 * The API reference page (`/api/docs`): Swagger UI, from the `swagger-ui-dist` package's bundle
 * served beside this file, rendering the API's public OpenAPI document. The validator badge is
 * off, so the page calls nothing outside this origin. "Try it out" sends requests to this origin's
 * `/api` with the key given under "Authorize" (kept by Swagger UI in memory only).
 *
 * @module
 */
import './docs.css';

interface SwaggerUIBundleGlobal {
  (options: Record<string, unknown>): unknown;
  presets: { apis: unknown };
}

declare global {
  interface Window {
    SwaggerUIBundle?: SwaggerUIBundleGlobal;
  }
}

const target = document.getElementById('swagger-ui');
const SwaggerUIBundle = window.SwaggerUIBundle;
if (target && SwaggerUIBundle) {
  target.textContent = '';
  SwaggerUIBundle({
    url: '/api/openapi.json',
    domNode: target,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    deepLinking: true,
    validatorUrl: null,
    tryItOutEnabled: false,
    persistAuthorization: false,
  });
} else if (target) {
  target.textContent = 'Swagger UI did not load; the OpenAPI document is at /api/openapi.json.';
}
