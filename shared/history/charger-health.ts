/**
 * `GET /api/charger-health` (reference notes, "Charger health"): per charger in the caller's
 * scope, its connectivity, uptime, utilization, error counts and sessions over a time range, from
 * the chargers' history (`health.ts` for the definitions). Not paginated.
 *
 * DynamoDB requests: 1 Query of the organization's sites, chargers and ports (paged), 1 BatchGetItem
 * per 100 ports charging (their readings), 1 BatchGetItem of the sites named (organization keys),
 * and one Query per site and calendar month (UTC) from the range's start to now (the state before
 * the range's first change is read from the changes after it), and 1 Query of the organization's
 * maintenance windows overlapping the range (gsi1, by their end; paged), whatever the number of
 * chargers. A site of 50 chargers over the last 30 days is usually 4 Queries (the collection, the
 * two calendar months the range spans, the maintenance windows), 3 when it lies in one month.
 */
import type { Db } from '../db';
import type { AccessScope } from '../organizations/access-scope';
import { canAccess } from '../organizations/access-scope';
import type { ChargerItem, PortItem } from '../chargers/items';
import { energyDeliveredKwh } from '../metering/meter-values';
import { selectChargers } from '../chargers/port-readings';
import { InvalidHistoryInputError } from './errors';
import type { HistoryEvent } from './history-codec';
import { HISTORY_RETENTION_DAYS, utcDay } from './history-log';
import { fromStoredEvent } from './history-codec';
import {
  chargerFigures,
  sumErrorCounts,
  sumUptime,
  type ChargerFigures,
  type ErrorCounts,
  type Uptime,
} from './health';
import { visibleSites } from './scope';
import { windowsOverlapping, type MaintenanceWindowItem } from '../maintenance-windows/windows';

/** The default range: the last 30 days. */
const DEFAULT_HEALTH_RANGE_MS = 30 * 86_400_000;

/** The query of a health report (times ISO 8601 UTC). */
export interface ChargerHealthRequest {
  /** Default: 30 days before `endTimestamp`'s default (now). */
  startTimestamp?: string;
  /** Default now; a later time is taken as now. */
  endTimestamp?: string;
  siteIds?: number[];
  chargerIds?: number[];
}

/** One charger's health (reference notes). */
export interface ChargerHealth extends Omit<ChargerFigures, 'activeFrom'> {
  chargerId: number;
  /** Where the active time starts, ISO 8601 UTC; null for a charger that never connected. */
  activeSince: string | null;
  serialNumber: string | null;
  name: string;
  site: { id: number; name: string };
  /** The charger's page in the operator console. */
  reportUrl: string | null;
  /**
   * Whether the charger has an OCPP Basic-auth password: false is a warning, anyone who knows its
   * OCPP identity can connect as it (docs/charger-credentials.md).
   */
  ocppPasswordSet: boolean;
}

/** The report: totals over every charger, then each charger (by ID). */
export interface ChargerHealthReport {
  summary: {
    startTime: string;
    endTime: string;
    errorCounts: ErrorCounts;
    chargingSessionsCount: number;
    uptime: Uptime;
  };
  data: ChargerHealth[];
}

/**
 * The range of a request.
 * @throws InvalidHistoryInputError naming `startTimestamp` (in the future, or older than the 400
 *   days of history) or `endTimestamp` (not after the start)
 */
function rangeOf(request: ChargerHealthRequest, now: number) {
  const to = Math.min(request.endTimestamp ? Date.parse(request.endTimestamp) : now, now);
  const from = request.startTimestamp ? Date.parse(request.startTimestamp) : to - DEFAULT_HEALTH_RANGE_MS;
  if (from >= now) throw new InvalidHistoryInputError('startTimestamp', 'must be in the past');
  if (from < now - HISTORY_RETENTION_DAYS * 86_400_000) {
    throw new InvalidHistoryInputError(
      'startTimestamp',
      `must be within the last ${HISTORY_RETENTION_DAYS} days (the history kept)`,
    );
  }
  if (to <= from) throw new InvalidHistoryInputError('endTimestamp', 'must be after startTimestamp');
  return { from, to, now };
}

/** `YYYY-MM` of each calendar month from `from` to `to` (UTC). */
function monthsBetween(from: number, to: number): string[] {
  const months: string[] = [];
  const d = new Date(Date.UTC(new Date(from).getUTCFullYear(), new Date(from).getUTCMonth(), 1));
  while (d.getTime() <= to) {
    months.push(d.toISOString().slice(0, 7));
    d.setUTCMonth(d.getUTCMonth() + 1);
  }
  return months;
}

/** The history events of the chargers, by charger: one Query per site and month. */
async function historyOf(
  db: Db,
  chargers: readonly ChargerItem[],
  from: number,
  now: number,
): Promise<Map<number, HistoryEvent[]>> {
  const wanted = new Set(chargers.map((c) => c.chargerId));
  const sites = [...new Set(chargers.map((c) => c.siteId))];
  const firstDay = utcDay(from);
  const items = await Promise.all(
    sites.flatMap((siteId) =>
      monthsBetween(from, now).map(async (month) => {
        const query = db.chargerHistory.query.primary({ siteId, month });
        const { data } = await (month === firstDay.slice(0, 7) ? query.gte({ day: firstDay }) : query).go({
          pages: 'all',
        });
        return data;
      }),
    ),
  );
  const byCharger = new Map<number, HistoryEvent[]>();
  for (const item of items.flat()) {
    if (!wanted.has(item.chargerId)) continue;
    byCharger.set(item.chargerId, [
      ...(byCharger.get(item.chargerId) ?? []),
      ...(item.events ?? []).map(fromStoredEvent),
    ]);
  }
  return byCharger;
}

/**
 * The chargers in scope, with their ports: one Query of the organization's collection, one
 * BatchGetItem per 100 ports charging (their readings).
 */
async function chargersInScope(db: Db, scope: AccessScope, request: ChargerHealthRequest) {
  const sites = await visibleSites(db, scope, request.siteIds);
  if (sites?.length === 0) return { chargers: [], ports: [] };
  const { data } = await db.service.collections
    .organizationView({ organizationId: scope.organizationId })
    .go({ pages: 'all' });
  const { chargers, ports } = await selectChargers(
    db,
    data,
    (c) =>
      canAccess(scope, c.organizationId, c.siteId) &&
      (sites === undefined || sites.includes(c.siteId)) &&
      (!request.chargerIds || request.chargerIds.includes(c.chargerId)),
  );
  return { chargers: chargers.sort((a, b) => a.chargerId - b.chargerId), ports };
}

/** A port as the computation sees it. */
function healthPort(port: PortItem) {
  const session = port.currentChargingSession;
  return {
    portId: port.portId,
    portNumber: port.portNumber,
    name: port.name,
    ocppStatus: port.ocppStatus,
    ...(session
      ? {
          session: {
            sessionId: session.sessionId,
            startTime: session.startTime,
            energyWh: energyDeliveredKwh(session) * 1000,
          },
        }
      : {}),
  };
}

/**
 * The health report of the caller's chargers (all of them, or those of `siteIds`/`chargerIds`;
 * IDs it cannot see are ignored).
 * @param options.reportUrl the console page of a charger
 * @throws InvalidHistoryInputError for a bad range ({@link rangeOf})
 */
export async function chargerHealthReport(
  db: Db,
  scope: AccessScope,
  request: ChargerHealthRequest,
  options: { nowMs?: number; reportUrl?: (chargerId: number) => string | null } = {},
): Promise<ChargerHealthReport> {
  const range = rangeOf(request, options.nowMs ?? Date.now());
  const { chargers, ports } = await chargersInScope(db, scope, request);
  const [events, windows] = chargers.length
    ? await Promise.all([
        historyOf(db, chargers, range.from, range.now),
        windowsOverlapping(db, scope.organizationId, range.from, range.to),
      ])
    : [new Map<number, HistoryEvent[]>(), [] as MaintenanceWindowItem[]];
  const data = chargers.map((charger) => {
    const figures = chargerFigures(
      {
        chargerId: charger.chargerId,
        createdAt: charger.createdAt,
        connectionStatus: charger.connectionStatus,
        ...(charger.firstConnectedAt !== undefined ? { firstConnectedAt: charger.firstConnectedAt } : {}),
        ports: ports.filter((p) => p.chargerId === charger.chargerId).map(healthPort),
        maintenance: windows
          .filter((w) => w.chargerId === charger.chargerId)
          .map((w) => ({
            from: Date.parse(w.startTimestamp),
            to: Date.parse(w.endTimestamp),
            ...(w.portNumber === undefined ? {} : { portNumber: w.portNumber }),
          })),
      },
      events.get(charger.chargerId) ?? [],
      range,
    );
    const { activeFrom, ...counted } = figures;
    return {
      chargerId: charger.chargerId,
      serialNumber: charger.serialNumber ?? null,
      name: charger.name,
      site: { id: charger.siteId, name: charger.siteName },
      activeSince: activeFrom === null ? null : new Date(activeFrom).toISOString(),
      ...counted,
      reportUrl: options.reportUrl?.(charger.chargerId) ?? null,
      ocppPasswordSet: charger.passwordHash !== undefined,
    };
  });
  return {
    summary: {
      startTime: new Date(range.from).toISOString(),
      endTime: new Date(range.to).toISOString(),
      errorCounts: sumErrorCounts(data.map((c) => c.errorCounts)),
      chargingSessionsCount: data.reduce((sum, c) => sum + c.chargingSessionsCount, 0),
      uptime: sumUptime(data.map((c) => c.uptime)),
    },
    data,
  };
}
