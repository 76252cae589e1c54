/**
 * A charger's maintenance windows on its page (docs/maintenance-windows.md): the
 * windows in progress, upcoming and ended in the last 7 days (`GET /api/maintenance-windows?chargerIds=`,
 * every page), a form that plans one for the whole charger or one port (`POST`), changes one not
 * yet ended (`PATCH`, only the fields changed) or deletes it once confirmed (`DELETE`). An ended
 * window is history (the API refuses to change it): read-only. The API's 400 is shown next to the
 * field it names. Times, shown and typed, are on the site's clock (its zone named), whatever the browser's.
 *
 * @module
 */
import type { JSX } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import { FieldError, OutcomeNotice, fieldAttributes, useAction, type Outcome } from '../action';
import { ConfirmButton, DataTable, LoadState } from '../components';
import { useSession, type ConsoleSession } from '../context';
import { formatDateTime } from '../format';
import { useLoad } from '../live';
import { fromDateTimeLocal, sortWindows, toDateTimeLocal, windowPhase, type WindowPhase } from '../maintenance-data';
import type {
  Charger,
  CreateMaintenanceWindow,
  MaintenanceWindow,
  MaintenanceWindowAnswer,
  MaintenanceWindowList,
  PatchMaintenanceWindow,
} from '../types';

/** How far back ended windows are listed, ms. */
const PAST_MS = 7 * 24 * 3600 * 1000;
/** At most this many pages of 50 are read (a charger with more windows shows the first 500). */
const MAX_PAGES = 10;
const ROUTE = '/api/maintenance-windows';
/** The fields of the form, as the problem document names them. */
const FIELD_PATHS = ['body.portId', 'body.startTimestamp', 'body.endTimestamp', 'body.comment'] as const;

const PHASES: Record<WindowPhase, { label: string; tone: string }> = {
  inProgress: { label: 'In progress', tone: 'warn' },
  upcoming: { label: 'Upcoming', tone: 'busy' },
  ended: { label: 'Ended', tone: 'off' },
};

/** What the form holds: the port ('' for the whole charger), the `datetime-local` values, the comment. */
interface Draft {
  portId: string;
  start: string;
  end: string;
  comment: string;
}

const EMPTY: Draft = { portId: '', start: '', end: '', comment: '' };

/** The maintenance section of the charger page. */
export function MaintenanceSection(props: { charger: Charger }) {
  const { charger } = props;
  const zone = charger.site.timezone;
  const session = useSession();
  // Fixed per charger: a path that changed every render would load again every render.
  const after = useMemo(() => new Date(Date.now() - PAST_MS).toISOString(), [charger.id]);
  const windows = useLoad(
    async (signal) => {
      const all: MaintenanceWindow[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const query = new URLSearchParams({ chargerIds: String(charger.id), afterTimestamp: after });
        if (cursor) query.set('nextPageCursor', cursor);
        const list: MaintenanceWindowList = await session.call<MaintenanceWindowList>(`${ROUTE}?${query}`, {
          signal,
        });
        all.push(...list.data);
        cursor = list.pagination.nextPageCursor;
        if (!list.pagination.hasNextPage || !cursor) break;
      }
      return all;
    },
    [session, charger.id, after],
    session.signOut,
  );
  const [editing, setEditing] = useState<MaintenanceWindow | null>(null);
  const { busy, outcome, setOutcome, run } = useAction();
  const remove = (window: MaintenanceWindow) =>
    void run(async () => {
      await session.call(`${ROUTE}/${window.id}`, { method: 'DELETE' });
      if (editing?.id === window.id) setEditing(null);
      windows.refresh();
      return `Maintenance window ${formatDateTime(window.startTimestamp, zone)} – ${formatDateTime(window.endTimestamp, zone)} deleted.`;
    }, 'The window was not deleted. ');
  return (
    <section aria-labelledby="maintenance-heading">
      <div class="section-head">
        <h2 id="maintenance-heading">Maintenance windows</h2>
        <button type="button" class="secondary" onClick={windows.refresh}>
          Refresh
        </button>
      </div>
      <LoadState loaded={windows} what="the maintenance windows" />
      {windows.data ? (
        <>
          <WindowTable
            windows={windows.data}
            zone={zone}
            busy={busy}
            onEdit={(window) => {
              setOutcome(null);
              setEditing(window);
            }}
            onDelete={remove}
          />
          <WindowForm
            key={editing?.id ?? 'new'}
            charger={charger}
            editing={editing}
            outcome={outcome}
            busy={busy}
            run={run}
            onDone={() => {
              setEditing(null);
              windows.refresh();
            }}
            onCancel={() => {
              setOutcome(null);
              setEditing(null);
            }}
          />
        </>
      ) : null}
    </section>
  );
}

function WindowTable(props: {
  windows: MaintenanceWindow[];
  zone: string;
  busy: boolean;
  onEdit(window: MaintenanceWindow): void;
  onDelete(window: MaintenanceWindow): void;
}) {
  const now = Date.now();
  if (!props.windows.length) return <p class="muted">No maintenance windows now, ahead or in the last 7 days.</p>;
  return (
    <DataTable columns={['Status', 'Covers', 'Start', 'End', 'Comment', 'By', '']} caption="Maintenance windows">
      {sortWindows(props.windows, now).map((window) => {
        const phase = windowPhase(window, now);
        const when = `${formatDateTime(window.startTimestamp, props.zone)} – ${formatDateTime(window.endTimestamp, props.zone)}`;
        return (
          <tr key={window.id} data-window-id={window.id}>
            <td>
              <span class={`badge badge-${PHASES[phase].tone}`}>{PHASES[phase].label}</span>
            </td>
            <td>{window.port ? window.port.name : 'Whole charger'}</td>
            <td>{formatDateTime(window.startTimestamp, props.zone)}</td>
            <td>{formatDateTime(window.endTimestamp, props.zone)}</td>
            <td class="wrap">{window.comment ?? ''}</td>
            <td class="wrap">{window.userEmail ?? '—'}</td>
            <td class="actions">
              {phase === 'ended' ? (
                <span class="muted">read-only</span>
              ) : (
                <>
                  <button
                    type="button"
                    class="secondary"
                    aria-label={`Edit the window ${when}`}
                    disabled={props.busy}
                    onClick={() => props.onEdit(window)}
                  >
                    Edit
                  </button>{' '}
                  <ConfirmButton
                    label="Delete"
                    name={`Delete the window ${when}`}
                    question={`Delete the window ${when}? Its time counts toward uptime again and alerts raised in it are no longer muted.`}
                    confirm="Yes, delete"
                    disabled={props.busy}
                    onConfirm={() => props.onDelete(window)}
                  />
                </>
              )}
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}

/** The body of a change: only the fields that differ from `window` (times on `zone`'s clock). */
function patchOf(window: MaintenanceWindow, draft: Draft, zone: string): PatchMaintenanceWindow {
  const body: PatchMaintenanceWindow = {};
  if (draft.start !== toDateTimeLocal(window.startTimestamp, zone))
    body.startTimestamp = fromDateTimeLocal(draft.start, zone);
  if (draft.end !== toDateTimeLocal(window.endTimestamp, zone)) body.endTimestamp = fromDateTimeLocal(draft.end, zone);
  const comment = draft.comment.trim() ? draft.comment : null;
  if (comment !== window.comment) body.comment = comment;
  return body;
}

/**
 * Plans a window from `draft` (`POST`), or changes `editing` (`PATCH` of the fields changed);
 * returns the text to show.
 *
 * @throws ApiError when the API refuses (400 naming the field, 404, 409 for an ended window).
 */
async function saveWindow(
  session: ConsoleSession,
  charger: Charger,
  editing: MaintenanceWindow | null,
  draft: Draft,
): Promise<string> {
  const zone = charger.site.timezone;
  if (editing) {
    const body = patchOf(editing, draft, zone);
    if (!Object.keys(body).length) return 'Nothing changed.';
    await session.call<MaintenanceWindowAnswer>(`${ROUTE}/${editing.id}`, { method: 'PATCH', body });
    return 'Maintenance window changed.';
  }
  const body: CreateMaintenanceWindow = {
    chargerId: charger.id,
    ...(draft.portId ? { portId: Number(draft.portId) } : {}),
    // An empty time is left out of the JSON (undefined), so the API names the field.
    startTimestamp: fromDateTimeLocal(draft.start, zone) as string,
    endTimestamp: fromDateTimeLocal(draft.end, zone) as string,
    ...(draft.comment.trim() ? { comment: draft.comment } : {}),
  };
  const { data } = await session.call<MaintenanceWindowAnswer>(ROUTE, { method: 'POST', body });
  return `Maintenance window planned: ${data.port ? data.port.name : 'the whole charger'}, ${formatDateTime(data.startTimestamp, zone)} – ${formatDateTime(data.endTimestamp, zone)}.`;
}

/** The create form, or the change form of `editing` (its port fixed: the API does not move a window). */
function WindowForm(props: {
  charger: Charger;
  editing: MaintenanceWindow | null;
  outcome: Outcome;
  busy: boolean;
  run: (action: () => Promise<string>, failure?: string, pending?: string) => Promise<void>;
  onDone(): void;
  onCancel(): void;
}) {
  const { charger, editing, outcome } = props;
  const session = useSession();
  const [draft, setDraft] = useState<Draft>(() =>
    editing
      ? {
          portId: editing.port ? String(editing.port.id) : '',
          start: toDateTimeLocal(editing.startTimestamp, charger.site.timezone),
          end: toDateTimeLocal(editing.endTimestamp, charger.site.timezone),
          comment: editing.comment ?? '',
        }
      : EMPTY,
  );
  const set = (field: keyof Draft) => (event: Event) =>
    setDraft({ ...draft, [field]: (event.target as HTMLInputElement).value });
  const submit = (event: Event) => {
    event.preventDefault();
    void props.run(
      async () => {
        const text = await saveWindow(session, charger, editing, draft);
        if (!editing) setDraft(EMPTY);
        props.onDone();
        return text;
      },
      editing ? 'The window was not changed. ' : 'The window was not planned. ',
    );
  };
  const field = (label: string, path: (typeof FIELD_PATHS)[number], input: (attributes: object) => JSX.Element) => {
    const inputId = `maintenance-${path.replace('body.', '')}`;
    const errorId = `${inputId}-error`;
    return (
      <div class="field">
        <label for={inputId}>{label}</label>
        {input({ id: inputId, ...fieldAttributes(outcome, path, errorId) })}
        <FieldError outcome={outcome} path={path} id={errorId} />
      </div>
    );
  };
  return (
    <form
      class="inline-form maintenance-form"
      onSubmit={submit}
      aria-label={editing ? 'Change the window' : 'Plan a window'}
    >
      {field('Covers', 'body.portId', (attributes) => (
        <select value={draft.portId} disabled={editing !== null} onChange={set('portId')} {...attributes}>
          <option value="">Whole charger</option>
          {charger.ports.map((port) => (
            <option key={port.id} value={String(port.id)}>
              {port.name}
            </option>
          ))}
        </select>
      ))}
      {field(`Start (${charger.site.timezone} time)`, 'body.startTimestamp', (attributes) => (
        <input type="datetime-local" value={draft.start} onInput={set('start')} {...attributes} />
      ))}
      {field(`End (${charger.site.timezone} time)`, 'body.endTimestamp', (attributes) => (
        <input type="datetime-local" value={draft.end} onInput={set('end')} {...attributes} />
      ))}
      {field('Comment', 'body.comment', (attributes) => (
        <input class="wide" value={draft.comment} maxLength={1000} onInput={set('comment')} {...attributes} />
      ))}
      <button type="submit" disabled={props.busy}>
        {editing ? 'Save window' : 'Plan window'}
      </button>
      {editing ? (
        <button type="button" class="secondary" onClick={props.onCancel}>
          Cancel
        </button>
      ) : null}
      <div class="form-outcome" aria-live="polite">
        <OutcomeNotice outcome={outcome} shownPaths={FIELD_PATHS} />
      </div>
    </form>
  );
}
