/**
 * Charging sessions across the organization (`GET /api/charging-sessions` with
 * `includeTouEnergy=true`): filters by site, charger, vehicle, card (access ID), start time range
 * and sessions in progress; 100 a page; and a CSV export of every page the filters give
 * (`../session-data.ts`). Times are shown in each session's site time zone; the date filters are UTC
 * days, as the API takes instants.
 *
 * @module
 */
import { useState } from 'preact/hooks';
import { DataTable, LoadState, Notice, Pager } from '../components';
import { type ConsoleSession, useRead, useSession, useSiteZones } from '../context';
import { formatCost, formatDateTime, formatKwh, formatSpan } from '../format';
import { useLoad } from '../live';
import {
  CSV_MAX_PAGES,
  defaultSessionFilters,
  sessionsCsv,
  sessionsQuery,
  type SessionFilterForm,
} from '../session-data';
import type { AccessIdList, ChargingSession, ChargingSessionList, SiteWithChargers, VehicleList } from '../types';

/**
 * What the filter form offers: the sites with their chargers, the vehicles, the cards and contracts
 * (every access ID but vehicles' own: what a session's `rfid` names).
 */
interface FilterChoices {
  sites: SiteWithChargers[];
  vehicles: VehicleList['data'];
  cards: AccessIdList['data'];
}

async function loadChoices(session: ConsoleSession, signal: AbortSignal): Promise<FilterChoices> {
  const [sites, vehicles, accessIds] = await Promise.all([
    session.call<{ data: SiteWithChargers[] }>('/api/sites', { signal }),
    session.call<VehicleList>('/api/vehicles', { signal }),
    session.call<AccessIdList>('/api/access-ids', { signal }),
  ]);
  return { sites: sites.data, vehicles: vehicles.data, cards: accessIds.data.filter((a) => a.type !== 'Vehicle') };
}

/** Every page of `filters`' sessions, up to {@link CSV_MAX_PAGES}, as CSV; `truncated` when more remain. */
async function exportCsv(session: ConsoleSession, filters: SessionFilterForm) {
  const sessions: ChargingSession[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < CSV_MAX_PAGES; page += 1) {
    const list: ChargingSessionList = await session.call(`/api/charging-sessions?${sessionsQuery(filters, cursor)}`);
    sessions.push(...list.data);
    cursor = list.pagination.hasNextPage ? list.pagination.nextPageCursor : null;
    if (!cursor) return { csv: sessionsCsv(sessions), count: sessions.length, truncated: false };
  }
  return { csv: sessionsCsv(sessions), count: sessions.length, truncated: true };
}

/** The sessions page. */
export function SessionsPage() {
  const session = useSession();
  const [filters, setFilters] = useState(() => defaultSessionFilters());
  const [cursor, setCursor] = useState<string | null>(null);
  const choices = useLoad((signal) => loadChoices(session, signal), [session], session.signOut);
  const query = sessionsQuery(filters, cursor);
  const list = useRead<ChargingSessionList>(`/api/charging-sessions?${query}`);
  return (
    <>
      <h1>Charging sessions</h1>
      <FilterForm
        initial={filters}
        choices={choices.data}
        onApply={(next) => {
          setFilters(next);
          setCursor(null);
        }}
      />
      <CsvExport filters={filters} />
      <LoadState loaded={list} what="the sessions" />
      {list.data?.data.length === 0 ? (
        <Notice kind="info">
          <p>No sessions match these filters.</p>
        </Notice>
      ) : null}
      {list.data && list.data.data.length > 0 ? <SessionTable sessions={list.data.data} /> : null}
      <Pager label="Session pages" cursor={cursor} pagination={list.data?.pagination} onCursor={setCursor} />
    </>
  );
}

function FilterForm(props: {
  initial: SessionFilterForm;
  choices: FilterChoices | undefined;
  onApply: (filters: SessionFilterForm) => void;
}) {
  const [form, setForm] = useState(props.initial);
  const set = (field: keyof SessionFilterForm) => (event: Event) => {
    const input = event.target as HTMLInputElement;
    setForm({ ...form, [field]: input.type === 'checkbox' ? input.checked : input.value });
  };
  const sites = props.choices?.sites ?? [];
  const chargers = sites.filter((s) => !form.siteId || String(s.id) === form.siteId).flatMap((s) => s.chargers);
  const option = (value: string | number, label: string) => (
    <option key={value} value={String(value)}>
      {label}
    </option>
  );
  return (
    <form
      class="inline-form"
      aria-label="Session filters"
      onSubmit={(event) => {
        event.preventDefault();
        props.onApply(form);
      }}
    >
      <label>
        Site
        <select value={form.siteId} onChange={set('siteId')}>
          {option('', 'Any site')}
          {sites.map((s) => option(s.id, s.name))}
        </select>
      </label>
      <label>
        Charger
        <select value={form.chargerId} onChange={set('chargerId')}>
          {option('', 'Any charger')}
          {chargers.map((c) => option(c.id, c.name))}
        </select>
      </label>
      <label>
        Vehicle
        <select value={form.vehicleId} onChange={set('vehicleId')}>
          {option('', 'Any vehicle')}
          {(props.choices?.vehicles ?? []).map((v) => option(v.id, v.name ?? `Vehicle ${v.id}`))}
        </select>
      </label>
      <label>
        Card
        <select value={form.rfidId} onChange={set('rfidId')}>
          {option('', 'Any card')}
          {(props.choices?.cards ?? []).map((a) => option(a.id, `${a.name} (${a.ocppIdTag})`))}
        </select>
      </label>
      <label>
        Started from (UTC day)
        <input type="date" value={form.from} onInput={set('from')} />
      </label>
      <label>
        to (UTC day, included)
        <input type="date" value={form.to} onInput={set('to')} />
      </label>
      <label>
        <input type="checkbox" checked={form.inProgress} onChange={set('inProgress')} /> Sessions in progress
      </label>
      <button type="submit">Apply</button>
    </form>
  );
}

function CsvExport(props: { filters: SessionFilterForm }) {
  const session = useSession();
  const [state, setState] = useState<{ busy: boolean; message: string | null; error: boolean }>({
    busy: false,
    message: null,
    error: false,
  });
  const run = async () => {
    setState({ busy: true, message: null, error: false });
    try {
      const { csv, count, truncated } = await exportCsv(session, props.filters);
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
      link.download = 'charging-sessions.csv';
      link.click();
      URL.revokeObjectURL(link.href);
      const more = truncated ? ` (the first ${count}: narrow the filters for the rest)` : '';
      setState({ busy: false, message: `Exported ${count} sessions${more}.`, error: false });
    } catch (error) {
      setState({ busy: false, message: `Export failed: ${(error as Error).message}`, error: true });
    }
  };
  return (
    <p class="actions">
      <button type="button" class="secondary" disabled={state.busy} onClick={() => void run()}>
        {state.busy ? 'Exporting…' : 'Export CSV'}
      </button>{' '}
      {state.message ? <span role={state.error ? 'alert' : 'status'}>{state.message}</span> : null}
    </p>
  );
}

function SessionTable(props: { sessions: ChargingSession[] }) {
  const zones = useSiteZones();
  return (
    <DataTable
      columns={['Started', 'Where', 'Vehicle / card', 'Energy', 'Duration', 'By period', 'Cost']}
      caption="Charging sessions"
    >
      {props.sessions.map((s) => (
        <tr key={s.id}>
          <th scope="row">{formatDateTime(s.startTime, zones.of(s.site.id))}</th>
          <td class="wrap">
            {s.site.name} · <a href={`#/chargers/${s.charger.id}`}>{s.charger.name}</a> · port {s.port.portNumber}
          </td>
          <td class="wrap">{whoOf(s)}</td>
          <td>{formatKwh(s.energyDeliveredKwh)}</td>
          <td>{s.durationSeconds === null ? 'in progress' : formatSpan(s.durationSeconds * 1000)}</td>
          <td class="wrap">
            {(s.touEnergy ?? []).map((t) => `${t.period} ${formatKwh(t.energyDeliveredKwh)}`).join(' · ')}
          </td>
          <td>{formatCost(s.energyCost, s.endTime === null)}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/** The vehicle and the card of a session; the idTag when it names neither (an unknown card). */
function whoOf(s: ChargingSession): string {
  const names = [s.vehicle?.name, s.rfid?.name].filter(Boolean);
  return names.length ? names.join(' · ') : (s.ocppIdTag ?? '—');
}
