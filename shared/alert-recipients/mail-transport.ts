/**
 * Where alert e-mails go (docs/alert-recipients.md, "Delivery"), chosen from the
 * environment, one module for both stacks:
 * - `ALERT_EMAIL_FROM` unset: e-mail is off (the stack was deployed without a sender identity;
 *   logged once per process);
 * - `MAIL_DIR` set (the local stack: `<data directory>/mail`): nodemailer's stream transport, each
 *   message written as an `.eml` file there and its path printed;
 * - else (AWS): SES v2 `SendEmail` of a simple message (subject and text, UTF-8; SES builds the
 *   MIME message), from the identity `ALERT_EMAIL_FROM`.
 *
 * nodemailer only writes the local files: the Lambda bundles replace it by a stand-in that throws
 * (`lambdas/lib/bundle/nodemailer.ts`), which keeps its 240 kB out of the function that mails.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { createTransport } from 'nodemailer';
import { processClient } from '../aws-clients';
import { logger } from '../logger';

/** One e-mail to one recipient, plain text. */
export interface AlertMail {
  to: string;
  subject: string;
  text: string;
  /** A name for the message where it is kept as a file (`.eml` appended; letters, digits, `-`, `_`). */
  fileName: string;
}

/** Sends alert e-mails from one sender. */
export interface AlertMailer {
  /** `ALERT_EMAIL_FROM`. */
  readonly from: string;
  /** `ses` on AWS, `file` locally. */
  readonly kind: 'ses' | 'file';
  /**
   * Sends (or writes) one message.
   * @returns where it went: SES's message ID, or the `.eml` file's path
   * @throws the transport's error (SES refused it, the file could not be written)
   */
  send(mail: AlertMail): Promise<string>;
}

const sesClient = /* @__PURE__ */ processClient(
  () => process.env.AWS_REGION,
  () => new SESv2Client({}),
);

/** SES v2 `SendEmail` of a simple message: SES builds the MIME message from its subject and text. */
function sesMailer(from: string, client: SESv2Client): AlertMailer {
  return {
    from,
    kind: 'ses',
    async send(mail) {
      const { MessageId } = await client.send(
        new SendEmailCommand({
          FromEmailAddress: from,
          Destination: { ToAddresses: [mail.to] },
          Content: {
            Simple: {
              Subject: { Data: mail.subject, Charset: 'UTF-8' },
              Body: { Text: { Data: mail.text, Charset: 'UTF-8' } },
            },
          },
        }),
      );
      return MessageId ?? '';
    },
  };
}

/** nodemailer's stream transport, each message written to `<dir>/<fileName>.eml` and its path printed. */
function fileMailer(from: string, dir: string): AlertMailer {
  const transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    from,
    kind: 'file',
    async send(mail) {
      const info = await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
      await mkdir(dir, { recursive: true });
      const path = join(dir, `${mail.fileName.replace(/[^A-Za-z0-9_-]/g, '_')}.eml`);
      await writeFile(path, info.message as Buffer);
      console.log(`alert e-mail → ${path}`);
      return path;
    },
  };
}

let offLogged = false;

/**
 * The mailer the environment calls for (see the module comment), or undefined when e-mail is off.
 * @param env the environment @default process.env
 * @param ses the SES v2 client to send with @default the process's client
 */
export function alertMailer(env: NodeJS.ProcessEnv = process.env, ses?: SESv2Client): AlertMailer | undefined {
  const from = env.ALERT_EMAIL_FROM;
  if (!from) {
    if (!offLogged) logger.info('alert e-mail is off: no sender (ALERT_EMAIL_FROM, CDK context alertEmailSender)');
    offLogged = true;
    return undefined;
  }
  if (env.MAIL_DIR) return fileMailer(from, env.MAIL_DIR);
  return sesMailer(from, ses ?? sesClient());
}
