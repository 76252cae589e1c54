/**
 * Access-token verification (`shared/api/tokens.ts`) against a real key set served over HTTP: a
 * token of the issuer for the console's client passes; an expired, forged (another key),
 * other-issuer, wrong-client (another app client: the wrong audience), wrong-`aud` or ID token is a
 * 401 problem; the key set is fetched once for many verifications.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { identityConfig, looksLikeJwt, verifyAccessToken, type IdentityConfig } from '../../../shared/api/tokens';
import { UnauthorizedError } from '../../../shared/api/errors';

let server: Server;
let config: IdentityConfig;
let signing: CryptoKey;
let stranger: CryptoKey;
let fetches = 0;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  signing = pair.privateKey;
  stranger = (await generateKeyPair('RS256')).privateKey;
  const jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }] };
  server = createServer((_req, res) => {
    fetches++;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(jwks));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  config = identityConfig({ OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'console', OIDC_AUDIENCE: 'urn:api' })!;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A token signed with `key`, the valid claims changed by `claims`. */
function token(claims: Record<string, unknown> = {}, key = signing, expiresIn = '1h') {
  const valid = { iss: config.issuer, aud: 'urn:api', sub: 'person-1', client_id: 'console', token_use: 'access' };
  return new SignJWT({ ...valid, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(key);
}

describe('verifyAccessToken', () => {
  it("accepts the issuer's access token for the console, fetching the key set once", async () => {
    const before = fetches;
    for (let i = 0; i < 5; i++) {
      const verified = await verifyAccessToken(await token(), config);
      expect(verified.subject).toBe('person-1');
      expect(verified.expiresAt).toBeGreaterThan(Date.now());
    }
    expect(fetches - before).toBeLessThanOrEqual(1);
  });

  it.each([
    ['an expired token', () => token({}, signing, '-5 minutes'), /expired/],
    ['a forged token (another key)', () => token({}, stranger), /signature or form/],
    ['a token of another issuer', () => token({ iss: 'https://elsewhere.example.com' }), /iss claim/],
    ['a token of another app client', () => token({ client_id: 'another-app' }), /another client/],
    ['a token for another audience', () => token({ aud: 'urn:other' }), /aud claim/],
    ['an ID token', () => token({ token_use: 'id' }), /Not an access token/],
    ['garbage', async () => 'a.b.c', /signature or form/],
  ])('refuses %s with a 401', async (_what, make, message) => {
    const error = await verifyAccessToken(await make(), config).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect((error as UnauthorizedError).toProblem()).toMatchObject({
      status: 401,
      detail: expect.stringMatching(message),
    });
  });

  it('refuses every token while sign-in is off, and tells tokens from API keys', async () => {
    await expect(verifyAccessToken(await token(), undefined)).rejects.toThrow(/Sign-in is not configured/);
    expect(identityConfig({})).toBeUndefined();
    expect(() => identityConfig({ OIDC_ISSUER: 'https://x' })).toThrow(/OIDC_CLIENT_ID/);
    expect(looksLikeJwt(await token())).toBe(true);
    expect(looksLikeJwt('cnk_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG')).toBe(false);
  });
});
