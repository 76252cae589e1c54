/**
 * Response headers of the console's static files, the same locally (`lib/local/static-files.ts`)
 * and on CloudFront (`lib/aws/console.ts`, a response headers policy).
 *
 * The Content-Security-Policy allows this origin only: the console and Swagger UI load no script,
 * style, font or image from elsewhere (images may be `data:` URLs, as Swagger UI's icons are) and
 * call only this origin's `/api`. No inline script or style attribute runs: Preact, uPlot and
 * Swagger UI set styles through the DOM, which the policy allows. The browser tests fail on any
 * violation (Chromium reports each as a console error).
 *
 * @module
 */

/**
 * The Content-Security-Policy of the console's pages. `identityOrigins`: the origins of the OpenID
 * provider people sign in with (its issuer, for discovery; its token endpoint), which the console
 * calls besides this origin's `/api` (`connect-src`); the sign-in itself is a navigation, which
 * the policy does not restrict.
 */
export function consoleContentSecurityPolicy(identityOrigins: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    ["connect-src 'self'", ...new Set(identityOrigins)].join(' '),
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Content-Security-Policy of every console and API reference page where nobody signs in (API keys only). */
export const CONSOLE_CONTENT_SECURITY_POLICY = consoleContentSecurityPolicy();

/**
 * Files are revalidated on every load (`no-cache`: the browser keeps them but asks with their
 * ETag), so a deployment is seen at once although file names carry no content hash.
 */
export const CONSOLE_CACHE_CONTROL = 'no-cache';

/** Headers sent with every static file; `identityOrigins` as {@link consoleContentSecurityPolicy}'s. */
export function consoleHeaders(identityOrigins: readonly string[] = []): Readonly<Record<string, string>> {
  return {
    'content-security-policy': consoleContentSecurityPolicy(identityOrigins),
    'cache-control': CONSOLE_CACHE_CONTROL,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
  };
}
