/**
 * A charger's configuration on its page (docs/charger-configuration.md): the settings as last read
 * (`GET /api/chargers/{id}/configuration`: OCPP 1.6 keys or the OCPP 2.0.1 device model) with when
 * they were read, the settings the product relies on marked, a report still coming, and a button
 * that reads them from the charger again (`POST …/configuration/refresh`). Read-only: settings are
 * changed with the API or the CLI.
 *
 * @module
 */
import { OutcomeNotice, useAction } from '../action';
import { DataTable, LoadState } from '../components';
import { useRead, useSession } from '../context';
import { formatDateTime } from '../format';
import type { Loaded } from '../live';
import { configurationRows } from '../configuration-data';
import type { ChargerConfiguration, ChargerConfigurationAnswer, ConfigurationRefreshAnswer } from '../types';

/**
 * What a charger's answer to a report request (its configuration, its monitors) says: sent,
 * coming in pages, or its status and error.
 */
export function reportAnswerText(
  result: { status: string; error?: { code: string; description: string } },
  what: string,
): string {
  const { status, error } = result;
  if (status === 'accepted') return `The charger sent ${what}.`;
  if (status === 'pending') return 'The charger is sending its report; it shows here once complete.';
  return `The charger's answer: ${status}${error ? ` (${error.code}: ${error.description})` : ''}.`;
}

/** The configuration section of the charger page. */
export function ConfigurationSection(props: { chargerId: number; zone: string }) {
  const session = useSession();
  const path = `/api/chargers/${props.chargerId}/configuration`;
  const loaded: Loaded<ChargerConfigurationAnswer> = useRead<ChargerConfigurationAnswer>(path);
  const { busy, outcome, run } = useAction();
  const read = () =>
    run(
      async () => {
        const answer = await session.call<ConfigurationRefreshAnswer>(`${path}/refresh`, { method: 'POST', body: {} });
        loaded.refresh();
        return reportAnswerText(answer.data, 'its configuration');
      },
      'Reading the configuration failed. ',
      'Asking the charger…',
    );
  return (
    <section aria-labelledby="configuration-heading">
      <div class="section-head">
        <h2 id="configuration-heading">Configuration</h2>
        <button type="button" class="secondary" disabled={busy} onClick={read}>
          Read from charger
        </button>
      </div>
      <OutcomeNotice outcome={outcome} />
      <LoadState loaded={loaded} what="the configuration" />
      {loaded.data ? <ConfigurationTable configuration={loaded.data.data} zone={props.zone} /> : null}
    </section>
  );
}

function ConfigurationTable(props: { configuration: ChargerConfiguration; zone: string }) {
  const { configuration } = props;
  const rows = configurationRows(configuration);
  const pending = configuration.pendingReport;
  return (
    <>
      <p class="muted">
        {configuration.readAt
          ? `Read ${formatDateTime(configuration.readAt, props.zone)} (${configuration.source}).`
          : 'Never read from the charger.'}
        {pending
          ? ` A report asked ${formatDateTime(pending.requestedAt, props.zone)} is ${pending.status === 'incomplete' ? 'incomplete' : 'coming'}` +
            ` (${pending.received.length} page${pending.received.length === 1 ? '' : 's'} received).`
          : ''}
        {configuration.omittedVariables ? ` ${configuration.omittedVariables} variables too many to store.` : ''}
      </p>
      {rows.length ? (
        <DataTable columns={['Setting', 'Value', 'Notes']}>
          {rows.map((row) => (
            <tr key={row.name}>
              <td class="wrap">{row.name}</td>
              <td class="wrap">{row.value}</td>
              <td class="wrap">
                {[...row.notes, ...(row.guarded ? ['the product relies on it'] : [])].join(', ')}
                {row.guarded ? <span title={row.guarded}> ⓘ</span> : null}
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
    </>
  );
}
