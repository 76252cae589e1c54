/**
 * eMAIDs (e-mobility account identifiers, ISO 15118-2 Annex H and DIN SPEC 91286), in a module of
 * their own with no dependency: the access IDs of type `eMAID` are stored and looked up in this
 * form (`shared/access`), and a module that loads the X.509 library would cost every function that
 * stores an access ID its 250 KiB.
 */

/**
 * An eMAID (e-mobility account identifier) in one form: uppercase, without the optional `-`
 * separators. ISO 15118-2 (and DIN SPEC 91286): country code (2 letters), provider ID (3
 * alphanumerics), instance (9 alphanumerics; ISO 15118-20 allows up to 28), optional check digit:
 * `DE-ABC-C12345678-X` → `DEABCC12345678X`.
 * @returns `undefined` when `text` is not an eMAID
 */
export function normalizeEmaid(text: string): string | undefined {
  const match = /^([A-Za-z]{2})-?([A-Za-z0-9]{3})-?([A-Za-z0-9]{9,28})-?([A-Za-z0-9])?$/.exec(text.trim());
  if (!match) return undefined;
  return match.slice(1).join('').toUpperCase();
}
