/**
 * Alerts (`GET /api/alerts`): the Alerts page (`#/alerts`), active alerts first
 * and then those ended in the last 7 days, filtered by type, site, active or ended, and whether
 * muted ones (raised during a maintenance window) show; a muted alert carries a "muted" badge and
 * is greyed. Each row: the severity, the type in words, site, charger and port (a link to the
 * charger page), started, ended or how long it has been active, the type's details in words, and
 * who acknowledged it and when, or an Acknowledge button (`POST /api/alerts/{id}/acknowledge`).
 * Info alerts (charging completed) are listed apart, under "Information", never among faults. The
 * charger page shows that charger's active critical and warning alerts ({@link ChargerAlerts}).
 * Times on each alert's site's clock, its zone named. Read every 10 s while visible.
 *
 * @module
 */
import type { ComponentChildren } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import {
  ALERT_TYPE_WORDS,
  ALERT_TYPES,
  DEFAULT_ALERT_FILTERS,
  SEVERITY_BADGES,
  acknowledgement,
  alertDetails,
  alertDuration,
  alertQueries,
  sortAlerts,
  splitBySeverity,
  type AlertFilters,
} from '../alert-data';
import { OutcomeNotice, useAction } from '../action';
import { nextPageCursorOf } from '../api';
import { DataTable, LoadState } from '../components';
import { type ConsoleSession, useRead, useSession, useSiteZones } from '../context';
import { formatDateTime } from '../format';
import { usePoll, type Loaded } from '../live';
import type { Alert, AlertList, SiteWithChargers } from '../types';

/** How often alerts are read while the page is visible, ms. */
const ALERTS_REFRESH_MS = 10_000;
/** How far back ended alerts are listed, ms. */
const ENDED_WINDOW_MS = 7 * 24 * 3600 * 1000;
/** Pages read per query (of the API's page size). */
const MAX_PAGES = 3;

/** Every alert of `queries` (each followed up to {@link MAX_PAGES} pages). */
async function loadAlerts(
  session: ConsoleSession,
  queries: URLSearchParams[],
  signal: AbortSignal,
): Promise<{ alerts: Alert[]; more: boolean }> {
  const alerts: Alert[] = [];
  let more = false;
  for (const query of queries) {
    let cursor: string | null = null;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      if (cursor) query.set('nextPageCursor', cursor);
      const list: AlertList = await session.call<AlertList>(`/api/alerts?${query}`, { signal });
      alerts.push(...list.data);
      cursor = nextPageCursorOf(list);
      if (!cursor) break;
    }
    more ||= cursor !== null;
  }
  return { alerts: sortAlerts(alerts), more };
}

/** The Alerts page. */
export function AlertsPage() {
  const session = useSession();
  const [filters, setFilters] = useState<AlertFilters>(DEFAULT_ALERT_FILTERS);
  const endedAfter = useMemo(() => new Date(Date.now() - ENDED_WINDOW_MS).toISOString(), []);
  const alerts = usePoll(
    (signal) => loadAlerts(session, alertQueries(filters, endedAfter), signal),
    [session, filters, endedAfter],
    session.signOut,
    ALERTS_REFRESH_MS,
  );
  const sites = useRead<{ data: SiteWithChargers[] }>('/api/sites');
  return (
    <>
      <h1>Alerts</h1>
      <FilterForm filters={filters} sites={sites.data?.data ?? []} onChange={setFilters} />
      <AlertsResult alerts={alerts} empty="No alerts match these filters (ended ones: the last 7 days)." />
    </>
  );
}

function AlertsResult(props: { alerts: Loaded<{ alerts: Alert[]; more: boolean }>; empty: string }) {
  const { alerts } = props;
  const data = alerts.data;
  const now = alerts.updatedAt?.getTime() ?? Date.now();
  const { attention, info } = splitBySeverity(data?.alerts ?? []);
  return (
    <>
      <LoadState loaded={alerts} what="the alerts" />
      {data && !data.alerts.length ? <p class="muted">{props.empty}</p> : null}
      {attention.length ? <AlertTable alerts={attention} now={now} onChange={alerts.refresh} /> : null}
      {info.length ? (
        <section aria-labelledby="alerts-info-heading">
          <h2 id="alerts-info-heading">Information</h2>
          <p class="muted">All is well: vehicles that reached their target. Kept apart from faults and warnings.</p>
          <AlertTable alerts={info} now={now} onChange={alerts.refresh} caption="Information" />
        </section>
      ) : null}
      {data?.more ? <p class="muted">More alerts match: narrow the filters to see them.</p> : null}
    </>
  );
}

function FilterForm(props: {
  filters: AlertFilters;
  sites: SiteWithChargers[];
  onChange(filters: AlertFilters): void;
}) {
  const { filters } = props;
  const select = (label: string, value: string, onChange: (value: string) => void, options: ComponentChildren) => (
    <label>
      {label}
      <select value={value} onChange={(event) => onChange((event.target as HTMLSelectElement).value)}>
        {options}
      </select>
    </label>
  );
  return (
    <form class="inline-form" aria-label="Alert filters" onSubmit={(event) => event.preventDefault()}>
      {select(
        'Type',
        filters.type,
        (type) => props.onChange({ ...filters, type: type as AlertFilters['type'] }),
        <>
          <option value="">All types</option>
          {ALERT_TYPES.map((type) => (
            <option key={type} value={type}>
              {ALERT_TYPE_WORDS[type]}
            </option>
          ))}
        </>,
      )}
      {select(
        'Site',
        filters.siteId,
        (siteId) => props.onChange({ ...filters, siteId }),
        <>
          <option value="">All sites</option>
          {props.sites.map((site) => (
            <option key={site.id} value={String(site.id)}>
              {site.name}
            </option>
          ))}
        </>,
      )}
      {select(
        'Show',
        filters.state,
        (state) => props.onChange({ ...filters, state: state as AlertFilters['state'] }),
        <>
          <option value="all">Active, then ended</option>
          <option value="active">Active only</option>
          <option value="ended">Ended only</option>
        </>,
      )}
      <label class="checkbox">
        <input
          type="checkbox"
          checked={filters.includeMuted}
          onChange={(event) => props.onChange({ ...filters, includeMuted: (event.target as HTMLInputElement).checked })}
        />
        Include muted
      </label>
    </form>
  );
}

/** Tells the navigation's count (`./alert-count.tsx`) that an alert changed here. */
export const ALERTS_CHANGED_EVENT = 'console:alerts-changed';

/** An unacknowledged alert's Acknowledge button; who and when once acknowledged. */
function Acknowledgement(props: { alert: Alert; now: number; zone: string | undefined; onChange(): void }) {
  const session = useSession();
  const { busy, outcome, run } = useAction();
  const { alert } = props;
  const done = acknowledgement(alert, props.now, props.zone);
  if (done) return <>{done}</>;
  const acknowledge = () =>
    run(async () => {
      await session.call(`/api/alerts/${alert.id}/acknowledge`, { method: 'POST' });
      props.onChange();
      dispatchEvent(new Event(ALERTS_CHANGED_EVENT));
      return 'Acknowledged.';
    }, 'Not acknowledged: ');
  return (
    <>
      <button type="button" class="secondary" disabled={busy} onClick={() => void acknowledge()}>
        Acknowledge
      </button>
      {outcome?.kind === 'error' ? <OutcomeNotice outcome={outcome} /> : null}
    </>
  );
}

/** The alerts as a table; `compact` leaves out the site and charger (the charger page's own). */
function AlertTable(props: { alerts: Alert[]; now: number; compact?: boolean; caption?: string; onChange(): void }) {
  const columns = props.compact
    ? ['Severity', 'Alert', 'Port', 'Started', 'Details', 'Acknowledged']
    : ['Severity', 'Alert', 'Site', 'Charger', 'Started', 'Ended', 'Details', 'Acknowledged'];
  const zones = useSiteZones();
  return (
    <DataTable columns={columns} caption={props.caption ?? 'Alerts'}>
      {props.alerts.map((alert) => (
        <tr key={alert.id} class={alert.muted ? 'alert-muted' : undefined} data-alert-id={alert.id}>
          <td>
            <span class={`badge ${SEVERITY_BADGES[alert.severity].badge}`}>
              {SEVERITY_BADGES[alert.severity].words}
            </span>
          </td>
          <td>
            <strong>{ALERT_TYPE_WORDS[alert.type] ?? alert.type}</strong>
            {alert.muted ? (
              <>
                {' '}
                <span class="badge badge-off" title="Raised during a maintenance window: not delivered">
                  muted
                </span>
              </>
            ) : null}
          </td>
          {props.compact ? (
            <td>{alert.port?.name ?? 'Whole charger'}</td>
          ) : (
            <>
              <td>{alert.site.name}</td>
              <td class="wrap">
                <a href={`#/chargers/${alert.charger.id}`}>{alert.charger.name}</a>
                {alert.port ? `, ${alert.port.name}` : ''}
              </td>
            </>
          )}
          <td>{formatDateTime(alert.startTimestamp, zones.of(alert.site.id))}</td>
          {props.compact ? null : (
            <td>
              {alert.endTimestamp ? `${formatDateTime(alert.endTimestamp, zones.of(alert.site.id))} (` : ''}
              {alertDuration(alert, props.now)}
              {alert.endTimestamp ? ')' : ''}
            </td>
          )}
          <td class="wrap">
            {alert.vehicle ? `${alert.vehicle.name}: ` : ''}
            {alertDetails(alert, props.now, zones.of(alert.site.id))}
          </td>
          <td class="wrap">
            <Acknowledgement alert={alert} now={props.now} zone={zones.of(alert.site.id)} onChange={props.onChange} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** The charger page's active critical and warning alerts of `chargerId` (muted ones included, marked), small. */
export function ChargerAlerts(props: { chargerId: number }) {
  const session = useSession();
  const alerts = usePoll(
    (signal) =>
      loadAlerts(
        session,
        [
          new URLSearchParams([
            ['chargerIds', String(props.chargerId)],
            ['active', 'true'],
            ['includeMuted', 'true'],
            // Faults and warnings only: a completed charge is no alert of the charger.
            ['severities', 'critical'],
            ['severities', 'warning'],
          ]),
        ],
        signal,
      ),
    [session, props.chargerId],
    session.signOut,
    ALERTS_REFRESH_MS,
  );
  const data = alerts.data;
  return (
    <section aria-labelledby="charger-alerts-heading" class="charger-alerts">
      <h2 id="charger-alerts-heading">Active alerts</h2>
      <LoadState loaded={alerts} what="the alerts" />
      {data && !data.alerts.length ? <p class="muted">None.</p> : null}
      {data?.alerts.length ? (
        <AlertTable
          alerts={data.alerts}
          now={alerts.updatedAt?.getTime() ?? Date.now()}
          compact
          onChange={alerts.refresh}
        />
      ) : null}
      <p>
        <a href="#/alerts">All alerts</a>
      </p>
    </section>
  );
}
