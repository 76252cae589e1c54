/**
 * ocppIdTag normalisation (spec §2.1: "Normalised on creation"), applied by every path that
 * stores or looks up a tag: access ID create and batch matching, charger Authorize,
 * StartTransaction and TransactionEvent.
 *
 * Rules (docs/api.md, "Access IDs"):
 * 1. Surrounding whitespace is trimmed.
 * 2. A tag made of hexadecimal byte groups joined by `:`, `-`, `.` or spaces — a MAC address or an
 *    RFID UID as printed (`AA:BB:CC:DD`, `aa-bb-cc-dd-ee-ff`, `0004.a3ab.1234`) — loses its
 *    separators.
 * 3. Letters are upper-cased (OCPP 1.6 IdToken is case-insensitive).
 * The result must be 1–36 characters (OCPP 2.0.1 IdToken; 1.6 chargers send at most 20) of
 * printable ASCII.
 */

/** Longest normalised tag: OCPP 2.0.1 IdTokenType.idToken (identifierString 36). */
export const MAX_ID_TAG_LENGTH = 36;

import { normalizeEmaid } from '../certificates/emaid';

const HEX_GROUPS = /^[0-9A-Fa-f]{2,4}(?:[:\-. ][0-9A-Fa-f]{2,4})+$/;
const PRINTABLE_ASCII = /^[\x21-\x7E]+$/;

/** Normalises a tag by the rules above (may return an invalid tag: check with {@link idTagProblem}). */
export function normalizeIdTag(tag: string): string {
  const trimmed = tag.trim();
  const joined = HEX_GROUPS.test(trimmed) ? trimmed.replace(/[:\-. ]/g, '') : trimmed;
  return joined.toUpperCase();
}

/** Why a normalised tag cannot be used, or undefined when it can. */
export function idTagProblem(normalized: string): string | undefined {
  if (normalized.length === 0) return 'must not be empty after normalisation';
  if (normalized.length > MAX_ID_TAG_LENGTH)
    return `must be at most ${MAX_ID_TAG_LENGTH} characters after normalisation`;
  if (!PRINTABLE_ASCII.test(normalized)) return 'must be printable ASCII without spaces inside';
  return undefined;
}

/**
 * The types of access IDs (spec §2.1 `RFID`, `Vehicle`; and `eMAID`: an e-mobility account's
 * contract, which a charger names with an idToken of type `eMAID` in Plug & Charge, ISO 15118).
 */
export const ACCESS_ID_TYPES = ['RFID', 'Vehicle', 'eMAID'] as const;
/** An access ID's type. */
export type AccessIdType = (typeof ACCESS_ID_TYPES)[number];

/**
 * Normalises the tag of an access ID of `type`: an eMAID in ISO 15118's one form (upper case,
 * without its `-` separators: `DE-ABC-C12345678-X` → `DEABCC12345678X`); other tags by the rules
 * above. Check the result with {@link typedIdTagProblem}.
 */
export function normalizeTypedIdTag(tag: string, type: AccessIdType): string {
  return type === 'eMAID' ? (normalizeEmaid(tag) ?? normalizeIdTag(tag)) : normalizeIdTag(tag);
}

/** Why a tag normalised by {@link normalizeTypedIdTag} cannot be used for `type`, or undefined when it can. */
export function typedIdTagProblem(normalized: string, type: AccessIdType): string | undefined {
  if (type === 'eMAID' && normalizeEmaid(normalized) !== normalized)
    return 'must be an eMAID (ISO 15118-2: country code, provider ID, instance, optional check digit; e.g. DE-ABC-C12345678-X)';
  return idTagProblem(normalized);
}

/**
 * The tag an OCPP 2.0.1 idToken names, for authorization: an `eMAID` token in the form eMAID access
 * IDs are stored in (with or without `-` separators, the same contract); any other as sent.
 */
export function idTagOfToken(idToken: { idToken: string; type: string }): string {
  return idToken.type === 'eMAID' ? (normalizeEmaid(idToken.idToken) ?? idToken.idToken) : idToken.idToken;
}
