/**
 * SecurityEventNotification (OCPP 2.0.1 A04; 1.6 security whitepaper), both versions alike: the
 * event stored in the charger's partition (one PutItem, the CALL's only write), its time through
 * `chargerTime`; a critical one raises its alert later, from the table's stream
 * (docs/certificates.md, "Security events").
 */
import { chargerTime } from '../charging';
import { recordSecurityEvent } from '../history';
import { logger } from '../logger';
import type { OcppContext } from './handler';

/**
 * Stores a charger's SecurityEventNotification (1 PutItem), logged at warning level as before.
 * @param payload the notification (the same three fields in both versions)
 */
export async function recordChargerSecurityEvent(
  { db, connection, receivedAt }: Pick<OcppContext, 'db' | 'connection' | 'receivedAt'>,
  payload: { type: string; timestamp: string; techInfo?: string },
): Promise<void> {
  const { chargerId, organizationId, siteId, ocppId } = connection;
  logger.warn('security event', { ocppId, type: payload.type, eventTimestamp: payload.timestamp });
  await recordSecurityEvent(db, {
    chargerId,
    organizationId,
    siteId,
    timestamp: chargerTime(payload.timestamp, receivedAt, ocppId),
    type: payload.type,
    ...(payload.techInfo ? { techInfo: payload.techInfo } : {}),
    source: 'charger',
    receivedAt,
  });
}
