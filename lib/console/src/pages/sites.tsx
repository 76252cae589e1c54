/**
 * Sites: every site of the key with its chargers and, per port, the status badge, the session in
 * progress (who, power, SoC, energy) and when the charger was last seen. One `GET /api/sites` per
 * refresh, whatever the number of chargers.
 *
 * @module
 */
import type { ComponentChildren } from 'preact';
import { Ago, DataTable, LoadState, Notice, StatusBadge } from '../components';
import { useSession } from '../context';
import { formatKw, formatKwh, formatPercent, lastSeen, portBadge, sessionWho, sitePowerKw } from '../format';
import { usePoll } from '../live';
import { LivePowerStore } from '../power-data';
import { hrefOf } from '../route';
import type { Charger, Port, SiteWithChargers } from '../types';

/** Each site's summed power at every refresh, from any page, while the console is open. */
export const livePower = new LivePowerStore();

/** `GET /api/sites`: the one list call of a refresh. Each answer adds a live power sample per site. */
export function useSites() {
  const session = useSession();
  const load = async (signal: AbortSignal) => {
    const sites = await session.call<{ data: SiteWithChargers[] }>('/api/sites', { signal });
    const t = Date.now();
    for (const site of sites.data) livePower.add(site.id, { t, kw: sitePowerKw(site.chargers) });
    return sites;
  };
  return usePoll(load, [session], (error) => session.signOut(error));
}

/** The sites page. */
export function SitesPage() {
  const sites = useSites();
  const now = sites.updatedAt?.getTime() ?? Date.now();
  return (
    <>
      <h1>Sites</h1>
      <LoadState loaded={sites} what="the sites" />
      {sites.data?.data.length === 0 ? (
        <Notice kind="info">
          <p>
            This organization has no sites yet. An operator adds them with <code>npm run admin -- sites create</code>.
          </p>
        </Notice>
      ) : null}
      {sites.data?.data.map((site) => (
        <SiteSection key={site.id} site={site} now={now} />
      ))}
    </>
  );
}

function SiteSection(props: { site: SiteWithChargers; now: number }) {
  const { site } = props;
  return (
    <section class="site" aria-labelledby={`site-${site.id}`}>
      <div class="section-head">
        <h2 id={`site-${site.id}`} class="wrap">
          {site.name}
        </h2>
        <p class="muted wrap">
          {site.address ?? 'No address'} · {site.timezone} · {site.chargers.length} charger
          {site.chargers.length === 1 ? '' : 's'} · now <strong>{formatKw(sitePowerKw(site.chargers))}</strong> ·{' '}
          <a href={hrefOf({ page: 'sitePower', siteId: site.id })}>Site power</a>
        </p>
      </div>
      {site.chargers.length === 0 ? <p class="muted">No chargers at this site yet.</p> : null}
      <div class="chargers">
        {site.chargers.map((charger) => (
          <ChargerCard key={charger.id} charger={charger} now={props.now} />
        ))}
      </div>
    </section>
  );
}

function ChargerCard(props: { charger: Charger; now: number }) {
  const { charger } = props;
  const connected = charger.connectionStatus?.status === 'Connected';
  return (
    <article class="card charger" aria-labelledby={`charger-${charger.id}`}>
      <h3 id={`charger-${charger.id}`} class="wrap">
        <a href={hrefOf({ page: 'charger', chargerId: charger.id, tab: 'overview' })}>{charger.name}</a>
      </h3>
      <p class="muted wrap">
        {charger.ocppId ?? 'no OCPP ID'} · {charger.type} ·{' '}
        <span class={connected ? 'online' : 'offline'}>{connected ? 'Connected' : 'Offline'}</span> · last seen{' '}
        <Ago iso={lastSeen(charger)} now={props.now} zone={charger.site.timezone} />
      </p>
      <PortTable charger={charger} />
    </article>
  );
}

/** The ports of a charger: badge and session in progress. Shared with the charger page. */
export function PortTable(props: { charger: Charger; actions?: (port: Port) => ComponentChildren }) {
  const { charger } = props;
  if (charger.ports.length === 0) return <p class="muted">No ports.</p>;
  return (
    <DataTable
      class="ports"
      caption={`Ports of ${charger.name}`}
      columns={[
        'Port',
        'Status',
        'Vehicle or tag',
        { label: 'Power', num: true },
        { label: 'SoC', num: true },
        { label: 'Energy', num: true },
        ...(props.actions ? ['Actions'] : []),
      ]}
    >
      {charger.ports.map((port) => {
        const session = port.currentChargingSession;
        return (
          <tr key={port.id} data-port-id={port.id}>
            <th scope="row" class="port-cell">
              {port.portNumber} <span class="muted connector">{port.connectorType}</span>
            </th>
            <td>
              <StatusBadge badge={portBadge(charger, port, charger.site.timezone)} />
            </td>
            <td class="wrap">{session ? sessionWho(session) : <span class="muted">—</span>}</td>
            <td class="num power">{session ? formatKw(session.latestReadings.powerKw?.value) : '—'}</td>
            <td class="num">
              {session ? formatPercent(session.latestReadings.socPercent?.value ?? session.socStartPercent) : '—'}
            </td>
            <td class="num">{session ? formatKwh(session.energyDeliveredKwh) : '—'}</td>
            {props.actions ? <td>{props.actions(port)}</td> : null}
          </tr>
        );
      })}
    </DataTable>
  );
}
