/**
 * The security profile in request bodies (`PUT /api/chargers/{id}/security-profile`): apart from
 * `security-profile.ts` so that what sets a profile (the upgrade operation's worker) loads no zod.
 */
import * as z from 'zod';
import type { SecurityProfile } from '../db/entities/chargers';

/**
 * A security profile in a request body: 1, 2 or 3 (OCPP's numbers), refused otherwise with "must be
 * 1, 2 or 3". A union of literals rather than `z.literal([1, 2, 3])`, which the OpenAPI document
 * would not render as the enum it is.
 */
export const securityProfileSchema = z.union([z.literal(1), z.literal(2), z.literal(3)], {
  error: 'must be 1, 2 or 3',
}) satisfies z.ZodType<SecurityProfile>;
