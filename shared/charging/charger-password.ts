/**
 * Setting or rotating a charger's Basic-auth password over OCPP (docs/charger-credentials.md):
 * the new password is recorded as pending (its hash and the messageId of the CALL that carries
 * it), sent, and becomes the charger's only once the charger confirms it (`Accepted`, or
 * `RebootRequired`: it uses it from its next connection); any other answer, a CALLERROR, no
 * answer or a lost connection leave the old one in force and the new one refused.
 */
import type { Db } from '../db';
import { canAccess, type AccessScope } from '../organizations/access-scope';
import { ChargerNotFoundError } from '../chargers/errors';
import { hashPassword } from '../chargers/passwords';
import {
  checkPasswordFits,
  dropPendingPassword,
  generatePassword,
  promotePendingPassword,
  putPendingPassword,
} from '../chargers/credentials';
import { type ChargerPasswordStatus, confirmsPassword, type CredentialsCommands } from './commands';

/** The outcome of a password change. */
export interface ChargerPasswordChange {
  /** The charger's answer. */
  status: ChargerPasswordStatus;
  /** Whether the charger now connects with the new password only. */
  confirmed: boolean;
  /** The generated password, when none was given and the charger confirmed it (shown this once). */
  password?: string;
}

/**
 * Sends a new Basic-auth password to a connected charger and makes it the charger's password once
 * the charger confirms it. Requests: 1 GetItem (the charger, unless cached), 1 UpdateItem
 * (pending), the command's, 1 UpdateItem (promoted or dropped).
 * @param input.password the password to set (16–40 characters; a 1.6 charger takes 20 at most); absent: one is generated
 * @returns the charger's status; the generated password when it was confirmed
 * @throws ChargerNotFoundError when the charger is unknown or not the caller's
 * @throws InvalidError naming `password` when it is longer than the charger's OCPP version holds
 * @throws the command path's errors (not connected, timeout, CALLERROR, invalid answer): the old password stays
 */
export async function changeChargerPassword(
  db: Db,
  commands: CredentialsCommands,
  scope: AccessScope,
  chargerId: number,
  input: { password?: string },
): Promise<ChargerPasswordChange> {
  const charger = await commands.find(chargerId, true);
  if (!charger || !canAccess(scope, charger.organizationId, charger.siteId)) throw new ChargerNotFoundError(chargerId);
  if (!charger.connection) throw commands.notConnected(chargerId);
  const { protocol } = charger.connection;
  const password = input.password ?? generatePassword();
  checkPasswordFits(password, protocol);
  const pending = {
    hash: await hashPassword(password),
    messageId: commands.newMessageId(),
    protocol,
    requestedAt: new Date().toISOString(),
  };
  await putPendingPassword(db, chargerId, pending);
  let status: ChargerPasswordStatus | undefined;
  try {
    const answer = await commands.send(chargerId, 'SetChargerPassword', { password }, { messageId: pending.messageId });
    if (!answer.ok) throw answer.error;
    status = answer.result;
  } finally {
    // A charger that reconnected with the new password may have promoted it already ($connect).
    if (confirmsPassword(status)) await promotePendingPassword(db, chargerId, pending);
    else await dropPendingPassword(db, chargerId, pending.messageId);
  }
  const confirmed = confirmsPassword(status);
  return { status: status!, confirmed, ...(confirmed && input.password === undefined ? { password } : {}) };
}
