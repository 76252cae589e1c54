/**
 * The body fields every operation's API body shares (docs/charger-operations.md, "The operations"):
 * its targets (a charger, a list of chargers, a site, or a port) and the check that exactly one is
 * given. Used by each kind's body schema (`inputs.ts`, `security-inputs.ts`, `monitoring-inputs.ts`)
 * and the firmware campaigns'.
 */
import * as z from 'zod';
import { MAX_OPERATION_TARGETS, type TargetFields } from './targets';

/** A numeric ID in a body: a positive integer JSON numbers hold exactly. */
export const positiveId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * A list of charger IDs in a body: 1 to `max` IDs, none repeated.
 * @param max most IDs (an operation's {@link MAX_OPERATION_TARGETS}, a campaign's chargers)
 */
export function chargerIdList(max: number) {
  return z
    .array(positiveId)
    .min(1, 'must name at least one charger')
    .max(max, `must name at most ${max} chargers`)
    .refine((ids) => new Set(ids).size === ids.length, 'must not repeat a charger');
}

/** Body fields addressing chargers: one, a list (bulk) or a site (bulk). */
export const chargerTargetFields = {
  chargerId: positiveId.optional().meta({ description: 'One charger' }),
  chargerIds: chargerIdList(MAX_OPERATION_TARGETS)
    .optional()
    .meta({ description: `Several chargers (bulk, at most ${MAX_OPERATION_TARGETS})` }),
  siteId: positiveId.optional().meta({ description: 'Every charger of this site (bulk)' }),
};

/** Body field addressing one port. */
export const portTargetField = {
  portId: positiveId.optional().meta({ description: 'One port (its charger is addressed)' }),
};

/**
 * A zod check that exactly one of `fields` is given; the issue names the body (none given) or the
 * second field given.
 */
export function exactlyOneOf(fields: readonly (keyof TargetFields)[]) {
  return (body: TargetFields, context: z.RefinementCtx) => {
    const given = fields.filter((field) => body[field] !== undefined);
    if (given.length === 1) return;
    context.addIssue({
      code: 'custom',
      message: `give exactly one of ${fields.join(', ')}`,
      path: given.length > 1 ? [given[1]!] : [],
    });
  };
}
