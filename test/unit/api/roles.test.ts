/**
 * The role table (docs/people-and-roles.md), generated from the route table: every route × every
 * role is allowed exactly when the role is at least the route's, and a refusal is a 403 naming the
 * role needed. The route's role itself follows the rules of the roles, checked for every route.
 */
import { describe, expect, it } from 'vitest';
import { routeList, type RouteDefinition } from '../../../shared/api/routes';
import { requireRole } from '../../../shared/api/auth';
import { ForbiddenError } from '../../../shared/api/errors';
import { ROLES, roleAtLeast, type Role } from '../../../shared/organizations';

/** The work of an operator (the depot's daily work): remote commands, operations, windows, acknowledgements, access IDs, telematics state, drivers' estimates. */
const OPERATOR_WRITES = [
  /^POST \/api\/ocpp\/(reservations|reservations\/cancel|remote-start|remote-stop)$/,
  /^POST \/api\/ocpp\/(reset|unlock-connector|change-availability|trigger-message|clear-cache|get-log|get-composite-schedule|get-installed-certificate-ids)$/,
  /^POST \/api\/ocpp\/(set-variable-monitoring|clear-variable-monitoring|set-monitoring-base|set-monitoring-level)$/,
  /^POST \/api\/ocpp\/(set-display-message|clear-display-message|get-display-messages)$/,
  /^POST \/api\/ocpp\/(get-report|get-transaction-status|get-tariffs)$/,
  /^POST \/api\/chargers\/\{id\}\/(configuration\/refresh|monitors\/refresh|local-list\/sync)$/,
  /^(POST|PATCH|DELETE) \/api\/maintenance-windows/,
  /^POST \/api\/alerts\/\{id\}\/acknowledge$/,
  /^(POST|PATCH|PUT) \/api\/access-ids/,
  /^POST \/api\/vehicles\/state/,
  /^(PUT|DELETE) \/api\/ports\/\{portId\}\/driver-estimate$/,
];

/** The role a route should need under the rules of the roles. */
function expectedRole(route: RouteDefinition): Role {
  if (route.path.startsWith('/api/users')) return 'owner';
  if (route.method === 'GET') return 'viewer';
  if (OPERATOR_WRITES.some((pattern) => pattern.test(route.routeKey))) return 'operator';
  return 'admin';
}

const authenticated = routeList.filter((route) => route.authenticated);

describe('the role table', () => {
  it('has every authenticated route (and covers each role)', () => {
    expect(authenticated.length).toBeGreaterThan(80);
    expect(new Set(authenticated.map((route) => route.role))).toEqual(new Set(ROLES));
  });

  it.each(authenticated.map((route) => [route.routeKey, route] as const))(
    '%s needs the role the rules give it',
    (_key, route) => {
      expect(route.role).toBe(expectedRole(route));
    },
  );

  const cells = authenticated.flatMap((route) => ROLES.map((role) => [route.routeKey, role, route] as const));
  it.each(cells)('%s as %s', (_key, role, route) => {
    const check = () => requireRole({ role }, route.role);
    if (roleAtLeast(role, route.role)) {
      expect(check).not.toThrow();
      return;
    }
    const error = (() => {
      try {
        check();
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ForbiddenError);
    const problem = (error as ForbiddenError).toProblem();
    expect(problem.status).toBe(403);
    expect(problem.detail).toContain(`needs the role ${route.role}`);
    expect(problem.errors).toEqual([{ path: 'headers.authorization', message: expect.stringContaining(route.role) }]);
  });

  it('orders the roles viewer < operator < admin < owner', () => {
    expect(ROLES).toEqual(['viewer', 'operator', 'admin', 'owner']);
    expect(roleAtLeast('owner', 'admin')).toBe(true);
    expect(roleAtLeast('operator', 'admin')).toBe(false);
    expect(roleAtLeast('viewer', 'viewer')).toBe(true);
  });
});
