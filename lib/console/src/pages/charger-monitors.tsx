/**
 * A station's monitors on its charger page (docs/monitoring.md; OCPP 2.0.1 only, for the roles that
 * run operations: `ocpp201.tsx`): the monitors of its last complete monitoring report (`GET
 * /api/chargers/{id}/monitors`) and a button that asks the station for them again (`POST
 * …/monitors/refresh`, GetMonitoringReport). Read-only: monitors are set with the API or the CLI.
 *
 * @module
 */
import type { z } from 'zod';
import { OutcomeNotice, useAction } from '../action';
import { DataTable, LoadState } from '../components';
import { useRead, useSession } from '../context';
import { formatDateTime } from '../format';
import type { Charger } from '../types';
import { reportAnswerText } from './charger-configuration';
import type {
  ChargerMonitorsResponse as ChargerMonitorsSchema,
  MonitorsRefreshResponse as MonitorsRefreshSchema,
} from '../../../../shared/api/routes/charger-configuration';

type ChargerMonitors = z.infer<typeof ChargerMonitorsSchema>['data'];
type Monitor = ChargerMonitors['monitors'][number];

/** A component or variable as OCPP names it: `EVSE 1 / connector 1`, `Controller (front)`. */
function nameOf(ref: { name: string; instance?: string; evse?: { id: number; connectorId?: number } }): string {
  const evse = ref.evse
    ? ` EVSE ${ref.evse.id}${ref.evse.connectorId ? ` / connector ${ref.evse.connectorId}` : ''}`
    : '';
  return `${ref.name}${ref.instance ? ` (${ref.instance})` : ''}${evse}`;
}

/** The monitors section of the charger page (2.0.1 chargers). */
export function MonitorsSection(props: { charger: Charger; blocked: string | null }) {
  const { charger } = props;
  const session = useSession();
  const path = `/api/chargers/${charger.id}/monitors`;
  const loaded = useRead<{ data: ChargerMonitors }>(path);
  const { busy, outcome, run } = useAction();
  const refresh = () =>
    run(
      async () => {
        const answer = await session.call<z.infer<typeof MonitorsRefreshSchema>>(`${path}/refresh`, {
          method: 'POST',
          body: {},
        });
        loaded.refresh();
        return reportAnswerText(answer.data, 'its monitors');
      },
      'Reading the monitors failed. ',
      'Asking the charger…',
    );
  const zone = charger.site.timezone;
  const data = loaded.data?.data;
  return (
    <section aria-labelledby="monitors-heading">
      <div class="section-head">
        <h2 id="monitors-heading">Monitors</h2>
        <button type="button" class="secondary" disabled={busy || props.blocked !== null} onClick={refresh}>
          Refresh from charger
        </button>
      </div>
      <OutcomeNotice outcome={outcome} />
      <LoadState loaded={loaded} what="the monitors" />
      {data ? (
        <p class="muted">
          {data.readAt ? `As reported ${formatDateTime(data.readAt, zone)}.` : 'Never reported by the charger.'}
        </p>
      ) : null}
      {data?.monitors.length ? <MonitorTable monitors={data.monitors} /> : null}
    </section>
  );
}

function MonitorTable(props: { monitors: Monitor[] }) {
  return (
    <DataTable
      columns={['Id', 'Component', 'Variable', 'Type', { label: 'Value', num: true }, 'Severity', 'Transaction']}
    >
      {props.monitors.map((m) => (
        <tr key={m.id}>
          <td>{m.id}</td>
          <td class="wrap">{nameOf(m.component)}</td>
          <td class="wrap">{nameOf(m.variable)}</td>
          <td>{m.type}</td>
          <td class="num">{m.value}</td>
          <td>{m.severity}</td>
          <td>{m.transaction ? 'yes' : 'no'}</td>
        </tr>
      ))}
    </DataTable>
  );
}
