/**
 * Signing a person in: OpenID Connect's authorization code flow with PKCE (S256), done by
 * `oauth4webapi` (discovery, the authorization response's checks — state, `iss` —, the code
 * exchange and the ID token's claims), against the issuer the API names (`GET /api/sign-in`:
 * Cognito's user pool on AWS, the local provider under `npm start`).
 *
 * **Where the tokens are**: in this module's memory only, never in `localStorage`,
 * `sessionStorage`, a cookie or a URL. A script injected into the page later (a compromised
 * dependency, an XSS) finds no token to carry away, and one running while the page is open holds
 * it at most until the tab closes or the token expires (the provider's `expires_in`, an hour). The
 * cost: a reload loses them, so a reload signs in again through the provider's session (its own
 * cookie, on its own origin: no password asked while that session lasts). `sessionStorage` holds
 * only what must cross the redirect to the provider and back — the PKCE verifier, the state and
 * the page to return to — and only until the console is back (a verifier is useless without the
 * code, which the provider gives only to the registered redirect URI), plus a flag saying this tab
 * signed in (so a reload signs in again instead of showing the sign-in page).
 *
 * @module
 */
import * as oauth from 'oauth4webapi';

/** `GET /api/sign-in`'s `data`: where people sign in. */
export interface SignInSettings {
  issuer: string;
  clientId: string;
  scope: string;
  /** Cognito's `/logout` (its discovery names no end-session endpoint); null: the discovery's. */
  logoutEndpoint: string | null;
}

/** A signed-in person's tokens (memory only). */
export interface SignedIn {
  accessToken: string;
  /** For the provider's end-session endpoint (`id_token_hint`). */
  idToken: string | null;
  /** The provider's end-session endpoint, when it offers one. */
  endSessionEndpoint: string | null;
}

const PENDING_ITEM = 'charging-network.signIn.pending';
const SIGNED_IN_ITEM = 'charging-network.signIn.active';

/** What crosses the redirect (sessionStorage, removed on return). */
interface Pending {
  state: string;
  codeVerifier: string;
  /** The console page (location hash) to return to. */
  hash: string;
}

/** Reads the sign-in settings: null when the API takes keys only. @throws Error when unreachable. */
export async function readSignInSettings(): Promise<SignInSettings | null> {
  const response = await fetch('/api/sign-in', { headers: { accept: 'application/json' }, credentials: 'omit' });
  if (!response.ok) throw new Error(`GET /api/sign-in answered ${response.status}`);
  return ((await response.json()) as { data: SignInSettings | null }).data;
}

/**
 * `http` is allowed for a provider on this machine only (the local stack's); anything else must be
 * `https`, as oauth4webapi requires by default.
 */
function requestOptions(issuer: URL): { [oauth.allowInsecureRequests]?: boolean } {
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
  return issuer.protocol === 'http:' && loopback ? { [oauth.allowInsecureRequests]: true } : {};
}

let discovered: { issuer: string; server: Promise<oauth.AuthorizationServer> } | undefined;

/** The provider's metadata (OpenID discovery), read once per page load. */
function authorizationServer(settings: SignInSettings): Promise<oauth.AuthorizationServer> {
  if (discovered?.issuer !== settings.issuer) {
    const issuer = new URL(settings.issuer);
    const server = oauth
      .discoveryRequest(issuer, { algorithm: 'oidc', ...requestOptions(issuer) })
      .then((response) => oauth.processDiscoveryResponse(issuer, response));
    server.catch(() => {
      discovered = undefined;
    });
    discovered = { issuer: settings.issuer, server };
  }
  return discovered.server;
}

/** The console's redirect URI: its own root (the provider has it registered). */
function redirectUri(): string {
  return `${location.origin}/`;
}

function storage(): Storage | null {
  try {
    return sessionStorage;
  } catch {
    return null;
  }
}

/** True when this tab signed in and has not signed out: a reload signs in again. */
export function wasSignedIn(): boolean {
  return storage()?.getItem(SIGNED_IN_ITEM) === '1';
}

/** True when the location is the provider's redirect back to the console (a code or an error). */
export function isRedirectBack(): boolean {
  const query = new URLSearchParams(location.search);
  return (query.has('code') || query.has('error')) && storage()?.getItem(PENDING_ITEM) !== null;
}

/**
 * Sends the browser to the provider's sign-in (the location changes: nothing after it runs).
 * @throws Error when the provider's metadata cannot be read
 */
export async function beginSignIn(settings: SignInSettings): Promise<void> {
  const server = await authorizationServer(settings);
  if (!server.authorization_endpoint) throw new Error(`${settings.issuer} names no authorization endpoint`);
  const pending: Pending = {
    state: oauth.generateRandomState(),
    codeVerifier: oauth.generateRandomCodeVerifier(),
    hash: location.hash,
  };
  const url = new URL(server.authorization_endpoint);
  url.search = new URLSearchParams({
    client_id: settings.clientId,
    response_type: 'code',
    redirect_uri: redirectUri(),
    scope: settings.scope,
    state: pending.state,
    code_challenge: await oauth.calculatePKCECodeChallenge(pending.codeVerifier),
    code_challenge_method: 'S256',
  }).toString();
  storage()?.setItem(PENDING_ITEM, JSON.stringify(pending));
  location.assign(url.href);
}

/**
 * Completes the sign-in on the provider's redirect back: checks the response (state, issuer),
 * exchanges the code with the verifier, and puts the location back on the page the person left
 * (without the code).
 * @throws Error with the provider's error (a refusal, a cancelled sign-in) or a failed check
 */
export async function completeSignIn(settings: SignInSettings): Promise<SignedIn> {
  const store = storage();
  const pending = JSON.parse(store?.getItem(PENDING_ITEM) ?? 'null') as Pending | null;
  store?.removeItem(PENDING_ITEM);
  const current = new URL(location.href);
  history.replaceState(null, '', `/${pending?.hash ?? ''}`);
  if (!pending) throw new Error('This sign-in was not started in this tab: sign in again.');
  const server = await authorizationServer(settings);
  const client: oauth.Client = { client_id: settings.clientId };
  const parameters = oauth.validateAuthResponse(server, client, current, pending.state);
  const response = await oauth.authorizationCodeGrantRequest(
    server,
    client,
    oauth.None(),
    parameters,
    redirectUri(),
    pending.codeVerifier,
    requestOptions(new URL(settings.issuer)),
  );
  const tokens = await oauth.processAuthorizationCodeResponse(server, client, response);
  store?.setItem(SIGNED_IN_ITEM, '1');
  return {
    accessToken: tokens.access_token,
    idToken: tokens.id_token ?? null,
    endSessionEndpoint: server.end_session_endpoint ?? null,
  };
}

/**
 * Signs out: forgets that this tab signed in and, when the provider offers an end-session
 * endpoint, ends the provider's session there too (the location changes; the provider returns to
 * the console). The tokens themselves are the caller's to drop.
 */
export function signOutAt(settings: SignInSettings | null, signedIn: SignedIn): void {
  storage()?.removeItem(SIGNED_IN_ITEM);
  if (!settings) return;
  if (settings.logoutEndpoint) {
    // Cognito's own parameters: the client and where to return (an allowed sign-out URL).
    const url = new URL(settings.logoutEndpoint);
    url.searchParams.set('client_id', settings.clientId);
    url.searchParams.set('logout_uri', redirectUri());
    location.assign(url.href);
    return;
  }
  if (!signedIn.endSessionEndpoint) return;
  // OpenID Connect RP-initiated logout.
  const url = new URL(signedIn.endSessionEndpoint);
  url.searchParams.set('client_id', settings.clientId);
  url.searchParams.set('post_logout_redirect_uri', redirectUri());
  if (signedIn.idToken) url.searchParams.set('id_token_hint', signedIn.idToken);
  location.assign(url.href);
}

/** Forgets that this tab signed in (a refused token: the sign-in page, no automatic sign-in). */
export function forgetSignIn(): void {
  storage()?.removeItem(SIGNED_IN_ITEM);
}

/** The message of a failed sign-in, in words. */
export function describeSignInError(error: unknown): string {
  if (error instanceof oauth.AuthorizationResponseError) {
    const description = error.error_description ? `: ${error.error_description}` : '';
    return `The sign-in was refused (${error.error}${description}).`;
  }
  if (error instanceof oauth.ResponseBodyError) {
    return `The sign-in failed at the provider (${error.error}${error.error_description ? `: ${error.error_description}` : ''}).`;
  }
  return `The sign-in failed: ${error instanceof Error ? error.message : String(error)}`;
}
