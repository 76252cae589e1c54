/**
 * The local stack's OpenID provider (`oidc-provider`), on its own port: what the Cognito user
 * pool's managed login is on AWS, so the console signs people in through the same code path on a
 * laptop (docs/people-and-roles.md, "Signing in locally"). One public client, the console's
 * (authorization code with PKCE, no secret); access tokens are JWTs for the API (a resource
 * indicator) carrying `client_id`, as Cognito's do, signed with a key made at each start (a token
 * of an earlier start is refused: sign in again). People sign in with the accounts of
 * `./accounts.ts` (the address and password of an invitation); consent is implied for the
 * console, a first-party client (granted in the interaction, no page).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import type { default as Provider, Configuration } from 'oidc-provider';
import type { LocalAccounts } from './accounts';

/** The console's client ID at the local provider (`OIDC_CLIENT_ID`). */
export const LOCAL_CLIENT_ID = 'console';
/** The API's resource indicator: the `aud` of the access tokens (`OIDC_AUDIENCE`). */
export const LOCAL_API_RESOURCE = 'urn:charging-network:api';
/** The scope the API's access tokens carry. */
const API_SCOPE = 'api';
/** What the console asks for at the local provider (`OIDC_SCOPE`, given it by `GET /api/sign-in`). */
export const LOCAL_CONSOLE_SCOPE = `openid email ${API_SCOPE}`;

/** A running provider. */
export interface LocalIdentityProvider {
  /** `http://<host>:<port>`: the `iss` of its tokens. */
  issuer: string;
  close(): Promise<void>;
}

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost'];

/**
 * The console's origins: its URL's, and on this machine the other loopback name's too (the
 * gateway listens on 127.0.0.1, `npm start` prints http://localhost:…): the redirect URI is the
 * origin the browser opened.
 */
function consoleOrigins(consoleUrl: string): string[] {
  const url = new URL(consoleUrl);
  if (!LOOPBACK_NAMES.includes(url.hostname)) return [url.origin];
  return LOOPBACK_NAMES.map((name) => {
    const alias = new URL(url);
    alias.hostname = name;
    return alias.origin;
  });
}

/** The provider's configuration: the console's client, JWT access tokens for the API, our accounts. */
async function configuration(accounts: LocalAccounts, consoleUrl: string): Promise<Configuration> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = {
    ...(await exportJWK(privateKey)),
    kid: randomBytes(8).toString('hex'),
    alg: 'RS256',
    use: 'sig',
  };
  const origins = consoleOrigins(consoleUrl);
  return {
    clients: [
      {
        client_id: LOCAL_CLIENT_ID,
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        redirect_uris: origins.map((origin) => `${origin}/`),
        post_logout_redirect_uris: origins.map((origin) => `${origin}/`),
      },
    ],
    jwks: { keys: [signingKey as never] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    routes: { jwks: '/.well-known/jwks.json' },
    scopes: ['openid', 'email', API_SCOPE],
    claims: { openid: ['sub'], email: ['email'] },
    ttl: { AccessToken: 3600, AuthorizationCode: 60, IdToken: 3600, Interaction: 600, Session: 86_400, Grant: 86_400 },
    clientBasedCORS: (_ctx, origin) => origins.includes(origin),
    async findAccount(_ctx, subject) {
      const account = accounts.bySubject(subject);
      if (!account) return undefined;
      return { accountId: subject, claims: async () => ({ sub: subject, email: account.email }) };
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: true, logoutSource },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => LOCAL_API_RESOURCE,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: API_SCOPE,
          audience: LOCAL_API_RESOURCE,
          accessTokenFormat: 'jwt',
          accessTokenTTL: 3600,
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
    },
  };
}

/**
 * The sign-out confirmation of the end-session endpoint (`form` is the provider's hidden form,
 * with its CSRF token): ours, because the default page loads a web font from another origin.
 */
async function logoutSource(ctx: { body?: unknown }, form: string): Promise<void> {
  ctx.body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign out · Charging network (local)</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 22rem; margin: 4rem auto">
<h1>Sign out</h1>
<p>Sign out of the local stack's identity provider too? You will be asked for your password next time.</p>
${form}
<p><button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Sign out</button>
<button type="submit" form="op.logoutForm">Stay signed in</button></p>
</body></html>`;
}

/** The sign-in page of an interaction (no script: a plain form posting to the provider). */
function loginPage(uid: string, failed: boolean): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign in · Charging network (local)</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 22rem; margin: 4rem auto">
<h1>Sign in</h1>
<p>The local stack's identity provider: the people <code>npm start</code> printed, or those invited since.</p>
${failed ? '<p role="alert">Wrong e-mail address or password.</p>' : ''}
<form method="post" action="/interaction/${uid}/login">
<p><label>E-mail <input name="email" type="email" autocomplete="username" required></label></p>
<p><label>Password <input name="password" type="password" autocomplete="current-password" required></label></p>
<p><button type="submit">Sign in</button></p>
</form></body></html>`;
}

/**
 * Grants what the console asked for (the console is ours: no consent page), then resumes.
 * The missing scopes are the interaction's (`prompt.details`), as oidc-provider's own example does.
 */
async function grantConsent(
  provider: Provider,
  details: Awaited<ReturnType<Provider['interactionDetails']>>,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const { prompt, params, session, grantId } = details;
  const grant = grantId
    ? await provider.Grant.find(grantId)
    : new provider.Grant({ accountId: session!.accountId, clientId: params.client_id as string });
  if (!grant) throw new Error('the grant of this interaction is gone');
  const missing = prompt.details as {
    missingOIDCScope?: string[];
    missingOIDCClaims?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
    grant.addResourceScope(indicator, scopes.join(' '));
  await provider.interactionFinished(
    req,
    res,
    { consent: { grantId: await grant.save() } },
    { mergeWithLastSubmission: true },
  );
}

/** Reads a form-encoded body (at most 16 KiB). */
async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  let text = '';
  for await (const chunk of req) {
    text += chunk;
    if (text.length > 16_384) break;
  }
  return new URLSearchParams(text);
}

/** Serves our two interaction pages: the form, and its post (the password checked against the accounts). */
async function interaction(
  provider: Provider,
  accounts: LocalAccounts,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  const send = (status: number, html: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(html);
  };
  if (details.prompt.name === 'consent') return grantConsent(provider, details, req, res);
  if (req.method === 'GET') return send(200, loginPage(details.uid, false));
  const form = await formOf(req);
  const account = accounts.check(form.get('email') ?? '', form.get('password') ?? '');
  if (!account) return send(401, loginPage(details.uid, true));
  await provider.interactionFinished(
    req,
    res,
    { login: { accountId: account.subject } },
    { mergeWithLastSubmission: false },
  );
}

/**
 * Runs `load` with oidc-provider's own warnings held back. It warns (`console.warn`, "oidc-provider
 * WARNING: …") about what this local stand-in is on purpose: Node.js 20 where it asks for 22, its
 * in-memory adapter, development signing keys. `npm start`'s output, and its one-line errors when a
 * port is taken, stay ours; any other warning passes.
 */
async function withoutProviderWarnings<T>(load: () => Promise<T>): Promise<T> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!(typeof args[0] === 'string' && args[0].includes('oidc-provider WARNING:'))) warn(...args);
  };
  try {
    return await load();
  } finally {
    console.warn = warn;
  }
}

/**
 * Starts the provider.
 * @param options.port its port (0: any free one); when taken, any free one
 * @param options.host the interface and the issuer's host @default 127.0.0.1
 * @param options.consoleUrl where the console is served (its origin is the client's redirect URI)
 */
export async function startLocalIdentityProvider(
  accounts: LocalAccounts,
  options: { port: number; host?: string; consoleUrl: string },
): Promise<LocalIdentityProvider> {
  const host = options.host ?? '127.0.0.1';
  let provider: Provider | undefined;
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://local').pathname;
    if (/^\/interaction\/[^/]+(\/login)?$/.test(path) && provider) {
      interaction(provider, accounts, req, res).catch((error: unknown) => {
        res.writeHead(400, { 'content-type': 'text/plain' });
        res.end(`Sign-in failed: ${(error as Error).message}`);
      });
      return;
    }
    provider?.callback()(req, res);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  // The port is a preference: when another process holds it (a second npm start, anything on
  // 3001), any free port serves as well, since the issuer URL carries the port taken.
  await listen(options.port).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EADDRINUSE' || options.port === 0) throw error;
    return listen(0);
  });
  const issuer = `http://${host}:${(server.address() as AddressInfo).port}`;
  const config = await configuration(accounts, options.consoleUrl);
  provider = await withoutProviderWarnings(async () => {
    const { default: OpenIdProvider } = await import('oidc-provider');
    return new OpenIdProvider(issuer, config);
  });
  return {
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
