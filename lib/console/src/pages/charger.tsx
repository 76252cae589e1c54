/**
 * Charger: its name and state above tabs, one at a time (`#/chargers/{id}/{tab}`, `route.ts`), so the
 * page is read tab by tab instead of as one long scroll. The charger itself is refreshed every 5 s
 * (one `GET /api/chargers/{id}`); each tab loads what it shows when it is opened:
 * - **Overview**: details (what it holds of its site's tariff: `station-tariff.tsx`) and ports, active alerts (`alerts.tsx`), remote start / stop per port;
 * - **Sessions**: the last 7 days' sessions;
 * - **Configuration**: the configuration as last read (`charger-configuration.tsx`), the local list and,
 *   for a 2.0.1 charger, its monitors (`charger-monitors.tsx`);
 * - **Operations**: reset, unlock, availability, trigger message, clear cache (`operations.tsx`),
 *   a 2.0.1 charger's display messages (`charger-display.tsx`) and maintenance windows
 *   (`charger-maintenance.tsx`);
 * - **Firmware and logs**: a firmware update and a log request;
 * - **Security**: its security profile (set by an admin), its certificates and its security events
 *   (`charger-security.tsx`);
 * - **Health**: figures since the first connection and errors (charger health allows 10 requests a
 *   minute per key, so it loads on opening and on demand);
 * - **Message log**: the OCPP exchanges (`charger-messages.tsx`).
 * Every time, the maintenance form's included, is on the site's clock, its zone named.
 *
 * @module
 */
import type { ComponentChildren } from 'preact';
import { useMemo } from 'preact/hooks';
import { Ago, DataTable, LoadState, Notice } from '../components';
import { useRead, useSession } from '../context';
import { formatCost, formatDateTime, formatKwh, formatPercent, formatSpan, lastSeen } from '../format';
import { usePoll, type Loaded } from '../live';
import type { Charger, ChargerErrorList, ChargerHealthReport, ChargingSessionList, ErrorCounts } from '../types';
import { RemoteControl } from './remote-control';
import { ConfigurationSection } from './charger-configuration';
import { LocalListSection } from './charger-local-list';
import { ChargerFirmwareAndLogs, ChargerOperations } from './operations';
import { ChargerMessageLog } from './charger-messages';
import { CHARGER_TABS, hrefOf, type ChargerTab } from '../route';
import { MaintenanceSection } from './charger-maintenance';
import { ChargerAlerts } from './alerts';
import { Ocpp201Section } from './ocpp201';
import { SecurityTab } from './charger-security';
import { StationTariffDetail } from './station-tariff';

const WEEK_MS = 7 * 24 * 3600 * 1000;

/** The charger page of `chargerId`, showing `tab`. */
export function ChargerPage(props: { chargerId: number; tab: ChargerTab }) {
  const { chargerId, tab } = props;
  const session = useSession();
  const charger = usePoll(
    (signal) => session.call<{ data: Charger }>(`/api/chargers/${chargerId}`, { signal }),
    [session, chargerId],
    session.signOut,
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
      {data ? <ChargerTabs chargerId={chargerId} tab={tab} /> : null}
      {data ? (
        <TabContent
          charger={data}
          tab={tab}
          now={charger.updatedAt?.getTime() ?? Date.now()}
          refresh={charger.refresh}
        />
      ) : null}
    </>
  );
}

/** The tab links; the open one is marked as the current page. */
function ChargerTabs(props: { chargerId: number; tab: ChargerTab }) {
  return (
    <nav class="tabs" aria-label="Charger tabs">
      {CHARGER_TABS.map(([tab, label]) => (
        <a
          key={tab}
          href={hrefOf({ page: 'charger', chargerId: props.chargerId, tab })}
          aria-current={tab === props.tab ? 'page' : undefined}
        >
          {label}
        </a>
      ))}
    </nav>
  );
}

/** What the open tab shows. */
function TabContent(props: { charger: Charger; tab: ChargerTab; now: number; refresh: () => void }) {
  const { charger } = props;
  switch (props.tab) {
    case 'overview':
      return (
        <>
          <ChargerDetails charger={charger} now={props.now} />
          <ChargerAlerts chargerId={charger.id} />
          <RemoteControl charger={charger} onAnswer={props.refresh} />
        </>
      );
    case 'sessions':
      return <SessionsTab charger={charger} />;
    case 'configuration':
      return (
        <>
          <ConfigurationSection chargerId={charger.id} zone={charger.site.timezone} />
          <LocalListSection chargerId={charger.id} zone={charger.site.timezone} />
          <Ocpp201Section charger={charger} section="monitors" />
        </>
      );
    case 'operations':
      return (
        <>
          <ChargerOperations charger={charger} />
          <Ocpp201Section charger={charger} section="display" />
          <MaintenanceSection charger={charger} />
        </>
      );
    case 'firmware-and-logs':
      return <ChargerFirmwareAndLogs charger={charger} />;
    case 'security':
      return <SecurityTab charger={charger} refresh={props.refresh} />;
    case 'health':
      return <HealthTab charger={charger} />;
    case 'message-log':
      return <ChargerMessageLog charger={charger} />;
  }
}

/** The Health tab: the health figures and the errors, loaded on opening and on demand. */
function HealthTab(props: { charger: Charger }) {
  const ids = `chargerIds[]=${props.charger.id}`;
  const zone = props.charger.site.timezone;
  const health = useRead<ChargerHealthReport>(`/api/charger-health?${ids}`);
  const errors = useRead<ChargerErrorList>(`/api/errors?${ids}`);
  return (
    <>
      <div class="section-head">
        <h2>Health and errors</h2>
        <button
          type="button"
          class="secondary"
          onClick={() => {
            for (const loaded of [health, errors]) loaded.refresh();
          }}
        >
          Refresh these
        </button>
      </div>
      <HealthSection health={health} zone={zone} />
      <ErrorsSection errors={errors} zone={zone} />
    </>
  );
}

/** The Sessions tab: the last 7 days' sessions, in progress included. */
function SessionsTab(props: { charger: Charger }) {
  const { id } = props.charger;
  // Fixed per charger: a path that changed every render would load again every render.
  const after = useMemo(() => encodeURIComponent(new Date(Date.now() - WEEK_MS).toISOString()), [id]);
  const sessions = useRead<ChargingSessionList>(
    `/api/charging-sessions?chargerIds[]=${id}&startTimeAfter=${after}&includeInProgressSessions=true`,
  );
  return <SessionsSection sessions={sessions} zone={props.charger.site.timezone} />;
}

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
        ? `${charger.connectionStatus.status} since ${formatDateTime(charger.connectionStatus.timestamp, charger.site.timezone)}`
        : 'Never connected',
    ],
    ['OCPP', charger.ocppProtocol ? `OCPP ${charger.ocppProtocol.slice(4)}` : '—'],
    ['Last seen', <Ago iso={lastSeen(charger)} now={props.now} zone={charger.site.timezone} />],
    ['Tariff', <StationTariffDetail charger={charger} />],
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
function healthPeriod(activeSince: string, rangeStart: string, activeSeconds: number, zone: string): string {
  const span = formatSpan(activeSeconds * 1000);
  if (Date.parse(activeSince) <= Date.parse(rangeStart)) return `the last 30 days (${span})`;
  return `since its first connection, ${formatDateTime(activeSince, zone)} (${span})`;
}

const errorSummary = (counts: ErrorCounts) =>
  `${counts.total} (${counts.endedEarly} ended early, ${counts.failedToStart} failed to start, ${counts.other} other)`;

function HealthSection(props: { health: Loaded<ChargerHealthReport>; zone: string }) {
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
              <dd>
                {healthPeriod(item.activeSince, report.summary.startTime, item.activeTimeInIntervalSeconds, props.zone)}
              </dd>
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

function ErrorsSection(props: { errors: Loaded<ChargerErrorList>; zone: string }) {
  return (
    <LoadedSection loaded={props.errors} what="Errors">
      {(list) =>
        list.data.length === 0 ? (
          <p class="muted">No errors reported.</p>
        ) : (
          <ul class="plain">
            {list.data.slice(0, 20).map((error) => (
              <li key={error.id} class="wrap">
                {formatDateTime(error.timestamp, props.zone)}: <strong>{error.ocppErrorCode}</strong> (
                {error.errorCategory}){error.port ? ` on ${error.port.name}` : ''}
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

function SessionsSection(props: { sessions: Loaded<ChargingSessionList>; zone: string }) {
  return (
    <LoadedSection loaded={props.sessions} what="Recent sessions (7 days)">
      {(list) =>
        list.data.length === 0 ? (
          <p class="muted">No sessions in the last 7 days.</p>
        ) : (
          <DataTable
            columns={['Started', 'Ended', 'Port', 'Who', { label: 'Energy', num: true }, { label: 'Cost', num: true }]}
          >
            {list.data.slice(0, 50).map((item) => (
              <tr key={item.id}>
                <td>{formatDateTime(item.startTime, props.zone)}</td>
                <td>{item.endTime ? formatDateTime(item.endTime, props.zone) : 'in progress'}</td>
                <td>{item.port.portNumber}</td>
                <td class="wrap">{item.vehicle?.name ?? item.customer?.name ?? item.ocppIdTag ?? '—'}</td>
                <td class="num">{formatKwh(item.energyDeliveredKwh)}</td>
                <td class="num">{formatCost(item.energyCost)}</td>
              </tr>
            ))}
          </DataTable>
        )
      }
    </LoadedSection>
  );
}
