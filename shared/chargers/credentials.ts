/**
 * A charger's Basic-auth password over its life (docs/charger-credentials.md): the one it
 * connects with (`passwordHash`), and a new one sent to it and not yet confirmed
 * (`pendingPassword`), which replaces it once the charger has answered the CALL that carried it
 * with a confirmation. Until then the charger connects with the old one (or without one, if it
 * had none); from then on only with the new one. Hashes only are stored (`passwords.ts`).
 */
import { randomInt } from 'node:crypto';
import type { Db } from '../db';
import type { OcppProtocol } from '../db/entities/common';
import { isConditionalCheckFailure } from '../db/conditions';
import { InvalidError } from '../errors';

/** The alphabet of generated passwords: alphanumerics only (no character a shell or a vendor's UI mangles). */
const GENERATED_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Length of a generated password: 20 characters (≈119 bits), the most 1.6's `AuthorizationKey` holds. */
const GENERATED_PASSWORD_LENGTH = 20;
/** Longest password per OCPP version: 1.6 `AuthorizationKey` holds 20 bytes (40 hex digits); 2.0.1 40 characters. */
const MAX_PASSWORD_LENGTH: Record<OcppProtocol, number> = { 'ocpp1.6': 20, 'ocpp2.0.1': 40, 'ocpp2.1': 40 };

/** A new random password: {@link GENERATED_PASSWORD_LENGTH} alphanumerics from the system's CSPRNG. */
export function generatePassword(): string {
  return Array.from({ length: GENERATED_PASSWORD_LENGTH }, () => GENERATED_ALPHABET[randomInt(62)]).join('');
}

/**
 * Checks that a password fits the OCPP version it is sent in.
 * @throws InvalidError naming `password` when it is longer than the version holds
 */
export function checkPasswordFits(password: string, protocol: OcppProtocol): void {
  const max = MAX_PASSWORD_LENGTH[protocol];
  if (password.length > max) {
    throw new InvalidError('password', `must be at most ${max} characters for an ${protocol} charger`);
  }
}

/** A new password sent to a charger, not yet confirmed. */
export interface PendingPassword {
  /** scrypt hash (`passwords.ts`). */
  hash: string;
  /** The CALL that carried it: its answer is the CALL's record. */
  messageId: string;
  /** The OCPP version it was sent in (how its answer reads). */
  protocol: OcppProtocol;
  /** ISO 8601 UTC. */
  requestedAt: string;
}

/** Records a password about to be sent (one UpdateItem); it replaces any earlier pending one. */
export async function putPendingPassword(db: Db, chargerId: number, pending: PendingPassword): Promise<void> {
  await db.charger.patch({ chargerId }).set({ pendingPassword: pending }).go();
}

/**
 * The pending password becomes the charger's password (one conditional UpdateItem), if it is
 * still the one sent in `messageId`.
 * @returns whether it did (false: another was sent since, or it was promoted already)
 */
export async function promotePendingPassword(db: Db, chargerId: number, pending: PendingPassword): Promise<boolean> {
  try {
    await db.charger
      .patch({ chargerId })
      .set({ passwordHash: pending.hash, updatedAt: new Date().toISOString() })
      .remove(['pendingPassword'])
      .where(({ pendingPassword }, { eq }) => eq(pendingPassword.messageId, pending.messageId))
      .go();
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/**
 * Forgets the pending password sent in `messageId` (the charger did not confirm it), unless another
 * was sent since. One conditional UpdateItem.
 */
export async function dropPendingPassword(db: Db, chargerId: number, messageId: string): Promise<void> {
  try {
    await db.charger
      .patch({ chargerId })
      .remove(['pendingPassword'])
      .where(({ pendingPassword }, { eq }) => eq(pendingPassword.messageId, messageId))
      .go();
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}
