/**
 * A charger's monitors as it reports them (docs/monitoring.md; OCPP 2.0.1 N02): the pages of a
 * monitoring report (NotifyMonitoringReport, numbered by `seqNo` from 0, `tbc` on every page but
 * the last) are stored as they come (`monitoringReportPage`), and once every page of a request is
 * there, in any order, assembled into the charger's `chargerMonitors` item, which replaces the
 * stored monitors (a report generated before the stored one never does). Read by the API (`GET
 * /api/chargers/{id}/monitors`) and for the severity of a monitor's alert; asked for with
 * GetMonitoringReport (`refreshChargerMonitors`).
 */
import { pollUntil, type Db } from '../db';
import type { ConfigurationCommands } from './commands';
import { type ChargerResult, failed, randomRequestId, reachConnected, refused, REPORT_WAIT_MS } from './configuration';
import type { AccessScope } from '../organizations/access-scope';
import type { ComponentRef } from './settings';
import { MAX_REPORT_PAGES, REPORT_PAGE_TTL_SECONDS, reportProgress } from './store';
import { reachCharger } from './view';

/** One monitor as a charger reported it (MonitoringDataType × VariableMonitoringType, without customData). */
export interface ReportedMonitor {
  /** The charger's ID of the monitor. */
  id: number;
  component: ComponentRef;
  variable: { name: string; instance?: string };
  /** UpperThreshold, LowerThreshold, Delta, Periodic or PeriodicClockAligned. */
  type: string;
  /** Threshold or delta in the variable's unit; the interval in s for the periodic types. */
  value: number;
  /** 0 (danger) to 9 (debug). */
  severity: number;
  /** Active only during a transaction. */
  transaction: boolean;
}

/** One NotifyMonitoringReport page, version-neutral (its `monitor` entries as the charger sent them). */
export interface MonitoringReportPage {
  requestId: number;
  seqNo: number;
  tbc?: boolean;
  generatedAt: string;
  monitor?: readonly {
    component: ComponentRef;
    variable: { name: string; instance?: string };
    variableMonitoring: readonly { id: number; transaction: boolean; value: number; type: string; severity: number }[];
  }[];
}

/** A component or variable reference without anything but its names (and EVSE). */
const refOf = <T extends { name: string; instance?: string; evse?: { id: number; connectorId?: number } }>(ref: T) => ({
  name: ref.name,
  ...(ref.instance === undefined ? {} : { instance: ref.instance }),
  ...(ref.evse
    ? {
        evse: { id: ref.evse.id, ...(ref.evse.connectorId === undefined ? {} : { connectorId: ref.evse.connectorId }) },
      }
    : {}),
});

/** A page's monitors, one per VariableMonitoring. Pure. */
export function monitorsOfPage(page: Pick<MonitoringReportPage, 'monitor'>): ReportedMonitor[] {
  return (page.monitor ?? []).flatMap(({ component, variable, variableMonitoring }) =>
    variableMonitoring.map(({ id, transaction, value, type, severity }) => ({
      id,
      component: refOf(component),
      variable: refOf(variable),
      type,
      value,
      severity,
      transaction,
    })),
  );
}

/**
 * Stores one page of a monitoring report and, when it completes its report, assembles the
 * charger's monitors. DynamoDB requests: 1 PutItem and 1 Query per page; the completing page adds
 * 1 GetItem and 1 PutItem. A page with a `requestId` beyond 32 bits or a `seqNo` outside
 * 0–9,999 is answered and not stored (`ignored`).
 * @returns whether this page completed the report
 */
export async function recordMonitoringReportPage(
  db: Db,
  chargerId: number,
  page: MonitoringReportPage,
  receivedAt: string,
): Promise<{ assembled: boolean; ignored?: true }> {
  const { requestId, seqNo } = page;
  if (Math.abs(requestId) > 2 ** 31 || seqNo < 0 || seqNo >= MAX_REPORT_PAGES)
    return { assembled: false, ignored: true };
  await db.monitoringReportPage
    .put({
      chargerId,
      requestId,
      seqNo,
      tbc: page.tbc ?? false,
      generatedAt: page.generatedAt,
      receivedAt,
      monitors: JSON.stringify(monitorsOfPage(page)),
      expiresAt: Math.floor(Date.parse(receivedAt) / 1000) + REPORT_PAGE_TTL_SECONDS,
    })
    .go({ response: 'none' });
  const { data } = await db.monitoringReportPage.query
    .primary({ chargerId, requestId })
    .go({ consistent: true, pages: 'all' });
  const pages = data.filter((p) => p.requestId === requestId);
  const progress = reportProgress(pages);
  if (progress.lastSeqNo === undefined || progress.missing.length) return { assembled: false };
  const ordered = pages.filter((p) => p.seqNo <= progress.lastSeqNo!).sort((a, b) => a.seqNo - b.seqNo);
  const generatedAt = ordered[0]!.generatedAt;
  const { data: current } = await db.chargerMonitors.get({ chargerId }).go({ consistent: true });
  // Assembled already (a page sent again), or older than the stored report.
  if (current && (current.requestId === requestId || Date.parse(generatedAt) < Date.parse(current.generatedAt))) {
    return { assembled: false };
  }
  const monitors = ordered.flatMap((p) => JSON.parse(p.monitors) as ReportedMonitor[]);
  await db.chargerMonitors
    .put({ chargerId, requestId, generatedAt, readAt: receivedAt, monitors: JSON.stringify(monitors) })
    .go({ response: 'none' });
  return { assembled: true };
}

/** A charger's monitors as last reported (`readAt` null: never). */
export interface ChargerMonitorsView {
  chargerId: number;
  readAt: string | null;
  report: { requestId: number; generatedAt: string } | null;
  monitors: ReportedMonitor[];
}

/** The monitors a charger last reported (one GetItem; none: an empty list). */
export async function loadChargerMonitors(db: Db, chargerId: number): Promise<ChargerMonitorsView> {
  const { data } = await db.chargerMonitors.get({ chargerId }).go({ consistent: true });
  return {
    chargerId,
    readAt: data?.readAt ?? null,
    report: data ? { requestId: data.requestId, generatedAt: data.generatedAt } : null,
    monitors: data ? (JSON.parse(data.monitors) as ReportedMonitor[]) : [],
  };
}

/**
 * The monitors a charger last reported, for the API (1 GetItem of the charger, 1 of its monitors).
 * @throws ChargerNotFoundError when the scope does not reach the charger
 */
export async function readChargerMonitors(db: Db, scope: AccessScope, chargerId: number): Promise<ChargerMonitorsView> {
  await reachCharger(db, scope, chargerId);
  return loadChargerMonitors(db, chargerId);
}

/** `POST /api/chargers/{id}/monitors/refresh` result: the charger's, and its monitors as now stored. */
export interface MonitorsRefresh extends ChargerResult {
  monitors: ChargerMonitorsView;
}

/**
 * Asks a station for its monitors (GetMonitoringReport N02, every monitor, a new `requestId`) and
 * waits up to `reportWaitMs` for its NotifyMonitoringReport pages to be assembled: `accepted` with
 * them, else `pending` (the pages are assembled when they come). `EmptyResultSet` (no monitor)
 * stores an empty list; `Rejected` is `rejected`; `NotSupported`, a CALLERROR NotSupported/
 * NotImplemented, and a 1.6 charger (no such action: nothing sent) are `notSupported`; not
 * connected, no answer or an invalid one as the command path says.
 * @throws ChargerNotFoundError when the scope does not reach the charger
 */
export async function refreshChargerMonitors(
  db: Db,
  commands: ConfigurationCommands,
  scope: AccessScope,
  chargerId: number,
  options: { reportWaitMs?: number } = {},
): Promise<MonitorsRefresh> {
  await reachConnected(commands, scope, chargerId);
  const requestId = randomRequestId();
  const stored = async () => loadChargerMonitors(db, chargerId);
  let answer: Awaited<ReturnType<typeof commands.send<'ReadMonitors'>>>;
  try {
    answer = await commands.send(chargerId, 'ReadMonitors', { requestId });
  } catch (error) {
    return { ...failed(commands, error), monitors: await stored() };
  }
  if (!answer.ok) return { ...refused(answer), monitors: await stored() };
  const { status } = answer.result;
  const ocpp = { ocppStatus: status };
  if (status === 'EmptyResultSet') {
    const now = new Date().toISOString();
    // An UpdateItem (upsert): the functions that ask write the charger's partition by UpdateItem only.
    await db.chargerMonitors
      .upsert({ chargerId, requestId, generatedAt: now, readAt: now, monitors: '[]' })
      .go({ response: 'none' });
    return { status: 'accepted', ...ocpp, monitors: await stored() };
  }
  if (status !== 'Accepted') {
    return { status: status === 'Rejected' ? 'rejected' : 'notSupported', ...ocpp, monitors: await stored() };
  }
  const monitors = await pollUntil(stored, (read) => read.report?.requestId === requestId, {
    waitMs: options.reportWaitMs ?? REPORT_WAIT_MS,
    minTimeoutMs: 50,
    maxTimeoutMs: 500,
  });
  return { status: monitors.report?.requestId === requestId ? 'accepted' : 'pending', ...ocpp, monitors };
}
