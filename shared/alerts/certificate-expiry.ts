/**
 * `certificateExpiring` (docs/alerts.md, "certificateExpiring"), by the alert sweep: a certificate
 * the CSMS CA issued to a charger (`chargerCertificate`, docs/certificates.md) that ends within the
 * renewal lead time (`CERTIFICATE_RENEWAL_LEAD_DAYS`, default 30: the CA's `renewalLeadDays`) and
 * is the charger's latest raises an alert on the charger, one per charger and episode; it clears
 * once the charger holds a certificate that ends beyond the lead time (renewed). Only certificates
 * the charger installed as its client certificate count, for both (`servesAsClientCertificate`:
 * answered `Accepted`, for the station or both uses), and to clear, one its CA has not revoked: a
 * renewal the charger rejected or never received leaves the alert up. An expired certificate keeps
 * its alert: the charger still needs one.
 *
 * DynamoDB requests per organization and sweep: 1 Query of its certificates ending between now and
 * the lead time (gsi1, usually none); per candidate and per active alert of the type 1 Query (the
 * charger's latest certificate) and 1 GetItem per CA of its candidates (its revocations); then the store's requests for a raise or a clear.
 */
import type { Db } from '../db';
import {
  latestCertificateEndingAfter,
  revokedSerialsReader,
  servesAsClientCertificate,
} from '../chargers/certificates';
import type { ChargerItem } from '../chargers/items';
import { chargerSubject, clearAlert, episodeKey, raiseAlert, type AlertItem } from './store';

/** The default renewal lead time, days (the CSMS CA's `renewalLeadDays`, docs/certificates.md). */
export const DEFAULT_RENEWAL_LEAD_DAYS = 30;

/** The renewal lead time of the deployment, days: `CERTIFICATE_RENEWAL_LEAD_DAYS` (1–365), else 30. */
export function renewalLeadDays(env: NodeJS.ProcessEnv = process.env): number {
  const days = Number(env.CERTIFICATE_RENEWAL_LEAD_DAYS);
  return Number.isInteger(days) && days >= 1 && days <= 365 ? days : DEFAULT_RENEWAL_LEAD_DAYS;
}

/**
 * Raises and clears one organization's `certificateExpiring` alerts at `now` (epoch ms).
 * @param chargers the organization's chargers, by ID (the sweep's read)
 * @param active the organization's active alerts
 * @returns how many were raised and cleared
 */
export async function sweepCertificateExpiry(
  db: Db,
  organizationId: number,
  chargers: ReadonlyMap<number, ChargerItem>,
  active: readonly AlertItem[],
  now: number,
): Promise<{ raised: number; cleared: number }> {
  const leadDays = renewalLeadDays();
  const at = new Date(now).toISOString();
  const horizon = new Date(now + leadDays * 86_400_000).toISOString();
  const counts = { raised: 0, cleared: 0 };
  // One read of each CA's revocation list for the whole sweep, not one per charger.
  const revokedSerials = revokedSerialsReader(db);
  for (const alert of active.filter((a) => a.type === 'certificateExpiring')) {
    if (await latestCertificateEndingAfter(db, alert.chargerId, horizon, revokedSerials)) {
      if (await clearAlert(db, organizationId, alert.episodeKey, at)) counts.cleared++;
    }
  }
  const { data: ending } = await db.chargerCertificate.query
    .byOrganization({ organizationId })
    .between({ notAfter: at }, { notAfter: horizon })
    .go({ pages: 'all' });
  const activeKeys = new Set(active.map((a) => a.episodeKey));
  const latest = new Map(ending.filter(servesAsClientCertificate).map((c) => [c.chargerId, c]));
  for (const certificate of latest.values()) {
    const key = episodeKey('certificateExpiring', 'charger', certificate.chargerId);
    const charger = chargers.get(certificate.chargerId);
    if (!charger || activeKeys.has(key)) continue;
    if (await latestCertificateEndingAfter(db, certificate.chargerId, certificate.notAfter, revokedSerials)) continue;
    const details = {
      serialNumber: certificate.serialNumber,
      subject: certificate.subject,
      notAfter: certificate.notAfter,
      renewalLeadDays: leadDays,
    };
    const { raised } = await raiseAlert(db, {
      ...chargerSubject(charger),
      type: 'certificateExpiring',
      episodeKey: key,
      details,
      at,
    });
    if (raised) counts.raised++;
  }
  return counts;
}
