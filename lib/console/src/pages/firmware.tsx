/**
 * Firmware (docs/firmware.md): the charger page's "Update firmware" (`POST /api/ocpp/update-firmware`,
 * its result followed in the recent operations), and the firmware page (`#/firmware`): a campaign
 * form (`POST /api/firmware-campaigns`: a model or chargers, the firmware URL, the limits), the
 * campaigns (`GET /api/firmware-campaigns`) and the progress per charger of the one chosen (`GET
 * /api/firmware-campaigns/{id}`, polled every 2 s while it runs: each read advances it).
 *
 * @module
 */
import { useEffect, useState } from 'preact/hooks';
import { OutcomeNotice, useAction } from '../action';
import { DataTable, LoadState } from '../components';
import { useRead, useSession, useSiteZones } from '../context';
import { formatDateTime } from '../format';
import { usePoll } from '../live';
import type { ChargerOperationAnswer, FirmwareCampaign, FirmwareCampaignAnswer, FirmwareCampaignList } from '../types';

/** How often a running campaign is read (and so advanced), ms. */
const CAMPAIGN_POLL_MS = 2000;

/** The charger page's firmware update: a URL and a button; `onSent` refreshes the operations. */
export function FirmwareUpdate(props: { chargerId: number; onSent: () => void }) {
  const session = useSession();
  const { busy, outcome, run } = useAction();
  const [location, setLocation] = useState('');
  const send = () =>
    void run(
      async () => {
        const { data } = await session.call<ChargerOperationAnswer>('/api/ocpp/update-firmware', {
          method: 'POST',
          body: { chargerId: props.chargerId, location },
        });
        props.onSent();
        const result = data.results[0];
        return `Update firmware: ${result?.status ?? data.status}${result?.ocppStatus ? ` (${result.ocppStatus})` : ''}${result?.error ? `: ${result.error.code}` : ''}; the list below follows it.`;
      },
      'Update firmware failed. ',
      'Update firmware: sending…',
    );
  return (
    <div class="inline-form">
      <label>
        Firmware URL
        <input type="url" value={location} onInput={(e) => setLocation((e.target as HTMLInputElement).value)} />
      </label>
      <button type="button" disabled={busy || !location} onClick={send}>
        Update firmware
      </button>
      <div aria-live="polite">
        <OutcomeNotice outcome={outcome} />
      </div>
    </div>
  );
}

/** One line of a campaign's counts. */
export function campaignCounts(campaign: FirmwareCampaign): string {
  const { counts } = campaign;
  return `${counts.installed} installed, ${counts.updating} updating, ${counts.pending} pending, ${counts.failed} failed, ${counts.skipped} skipped of ${counts.total}`;
}

/** The firmware page: a campaign form, the campaigns, the chosen one's progress. */
export function FirmwarePage() {
  const zones = useSiteZones();
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const campaigns = useRead<FirmwareCampaignList>('/api/firmware-campaigns');
  return (
    <>
      <h1>Firmware</h1>
      <CampaignForm
        onCreated={(campaignId) => {
          setChosen(campaignId);
          campaigns.refresh();
        }}
      />
      <section aria-labelledby="campaigns-heading">
        <h2 id="campaigns-heading">Campaigns</h2>
        <LoadState loaded={campaigns} what="the campaigns" />
        {campaigns.data?.data.length === 0 ? <p class="muted">No campaigns yet.</p> : null}
        {campaigns.data?.data.length ? (
          <DataTable columns={['Started', 'Firmware', 'Status', 'Progress', '']} caption="Campaigns">
            {campaigns.data.data.map((campaign) => (
              <tr key={campaign.campaignId}>
                <td>{formatDateTime(campaign.createdAt, zones.shared)}</td>
                <td class="wrap">{String(campaign.firmware.location)}</td>
                <td>{campaign.status}</td>
                <td class="wrap">{campaignCounts(campaign)}</td>
                <td>
                  <button type="button" class="secondary" onClick={() => setChosen(campaign.campaignId)}>
                    Show
                  </button>
                </td>
              </tr>
            ))}
          </DataTable>
        ) : null}
      </section>
      {chosen ? <CampaignProgress campaignId={chosen} onChange={campaigns.refresh} /> : null}
    </>
  );
}

/** A number input's value, or undefined when empty. */
const numberOf = (value: string) => (value === '' ? undefined : Number(value));

/** The campaign form: a model (or charger IDs), the firmware URL and the limits. */
function CampaignForm(props: { onCreated: (campaignId: string) => void }) {
  const session = useSession();
  const { busy, outcome, run } = useAction();
  const [model, setModel] = useState('');
  const [chargerIds, setChargerIds] = useState('');
  const [location, setLocation] = useState('');
  const [limits, setLimits] = useState({ maxConcurrent: '10', maxFailures: '', maxDownPerSite: '' });
  const field = (name: keyof typeof limits, label: string) => (
    <label>
      {label}
      <input
        type="number"
        min="1"
        value={limits[name]}
        onInput={(e) => setLimits({ ...limits, [name]: (e.target as HTMLInputElement).value })}
      />
    </label>
  );
  const start = () =>
    void run(
      async () => {
        const ids = chargerIds
          .split(/[\s,]+/)
          .filter(Boolean)
          .map(Number);
        const body = {
          ...(ids.length ? { chargerIds: ids } : { model }),
          location,
          ...Object.fromEntries(
            Object.entries(limits)
              .map(([k, v]) => [k, numberOf(v)])
              .filter(([, v]) => v !== undefined),
          ),
        };
        const { data } = await session.call<FirmwareCampaignAnswer>('/api/firmware-campaigns', {
          method: 'POST',
          body,
        });
        props.onCreated(data.campaignId);
        return `Campaign started: ${campaignCounts(data)}.`;
      },
      'The campaign was not started. ',
      'Starting the campaign…',
    );
  return (
    <section aria-labelledby="campaign-form-heading">
      <h2 id="campaign-form-heading">New campaign</h2>
      <div class="inline-form">
        <label>
          Model
          <input value={model} onInput={(e) => setModel((e.target as HTMLInputElement).value)} />
        </label>
        <label>
          Or charger IDs
          <input value={chargerIds} onInput={(e) => setChargerIds((e.target as HTMLInputElement).value)} />
        </label>
        <label>
          Firmware URL
          <input type="url" value={location} onInput={(e) => setLocation((e.target as HTMLInputElement).value)} />
        </label>
        {field('maxConcurrent', 'At once')}
        {field('maxFailures', 'Stop after failures')}
        {field('maxDownPerSite', 'At once per site')}
        <button type="button" disabled={busy} onClick={start}>
          Start campaign
        </button>
      </div>
      <div aria-live="polite">
        <OutcomeNotice outcome={outcome} />
      </div>
    </section>
  );
}

/** A campaign's progress per charger, read every 2 s (each read advances it). */
function CampaignProgress(props: { campaignId: string; onChange: () => void }) {
  const session = useSession();
  const campaign = usePoll(
    (signal) => session.call<FirmwareCampaignAnswer>(`/api/firmware-campaigns/${props.campaignId}`, { signal }),
    [session, props.campaignId],
    session.signOut,
    CAMPAIGN_POLL_MS,
  );
  const data = campaign.data?.data;
  // The list's row follows the campaign's status.
  useEffect(() => {
    if (data?.status) props.onChange();
  }, [data?.status]);
  return (
    <section aria-labelledby="progress-heading">
      <h2 id="progress-heading">Campaign progress</h2>
      <LoadState loaded={campaign} what="the campaign" />
      {data ? (
        <>
          <p>
            <strong>{data.status}</strong>
            {data.stopReason ? ` (${data.stopReason})` : ''}: {campaignCounts(data)}
          </p>
          {data.status === 'running' && !data.stopReason ? (
            <button
              type="button"
              class="secondary"
              onClick={async () => {
                await session.call(`/api/firmware-campaigns/${props.campaignId}/cancel`, { method: 'POST', body: {} });
                campaign.refresh();
                props.onChange();
              }}
            >
              Cancel campaign
            </button>
          ) : null}
          <DataTable columns={['Charger', 'State', 'Firmware status', 'Error']} caption="Progress per charger">
            {data.chargers.map((charger) => (
              <tr key={charger.chargerId}>
                <td>
                  <a href={`#/chargers/${charger.chargerId}`}>{charger.ocppId}</a>
                </td>
                <td>{charger.state}</td>
                <td>{charger.firmwareStatus ?? '—'}</td>
                <td class="wrap">{charger.error ? `${charger.error.code}: ${charger.error.description}` : ''}</td>
              </tr>
            ))}
          </DataTable>
        </>
      ) : null}
    </section>
  );
}
