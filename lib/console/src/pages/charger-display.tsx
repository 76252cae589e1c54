/**
 * A charger's display messages on its page (docs/charger-operations.md, "Display messages"; OCPP
 * 2.0.1 only, for the roles that run operations: `ocpp201.tsx`): a form that sets one (content,
 * priority, an optional window on the site's clock: `POST /api/ocpp/set-display-message`), the
 * messages as the charger last listed them (the newest get-display-messages operation of the
 * charger, `GET /api/charger-operations?chargerId=&action=getDisplayMessages`), a button that asks
 * the charger again (`POST /api/ocpp/get-display-messages`, followed until its pages are in), and a
 * Clear button per message (`POST /api/ocpp/clear-display-message`).
 *
 * @module
 */
import { useState } from 'preact/hooks';
import { LabelledField, OutcomeNotice, useAction, type Outcome } from '../action';
import { DataTable, LoadState } from '../components';
import { type ConsoleSession, useRead, useSession } from '../context';
import { formatDateTime } from '../format';
import { fromDateTimeLocal } from '../maintenance-data';
import type { Charger, ChargerOperation, ChargerOperationAnswer, ChargerOperationList } from '../types';

const PRIORITIES = ['NormalCycle', 'InFront', 'AlwaysFront'] as const;
/** The form's fields as the API names them, shown beside their inputs. */
const FIELD_PATHS = ['body.message.message.content', 'body.message.startDateTime', 'body.message.endDateTime'];
/** How often, and how many times, a listing is read again until the charger's pages are in. */
const FOLLOW_MS = 1000;
const FOLLOW_TIMES = 30;

/** A message as the charger listed it (a get-display-messages result's `displayMessages.messages`). */
interface ListedMessage {
  id: number;
  priority: string;
  state?: string;
  startDateTime?: string;
  endDateTime?: string;
  transactionId?: string;
  message: { format: string; language?: string; content: string };
}

/** The operation once it is no longer pending (read again every second, 30 times at most). */
async function followed(session: ConsoleSession, operation: ChargerOperation): Promise<ChargerOperation> {
  let current = operation;
  for (let i = 0; i < FOLLOW_TIMES && current.status === 'pending'; i++) {
    await new Promise((resolve) => setTimeout(resolve, FOLLOW_MS));
    current = (await session.call<ChargerOperationAnswer>(`/api/charger-operations/${current.operationId}`)).data;
  }
  return current;
}

/** The display-messages section of the charger page (2.0.1 chargers). */
export function DisplayMessagesSection(props: { charger: Charger; blocked: string | null }) {
  const { charger } = props;
  const session = useSession();
  const { busy, outcome, run } = useAction();
  const listings = useRead<ChargerOperationList>(
    `/api/charger-operations?chargerId=${charger.id}&action=getDisplayMessages`,
  );
  const post = (kind: string, body: Record<string, unknown>) =>
    session.call<ChargerOperationAnswer>(`/api/ocpp/${kind}`, {
      method: 'POST',
      body: { chargerId: charger.id, ...body },
    });
  const list = () =>
    run(
      async () => {
        const operation = await followed(session, (await post('get-display-messages', {})).data);
        listings.refresh();
        return `The charger's answer: ${resultText(operation)}.`;
      },
      'Listing the messages failed. ',
      'Asking the charger for its messages…',
    );
  const clear = (id: number) =>
    run(
      async () => `Clear message ${id}: ${resultText((await post('clear-display-message', { id })).data)}.`,
      `Clearing message ${id} failed. `,
    );
  const latest = listings.data?.data[0];
  const off = busy || props.blocked !== null;
  return (
    <section aria-labelledby="display-heading">
      <div class="section-head">
        <h2 id="display-heading">Display messages</h2>
        <button type="button" class="secondary" disabled={off} onClick={list}>
          List from charger
        </button>
      </div>
      <MessageForm
        charger={charger}
        off={off}
        outcome={outcome}
        onSubmit={(message) =>
          run(
            async () => `Set message: ${resultText((await post('set-display-message', { message })).data)}.`,
            'Setting the message failed. ',
          )
        }
      />
      <OutcomeNotice outcome={outcome} shownPaths={FIELD_PATHS} />
      <LoadState loaded={listings} what="the messages" />
      {listings.data ? <MessageList listing={latest} charger={charger} off={off} onClear={clear} /> : null}
    </section>
  );
}

/** What a one-charger operation came to, in words. */
function resultText(operation: ChargerOperation): string {
  const result = operation.results[0];
  if (!result) return operation.status;
  const id = result.displayMessageId === undefined ? '' : `, message id ${result.displayMessageId}`;
  return `${result.status}${result.ocppStatus ? ` (${result.ocppStatus})` : ''}${id}${result.error ? `: ${result.error.code}` : ''}`;
}

/** The messages of the newest listing, each with a Clear button; what it is when it has none. */
function MessageList(props: {
  listing: ChargerOperation | undefined;
  charger: Charger;
  off: boolean;
  onClear(id: number): void;
}) {
  const zone = props.charger.site.timezone;
  const result = props.listing?.results[0];
  const report = result?.displayMessages;
  if (!props.listing || !result) return <p class="muted">Never listed: "List from charger" asks it.</p>;
  const asked = formatDateTime(props.listing.createdAt, zone);
  if (!report?.complete) return <p class="muted">{`Listing asked ${asked}: ${result.status}.`}</p>;
  const messages = (report.messages ?? []) as unknown as ListedMessage[];
  if (!messages.length) return <p class="muted">{`No messages on the charger (listed ${asked}).`}</p>;
  const window = (m: ListedMessage) =>
    [
      m.startDateTime && `from ${formatDateTime(m.startDateTime, zone)}`,
      m.endDateTime && `until ${formatDateTime(m.endDateTime, zone)}`,
    ]
      .filter(Boolean)
      .join(' ') || 'always';
  return (
    <>
      <p class="muted">{`As the charger listed them ${asked}${report.truncated ? ' (the first 50)' : ''}.`}</p>
      <DataTable columns={['Id', 'Priority', 'Shown', 'Message', '']}>
        {messages.map((m) => (
          <tr key={m.id}>
            <td>{m.id}</td>
            <td>{m.priority}</td>
            <td class="wrap">{`${window(m)}${m.state ? `, when ${m.state}` : ''}`}</td>
            <td class="wrap">{m.message.content}</td>
            <td>
              <button type="button" class="secondary" disabled={props.off} onClick={() => props.onClear(m.id)}>
                {`Clear ${m.id}`}
              </button>
            </td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}

/** The form that sets a message: content, priority, an optional window read on the site's clock. */
function MessageForm(props: {
  charger: Charger;
  off: boolean;
  outcome: Outcome;
  onSubmit(message: Record<string, unknown>): void;
}) {
  const zone = props.charger.site.timezone;
  const [draft, setDraft] = useState({ content: '', priority: 'NormalCycle', start: '', end: '' });
  const set = (field: keyof typeof draft) => (event: Event) =>
    setDraft({ ...draft, [field]: (event.currentTarget as HTMLInputElement).value });
  const submit = (event: Event) => {
    event.preventDefault();
    const startDateTime = fromDateTimeLocal(draft.start, zone);
    const endDateTime = fromDateTimeLocal(draft.end, zone);
    props.onSubmit({
      priority: draft.priority,
      message: { format: 'UTF8', content: draft.content },
      ...(startDateTime ? { startDateTime } : {}),
      ...(endDateTime ? { endDateTime } : {}),
    });
  };
  const field = { root: 'body.message.', idPrefix: 'display', outcome: props.outcome };
  return (
    <form class="inline-form" onSubmit={submit} aria-label="Set a display message">
      <LabelledField label="Message" path="body.message.message.content" {...field}>
        {(attributes) => <input class="wide" value={draft.content} onInput={set('content')} {...attributes} />}
      </LabelledField>
      <LabelledField label="Priority" path="body.message.priority" {...field}>
        {(attributes) => (
          <select value={draft.priority} onChange={set('priority')} {...attributes}>
            {PRIORITIES.map((p) => (
              <option key={p}>{p}</option>
            ))}
          </select>
        )}
      </LabelledField>
      <LabelledField label={`From (${zone} time, optional)`} path="body.message.startDateTime" {...field}>
        {(attributes) => <input type="datetime-local" value={draft.start} onInput={set('start')} {...attributes} />}
      </LabelledField>
      <LabelledField label={`Until (${zone} time, optional)`} path="body.message.endDateTime" {...field}>
        {(attributes) => <input type="datetime-local" value={draft.end} onInput={set('end')} {...attributes} />}
      </LabelledField>
      <button type="submit" disabled={props.off}>
        Set message
      </button>
    </form>
  );
}
