/**
 * The rule of a password given to set over OCPP (docs/charger-credentials.md), as a zod schema:
 * the API's request schema and the simulator's charger check it. Apart from the rest of the
 * charger's credentials (`credentials.ts`) because a zod schema is built when its module loads:
 * the OCPP functions, which read and promote passwords but never take one as input, load no zod.
 */
import * as z from 'zod';

/**
 * Characters of a password sent over OCPP: 2.0.1's `passwordString` (A01: alphanumerics and
 * `*-_=:+|@.`), which 1.6's `AuthorizationKey` carries too (as hexadecimal).
 */
const PASSWORD_CHARACTERS = /^[A-Za-z0-9*\-_=:+|@.]*$/;

/** A password given to set over OCPP: 16–40 characters of 2.0.1's `passwordString` set. */
export const ocppPasswordSchema = z
  .string()
  .min(16, 'must be at least 16 characters')
  .max(40, 'must be at most 40 characters')
  .regex(PASSWORD_CHARACTERS, 'must be characters of A-Z a-z 0-9 * - _ = : + | @ .');
