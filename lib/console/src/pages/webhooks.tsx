/**
 * Webhook endpoints (`#/webhooks`; `/api/webhook-endpoints`): the
 * organization's endpoints (URL, description, event types, enabled or disabled and why), a form
 * that creates one (URL, event types, description; the API's 400 next to the field it names),
 * per endpoint Enable / Disable, "Send test", "Rotate secret", Delete (once confirmed), and its
 * delivery log (status, attempts, response code, next attempt, each attempt; "Retry"), read every
 * 5 s while shown. The signing secret of a creation or rotation is shown once, with a copy button.
 *
 * @module
 */
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { FieldError, LabelledField, OutcomeNotice, fieldAttributes, useAction, type Outcome } from '../action';
import { ConfirmButton, LoadState, Notice, DataTable } from '../components';
import { useRead, useSession, useSiteZones } from '../context';
import { formatDateTime } from '../format';
import type { EventType, WebhookEndpoint } from '../types';
import { EVENT_TYPE_WORDS, EVENT_TYPES, endpointState } from '../webhook-data';
import { DeliveryLog } from './webhook-deliveries';

const ROUTE = '/api/webhook-endpoints';
/** The create form's fields, as the problem document names them (the body's fields are under `webhookEndpoint`). */
const FIELD_PATHS = [
  'body.webhookEndpoint.url',
  'body.webhookEndpoint.eventTypes',
  'body.webhookEndpoint.description',
] as const;

/** A secret to show once: whose it is and the secret. */
interface ShownSecret {
  url: string;
  secret: string;
}

/** The webhook endpoints page. */
export function WebhooksPage() {
  const endpoints = useRead<{ data: WebhookEndpoint[] }>(ROUTE);
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const [chosen, setChosen] = useState<WebhookEndpoint['id'] | null>(null);
  // Bumped on every choice (a test sent included): the log is read again at once.
  const [round, setRound] = useState(0);
  const choose = (id: WebhookEndpoint['id'] | null) => {
    setChosen(id);
    setRound((n) => n + 1);
  };
  const data = endpoints.data;
  const shown = data?.data.find((endpoint) => endpoint.id === chosen);
  return (
    <>
      <h1>Webhooks</h1>
      <p class="muted">
        Each event is sent as a signed POST (Standard Webhooks: <code>webhook-id</code>, <code>webhook-timestamp</code>,{' '}
        <code>webhook-signature</code>) to the endpoints that want it, retried with back-off for about three days.
      </p>
      <LoadState loaded={endpoints} what="the webhook endpoints" />
      {secret ? <SecretNotice secret={secret} onDismiss={() => setSecret(null)} /> : null}
      {data ? (
        <>
          <EndpointForm
            onCreated={(created) => {
              if (created.secret) setSecret({ url: created.url, secret: created.secret });
              choose(created.id);
              endpoints.refresh();
            }}
          />
          <EndpointTable endpoints={data.data} onChange={endpoints.refresh} onSecret={setSecret} onChoose={choose} />
          {shown ? <DeliveryLog key={`${shown.id}-${round}`} endpoint={shown} /> : null}
        </>
      ) : null}
    </>
  );
}

/** The signing secret, shown once with a copy button. */
function SecretNotice(props: { secret: ShownSecret; onDismiss(): void }) {
  const [copied, setCopied] = useState(false);
  return (
    <Notice kind="warn">
      <p>
        Signing secret of <span class="wrap">{props.secret.url}</span>:{' '}
        <code class="secret" data-testid="webhook-secret">
          {props.secret.secret}
        </code>
      </p>
      <p>
        <strong>Copy it now: you will not see it again.</strong> The receiver verifies each delivery's signature with
        it.
      </p>
      <p>
        <button
          type="button"
          onClick={() =>
            void navigator.clipboard.writeText(props.secret.secret).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy secret'}
        </button>{' '}
        <button type="button" class="secondary" onClick={props.onDismiss}>
          I have kept it
        </button>
      </p>
    </Notice>
  );
}

/** The create form: URL, event types, description. */
function EndpointForm(props: { onCreated(endpoint: WebhookEndpoint): void }) {
  const session = useSession();
  const { busy, outcome, run } = useAction();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [types, setTypes] = useState<EventType[]>(['alert.raised', 'alert.cleared']);
  const create = (event: Event) => {
    event.preventDefault();
    void run(async () => {
      const { data } = await session.call<{ data: WebhookEndpoint }>(ROUTE, {
        method: 'POST',
        body: { webhookEndpoint: { url, eventTypes: types, ...(description.trim() ? { description } : {}) } },
      });
      setUrl('');
      setDescription('');
      props.onCreated(data);
      return `Endpoint created: ${data.url}.`;
    }, 'The endpoint was not created. ');
  };
  return (
    <form class="inline-form" aria-label="New endpoint" onSubmit={create}>
      <Field label="URL" path="body.webhookEndpoint.url" outcome={outcome}>
        {(attributes) => (
          <input
            type="url"
            class="wide"
            placeholder="https://"
            value={url}
            onInput={(e) => setUrl((e.target as HTMLInputElement).value)}
            {...attributes}
          />
        )}
      </Field>
      <Field label="Description" path="body.webhookEndpoint.description" outcome={outcome}>
        {(attributes) => (
          <input
            class="wide"
            value={description}
            onInput={(e) => setDescription((e.target as HTMLInputElement).value)}
            {...attributes}
          />
        )}
      </Field>
      <fieldset
        class="event-types"
        {...fieldAttributes(outcome, 'body.webhookEndpoint.eventTypes', 'webhook-eventTypes-error')}
      >
        <legend>Events</legend>
        {EVENT_TYPES.map((type) => (
          <label key={type} class="checkbox" title={EVENT_TYPE_WORDS[type]}>
            <input
              type="checkbox"
              checked={types.includes(type)}
              onChange={(e) =>
                setTypes((e.target as HTMLInputElement).checked ? [...types, type] : types.filter((t) => t !== type))
              }
            />
            <code>{type}</code>
          </label>
        ))}
        <FieldError outcome={outcome} path="body.webhookEndpoint.eventTypes" id="webhook-eventTypes-error" />
      </fieldset>
      <button type="submit" disabled={busy}>
        Create endpoint
      </button>
      <div class="form-outcome" aria-live="polite">
        <OutcomeNotice outcome={outcome} shownPaths={FIELD_PATHS} />
      </div>
    </form>
  );
}

/** A labelled input of the endpoint form with the API's message for its field beside it. */
function Field(props: {
  label: string;
  path: (typeof FIELD_PATHS)[number];
  outcome: Outcome;
  children: (attributes: object) => JSX.Element;
}) {
  return <LabelledField {...props} root="body.webhookEndpoint." idPrefix="webhook" />;
}

/** One of an endpoint's actions. */
interface EndpointAction {
  /** Its button's text (`Delete`). */
  label: string;
  /**
   * For one that deletes what cannot come back: it is asked first ({@link ConfirmButton}), the
   * question saying what is lost, `confirm` the text of the button that does it.
   */
  ask?: { question: string; confirm: string };
  /** Does it; resolves to the text to show. */
  run(): Promise<string>;
}

/** The endpoints with their actions; `onChoose` shows one's delivery log. */
function EndpointTable(props: {
  endpoints: WebhookEndpoint[];
  onChange(): void;
  onSecret(secret: ShownSecret): void;
  onChoose(id: WebhookEndpoint['id'] | null): void;
}) {
  const zones = useSiteZones();
  const session = useSession();
  const { busy, outcome, run } = useAction();
  if (!props.endpoints.length) return <p class="muted">No webhook endpoints yet.</p>;
  const act = (endpoint: WebhookEndpoint, label: string, action: () => Promise<string>) =>
    void run(async () => {
      const text = await action();
      props.onChange();
      return text;
    }, `${label} failed for ${endpoint.url}. `);
  const path = (endpoint: WebhookEndpoint) => `${ROUTE}/${endpoint.id}`;
  const actions = (endpoint: WebhookEndpoint): EndpointAction[] => [
    {
      label: endpoint.enabled ? 'Disable' : 'Enable',
      run: async () => {
        await session.call(path(endpoint), {
          method: 'PATCH',
          body: { webhookEndpoint: { enabled: !endpoint.enabled } },
        });
        return `${endpoint.url} ${endpoint.enabled ? 'disabled' : 'enabled'}.`;
      },
    },
    {
      label: 'Send test',
      run: async () => {
        await session.call(`${path(endpoint)}/test`, { method: 'POST', body: {} });
        props.onChoose(endpoint.id);
        return `Test event sent to ${endpoint.url}: its delivery is in the log below.`;
      },
    },
    {
      label: 'Rotate secret',
      run: async () => {
        const { data } = await session.call<{ data: WebhookEndpoint }>(`${path(endpoint)}/rotate-secret`, {
          method: 'POST',
          body: {},
        });
        if (data.secret) props.onSecret({ url: data.url, secret: data.secret });
        return `New secret for ${endpoint.url}; the old one stays valid for 24 h.`;
      },
    },
    {
      label: 'Delete',
      ask: {
        question: `Delete the endpoint ${endpoint.url}? Its deliveries stop and those pending fail.`,
        confirm: 'Yes, delete',
      },
      run: async () => {
        await session.call(path(endpoint), { method: 'DELETE' });
        return `${endpoint.url} deleted.`;
      },
    },
  ];
  return (
    <section aria-labelledby="endpoints-heading">
      <h2 id="endpoints-heading">Endpoints</h2>
      <div aria-live="polite">
        <OutcomeNotice outcome={outcome} />
      </div>
      <DataTable columns={['URL', 'Events', 'State', 'Created', '']} caption="Webhook endpoints">
        {props.endpoints.map((endpoint) => (
          <tr key={String(endpoint.id)} class={endpoint.enabled ? undefined : 'alert-muted'}>
            <td class="wrap">
              {endpoint.url}
              {endpoint.description ? <div class="muted">{endpoint.description}</div> : null}
            </td>
            <td>{endpoint.eventTypes.join(', ')}</td>
            <td>
              <span class={`badge badge-${endpoint.enabled ? 'ok' : endpoint.disabledReason ? 'fault' : 'off'}`}>
                {endpointState(endpoint)}
              </span>
            </td>
            <td>{formatDateTime(endpoint.createdAt, zones.shared)}</td>
            <td class="actions">
              <button
                type="button"
                class="secondary"
                aria-label={`Deliveries of ${endpoint.url}`}
                onClick={() => props.onChoose(endpoint.id)}
              >
                Deliveries
              </button>
              {actions(endpoint).map((action) => (
                <ActionButton
                  key={action.label}
                  action={action}
                  name={`${action.label} ${endpoint.url}`}
                  busy={busy}
                  onRun={() => act(endpoint, action.label, action.run)}
                />
              ))}
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}

/** An endpoint's action button named `name`: asked first when the action has a question. */
function ActionButton(props: { action: EndpointAction; name: string; busy: boolean; onRun(): void }) {
  const { action } = props;
  if (action.ask)
    return (
      <ConfirmButton
        label={action.label}
        name={props.name}
        question={action.ask.question}
        confirm={action.ask.confirm}
        disabled={props.busy}
        onConfirm={props.onRun}
      />
    );
  return (
    <button type="button" class="secondary" disabled={props.busy} aria-label={props.name} onClick={props.onRun}>
      {action.label}
    </button>
  );
}
