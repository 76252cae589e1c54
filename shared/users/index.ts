/**
 * The face of `shared/users/` (the organization's people, docs/people-and-roles.md): what the
 * adapters (`shared/api`, `lambdas/`, `lib/`, `bin/`) import of it, and only through here
 * (`.dependency-cruiser.cjs`, docs/architecture.md "Domain folders"). Tests may import the modules.
 *
 * @module
 */
export { changeUser, removeUser, type UserChange } from './changes';
export { cognitoDirectory, processDirectory } from './cognito';
export {
  IdentityAccountExistsError,
  useIdentityDirectory,
  type IdentityDirectory,
  type InviteOptions,
} from './directory';
export { IdentityNotConfiguredError, LastOwnerError, UserEmailTakenError, UserNotFoundError } from './errors';
export {
  findUserBySubject,
  inviteUser,
  listUsers,
  readUser,
  toUser,
  type NewUser,
  type User,
  type UserItem,
} from './users';
