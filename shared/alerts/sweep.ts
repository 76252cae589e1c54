/**
 * The alert sweep (docs/alerts.md): every minute, for every organization, the
 * alerts that come from time passing rather than from a change in the table:
 * - `offlineCharger`: a booted charger not heard from for the organization's threshold is probed
 *   (OCPP TriggerMessage `Heartbeat`, 1.6 §5.17 / 2.0.1 F06, through the command path, at most
 *   {@link PROBE_DEADLINE_MS}); any answer (a CALLRESULT, even `Rejected`, or a CALLERROR) proves
 *   it alive and refreshes its connection's `lastMessageAt`; no answer, or no connection, raises
 *   the alert with `{ thresholdMinutes }`. It clears once the charger has been connected and
 *   talking for `offlineClearAfterMinutes` ({@link offlineAction}).
 * - `chargerFaulted`: a port whose OCPP status (1.6 and 2.0.1 StatusNotification) has been
 *   `Faulted` for `chargerFaultedGraceMinutes` ({@link faultAction}); cleared when it leaves it.
 * - `certificateExpiring`: a charger's certificate within the renewal lead time of its end
 *   (`certificate-expiry.ts`).
 * The store raises each episode once and mutes alerts under a maintenance window
 * (`shared/alerts/store.ts`).
 *
 * DynamoDB requests per sweep: 1 Query of the organizations (gsi2, paged); per organization
 * 1 GetItem (its settings), 1 Query of its `organizationView` (sites, chargers, ports; paged),
 * 1 Query of its active alerts and 1 BatchGetItem of the connected chargers' connection items
 * (per 100); then only the changes: a raise, update or clear each (the store's writes), and
 * 1 UpdateItem per charger that answered a probe. A probe is a command (the command path's
 * requests: about 4, docs/charger-operations.md).
 */
import type { Db } from '../db';
import { batchGet } from '../db/batch';
import type { ChargerCommands } from '../charger-commands';
import type { ChargerOperationCommandCatalog } from '../charger-operations/commands';
import type { ChargerItem, StoredPortItem } from '../chargers/items';
import { recordLastMessage } from '../chargers/last-message';
import { logger } from '../logger';
import { activeAlerts, chargerSubject, clearAlert, episodeKey, raiseAlert, updateAlert } from './store';
import { alertSettings, type AlertSettings } from './settings';
import { faultAction, offlineAction, type ChargerLink } from './sweep-rules';
import { sweepCertificateExpiry } from './certificate-expiry';

/** How long a probe waits for the charger's answer: 20 s. */
export const PROBE_DEADLINE_MS = 20_000;

/** Organizations swept at once (each waits for its probes). */
const ORGANIZATIONS_AT_ONCE = 8;

/** What the sweep sends: the probe, a charger operation's TriggerMessage. */
export type ProbeCommands = ChargerCommands<Pick<ChargerOperationCommandCatalog, 'TriggerMessage'>>;

/** What one sweep changed, by type. */
export interface SweepCounts {
  probed: number;
  raised: number;
  updated: number;
  cleared: number;
}

const NONE: SweepCounts = { probed: 0, raised: 0, updated: 0, cleared: 0 };

function add(a: SweepCounts, b: SweepCounts): SweepCounts {
  return {
    probed: a.probed + b.probed,
    raised: a.raised + b.raised,
    updated: a.updated + b.updated,
    cleared: a.cleared + b.cleared,
  };
}

/** A charger's connection item as the sweep reads it. */
interface ConnectionTimes {
  connectionId: string;
  connectedAt: string;
  lastMessageAt?: string;
}

/** The link of a charger item (and its current connection's item, when read). */
export function linkOf(charger: ChargerItem, connection: ConnectionTimes | undefined): ChargerLink {
  const booted = Boolean(charger.lastBootAt);
  const status = charger.connectionStatus;
  if (status?.status === 'Connected' && charger.currentConnectionId) {
    const connectedAt = Date.parse(connection?.connectedAt ?? status.timestamp);
    const lastMessageAt = connection?.lastMessageAt ? Date.parse(connection.lastMessageAt) : connectedAt;
    return { booted, connectedAt, lastHeardAt: Math.max(connectedAt, lastMessageAt) };
  }
  return { booted, ...(status ? { lastHeardAt: Date.parse(status.timestamp) } : {}) };
}

/**
 * Whether a charger answers the probe (TriggerMessage `Heartbeat`): any answer, even a refusal or
 * a CALLERROR, is one; not connected or no answer before the deadline is none.
 * @throws what the command path throws besides its own failures
 */
async function answersProbe(commands: ProbeCommands, chargerId: number): Promise<boolean> {
  try {
    await commands.send(chargerId, 'TriggerMessage', { requestedMessage: 'Heartbeat' });
    return true;
  } catch (error) {
    const failure = commands.failureOf(error);
    if (failure === undefined) throw error;
    return failure === 'invalidAnswer';
  }
}

/**
 * The `offlineCharger` work of one charger: probe, raise, clear or nothing.
 * @param at ISO 8601 UTC of `now`
 */
async function sweepOffline(
  db: Db,
  commands: ProbeCommands,
  charger: ChargerItem,
  connection: ConnectionTimes | undefined,
  active: { startTimestamp: string } | undefined,
  settings: AlertSettings,
  now: number,
): Promise<SweepCounts> {
  const at = new Date(now).toISOString();
  const key = episodeKey('offlineCharger', 'charger', charger.chargerId);
  const action = offlineAction(
    linkOf(charger, connection),
    active ? Date.parse(active.startTimestamp) : undefined,
    settings,
    now,
  );
  if (action === 'none') return NONE;
  if (action === 'clear') {
    await clearAlert(db, charger.organizationId, key, at);
    return { ...NONE, cleared: 1 };
  }
  if (action === 'probe' && (await answersProbe(commands, charger.chargerId))) {
    if (charger.currentConnectionId) await recordLastMessage(db, charger.currentConnectionId, at);
    return { ...NONE, probed: 1 };
  }
  const details = { thresholdMinutes: settings.offlineThresholdMinutes };
  const { raised } = await raiseAlert(db, {
    ...chargerSubject(charger),
    type: 'offlineCharger',
    episodeKey: key,
    details,
    at,
  });
  return { ...NONE, probed: action === 'probe' ? 1 : 0, raised: raised ? 1 : 0 };
}

/** The `chargerFaulted` work of one port: raise, update, clear or nothing. */
async function sweepFault(
  db: Db,
  charger: ChargerItem,
  port: StoredPortItem,
  active: { details: unknown } | undefined,
  settings: AlertSettings,
  now: number,
): Promise<SweepCounts> {
  const at = new Date(now).toISOString();
  const key = episodeKey('chargerFaulted', 'port', port.portId);
  const decision = faultAction(port.ocppStatus, active?.details as Record<string, unknown> | undefined, settings, now);
  switch (decision.action) {
    case 'none':
      return NONE;
    case 'clear':
      await clearAlert(db, charger.organizationId, key, at);
      return { ...NONE, cleared: 1 };
    case 'update':
      await updateAlert(db, charger.organizationId, key, { ...decision.details }, at);
      return { ...NONE, updated: 1 };
    case 'raise': {
      const raise = { ...chargerSubject(charger, port), type: 'chargerFaulted' as const, episodeKey: key, at };
      const { raised } = await raiseAlert(db, { ...raise, details: { ...decision.details } });
      return { ...NONE, raised: raised ? 1 : 0 };
    }
  }
}

/**
 * Sweeps one organization at `now` (epoch ms; tests pass a time ahead instead of waiting): its
 * chargers' `offlineCharger` and its ports' `chargerFaulted` episodes. Probes run at once.
 * Requests: see the module's comment.
 * @returns what it probed, raised, updated and cleared
 */
export async function sweepOrganization(
  db: Db,
  commands: ProbeCommands,
  organizationId: number,
  now: number,
): Promise<SweepCounts> {
  const [settings, view, active] = await Promise.all([
    alertSettings(db, organizationId),
    db.service.collections.organizationView({ organizationId }).go({ pages: 'all' }),
    activeAlerts(db, organizationId),
  ]);
  const chargers = view.data.charger as ChargerItem[];
  const ports = view.data.port as StoredPortItem[];
  const connectionIds = chargers.flatMap((c) =>
    c.connectionStatus?.status === 'Connected' && c.currentConnectionId ? [c.currentConnectionId] : [],
  );
  const connections = connectionIds.length
    ? await batchGet(
        db.connection,
        connectionIds.map((connectionId) => ({ connectionId })),
      )
    : [];
  const activeBy = new Map(active.map((a) => [a.episodeKey, a]));
  const byId = new Map(chargers.map((c) => [c.chargerId, c]));
  const work: Promise<SweepCounts>[] = [
    ...chargers.map((charger) =>
      sweepOffline(
        db,
        commands,
        charger,
        connections.find((c) => c.connectionId === charger.currentConnectionId),
        activeBy.get(episodeKey('offlineCharger', 'charger', charger.chargerId)),
        settings,
        now,
      ),
    ),
    ...ports.flatMap((port) => {
      const charger = byId.get(port.chargerId);
      if (!charger) return [];
      const alert = activeBy.get(episodeKey('chargerFaulted', 'port', port.portId));
      return [sweepFault(db, charger, port, alert, settings, now)];
    }),
  ];
  work.push(sweepCertificateExpiry(db, organizationId, byId, active, now).then((c) => ({ ...NONE, ...c })));
  const results = await Promise.allSettled(work);
  for (const failed of results.filter((r) => r.status === 'rejected'))
    logger.error('alert sweep: a charger or port failed', { organizationId, error: String(failed.reason) });
  return results.reduce((sum, r) => (r.status === 'fulfilled' ? add(sum, r.value) : sum), NONE);
}

/**
 * Sweeps every organization (`lambdas/alerts/sweep.ts`, every minute), a few at a time; one
 * organization's failure is logged and does not stop the others.
 * @param now epoch ms @default Date.now()
 * @returns the sum of every organization's {@link SweepCounts}
 */
export async function sweepAlerts(db: Db, commands: ProbeCommands, now = Date.now()): Promise<SweepCounts> {
  const { data: organizations } = await db.organization.query.all({}).go({ pages: 'all' });
  let total = NONE;
  for (let i = 0; i < organizations.length; i += ORGANIZATIONS_AT_ONCE) {
    const batch = organizations.slice(i, i + ORGANIZATIONS_AT_ONCE);
    const results = await Promise.allSettled(batch.map((o) => sweepOrganization(db, commands, o.organizationId, now)));
    results.forEach((r, j) => {
      if (r.status === 'fulfilled') total = add(total, r.value);
      else
        logger.error('alert sweep: organization failed', {
          organizationId: batch[j]!.organizationId,
          error: String(r.reason),
        });
    });
  }
  return total;
}
