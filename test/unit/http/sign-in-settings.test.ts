/**
 * `GET /api/sign-in`'s settings from the function's environment: the issuer and client the token
 * verifier checks, the scopes (default `openid email`), or null when people cannot sign in.
 */
import { describe, expect, it } from 'vitest';
import { signInSettings } from '../../../lambdas/http/openapi';

describe('the sign-in settings', () => {
  const issuer = 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbC123';

  it('names the issuer and the console client, with openid email by default', () => {
    expect(signInSettings({ OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'abc123' })).toEqual({
      issuer,
      clientId: 'abc123',
      scope: 'openid email',
      logoutEndpoint: null,
    });
    const logout = 'https://charging-1.auth.eu-west-1.amazoncognito.com/logout';
    expect(
      signInSettings({ OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'abc123', OIDC_LOGOUT_ENDPOINT: logout })?.logoutEndpoint,
    ).toBe(logout);
    expect(
      signInSettings({ OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'abc123', OIDC_SCOPE: 'openid email api' })?.scope,
    ).toBe('openid email api');
  });

  it('is null without an issuer or a client: API keys only', () => {
    expect(signInSettings({})).toBeNull();
    expect(signInSettings({ OIDC_ISSUER: issuer })).toBeNull();
    expect(signInSettings({ OIDC_CLIENT_ID: 'abc123' })).toBeNull();
  });
});
