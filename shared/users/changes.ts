/**
 * Changing and removing the organization's people (`PATCH` and `DELETE /api/users/{id}`), keeping
 * at least one owner: the organization item's `ownerCount` moves in the same transaction as a role
 * (down on the condition that more than one owner remains), and the person's item is written on
 * the condition that its role is still the one read (a concurrent change makes the attempt start
 * again). So two owners demoting each other at once cannot leave the organization with none.
 *
 * DynamoDB requests: change 1 GetItem + 1 GetItem (site, when given) + 1 TransactWriteItems;
 * remove 1 GetItem + 1 TransactWriteItems; then, on removal, the provider's account is deleted.
 */
import type { Db } from '../db';
import { transact, type TransactionEntities } from '../db/transactions';
import { releaseUnique } from '../db/unique';
import { RetryableError, retryRaces } from '../db/retry';
import type { AccessScope } from '../organizations/access-scope';
import type { Role } from '../organizations/roles';
import type { IdentityDirectory } from './directory';
import { LastOwnerError } from './errors';
import { checkSiteOf, toUser, USER_EMAIL_CONSTRAINT, visibleUser, type User, type UserItem } from './users';

/** `PATCH /api/users/{id}` input: the fields given change (`siteId: null`: every site again). */
export interface UserChange {
  role?: Role;
  siteId?: number | null;
}

/**
 * The transaction item moving the organization's owner count when a person's role goes from
 * `before` to `after` (none when ownership does not change); going down it needs another owner.
 */
function ownerCountMove(
  e: TransactionEntities,
  organizationId: number,
  before: Role | undefined,
  after: Role | undefined,
) {
  const wasOwner = before === 'owner';
  const isOwner = after === 'owner';
  if (wasOwner === isOwner) return undefined;
  const patch = e.organization.patch({ organizationId });
  if (isOwner) return patch.add({ ownerCount: 1 }).commit();
  return patch
    .add({ ownerCount: -1 })
    .where(({ ownerCount }, { gt }) => gt(ownerCount, 1))
    .commit();
}

/** The person's new role and site (the stored site removed when it has one and the new has none). */
function userPatch(
  e: TransactionEntities,
  userId: number,
  values: { role: Role; updatedAt: string; siteId: number | undefined },
  hadSite: boolean,
) {
  const { siteId, ...rest } = values;
  const patch = e.user.patch({ userId }).set({ ...rest, ...(siteId !== undefined ? { siteId } : {}) });
  return siteId === undefined && hadSite ? patch.remove(['siteId']) : patch;
}

/**
 * Changes a person's role or site. Nothing is stored when anything is refused.
 * @param now epoch ms (tests pass their own)
 * @throws UserNotFoundError, InvalidError (`siteId`), LastOwnerError (the last owner given another
 *   role), BusyError (concurrent changes kept winning)
 */
export async function changeUser(
  db: Db,
  scope: AccessScope,
  userId: number,
  change: UserChange,
  now = Date.now(),
): Promise<User> {
  return retryRaces(async () => {
    const current = await visibleUser(db, scope, userId);
    const role = change.role ?? current.role;
    const siteId = change.siteId === undefined ? current.siteId : (change.siteId ?? undefined);
    if (change.siteId !== undefined || change.role !== undefined)
      await checkSiteOf(db, scope.organizationId, role, siteId);
    const updatedAt = new Date(now).toISOString();
    const outcome = await transact(db, (e) => ({
      user: userPatch(e, userId, { role, updatedAt, siteId }, current.siteId !== undefined)
        .where(({ role: stored }, { eq }) => eq(stored, current.role))
        .commit(),
      owners: ownerCountMove(e, scope.organizationId, current.role, role),
    }));
    if (outcome.failed('owners')) throw new LastOwnerError('demote');
    if (outcome.failed('user')) throw new RetryableError('the person changed meanwhile');
    const { siteId: _dropped, ...rest } = current;
    return toUser({ ...rest, role, ...(siteId !== undefined ? { siteId } : {}), updatedAt } as UserItem);
  }, 'The person kept changing; retry');
}

/**
 * Removes a person: the item and its address's marker (and an owner from the owner count), then
 * the identity provider's account, so the person's refresh tokens stop working and the access
 * tokens already out stop at their next authentication on an instance (at most a minute, as a
 * revoked API key).
 * @throws UserNotFoundError, LastOwnerError (the last owner), BusyError
 */
export async function removeUser(
  db: Db,
  directory: IdentityDirectory,
  scope: AccessScope,
  userId: number,
): Promise<void> {
  const removed = await retryRaces(async () => {
    const current = await visibleUser(db, scope, userId);
    const outcome = await transact(db, (e) => ({
      user: e.user
        .delete({ userId })
        .where(({ role }, { eq }) => eq(role, current.role))
        .commit(),
      email: releaseUnique(e, USER_EMAIL_CONSTRAINT, current.email.toLowerCase(), userId),
      owners: ownerCountMove(e, scope.organizationId, current.role, undefined),
    }));
    if (outcome.failed('owners')) throw new LastOwnerError('remove');
    if (!outcome.ok) throw new RetryableError('the person changed meanwhile');
    return current;
  }, 'The person kept changing; retry');
  await directory.remove(removed.email);
}
