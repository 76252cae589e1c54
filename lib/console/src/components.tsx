/**
 * Small shared pieces: notices, the status badge, load state lines, the "updated" time, a row's
 * weekday checkboxes, a scrolling table with its column headings, a button that asks before it acts.
 *
 * @module
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { describeError, ApiError } from './api';
import type { Loaded } from './live';
import { DAY_NAMES, formatAgo, formatDateTime, type PortBadge } from './format';

/** A message box: errors are announced at once (`role=alert`), the rest politely (`role=status`). */
export function Notice(props: { kind: 'error' | 'info' | 'warn'; children: ComponentChildren }) {
  return (
    <div class={`notice notice-${props.kind}`} role={props.kind === 'error' ? 'alert' : 'status'}>
      {props.children}
    </div>
  );
}

/** Why a section's commands are disabled (`id` for the buttons' `aria-describedby`). */
export function CommandsBlocked(props: { id: string; reason: string }) {
  return (
    <div id={props.id}>
      <Notice kind="warn">
        <p>{props.reason}</p>
      </Notice>
    </div>
  );
}

/** A port's status badge: the label in text (never colour alone), details in the tooltip. */
export function StatusBadge(props: { badge: PortBadge }) {
  return (
    <span class={`badge badge-${props.badge.tone}`} title={props.badge.title}>
      {props.badge.label}
    </span>
  );
}

/**
 * A time shown as "5 min ago", with the full date in the tooltip and for screen readers, on
 * `zone`'s clock (a site's IANA zone; the browser's when undefined).
 */
export function Ago(props: { iso: string | null | undefined; now: number; zone?: string }) {
  if (!props.iso) return <span>never</span>;
  return (
    <time dateTime={props.iso} title={formatDateTime(props.iso, props.zone)}>
      {formatAgo(props.iso, props.now)}
    </time>
  );
}

/**
 * The state line of a loaded resource: loading, the error (over stale data: "showing data from …"),
 * or nothing.
 */
export function LoadState<T>(props: { loaded: Loaded<T>; what: string }) {
  const { loaded } = props;
  if (loaded.error !== undefined) {
    const retrying =
      loaded.error instanceof ApiError && (loaded.error.kind === 'unreachable' || loaded.error.kind === 'server');
    return (
      <Notice kind="error">
        <p>
          Could not load {props.what}: {describeError(loaded.error)}
          {retrying ? ' Retrying every 5 s.' : ''}
        </p>
        {loaded.updatedAt && loaded.data !== undefined ? (
          <p>Showing data from {formatDateTime(loaded.updatedAt.toISOString())}.</p>
        ) : null}
      </Notice>
    );
  }
  if (loaded.loading)
    return (
      <p class="muted" role="status">
        Loading {props.what}…
      </p>
    );
  return null;
}

/** A column heading of {@link DataTable}: its text, or `{ label, num: true }` for a right-aligned number column. */
export type Column = string | { label: string; num: true };

/**
 * A table that scrolls sideways on a narrow screen (`table-scroll`): a heading row of `columns`
 * (`scope=col`) over `children`, its body rows. `caption` names it for screen readers (visually
 * hidden); `class` is the table's own.
 */
export function DataTable(props: {
  columns: readonly Column[];
  caption?: string;
  class?: string;
  children: ComponentChildren;
}) {
  return (
    <div class="table-scroll">
      <table class={props.class}>
        {props.caption ? <caption class="visually-hidden">{props.caption}</caption> : null}
        <thead>
          <tr>
            {props.columns.map((column) =>
              typeof column === 'string' ? (
                <th key={column} scope="col">
                  {column}
                </th>
              ) : (
                <th key={column.label} scope="col" class="num">
                  {column.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </div>
  );
}

/**
 * A form row's seven weekday checkboxes (Monday first), each labelled `<label> <day>` (`Period 2
 * Monday`) and shown as the day's first two letters.
 */
export function DayCheckboxes(props: { label: string; days: boolean[]; onChange(days: boolean[]): void }) {
  return (
    <>
      {DAY_NAMES.map((day, i) => (
        <label key={day} title={day}>
          <input
            type="checkbox"
            aria-label={`${props.label} ${day}`}
            checked={props.days[i]}
            onChange={(e) =>
              props.onChange(props.days.map((on, j) => (j === i ? (e.target as HTMLInputElement).checked : on)))
            }
          />
          <span aria-hidden="true">{day.slice(0, 2)}</span>
        </label>
      ))}
    </>
  );
}

/**
 * A list's page buttons: "First page" once past it, "Next page" while the API says there is one
 * (spec §8 cursors); `onCursor` gets the cursor to load (null: the first page).
 */
export function Pager(props: {
  label: string;
  cursor: string | null;
  pagination: { hasNextPage: boolean; nextPageCursor: string | null } | undefined;
  onCursor: (cursor: string | null) => void;
}) {
  const next = props.pagination?.hasNextPage ? props.pagination.nextPageCursor : null;
  return (
    <nav class="pager" aria-label={props.label}>
      {props.cursor ? (
        <button type="button" class="secondary" onClick={() => props.onCursor(null)}>
          First page
        </button>
      ) : null}
      {next ? (
        <button type="button" class="secondary" onClick={() => props.onCursor(next)}>
          Next page
        </button>
      ) : null}
    </nav>
  );
}

/**
 * The button of an action that cannot be undone (deleting what is stored, revoking a certificate):
 * pressed, it gives way to `question`, which says what is lost, with a confirm button (`confirm`)
 * and Cancel, so one stray click changes nothing; only the confirm button calls `onConfirm`. Focus
 * moves to Cancel when the question shows (the harmless choice, as for an alert dialog) and back
 * to the button when it goes. The question and its two buttons are a group (`fieldset.confirm`)
 * named `name`, as is the button.
 */
export function ConfirmButton(props: {
  /** The button's text (`Revoke`). */
  label: string;
  /** Its accessible name, saying what it acts on (`Revoke certificate 5eca1d`). */
  name: string;
  /** What confirming does, in words (`Revoke certificate 5eca1d? Its next connection is refused.`). */
  question: string;
  /** The confirm button's text (`Yes, revoke`). */
  confirm: string;
  disabled?: boolean;
  onConfirm(): void;
}) {
  const [asking, setAsking] = useState(false);
  const questionId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  // Only a press moves focus: rendering the button alone leaves it where it is.
  const pressed = useRef(false);
  const ask = (on: boolean) => {
    pressed.current = true;
    setAsking(on);
  };
  useEffect(() => {
    if (pressed.current) (asking ? cancel : button).current?.focus();
  }, [asking]);
  if (!asking)
    return (
      <button
        ref={button}
        type="button"
        class="secondary"
        disabled={props.disabled}
        aria-label={props.name}
        onClick={() => ask(true)}
      >
        {props.label}
      </button>
    );
  return (
    <fieldset class="confirm" aria-label={props.name}>
      <span id={questionId}>{props.question}</span>{' '}
      <button
        type="button"
        disabled={props.disabled}
        aria-describedby={questionId}
        onClick={() => {
          ask(false);
          props.onConfirm();
        }}
      >
        {props.confirm}
      </button>{' '}
      <button ref={cancel} type="button" class="secondary" onClick={() => ask(false)}>
        Cancel
      </button>
    </fieldset>
  );
}
