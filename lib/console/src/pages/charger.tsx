/**
 * Charger: its details and ports (refreshed every 5 s with one `GET /api/chargers/{id}`), remote
 * start / stop per port with the charger's answer, its operations (reset, unlock, availability,
 * trigger message, clear cache) with its recent ones, and, loaded once and on demand (charger health
 * allows 10 requests a minute per key), its configuration as last read (`charger-configuration.tsx`),
 * its active alerts (`alerts.tsx`), its maintenance windows (`charger-maintenance.tsx`),
 * its health figures, errors and recent sessions.
 *
 * @module
 */
import type { ComponentChildren } from 'preact';
import { useMemo } from 'preact/hooks';
import { Ago, DataTable, LoadState, Notice } from '../components';
import { useSession } from '../context';
import { formatDateTime, formatKwh, formatPercent, formatSpan, lastSeen } from '../format';
import { useLoad, usePoll, type Loaded } from '../live';
import type { Charger, ChargerErrorList, ChargerHealthReport, ChargingSessionList, ErrorCounts } from '../types';
import { RemoteControl } from './remote-control';
import { ConfigurationSection } from './charger-configuration';
import { LocalListSection } from './charger-local-list';
import { ChargerOperations } from './operations';
import { MaintenanceSection } from './charger-maintenance';
import { ChargerAlerts } from './alerts';

const WEEK_MS = 7 * 24 * 3600 * 1000;

/** `GET path`, once per path (and on refresh). */
function useRead<T>(path: string): Loaded<T> {
  const session = useSession();
  return useLoad((signal) => session.call<T>(path, { signal }), [session, path], session.signOut);
}

/** The charger page of `chargerId`. */
export function ChargerPage(props: { chargerId: number }) {
  const { chargerId } = props;
  const session = useSession();
  const charger = usePoll(
    (signal) => session.call<{ data: Charger }>(`/api/chargers/${chargerId}`, { signal }),
    [session, chargerId],
    session.signOut,
  );
  const ids = `chargerIds[]=${chargerId}`;
  // Fixed per charger: a path that changed every render would load again every render.
  const after = useMemo(() => encodeURIComponent(new Date(Date.now() - WEEK_MS).toISOString()), [chargerId]);
  const health = useRead<ChargerHealthReport>(`/api/charger-health?${ids}`);
  const errors = useRead<ChargerErrorList>(`/api/errors?${ids}`);
  const sessions = useRead<ChargingSessionList>(
    `/api/charging-sessions?${ids}&startTimeAfter=${after}&includeInProgressSessions=true`,
  );
  const data = charger.data?.data;
  return (
    <>
      <h1 class="wrap">{data ? data.name : `Charger ${chargerId}`}</h1>
      <p>
        <a href="#/sites">← All sites</a>
      </p>
      <LoadState loaded={charger} what="the charger" />
      {data && !data.ocppPasswordSet ? <NoPasswordWarning charger={data} /> : null}
      {data ? <ChargerDetails charger={data} now={charger.updatedAt?.getTime() ?? Date.now()} /> : null}
      <ChargerAlerts chargerId={chargerId} />
      {data ? <RemoteControl charger={data} onAnswer={charger.refresh} /> : null}
      <ConfigurationSection chargerId={chargerId} />
      <LocalListSection chargerId={chargerId} />
      {data ? <ChargerOperations charger={data} /> : null}
      {data ? <MaintenanceSection charger={data} /> : null}
      <div class="section-head">
        <h2>Health, errors and sessions</h2>
        <button
          type="button"
          class="secondary"
          onClick={() => {
            for (const loaded of [health, errors, sessions]) loaded.refresh();
          }}
        >
          Refresh these
        </button>
      </div>
      <HealthSection health={health} />
      <ErrorsSection errors={errors} />
      <SessionsSection sessions={sessions} />
    </>
  );
}

/** The warning of a charger without an OCPP password (docs/charger-credentials.md). */
function NoPasswordWarning(props: { charger: Charger }) {
  return (
    <Notice kind="warn">
      <p>
        <strong>No OCPP password.</strong> Anyone who knows this charger's OCPP identity (
        <code>{props.charger.ocppId}</code>) can connect as it and receive its commands. Set one with{' '}
        <code>POST /api/chargers/{props.charger.id}/password</code> while it is connected.
      </p>
    </Notice>
  );
}

function ChargerDetails(props: { charger: Charger; now: number }) {
  const { charger } = props;
  const rows: [string, ComponentChildren][] = [
    ['OCPP ID', charger.ocppId ?? '—'],
    ['Type', `${charger.type}, ${charger.numberOfPorts} port${charger.numberOfPorts === 1 ? '' : 's'}`],
    ['Site', charger.site.name],
    [
      'Connection',
      charger.connectionStatus
        ? `${charger.connectionStatus.status} since ${formatDateTime(charger.connectionStatus.timestamp)}`
        : 'Never connected',
    ],
    ['Last seen', <Ago iso={lastSeen(charger)} now={props.now} />],
    [
      'Hardware',
      [
        charger.manufacturer,
        charger.model,
        charger.serialNumber && `serial ${charger.serialNumber}`,
        charger.firmwareVersion && `firmware ${charger.firmwareVersion}`,
      ]
        .filter(Boolean)
        .join(' · ') || '—',
    ],
  ];
  return (
    <dl class="details">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd class="wrap">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function LoadedSection<T>(props: { loaded: Loaded<T>; what: string; children: (data: T) => ComponentChildren }) {
  const { loaded } = props;
  return (
    <section aria-label={props.what}>
      <h3>{props.what}</h3>
      <LoadState loaded={loaded} what={props.what.toLowerCase()} />
      {loaded.data ? props.children(loaded.data) : null}
    </section>
  );
}

/**
 * The period the health figures cover: `the last 30 days` when the charger was connected before
 * they start, else `since its first connection, 5 Dec 2026, 12:40:00 (2 h 5 min)`.
 */
function healthPeriod(activeSince: string, rangeStart: string, activeSeconds: number): string {
  const span = formatSpan(activeSeconds * 1000);
  if (Date.parse(activeSince) <= Date.parse(rangeStart)) return `the last 30 days (${span})`;
  return `since its first connection, ${formatDateTime(activeSince)} (${span})`;
}

const errorSummary = (counts: ErrorCounts) =>
  `${counts.total} (${counts.endedEarly} ended early, ${counts.failedToStart} failed to start, ${counts.other} other)`;

function HealthSection(props: { health: Loaded<ChargerHealthReport> }) {
  return (
    <LoadedSection loaded={props.health} what="Health">
      {(report) => {
        const item = report.data[0];
        if (!item) return <p class="muted">No figures for this charger.</p>;
        if (item.activeSince === null)
          return (
            <p class="muted">No figures: the charger has never connected (health counts from its first connection).</p>
          );
        return (
          <dl class="details">
            <div>
              <dt>Period</dt>
              <dd>{healthPeriod(item.activeSince, report.summary.startTime, item.activeTimeInIntervalSeconds)}</dd>
            </div>
            <div>
              <dt>Online</dt>
              <dd>{formatPercent(item.connectivity.onlinePercent)}</dd>
            </div>
            <div>
              <dt>Uptime</dt>
              <dd>{formatPercent(item.uptime.uptimePercent)}</dd>
            </div>
            <div>
              <dt>Utilization</dt>
              <dd>{formatPercent(item.utilization.utilizationPercent)}</dd>
            </div>
            <div>
              <dt>Sessions</dt>
              <dd>{item.chargingSessionsCount}</dd>
            </div>
            <div>
              <dt>Errors</dt>
              <dd>{errorSummary(item.errorCounts)}</dd>
            </div>
          </dl>
        );
      }}
    </LoadedSection>
  );
}

function ErrorsSection(props: { errors: Loaded<ChargerErrorList> }) {
  return (
    <LoadedSection loaded={props.errors} what="Errors">
      {(list) =>
        list.data.length === 0 ? (
          <p class="muted">No errors reported.</p>
        ) : (
          <ul class="plain">
            {list.data.slice(0, 20).map((error) => (
              <li key={error.id} class="wrap">
                {formatDateTime(error.timestamp)}: <strong>{error.ocppErrorCode}</strong> ({error.errorCategory})
                {error.port ? ` on ${error.port.name}` : ''}
                {error.vendorErrorCode ? `, vendor code ${error.vendorErrorCode}` : ''}
                {error.ocppInfo ? `: ${error.ocppInfo}` : ''}
              </li>
            ))}
          </ul>
        )
      }
    </LoadedSection>
  );
}

function SessionsSection(props: { sessions: Loaded<ChargingSessionList> }) {
  return (
    <LoadedSection loaded={props.sessions} what="Recent sessions (7 days)">
      {(list) =>
        list.data.length === 0 ? (
          <p class="muted">No sessions in the last 7 days.</p>
        ) : (
          <DataTable columns={['Started', 'Ended', 'Port', 'Who', { label: 'Energy', num: true }]}>
            {list.data.slice(0, 50).map((item) => (
              <tr key={item.id}>
                <td>{formatDateTime(item.startTime)}</td>
                <td>{item.endTime ? formatDateTime(item.endTime) : 'in progress'}</td>
                <td>{item.port.portNumber}</td>
                <td class="wrap">{item.vehicle?.name ?? item.customer?.name ?? item.ocppIdTag ?? '—'}</td>
                <td class="num">{formatKwh(item.energyDeliveredKwh)}</td>
              </tr>
            ))}
          </DataTable>
        )
      }
    </LoadedSection>
  );
}
