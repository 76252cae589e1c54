/**
 * Who is calling (docs/people-and-roles.md): a person signed in with a token of the identity
 * provider, or an integrator's API key. Both resolve to the same {@link ApiPrincipal}: the scope
 * the request acts in (organization, optional site), the role, and who it is, so every route's
 * rules hold for both.
 */
import type { AccessScope, Role } from '../organizations';

/** Who a request comes from: an API key (with its name, if it has one) or a person (with its e-mail). */
export type Actor =
  | { kind: 'apiKey'; apiKeyId: number; name: string | null }
  | { kind: 'user'; userId: number; email: string };

/** What an authenticated request may see and do, and who it is. */
export interface ApiPrincipal extends AccessScope {
  /** What the caller may do (`shared/organizations/roles.ts`); each route declares the least it needs. */
  role: Role;
  /** Who the caller is: what {@link actorOf} records. */
  actor: Actor;
  /**
   * Identifies the caller for rate limiting (spec §8) and request leases: the key's SHA-256 (hex),
   * or `user:` and the token's subject for a person, so a person's requests are counted together
   * whichever token carries them.
   */
  keyHash: string;
}

/**
 * "Who did this", as recorded on what a request creates or changes (the `userEmail` of the
 * reference API: maintenance windows, limits, tariffs, charger operations, firmware campaigns; an
 * alert's acknowledgement): the person's e-mail address, or the API key's name (`API key <id>` for
 * a key without one).
 * @example actorOf(principal) // 'shift-lead@fleet.example.com', or 'Fleet telematics'
 */
export function actorOf(principal: Pick<ApiPrincipal, 'actor'>): string {
  const { actor } = principal;
  if (actor.kind === 'user') return actor.email;
  return actor.name ?? `API key ${actor.apiKeyId}`;
}

/** The requester of a charger operation or firmware campaign: the API key's ID, or the person's. */
export function requestedByOf(principal: Pick<ApiPrincipal, 'actor'>): { apiKeyId: number } | { userId: number } {
  const { actor } = principal;
  return actor.kind === 'user' ? { userId: actor.userId } : { apiKeyId: actor.apiKeyId };
}
