/** Domain errors of the organization's people (docs/people-and-roles.md). */
import { ConflictError, DomainError, NotFoundError } from '../errors';

/** No person has this ID (or none the caller may see: same answer). */
export class UserNotFoundError extends NotFoundError {
  constructor(userId: number) {
    super(`User ${userId} not found`);
  }
}

/**
 * The e-mail address already belongs to a person, here or in another organization (one identity
 * provider account is one person of one organization).
 */
export class UserEmailTakenError extends ConflictError {
  constructor(email: string) {
    super(`${email} is already a user`, 'email', 'already a user');
  }
}

/** The change would leave the organization without an owner: someone must be able to manage its people. */
export class LastOwnerError extends ConflictError {
  constructor(action: 'remove' | 'demote') {
    super(
      `The organization's last owner cannot be ${action === 'remove' ? 'removed' : 'given another role'}: make another person owner first`,
    );
  }
}

/** No identity provider is configured here (no user pool, no local accounts): nobody can be invited. */
export class IdentityNotConfiguredError extends DomainError {
  readonly kind = 'conflict';
  constructor() {
    super('Sign-in is not configured on this deployment (no identity provider): people cannot be invited');
  }
}
