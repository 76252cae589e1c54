/**
 * The organization's people (docs/people-and-roles.md): each is an e-mail address with a role
 * (`shared/organizations/roles.ts`) and optionally one site it is confined to, as a site-scoped
 * API key is. The identity provider (`./directory.ts`) proves who signs in; this table says what
 * the person may do, read once per instance per minute when the person's token is authenticated
 * (`shared/api/auth.ts`).
 *
 * Rules (decided here, documented there):
 * - an e-mail address is one person of one organization (the provider has one account per address);
 *   inviting an address that is already a person's, here or elsewhere, is a 409 and creates nothing;
 * - an owner manages the whole organization: an owner confined to a site is refused (400 `siteId`);
 * - the organization's last owner cannot be removed or given another role (409, `./changes.ts`):
 *   the organization's owner count is kept in the same transactions as the roles.
 *
 * DynamoDB requests: invite 1 GetItem (site, when given) + 1 GetItem (the address's marker) +
 * 2 (the ID counter read and the transaction); read 1 GetItem; a list page 1 Query; a token's
 * person 1 Query of gsi2.
 */
import { createConversions, type EntityItem } from 'electrodb';
import type { Db } from '../db';
import { transactWithIds } from '../db/ids';
import { claimUnique } from '../db/unique';
import { exactPage, PAGE_SIZE, paginate, type Page } from '../db/pagination';
import { InvalidError } from '../errors';
import { getSite } from '../chargers/sites';
import type { AccessScope } from '../organizations/access-scope';
import type { Role } from '../organizations/roles';
import { IdentityAccountExistsError, type IdentityDirectory, type InviteOptions } from './directory';
import { UserEmailTakenError, UserNotFoundError } from './errors';

/** A stored person. */
export type UserItem = EntityItem<Db['user']>;

/** A person as the API answers it (times ISO 8601 UTC). */
export interface User {
  id: number;
  email: string;
  role: Role;
  /** The one site the person sees; null: every site of the organization. */
  siteId: number | null;
  /**
   * `invited` as stored by an invitation; `active` is reserved for a person's first sign-in, which is
   * not recorded yet (the identity provider shows it: Cognito's user status).
   */
  status: 'invited' | 'active';
  /** Who invited the person: an e-mail, an API key's name, or `operator CLI`; null when unknown. */
  invitedBy: string | null;
  createdAt: string;
  updatedAt: string;
}

/** `POST /api/users` input (already validated in shape). */
export interface NewUser {
  email: string;
  role: Role;
  /** Confine the person to this site of the organization. */
  siteId?: number;
}

/** The uniqueness marker of people's addresses (one person per address, in every organization). */
export const USER_EMAIL_CONSTRAINT = 'userEmail';

/** The API view of a stored person. */
export function toUser(item: UserItem): User {
  return {
    id: item.userId,
    email: item.email,
    role: item.role,
    siteId: item.siteId ?? null,
    status: item.status,
    invitedBy: item.invitedBy ?? null,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

/**
 * Checks where a person of `role` may be confined: an owner nowhere, anyone else to a site of the
 * organization (1 GetItem).
 * @throws InvalidError naming `siteId`
 */
export async function checkSiteOf(db: Db, organizationId: number, role: Role, siteId: number | undefined) {
  if (siteId === undefined) return;
  if (role === 'owner') throw new InvalidError('siteId', 'an owner manages the whole organization: give no siteId');
  const site = await getSite(db, siteId);
  if (!site || site.organizationId !== organizationId) throw new InvalidError('siteId', `site ${siteId} not found`);
}

/**
 * A stored person of the caller's organization (strongly consistent GetItem).
 * @throws UserNotFoundError for an unknown person or another organization's
 */
export async function visibleUser(db: Db, scope: AccessScope, userId: number): Promise<UserItem> {
  const { data } = await db.user.get({ userId }).go({ consistent: true });
  if (!data || data.organizationId !== scope.organizationId) throw new UserNotFoundError(userId);
  return data;
}

/**
 * Invites a person (`POST /api/users`, the CLI, the local seed): checks everything, creates the
 * identity provider's account (which e-mails the invitation), then stores the person. Nothing is
 * stored, and no account is left, when anything is refused.
 * @param invitedBy who invites (`actorOf` of the caller; `operator CLI`)
 * @throws InvalidError (`siteId`), UserEmailTakenError
 */
export async function inviteUser(
  db: Db,
  directory: IdentityDirectory,
  scope: AccessScope,
  input: NewUser,
  invitedBy: string | null,
  options: InviteOptions & { now?: number } = {},
): Promise<User> {
  const email = input.email.trim();
  await checkSiteOf(db, scope.organizationId, input.role, input.siteId);
  const emailKey = email.toLowerCase();
  const { data: marker } = await db.uniqueValue.get({ constraint: USER_EMAIL_CONSTRAINT, value: emailKey }).go();
  if (marker) throw new UserEmailTakenError(email);
  const subject = await createAccount(directory, email, options);
  const at = new Date(options.now ?? Date.now()).toISOString();
  const item = {
    organizationId: scope.organizationId,
    email,
    role: input.role,
    ...(input.siteId !== undefined ? { siteId: input.siteId } : {}),
    subject,
    status: 'invited' as const,
    ...(invitedBy ? { invitedBy } : {}),
    createdAt: at,
    updatedAt: at,
  };
  const { outcome, ids } = await transactWithIds(db, { user: 1 }, ({ user: userId }, e) => ({
    user: e.user.create({ ...item, userId }).commit(),
    email: claimUnique(e, USER_EMAIL_CONSTRAINT, emailKey, userId),
    owners:
      input.role === 'owner' &&
      e.organization.patch({ organizationId: scope.organizationId }).add({ ownerCount: 1 }).commit(),
  }));
  if (!outcome.ok) {
    // Another invitation of the same address won the race: its account is the one to keep.
    if (outcome.failed('email')) throw new UserEmailTakenError(email);
    await directory.remove(email);
    throw new Error(`Inviting ${email} failed on ${outcome.failedLabels.join(', ')}`);
  }
  return toUser({ ...item, userId: ids.user } as UserItem);
}

/** Creates the provider's account. @throws UserEmailTakenError when the provider already has one */
async function createAccount(directory: IdentityDirectory, email: string, options: InviteOptions): Promise<string> {
  try {
    return (await directory.invite(email, options)).subject;
  } catch (error) {
    if (error instanceof IdentityAccountExistsError) throw new UserEmailTakenError(email);
    throw error;
  }
}

/**
 * One person (`GET /api/users/{id}`).
 * @throws UserNotFoundError
 */
export async function readUser(db: Db, scope: AccessScope, userId: number): Promise<User> {
  return toUser(await visibleUser(db, scope, userId));
}

/**
 * One page of the organization's people (`GET /api/users`), by ID, up to {@link PAGE_SIZE}.
 * @throws InvalidError (`nextPageCursor` of another list or organization)
 */
export async function listUsers(db: Db, scope: AccessScope, nextPageCursor?: string): Promise<Page<User>> {
  const page = await paginate(
    { list: 'users', organizationId: scope.organizationId },
    nextPageCursor,
    PAGE_SIZE,
    async (inner, limit) => {
      const { data } = await db.user.query
        .byOrganization({ organizationId: scope.organizationId })
        .go({ cursor: inner, count: limit + 1 });
      return exactPage(data as UserItem[], limit, (last) =>
        createConversions(db.user).byAccessPattern.byOrganization.fromComposite.toCursor(last as never),
      );
    },
  );
  return { data: page.data.map(toUser), pagination: page.pagination };
}

/**
 * The person whose tokens carry `subject` (1 Query of gsi2), or undefined when there is none (never
 * invited here, or removed).
 */
export async function findUserBySubject(db: Db, subject: string): Promise<UserItem | undefined> {
  const { data } = await db.user.query.bySubject({ subject }).go({ count: 1 });
  return (data[0] as UserItem | undefined) ?? undefined;
}
