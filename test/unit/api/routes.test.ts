import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderRouteKeys, ROUTE_KEYS_MODULE } from '../../../bin/generate-route-keys';
import { matchRoute, routeList, HTTP_FUNCTIONS, ROUTES } from '../../../shared/api/routes';
import { matchRouteKey, parseRouteKey, ROUTE_KEYS } from '../../../shared/api/routes/keys';

describe('route table', () => {
  it('matches a parameterised route and decodes its parameter', () => {
    const match = matchRoute('GET', '/api/chargers/by-ocpp-id/CP%2F1');
    expect(match.kind).toBe('route');
    if (match.kind === 'route') {
      expect(match.route.routeKey).toBe('GET /api/chargers/by-ocpp-id/{id}');
      expect(match.pathParameters).toEqual({ id: 'CP/1' });
    }
  });

  it('prefers literal segments over parameters, as API Gateway does', () => {
    const match = matchRoute('GET', '/api/chargers/12');
    expect(match.kind === 'route' && match.route.routeKey).toBe('GET /api/chargers/{id}');
  });

  it('reports the allowed methods for a known path with another method', () => {
    expect(matchRoute('DELETE', '/api/chargers/1')).toEqual({ kind: 'methodNotAllowed', allowed: ['GET'] });
  });

  it('reports unknown paths as not found', () => {
    expect(matchRoute('GET', '/api/unknown')).toEqual({ kind: 'notFound' });
    expect(matchRoute('GET', '/api/chargers/1/extra')).toEqual({ kind: 'notFound' });
  });

  it('names only declared functions and has unique route keys', () => {
    for (const route of routeList) expect(Object.keys(HTTP_FUNCTIONS)).toContain(route.function);
    expect(new Set(routeList.map((r) => r.routeKey)).size).toBe(routeList.length);
  });

  it('lists in ROUTE_KEYS exactly the routes of the table, in its order', () => {
    expect([...ROUTE_KEYS]).toEqual(Object.keys(ROUTES));
  });

  it('has its route keys generated from the table (else run npm run generate:route-keys)', () => {
    expect(readFileSync(ROUTE_KEYS_MODULE, 'utf8')).toBe(renderRouteKeys(Object.keys(ROUTES)));
  });

  it('matches the same way with the route keys alone (the $default function)', () => {
    expect(matchRouteKey('DELETE', '/api/chargers/1')).toEqual({ kind: 'methodNotAllowed', allowed: ['GET'] });
    expect(matchRouteKey('GET', '/api/site/7/limits')).toMatchObject({
      kind: 'route',
      route: { routeKey: 'GET /api/site/{siteId}/limits' },
      pathParameters: { siteId: '7' },
    });
    expect(matchRouteKey('GET', '/api/unknown')).toEqual({ kind: 'notFound' });
  });

  it('refuses a route key that is not METHOD /api/...', () => {
    expect(() => parseRouteKey('FETCH /api/x')).toThrow(/is not "METHOD \/api/);
    expect(() => parseRouteKey('GET /x')).toThrow(/is not "METHOD \/api/);
    expect(parseRouteKey('PUT /api/ports/{portId}/charging-override')).toEqual({
      routeKey: 'PUT /api/ports/{portId}/charging-override',
      method: 'PUT',
      path: '/api/ports/{portId}/charging-override',
    });
  });
});
