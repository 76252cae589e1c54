/**
 * Chargers' security events (docs/certificates.md, "Security events"): every
 * SecurityEventNotification a charger sends (OCPP 2.0.1 A04; 1.6 security whitepaper, "Security
 * Event Notification"), and what the CSMS records itself about a charger (a CSR that
 * SignCertificate refused, `InvalidCsr`), stored one item per event in the charger's partition
 * (`securityEvent`, kept 400 days) and listed newest first by `GET /api/chargers/{id}/security-events`.
 * A critical one ({@link CRITICAL_SECURITY_EVENTS}) raises a `securityEvent` alert from the table's
 * stream (`shared/alerts/security-events.ts`), so storing one stays one write.
 */
import { createConversions, type EntityItem } from 'electrodb';
import type { Db } from '../db';
import { SECURITY_EVENT_TTL_SECONDS } from '../db/entities/security-events';
import { exactPage, PAGE_SIZE, paginate, type Page } from '../db/pagination';
import { type AccessScope, canAccess } from '../organizations/access-scope';
import { HistoryChargerNotFoundError } from './errors';

/**
 * The security events that raise a `securityEvent` alert: of the standardized lists (OCPP 2.0.1
 * Part 2 Appendices, "Security Events"; the 1.6 whitepaper's names where they differ), those that
 * mean the charger or its connection may be under attack or compromised (tampering, a firmware or
 * certificate that does not verify, the security log cleared, replayed messages, a failed
 * maintenance login), a vendor's `FirmwareTampered`, and the CSMS's own `InvalidCsr`. Not the
 * appendix's routine critical events (`StartupOfTheDevice`, `ResetOrReboot`, `FirmwareUpdated`,
 * `SettingSystemTime`): every boot would raise an alert. Compared exactly.
 */
export const CRITICAL_SECURITY_EVENTS: ReadonlySet<string> = new Set([
  'FirmwareTampered',
  'TamperDetectionActivated',
  'InvalidFirmwareSignature',
  'InvalidFirmwareSigningCertificate',
  'InvalidCsmsCertificate',
  'InvalidCentralSystemCertificate',
  'InvalidChargingStationCertificate',
  'InvalidChargePointCertificate',
  'SecurityLogWasCleared',
  'AttemptedReplayAttacks',
  'MaintenanceLoginFailed',
  'InvalidCsr',
]);

/** A security event to store. */
export interface SecurityEventInput {
  chargerId: number;
  /** The charger's organization and site (the connection's); read from the charger when absent. */
  organizationId?: number;
  siteId?: number;
  /** When it happened, ISO 8601 UTC (a charger's time already through `chargerTime`). */
  timestamp: string;
  type: string;
  techInfo?: string;
  source: 'charger' | 'csms';
  /** When the CSMS learnt of it, ISO 8601 UTC. */
  receivedAt: string;
}

/** A security event as the API lists it. */
export interface SecurityEvent {
  timestamp: string;
  type: string;
  techInfo: string | null;
  source: 'charger' | 'csms';
  critical: boolean;
  receivedAt: string;
}

type SecurityEventItem = EntityItem<Db['securityEvent']>;

/**
 * Stores one security event: 1 PutItem (a repeat of the same time and type overwrites it), plus 1
 * GetItem of the charger when the organization is not given.
 * @returns false when the charger no longer exists (nothing stored)
 */
export async function recordSecurityEvent(db: Db, event: SecurityEventInput): Promise<boolean> {
  let { organizationId, siteId } = event;
  if (organizationId === undefined || siteId === undefined) {
    const { data: charger } = await db.charger.get({ chargerId: event.chargerId }).go();
    if (!charger) return false;
    ({ organizationId, siteId } = charger);
  }
  await db.securityEvent
    .put({
      chargerId: event.chargerId,
      organizationId,
      siteId,
      timestamp: event.timestamp,
      type: event.type,
      ...(event.techInfo ? { techInfo: event.techInfo } : {}),
      source: event.source,
      critical: CRITICAL_SECURITY_EVENTS.has(event.type),
      receivedAt: event.receivedAt,
      expiresAt: Math.floor(Date.parse(event.receivedAt) / 1000) + SECURITY_EVENT_TTL_SECONDS,
    })
    .go();
  return true;
}

/** The API's view of a stored event. */
function securityEventView(item: SecurityEventItem): SecurityEvent {
  return {
    timestamp: item.timestamp,
    type: item.type,
    techInfo: item.techInfo ?? null,
    source: item.source,
    critical: item.critical,
    receivedAt: item.receivedAt,
  };
}

/**
 * One page of a charger's security events, newest first by their time, 100 per page: 1 GetItem
 * (the charger, for the caller's scope) and 1 Query of its partition.
 * @throws HistoryChargerNotFoundError (`id`) when the charger is unknown or not the caller's
 * @throws InvalidError (`nextPageCursor`) for a cursor of another list, charger or organization
 */
export async function listSecurityEvents(
  db: Db,
  scope: AccessScope,
  request: { chargerId: number; nextPageCursor?: string },
): Promise<Page<SecurityEvent>> {
  const { chargerId, nextPageCursor } = request;
  const { data: charger } = await db.charger.get({ chargerId }).go();
  if (!charger || !canAccess(scope, charger.organizationId, charger.siteId))
    throw new HistoryChargerNotFoundError(chargerId, 'id');
  const page = await paginate(
    { list: 'securityEvents', organizationId: scope.organizationId, query: { chargerId } },
    nextPageCursor,
    PAGE_SIZE,
    async (inner, limit) => {
      const { data } = await db.securityEvent.query
        .primary({ chargerId })
        .go({ order: 'desc', cursor: inner, count: limit + 1 });
      return exactPage(data as SecurityEventItem[], limit, (last) =>
        createConversions(db.securityEvent).byAccessPattern.primary.fromComposite.toCursor(last as never),
      );
    },
  );
  return { data: page.data.map(securityEventView), pagination: page.pagination };
}
