/**
 * Certificate serial numbers in OCPP's form, and bytes in hexadecimal: apart from `x509.ts` so that
 * what writes or checks revocations (the API's revoke route, `revocation-store.ts`) bundles no
 * X.509 library. `x509.ts` re-exports them.
 */

/**
 * A certificate's serial number in OCPP's form (hexadecimal, lowercase, no separators, no leading
 * zeros). Also normalises a serial given in another form: CloudFront's `4a:3f:…`, uppercase, with
 * leading zeros.
 * @returns `undefined` when `serial` is not hexadecimal
 */
export function normalizeSerial(serial: string): string | undefined {
  const hex = serial.replace(/:/g, '').trim().toLowerCase();
  if (!/^[0-9a-f]+$/.test(hex)) return undefined;
  return hex.replace(/^0+(?=.)/, '');
}

/** Hexadecimal lowercase of bytes. */
export function hex(bytes: ArrayBuffer | Uint8Array): string {
  return Buffer.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).toString('hex');
}
