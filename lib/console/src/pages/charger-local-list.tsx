/**
 * A charger's local authorization list on its page (docs/local-authorization-list.md): whether the
 * charger keeps one, the version and the cards it holds as the CSMS last set them, what did not fit,
 * the last synchronisation, and a button that sends the whole list again (`POST …/local-list/sync`,
 * a Full update that the table's stream performs when the charger is connected).
 *
 * @module
 */
import { OutcomeNotice, useAction } from '../action';
import { LoadState } from '../components';
import { useRead, useSession } from '../context';
import { formatDateTime } from '../format';
import type { Loaded } from '../live';
import type { LocalList, LocalListAnswer } from '../types';

/** What each list status means to an operator. */
const STATUS_TEXT: Record<LocalList['status'], string> = {
  neverSynced: 'Never sent',
  syncing: 'Being sent now',
  inSync: 'In sync',
  pending: 'Changes wait for the charger to connect',
  failed: 'The last update failed',
  unsupported: 'The charger keeps no local list',
};

/** What each support answer means. */
const SUPPORT_TEXT: Record<LocalList['support'], string> = {
  supported: 'keeps a local list',
  unsupported: 'keeps no local list',
  unknown: 'not asked since its last boot',
};

/** The local list section of the charger page. */
export function LocalListSection(props: { chargerId: number; zone: string }) {
  const session = useSession();
  const path = `/api/chargers/${props.chargerId}/local-list`;
  const loaded: Loaded<LocalListAnswer> = useRead<LocalListAnswer>(path);
  const { busy, outcome, run } = useAction();
  const resync = () =>
    run(
      async () => {
        await session.call<LocalListAnswer>(`${path}/sync`, { method: 'POST' });
        loaded.refresh();
        return 'The whole list is sent again as soon as the charger is connected.';
      },
      'Sending the list failed. ',
      'Asking…',
    );
  const list = loaded.data?.data;
  return (
    <section aria-labelledby="local-list-heading">
      <div class="section-head">
        <h2 id="local-list-heading">Local authorization list</h2>
        <button
          type="button"
          class="secondary"
          disabled={busy || !list || list.support === 'unsupported'}
          onClick={resync}
        >
          Send the whole list again
        </button>
      </div>
      <OutcomeNotice outcome={outcome} />
      <LoadState loaded={loaded} what="the local list" />
      {list ? <LocalListDetails list={list} zone={props.zone} /> : null}
    </section>
  );
}

function LocalListDetails(props: { list: LocalList; zone: string }) {
  const { list } = props;
  const sync = list.lastSync;
  return (
    <dl class="details">
      <dt>Status</dt>
      <dd>{STATUS_TEXT[list.status]}</dd>
      <dt>Charger</dt>
      <dd>{SUPPORT_TEXT[list.support]}</dd>
      <dt>Version</dt>
      <dd>{list.listVersion}</dd>
      <dt>Cards held</dt>
      <dd>
        {list.entryCount}
        {list.maxLength !== undefined ? ` of at most ${list.maxLength}` : ''}
        {list.omitted ? `; ${list.omitted} did not fit` : ''}
      </dd>
      <dt>Last update</dt>
      <dd>
        {sync
          ? `${formatDateTime(sync.at, props.zone)}: ${sync.updateType}, ${sync.messages} message${sync.messages === 1 ? '' : 's'}, ${sync.result}${sync.error ? ` (${sync.error})` : ''}`
          : 'none'}
      </dd>
      {list.resyncRequestedAt ? (
        <>
          <dt>Resend asked</dt>
          <dd>{formatDateTime(list.resyncRequestedAt, props.zone)}</dd>
        </>
      ) : null}
    </dl>
  );
}
