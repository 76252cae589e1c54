/**
 * Access IDs (spec §4.1): the organization's RFID cards, vehicle IDs and Plug & Charge contracts
 * (eMAID), 100 a page (`GET /api/access-ids`), each with its status, vehicle and customer; a form that creates one (`POST`,
 * the API's refusal shown beside the field it names); per row, renaming it and revoking or
 * authorizing it again (`PATCH`: a revoked ID is refused at the chargers, and their local lists
 * follow, docs/local-authorization-list.md).
 *
 * @module
 */
import { useState } from 'preact/hooks';
import { LabelledField, OutcomeNotice, useAction, type Outcome } from '../action';
import { DataTable, LoadState, Pager } from '../components';
import { useRead, useSession, useSiteZones } from '../context';
import { formatDateTime } from '../format';
import type { AccessIdList } from '../types';

type AccessId = AccessIdList['data'][number];
const ROUTE = '/api/access-ids';
const FIELDS = [
  'body.accessId.name',
  'body.accessId.ocppIdTag',
  'body.accessId.vehicle.make',
  'body.accessId.vehicle.model',
  'body.accessId.vehicle.vin',
] as const;

/** The access IDs page. */
export function AccessIdsPage() {
  const [cursor, setCursor] = useState<string | null>(null);
  const path = cursor ? `${ROUTE}?nextPageCursor=${encodeURIComponent(cursor)}` : ROUTE;
  const list = useRead<AccessIdList>(path);
  return (
    <>
      <h1>Access IDs</h1>
      <CreateForm onCreated={list.refresh} />
      <LoadState loaded={list} what="the access IDs" />
      {list.data?.data.length === 0 ? <p class="muted">No access IDs yet.</p> : null}
      {list.data && list.data.data.length > 0 ? (
        <AccessIdTable accessIds={list.data.data} onChange={list.refresh} />
      ) : null}
      <Pager label="Access ID pages" cursor={cursor} pagination={list.data?.pagination} onCursor={setCursor} />
    </>
  );
}

function CreateForm(props: { onCreated: () => void }) {
  const session = useSession();
  const { busy, outcome, run } = useAction();
  const [form, setForm] = useState({
    type: 'RFID',
    name: '',
    ocppIdTag: '',
    customer: '',
    make: '',
    model: '',
    vin: '',
  });
  const set = (field: keyof typeof form) => (event: Event) =>
    setForm({ ...form, [field]: (event.target as HTMLInputElement).value });
  const submit = (event: Event) => {
    event.preventDefault();
    void run(async () => {
      const accessId = {
        type: form.type,
        name: form.name,
        ocppIdTag: form.ocppIdTag,
        ...(form.customer.trim() ? { customer: { name: form.customer.trim() } } : {}),
        ...(form.type === 'Vehicle' ? { vehicle: { make: form.make, model: form.model, vin: form.vin } } : {}),
      };
      const created = await session.call<{ accessId: AccessId }>(ROUTE, { method: 'POST', body: { accessId } });
      props.onCreated();
      setForm({ ...form, name: '', ocppIdTag: '', make: '', model: '', vin: '' });
      return `${created.accessId.name} (${created.accessId.ocppIdTag}) created, authorized.`;
    }, 'Not created: ');
  };
  return (
    <form class="inline-form" aria-label="New access ID" onSubmit={submit}>
      <label>
        Type
        <select value={form.type} onChange={set('type')}>
          <option value="RFID">RFID card</option>
          <option value="Vehicle">Vehicle (its own ID, ISO 15118 or a tag on the van)</option>
          <option value="eMAID">eMAID (a Plug &amp; Charge contract, e.g. DE-ABC-C12345678-X)</option>
        </select>
      </label>
      <Field label="Name" path="body.accessId.name" outcome={outcome} value={form.name} onInput={set('name')} />
      <Field
        label="ID tag"
        path="body.accessId.ocppIdTag"
        outcome={outcome}
        value={form.ocppIdTag}
        onInput={set('ocppIdTag')}
      />
      <label>
        Customer (optional)
        <input value={form.customer} onInput={set('customer')} />
      </label>
      {form.type === 'Vehicle' ? (
        <>
          <Field
            label="Make"
            path="body.accessId.vehicle.make"
            outcome={outcome}
            value={form.make}
            onInput={set('make')}
          />
          <Field
            label="Model"
            path="body.accessId.vehicle.model"
            outcome={outcome}
            value={form.model}
            onInput={set('model')}
          />
          <Field label="VIN" path="body.accessId.vehicle.vin" outcome={outcome} value={form.vin} onInput={set('vin')} />
        </>
      ) : null}
      <button type="submit" disabled={busy}>
        Create
      </button>
      <div class="form-outcome" aria-live="polite">
        <OutcomeNotice outcome={outcome} shownPaths={FIELDS} />
      </div>
    </form>
  );
}

/** A labelled text input of the form with the API's message for its field beside it. */
function Field(props: {
  label: string;
  path: (typeof FIELDS)[number];
  outcome: Outcome;
  value: string;
  onInput: (event: Event) => void;
}) {
  return (
    <LabelledField
      label={props.label}
      path={props.path}
      root="body.accessId."
      idPrefix="access-id"
      outcome={props.outcome}
    >
      {(attributes) => <input value={props.value} onInput={props.onInput} {...attributes} />}
    </LabelledField>
  );
}

function AccessIdTable(props: { accessIds: AccessId[]; onChange: () => void }) {
  const { busy, outcome, run } = useAction();
  return (
    <>
      <div aria-live="polite">
        <OutcomeNotice outcome={outcome} />
      </div>
      <DataTable columns={['Name', 'ID tag', 'Type', 'Status', 'Vehicle', 'Customer', 'Actions']} caption="Access IDs">
        {props.accessIds.map((accessId) => (
          <AccessIdRow key={accessId.id} accessId={accessId} busy={busy} run={run} onChange={props.onChange} />
        ))}
      </DataTable>
    </>
  );
}

function AccessIdRow(props: {
  accessId: AccessId;
  busy: boolean;
  run: ReturnType<typeof useAction>['run'];
  onChange: () => void;
}) {
  const zones = useSiteZones();
  const session = useSession();
  const { accessId } = props;
  const [name, setName] = useState<string | null>(null);
  const patch = (change: object, done: string) =>
    void props.run(async () => {
      await session.call(`${ROUTE}/${accessId.id}`, { method: 'PATCH', body: { accessId: change } });
      props.onChange();
      setName(null);
      return done;
    }, `${accessId.name}: `);
  const revoked = accessId.authorizationStatus === 'Revoked';
  return (
    <tr>
      <th scope="row" class="wrap">
        {name === null ? (
          accessId.name
        ) : (
          <input
            aria-label={`New name of ${accessId.name}`}
            value={name}
            onInput={(event) => setName((event.target as HTMLInputElement).value)}
          />
        )}
      </th>
      <td>
        <code>{accessId.ocppIdTag}</code>
      </td>
      <td>{accessId.type}</td>
      <td>
        {revoked ? (
          <span
            class="badge badge-fault"
            title={accessId.revokedAt ? formatDateTime(accessId.revokedAt, zones.shared) : undefined}
          >
            Revoked
          </span>
        ) : (
          'Authorized'
        )}
      </td>
      <td class="wrap">{accessId.vehicle?.name ?? '—'}</td>
      <td class="wrap">{accessId.customer?.name ?? '—'}</td>
      <td class="actions">
        {name === null ? (
          <button type="button" class="secondary" disabled={props.busy} onClick={() => setName(accessId.name)}>
            Rename
          </button>
        ) : (
          <button type="button" disabled={props.busy} onClick={() => patch({ name }, `Renamed to ${name}.`)}>
            Save
          </button>
        )}{' '}
        <button
          type="button"
          class="secondary"
          disabled={props.busy}
          onClick={() =>
            patch(
              { authorizationStatus: revoked ? 'Authorized' : 'Revoked' },
              `${accessId.name} ${revoked ? 'authorized again' : 'revoked: chargers refuse it'}.`,
            )
          }
        >
          {revoked ? 'Authorize' : 'Revoke'}
        </button>
      </td>
    </tr>
  );
}
