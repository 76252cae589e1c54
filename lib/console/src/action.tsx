/**
 * A button's API call and what came of it: {@link useAction} runs it, marks the form busy, and
 * keeps the outcome (the success text, or the error with the fields the API named); a refused key
 * signs out. {@link OutcomeNotice} shows the outcome.
 *
 * @module
 */
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { ApiError, describeError } from './api';
import { Notice } from './components';
import { useSession } from './context';

/** What the last action gave. */
export type Outcome = { kind: 'info' | 'error'; text: string; fields?: { path: string; message: string }[] } | null;

/** State and runner of a page's actions. */
export function useAction() {
  const session = useSession();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  /**
   * Runs `action` (its result is the success text); `failure` prefixes an error's message and
   * `pending` is shown meanwhile.
   */
  const run = async (action: () => Promise<string>, failure = '', pending?: string) => {
    setBusy(true);
    setOutcome(pending ? { kind: 'info', text: pending } : null);
    try {
      setOutcome({ kind: 'info', text: await action() });
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'unauthorized') session.signOut(error);
      else {
        const fields = error instanceof ApiError ? error.fieldErrors : [];
        setOutcome({ kind: 'error', text: `${failure}${describeError(error)}`, fields });
      }
    } finally {
      setBusy(false);
    }
  };
  return { busy, outcome, setOutcome, run };
}

/**
 * The outcome of the last action, with the invalid fields the API named, except those of
 * `shownPaths` (shown next to their inputs by {@link FieldError}).
 */
export function OutcomeNotice(props: { outcome: Outcome; shownPaths?: readonly string[] }) {
  const { outcome } = props;
  if (!outcome) return null;
  const fields = outcome.fields?.filter((field) => !props.shownPaths?.includes(field.path)) ?? [];
  return (
    <Notice kind={outcome.kind}>
      <p>{outcome.text}</p>
      {fields.length ? (
        <ul>
          {fields.map((field) => (
            <li key={field.path}>
              <code>{field.path}</code>: {field.message}
            </li>
          ))}
        </ul>
      ) : null}
    </Notice>
  );
}

/** The API's messages for the field at `path` (as the problem document names it: `body.endTimestamp`). */
export function fieldMessages(outcome: Outcome, path: string): string[] {
  return outcome?.fields?.filter((field) => field.path === path).map((field) => field.message) ?? [];
}

/**
 * The attributes that tie an input to its {@link FieldError}: `aria-invalid` and
 * `aria-describedby` while the API refuses the field at `path`.
 */
export function fieldAttributes(outcome: Outcome, path: string, errorId: string) {
  const invalid = fieldMessages(outcome, path).length > 0;
  return { 'aria-invalid': invalid ? true : undefined, 'aria-describedby': invalid ? errorId : undefined };
}

/** The API's messages for the field at `path`, next to its input (`id` for its `aria-describedby`); nothing when none. */
export function FieldError(props: { outcome: Outcome; path: string; id: string }) {
  const messages = fieldMessages(props.outcome, props.path);
  if (!messages.length) return null;
  return (
    <span id={props.id} class="field-error">
      {messages.join('; ')}
    </span>
  );
}

/**
 * A labelled input (`children` renders it with the attributes given) and the API's message for
 * its field beside it. The input's id is `idPrefix` and the field's last path segments.
 */
export function LabelledField(props: {
  label: string;
  /** The field as the problem document names it (`body.webhookEndpoint.url`). */
  path: string;
  /** Where the field's own name starts in `path` (`body.webhookEndpoint.`). */
  root: string;
  idPrefix: string;
  outcome: Outcome;
  children: (attributes: { id: string } & ReturnType<typeof fieldAttributes>) => JSX.Element;
}) {
  const inputId = `${props.idPrefix}-${props.path.replace(props.root, '').replaceAll('.', '-')}`;
  const errorId = `${inputId}-error`;
  return (
    <div class="field">
      <label for={inputId}>{props.label}</label>
      {props.children({ id: inputId, ...fieldAttributes(props.outcome, props.path, errorId) })}
      <FieldError outcome={props.outcome} path={props.path} id={errorId} />
    </div>
  );
}
