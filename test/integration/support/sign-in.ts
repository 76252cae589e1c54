/**
 * Test support: signing a person in at the local stack's OpenID provider the way a browser does,
 * with a plain HTTP client: the authorization request with PKCE (S256), the provider's sign-in
 * form posted with the e-mail and password, the redirects followed with the provider's cookies,
 * and the code exchanged at the token endpoint for the access token.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { LocalStack } from '../../../lib/local/stack';

/** What the token endpoint answered. */
export interface SignedIn {
  accessToken: string;
  idToken: string;
  expiresIn: number;
}

/** A cookie jar of one browser session. */
class Cookies {
  private readonly jar = new Map<string, string>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  }
  get header(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** GETs `url` with the jar's cookies, without following redirects. */
async function visit(url: string, cookies: Cookies, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, {
    ...init,
    redirect: 'manual',
    headers: { ...(init.headers as Record<string, string>), cookie: cookies.header },
  });
  cookies.take(response);
  return response;
}

/**
 * Signs `email` in with `password` through the authorization code flow with PKCE.
 * @throws Error naming the step that did not answer as the flow expects (a wrong password: the form again)
 */
export async function signIn(stack: LocalStack, email: string, password: string): Promise<SignedIn> {
  const issuer = stack.identityIssuer;
  const redirectUri = `${new URL(stack.url).origin}/`;
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const state = randomBytes(8).toString('hex');
  const cookies = new Cookies();
  const query = new URLSearchParams({
    client_id: 'console',
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid email api',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
  });
  let response = await visit(`${issuer}/auth?${query}`, cookies);
  const formUrl = new URL(response.headers.get('location') ?? '', issuer);
  if (!formUrl.pathname.startsWith('/interaction/')) throw new Error(`auth: ${response.status} ${formUrl}`);
  const form = await visit(formUrl.href, cookies);
  const action = /action="([^"]+)"/.exec(await form.text())?.[1];
  if (!action) throw new Error(`the sign-in form: ${form.status}`);
  response = await visit(new URL(action, issuer).href, cookies, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }).toString(),
  });
  // The provider resumes the authorization request, then redirects to the console with the code.
  for (let hops = 0; hops < 5 && response.status >= 300 && response.status < 400; hops++) {
    const location = new URL(response.headers.get('location') ?? '', issuer);
    if (location.href.startsWith(redirectUri)) return exchange(issuer, location, { verifier, redirectUri, state });
    response = await visit(location.href, cookies);
  }
  throw new Error(`sign-in of ${email} ended with ${response.status}`);
}

/** Exchanges the code of the redirect for the tokens. */
async function exchange(
  issuer: string,
  redirect: URL,
  flow: { verifier: string; redirectUri: string; state: string },
): Promise<SignedIn> {
  if (redirect.searchParams.get('state') !== flow.state) throw new Error('the redirect carries another state');
  const code = redirect.searchParams.get('code');
  if (!code) throw new Error(`no code in the redirect: ${redirect.search}`);
  const response = await fetch(`${issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: flow.redirectUri,
      client_id: 'console',
      code_verifier: flow.verifier,
    }).toString(),
  });
  const body = (await response.json()) as { access_token?: string; id_token?: string; expires_in?: number };
  if (!response.ok || !body.access_token) throw new Error(`token: ${response.status} ${JSON.stringify(body)}`);
  return { accessToken: body.access_token, idToken: body.id_token ?? '', expiresIn: body.expires_in ?? 0 };
}
