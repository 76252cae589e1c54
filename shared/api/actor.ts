/**
 * Who acted, as recorded on what a request changes (an alert's `acknowledgedBy`, …): one function,
 * so that every route names its actor alike.
 *
 * @module
 */
import type { ApiPrincipal } from './auth';

/**
 * The actor of a request: its API key's name, else `API key <id>` (a key created without a name).
 * @returns at most 200 characters
 */
export function actorOf(principal: Pick<ApiPrincipal, 'apiKeyId' | 'apiKeyName'>): string {
  return (principal.apiKeyName?.trim() || `API key ${principal.apiKeyId}`).slice(0, 200);
}
