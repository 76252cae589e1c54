/**
 * Operator CLI commands of the organization's people (`npm run admin -- users invite|list|change|remove`,
 * docs/people-and-roles.md): the same domain code as `/api/users`, for the operator who has no
 * owner yet (an organization's first owner is invited here). On AWS (`--table`) the accounts are
 * the user pool's (`--user-pool-id`, else `USER_POOL_ID`); locally, the local stack's accounts
 * file in the data directory (`.data/identity-accounts.json`), which `npm start` signs people in with.
 */
import { join } from 'node:path';
import { Option, type Command } from 'commander';
import type { Db } from '../shared/db';
import { ROLES } from '../shared/organizations';
import { InviteUserBody, PatchUserBody } from '../shared/api/routes/users';
import {
  changeUser,
  cognitoDirectory,
  inviteUser,
  listUsers,
  removeUser,
  type IdentityDirectory,
} from '../shared/users';
import { IDENTITY_ACCOUNTS_FILE, LOCAL_DATA_DIR } from '../lib/local/defaults';
import { localAccounts } from '../lib/local/identity/accounts';
import { InputError, parse, positiveInteger, run } from './cli-support';

/** What the operator CLI records as the inviter. */
const OPERATOR = 'operator CLI';

/**
 * Adds the `users` command.
 * @param db opens the table the CLI's options name
 * @param onAws whether the CLI works on a deployed table (`--table` without `--endpoint`)
 */
export function addUserCommands(program: Command, db: () => Db, onAws: () => boolean): void {
  const users = program
    .command('users')
    .description("Invite, list, change and remove an organization's people (docs/people-and-roles.md)")
    .option('--user-pool-id <id>', 'the Cognito user pool of --table (default: USER_POOL_ID)')
    .option(
      '--accounts-file <path>',
      "the local stack's accounts (without --table, or with --endpoint)",
      join(LOCAL_DATA_DIR, IDENTITY_ACCOUNTS_FILE),
    );
  const directory = (): IdentityDirectory => {
    if (!onAws()) {
      return localAccounts(users.opts<{ accountsFile: string }>().accountsFile, (email, password) =>
        console.error(`invitation for ${email}: temporary password ${password}`),
      );
    }
    const pool = users.opts<{ userPoolId?: string }>().userPoolId ?? process.env.USER_POOL_ID;
    if (!pool) throw new InputError([{ field: 'user-pool-id', problem: 'give --user-pool-id or USER_POOL_ID' }]);
    return cognitoDirectory(pool);
  };
  const scope = (organizationId: number) => ({ organizationId, scope: 'organization' as const });
  users
    .command('invite')
    .description("Invite a person: the identity provider's account (its invitation e-mail) and the person here")
    .requiredOption('--organization-id <id>', 'organization ID', positiveInteger)
    .requiredOption('--email <address>', "the person's e-mail address")
    .addOption(new Option('--role <role>', 'what the person may do').choices(ROLES).makeOptionMandatory())
    .option('--site-id <id>', 'confine the person to this site', positiveInteger)
    .action(
      run(async (o: { organizationId: number; email: string; role: string; siteId?: number }) => {
        const { user } = parse(InviteUserBody, { user: { email: o.email, role: o.role, siteId: o.siteId } }, fieldOf);
        return inviteUser(db(), directory(), scope(o.organizationId), user, OPERATOR);
      }),
    );
  users
    .command('list')
    .description("List an organization's people")
    .requiredOption('--organization-id <id>', 'organization ID', positiveInteger)
    .option('--cursor <cursor>', 'nextPageCursor of the previous page')
    .action(
      run(async (o: { organizationId: number; cursor?: string }) => listUsers(db(), scope(o.organizationId), o.cursor)),
    );
  addChangeCommands(users, db, directory, scope);
}

/** `user.email` → `email`: the option's name. */
const fieldOf = (path: readonly PropertyKey[]) => path.slice(1).map(String).join('.') || 'input';

/** Adds `users change` and `users remove`. */
function addChangeCommands(
  users: Command,
  db: () => Db,
  directory: () => IdentityDirectory,
  scope: (organizationId: number) => { organizationId: number; scope: 'organization' },
): void {
  users
    .command('change')
    .description("Change a person's role or site (--site-id 0: every site)")
    .requiredOption('--organization-id <id>', 'organization ID', positiveInteger)
    .requiredOption('--id <id>', 'user ID', positiveInteger)
    .addOption(new Option('--role <role>', 'the new role').choices(ROLES))
    .option('--site-id <id>', 'the one site (0: every site)', (v: string) => (v === '0' ? 0 : positiveInteger(v)))
    .action(
      run(async (o: { organizationId: number; id: number; role?: string; siteId?: number }) => {
        const siteId = o.siteId === 0 ? null : o.siteId;
        const { user } = parse(PatchUserBody, { user: { role: o.role, siteId } }, fieldOf);
        return changeUser(db(), scope(o.organizationId), o.id, user);
      }),
    );
  users
    .command('remove')
    .description('Remove a person and its identity provider account (not the last owner)')
    .requiredOption('--organization-id <id>', 'organization ID', positiveInteger)
    .requiredOption('--id <id>', 'user ID', positiveInteger)
    .action(
      run(async (o: { organizationId: number; id: number }) => {
        await removeUser(db(), directory(), scope(o.organizationId), o.id);
        return { id: o.id, removed: true };
      }),
    );
}
