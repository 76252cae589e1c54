import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { api, startTestStack } from '../support/stack';
import type { LocalStack } from '../../../lib/local/stack';
import { routeList } from '../../../shared/api/routes';

let stack: LocalStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => stack?.close());

describe('GET /api/openapi.json', () => {
  it('serves a valid OpenAPI 3.1 document without an API key', async () => {
    const { status, body } = await api(stack, '/api/openapi.json');
    expect(status).toBe(200);
    expect(body.openapi).toBe('3.1.0');
    const result = await new Validator().validate(body);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('documents every route of the route table with its problem responses', async () => {
    const { body } = await api(stack, '/api/openapi.json');
    for (const route of routeList) {
      const operation = body.paths[route.path]?.[route.method.toLowerCase()];
      expect(operation, route.routeKey).toBeDefined();
      expect(operation.responses['400'].content['application/problem+json']).toBeDefined();
      if (route.authenticated) expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['401', '429']));
    }
  });
});

describe('GET /api/sign-in', () => {
  it('names the OpenID provider and the console client without a credential, as the token verifier has them', async () => {
    const { status, body, headers } = await api(stack, '/api/sign-in');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toContain('application/json');
    expect(body).toEqual({
      data: { issuer: stack.identityIssuer, clientId: 'console', scope: 'openid email api', logoutEndpoint: null },
    });
    // The issuer it names is the one people sign in at: its discovery document says so.
    const discovery = await fetch(`${body.data.issuer}/.well-known/openid-configuration`);
    expect(((await discovery.json()) as { issuer: string }).issuer).toBe(stack.identityIssuer);
  });
});
