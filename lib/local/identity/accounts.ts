/**
 * The local stack's people accounts: what a Cognito user pool keeps on AWS (an address, its
 * subject, a password), kept in a JSON file of the data folder so `npm start` keeps them across
 * starts. It is the local stack's {@link IdentityDirectory} (inviting creates an account with a
 * temporary password, printed as the invitation e-mail would carry it) and the account store of the
 * local OpenID provider (`./provider.ts`), which checks the passwords.
 *
 * Passwords are kept as scrypt hashes (`node:crypto`), never as given.
 */
import { randomBytes, randomUUID, scryptSync, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { IdentityAccountExistsError, type IdentityDirectory, type InviteOptions } from '../../../shared/users';

/** One account. */
export interface LocalAccount {
  /** As invited; compared lower-cased. */
  email: string;
  /** The `sub` of the account's tokens. */
  subject: string;
  /** `salt:hash`, both hex (scrypt, 32-byte key). */
  password: string;
}

/** The accounts, with the directory's operations and the provider's look-ups. */
export interface LocalAccounts extends IdentityDirectory {
  /** The account of `email` when `password` is its password, else undefined. */
  check(email: string, password: string): LocalAccount | undefined;
  /** The account whose tokens carry `subject`. */
  bySubject(subject: string): LocalAccount | undefined;
}

function hashPassword(password: string): string {
  const salt = randomBytes(16);
  return `${salt.toString('hex')}:${scryptSync(password, salt, 32).toString('hex')}`;
}

function passwordMatches(stored: string, password: string): boolean {
  const [salt, hash] = stored.split(':');
  if (!salt || !hash) return false;
  return timingSafeEqual(Buffer.from(hash, 'hex'), scryptSync(password, Buffer.from(salt, 'hex'), 32));
}

/**
 * The accounts kept in `file` (created on the first invitation), or in memory only without one.
 * @param onInvite told each invitation's address and temporary password (the local stack prints it)
 */
export function localAccounts(
  file: string | undefined,
  onInvite: (email: string, temporaryPassword: string) => void = () => undefined,
): LocalAccounts {
  const accounts = new Map<string, LocalAccount>(
    file && existsSync(file)
      ? (JSON.parse(readFileSync(file, 'utf8')) as LocalAccount[]).map((a) => [a.email.toLowerCase(), a])
      : [],
  );
  const save = () => {
    if (file) writeFileSync(file, `${JSON.stringify([...accounts.values()], null, 2)}\n`, { mode: 0o600 });
  };
  return {
    async invite(email: string, options: InviteOptions = {}) {
      const key = email.toLowerCase();
      if (accounts.has(key)) throw new IdentityAccountExistsError(email);
      const temporaryPassword = options.temporaryPassword ?? randomBytes(9).toString('base64url');
      const account = { email, subject: randomUUID(), password: hashPassword(temporaryPassword) };
      accounts.set(key, account);
      save();
      if (options.sendInvitation !== false) onInvite(email, temporaryPassword);
      return { subject: account.subject };
    },
    async remove(email: string) {
      if (accounts.delete(email.toLowerCase())) save();
    },
    check(email, password) {
      const account = accounts.get(email.trim().toLowerCase());
      return account && passwordMatches(account.password, password) ? account : undefined;
    },
    bySubject(subject) {
      return [...accounts.values()].find((a) => a.subject === subject);
    },
  };
}
