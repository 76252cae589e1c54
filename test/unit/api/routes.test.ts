import { describe, expect, it } from 'vitest';
import { matchRoute, routeList, HTTP_FUNCTIONS } from '../../../shared/api/routes';

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
});
