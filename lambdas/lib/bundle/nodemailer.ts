/**
 * Stands in for `nodemailer` in the Lambda bundles (an esbuild alias set by
 * `lib/aws/functions.ts`). nodemailer writes alert e-mails as `.eml` files on the local
 * stack only (`MAIL_DIR`, `shared/alert-recipients/mail-transport.ts`); on AWS they go to SES
 * directly, so its 240 kB never run in a Lambda. A deployment that sets `MAIL_DIR` anyway gets this
 * error instead of a silent fallback.
 */

/** Throws: the local transports are not in the Lambda bundles. */
export function createTransport(): never {
  throw new Error(
    'nodemailer is not in the Lambda bundles: on AWS alert e-mail goes through SES (unset MAIL_DIR, which is for the local stack)',
  );
}
