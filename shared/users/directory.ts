/**
 * Where people's accounts live: the identity provider proves who a person is (password, MFA), our
 * table says what the person may do (`./users.ts`). {@link IdentityDirectory} is what the people's
 * functions need of the provider; `./cognito.ts` implements it with Amazon Cognito's user pool API
 * (on AWS); the local stack registers its own accounts (`lib/local/identity/accounts.ts`).
 */

/** Options of {@link IdentityDirectory.invite}. */
export interface InviteOptions {
  /**
   * The first password; the provider makes one and e-mails it when none is given. The local demo
   * seeds its people with printed passwords this way.
   */
  temporaryPassword?: string;
  /** Send the invitation e-mail (the sign-in URL and the temporary password). @default true */
  sendInvitation?: boolean;
}

/** The people's accounts at the identity provider. */
export interface IdentityDirectory {
  /**
   * Creates the account of `email` and (by default) e-mails the invitation.
   * @returns the account's subject: the `sub` of the person's tokens
   * @throws IdentityAccountExistsError when the provider already has an account for the address
   */
  invite(email: string, options?: InviteOptions): Promise<{ subject: string }>;
  /** Deletes the account of `email` (its refresh tokens stop working); an account already gone is fine. */
  remove(email: string): Promise<void>;
}

/** The identity provider already has an account for this address. */
export class IdentityAccountExistsError extends Error {
  constructor(readonly email: string) {
    super(`The identity provider already has an account for ${email}`);
    this.name = 'IdentityAccountExistsError';
  }
}

let registered: IdentityDirectory | undefined;

/**
 * Registers the directory this process uses instead of the Cognito user pool (the local stack's
 * accounts, `lib/local/identity/accounts.ts`); undefined goes back to the pool.
 */
export function useIdentityDirectory(directory: IdentityDirectory | undefined): void {
  registered = directory;
}

/** The directory registered with {@link useIdentityDirectory}, if any. */
export function registeredDirectory(): IdentityDirectory | undefined {
  return registered;
}
