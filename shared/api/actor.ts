/**
 * Who acted, as recorded on what a request changes (an alert's `acknowledgedBy`, …): one function,
 * so that every route names its actor alike.
 *
 * @module
 */
import type { ApiPrincipal } from './auth';

/**
 * The actor of a request, as recorded in `userEmail` and `acknowledgedBy`: a person's e-mail
 * address, else the API key's name, else `API key <id>` (a key created without a name).
 * @returns at most 200 characters
 * @example actorOf(principal) // 'shift-lead@fleet.example.com', or 'Fleet telematics'
 */
export function actorOf(principal: Pick<ApiPrincipal, 'actor'>): string {
  const { actor } = principal;
  if (actor.kind === 'user') return actor.email.slice(0, 200);
  return (actor.name?.trim() || `API key ${actor.apiKeyId}`).slice(0, 200);
}

/**
 * The requester of a charger operation or firmware campaign (`requestedBy`): the API key's ID or
 * the person's, with {@link actorOf} as `userEmail`.
 */
export function requestedByOf(
  principal: Pick<ApiPrincipal, 'actor'>,
): { apiKeyId: number; userEmail: string } | { userId: number; userEmail: string } {
  const { actor } = principal;
  const userEmail = actorOf(principal);
  return actor.kind === 'user' ? { userId: actor.userId, userEmail } : { apiKeyId: actor.apiKeyId, userEmail };
}
