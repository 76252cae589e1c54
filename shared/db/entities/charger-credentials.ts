/** The charger item's credentials beyond its password's hash (`chargers.ts`). */
import { OCPP_PROTOCOLS, timestamp } from './common';

/**
 * A new Basic-auth password sent to the charger and not yet confirmed
 * (`shared/chargers/credentials.ts`): its scrypt hash, the messageId of the CALL that carried it
 * (its answer is that CALL's record, `ocppMessage`), the OCPP version it was sent in, and when
 * (ISO 8601 UTC). It replaces `passwordHash` once the charger has confirmed it.
 */
export const pendingPasswordAttribute = {
  type: 'map',
  properties: {
    hash: { type: 'string', required: true },
    messageId: { type: 'string', required: true },
    protocol: { type: OCPP_PROTOCOLS, required: true },
    requestedAt: timestamp,
  },
} as const;
