/**
 * People (`#/users`, the owner's page; docs/people-and-roles.md): the organization's people, 100 a
 * page (`GET /api/users`), each with role, site, status and who invited them; a form that invites
 * one (`POST`: e-mail, role, an optional site; the identity provider e-mails the invitation); per
 * person a role to change to (`PATCH`) and Remove (`DELETE`, once confirmed). The API's refusals
 * are shown: the field it names beside its input (an address that is not one), the last owner kept
 * (409).
 *
 * @module
 */
import { useState } from 'preact/hooks';
import { LabelledField, OutcomeNotice, useAction } from '../action';
import { ConfirmButton, DataTable, LoadState, Notice, Pager } from '../components';
import { useRead, useRoleRefusal, useSession, useSiteZones } from '../context';
import { formatDateTime } from '../format';
import type { Role, SiteWithChargers, User, UserList } from '../types';

const ROUTE = '/api/users';
const ROLE_CHOICES: readonly Role[] = ['viewer', 'operator', 'admin', 'owner'];
const FIELDS = ['body.user.email', 'body.user.role', 'body.user.siteId'] as const;

/** The people page. */
export function UsersPage() {
  const refusal = useRoleRefusal('owner', 'Managing people');
  const [cursor, setCursor] = useState<string | null>(null);
  const path = cursor ? `${ROUTE}?nextPageCursor=${encodeURIComponent(cursor)}` : ROUTE;
  const list = useRead<UserList>(path);
  const sites = useRead<{ data: SiteWithChargers[] }>('/api/sites');
  const siteName = (id: number | null) =>
    id === null ? 'Every site' : (sites.data?.data.find((site) => site.id === id)?.name ?? `Site ${id}`);
  return (
    <>
      <h1>Users</h1>
      {refusal ? (
        <Notice kind="warn">
          <p>{refusal}</p>
        </Notice>
      ) : (
        <InviteForm sites={sites.data?.data ?? []} onInvited={list.refresh} />
      )}
      <LoadState loaded={list} what="the people" />
      {list.data?.data.length === 0 ? <p class="muted">Nobody yet: invite someone above.</p> : null}
      {list.data && list.data.data.length > 0 ? (
        <UserTable users={list.data.data} siteName={siteName} onChange={list.refresh} />
      ) : null}
      <Pager label="User pages" cursor={cursor} pagination={list.data?.pagination} onCursor={setCursor} />
    </>
  );
}

/** The roles as a select's options, lowest first. */
function RoleOptions() {
  return (
    <>
      {ROLE_CHOICES.map((role) => (
        <option key={role} value={role}>
          {role}
        </option>
      ))}
    </>
  );
}

function InviteForm(props: { sites: SiteWithChargers[]; onInvited: () => void }) {
  const session = useSession();
  const { busy, outcome, run } = useAction();
  const [form, setForm] = useState({ email: '', role: 'viewer' as Role, siteId: '' });
  const set = (field: keyof typeof form) => (event: Event) =>
    setForm({ ...form, [field]: (event.target as HTMLInputElement).value });
  const submit = (event: Event) => {
    event.preventDefault();
    void run(async () => {
      const user = {
        email: form.email.trim(),
        role: form.role,
        ...(form.siteId ? { siteId: Number(form.siteId) } : {}),
      };
      const invited = await session.call<{ data: User }>(ROUTE, { method: 'POST', body: { user } });
      props.onInvited();
      setForm({ ...form, email: '' });
      return `${invited.data.email} invited as ${invited.data.role}: the invitation carries a temporary password.`;
    }, 'Not invited: ');
  };
  return (
    <form class="inline-form" aria-label="Invite a person" onSubmit={submit}>
      <LabelledField label="E-mail" path="body.user.email" root="body.user." idPrefix="invite" outcome={outcome}>
        {(attributes) => <input type="text" value={form.email} onInput={set('email')} {...attributes} />}
      </LabelledField>
      <LabelledField label="Role" path="body.user.role" root="body.user." idPrefix="invite" outcome={outcome}>
        {(attributes) => (
          <select value={form.role} onChange={set('role')} {...attributes}>
            <RoleOptions />
          </select>
        )}
      </LabelledField>
      <LabelledField label="Site" path="body.user.siteId" root="body.user." idPrefix="invite" outcome={outcome}>
        {(attributes) => (
          <select value={form.siteId} onChange={set('siteId')} {...attributes}>
            <option value="">Every site</option>
            {props.sites.map((site) => (
              <option key={site.id} value={String(site.id)}>
                {site.name}
              </option>
            ))}
          </select>
        )}
      </LabelledField>
      <button type="submit" disabled={busy}>
        Invite
      </button>
      <div class="form-outcome" aria-live="polite">
        <OutcomeNotice outcome={outcome} shownPaths={FIELDS} />
      </div>
    </form>
  );
}

function UserTable(props: { users: User[]; siteName: (id: number | null) => string; onChange: () => void }) {
  const { busy, outcome, run } = useAction();
  return (
    <>
      <div aria-live="polite">
        <OutcomeNotice outcome={outcome} />
      </div>
      <DataTable columns={['E-mail', 'Role', 'Site', 'Status', 'Invited by', 'Since', 'Actions']} caption="Users">
        {props.users.map((user) => (
          <UserRow
            key={user.id}
            user={user}
            site={props.siteName(user.siteId)}
            busy={busy}
            run={run}
            onChange={props.onChange}
          />
        ))}
      </DataTable>
    </>
  );
}

function UserRow(props: {
  user: User;
  site: string;
  busy: boolean;
  run: ReturnType<typeof useAction>['run'];
  onChange: () => void;
}) {
  const zones = useSiteZones();
  const session = useSession();
  const { user } = props;
  const [role, setRole] = useState<Role>(user.role);
  const change = () =>
    void props.run(async () => {
      await session.call(`${ROUTE}/${user.id}`, { method: 'PATCH', body: { user: { role } } });
      props.onChange();
      return `${user.email} is now ${role}.`;
    }, `${user.email}: `);
  const remove = () =>
    void props.run(async () => {
      await session.call(`${ROUTE}/${user.id}`, { method: 'DELETE' });
      props.onChange();
      return `${user.email} removed: their account is deleted.`;
    }, `${user.email}: `);
  return (
    <tr>
      <th scope="row" class="wrap">
        {user.email}
      </th>
      <td>
        <select
          aria-label={`Role of ${user.email}`}
          value={role}
          onChange={(event) => setRole((event.target as HTMLSelectElement).value as Role)}
        >
          <RoleOptions />
        </select>
      </td>
      <td class="wrap">{props.site}</td>
      <td>{user.status}</td>
      <td class="wrap">{user.invitedBy ?? '—'}</td>
      <td>{formatDateTime(user.createdAt, zones.shared)}</td>
      <td class="actions">
        <button type="button" disabled={props.busy || role === user.role} onClick={change}>
          Change role
        </button>{' '}
        <ConfirmButton
          label="Remove"
          name={`Remove ${user.email}`}
          question={`Remove ${user.email}? Their account is deleted: they can no longer sign in.`}
          confirm="Yes, remove"
          disabled={props.busy}
          onConfirm={remove}
        />
      </td>
    </tr>
  );
}
