/**
 * E-mail to alert recipients (docs/alert-recipients.md): each `alert.raised`
 * event goes to the organization's enabled recipients who want its type and site, one message
 * each, and the alert's `recipientIds` records who was mailed (`GET /api/alerts?alertRecipientIds=`).
 *
 * Once per (alert, recipient), also when a stream batch is delivered again: before sending, a
 * marker (`uniqueValue`, constraint `alertEmail:<alertId>`, value the recipient's ID) is created on
 * the condition that it does not exist; a recipient whose marker exists is skipped. When sending
 * fails the marker is deleted again, the other recipients are still mailed, and the error is
 * thrown at the end so that the batch is retried (those already mailed are skipped then).
 *
 * DynamoDB requests per raised alert: 1 Query (recipients) + 1 GetItem (the site's time zone);
 * per recipient mailed 1 PutItem (marker) + 1 UpdateItem (`recipientIds`), +1 DeleteItem when
 * sending failed.
 */
import type { Db } from '../db';
import { isConditionalCheckFailure } from '../db/conditions';
import type { Alert } from '../alerts/types';
import type { NotificationEvent } from '../events/types';
import { logger } from '../logger';
import { alertMailer, type AlertMailer } from './mail-transport';
import { alertMessage } from './message';
import { recipientsFor, type AlertRecipientItem } from './recipients';

/** The marker constraint of the e-mails of one alert. */
const markerConstraint = (alertId: number) => `alertEmail:${alertId}`;

/**
 * Claims the e-mail of `alertId` to `recipientId` (a conditional PutItem).
 * @returns false when it was claimed before (sent, or being sent)
 */
async function claim(db: Db, alertId: number, recipientId: number): Promise<boolean> {
  try {
    await db.uniqueValue
      .create({ constraint: markerConstraint(alertId), value: String(recipientId), targetId: recipientId })
      .go();
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/** Adds `recipientId` to the alert's `recipientIds` unless it is there (an alert gone is left alone). */
async function recordRecipient(db: Db, alertId: number, recipientId: number): Promise<void> {
  try {
    await db.alert
      .patch({ alertId })
      .append({ recipientIds: [recipientId] })
      .where(({ recipientIds }, { notContains }) => notContains(recipientIds, recipientId))
      .go();
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}

/** Mails one recipient once; false when it was mailed before. */
async function mailOnce(
  db: Db,
  mailer: AlertMailer,
  alert: Alert,
  recipient: AlertRecipientItem,
  message: { subject: string; text: string },
): Promise<boolean> {
  if (!(await claim(db, alert.id, recipient.alertRecipientId))) return false;
  try {
    await mailer.send({
      to: recipient.email,
      ...message,
      fileName: `alert-${alert.id}-recipient-${recipient.alertRecipientId}`,
    });
  } catch (error) {
    await db.uniqueValue
      .delete({ constraint: markerConstraint(alert.id), value: String(recipient.alertRecipientId) })
      .go();
    throw error;
  }
  await recordRecipient(db, alert.id, recipient.alertRecipientId);
  return true;
}

/** The site's time zone (1 GetItem); undefined when the site is gone. */
async function siteTimeZone(db: Db, siteId: number): Promise<string | undefined> {
  const { data } = await db.site.get({ siteId }).go();
  return data?.timezone;
}

/**
 * Sends the e-mails `events` call for: only `alert.raised` events of alerts not muted are mailed,
 * each to the organization's enabled recipients who want its type and site, once per recipient
 * (see the module comment). E-mail off (no sender configured): nothing is sent.
 * @param events the batch's events; `data` of an `alert.raised` event is the alert as `GET /api/alerts` shows it
 * @returns how many messages were sent
 * @throws the first sending error, after every other recipient of the batch was tried (the
 *   failed ones are sent again when the batch is retried)
 */
export async function emailAlerts(db: Db, events: readonly NotificationEvent[]): Promise<number> {
  const raised = events.filter((e) => e.type === 'alert.raised' && !(e.data as unknown as Alert).muted);
  if (raised.length === 0) return 0;
  const mailer = alertMailer();
  if (!mailer) return 0;
  const consoleUrl = process.env.CONSOLE_URL || undefined;
  let sent = 0;
  const failures: unknown[] = [];
  for (const event of raised) {
    const alert = event.data as unknown as Alert;
    const recipients = await recipientsFor(db, event.organizationId, alert.type, alert.site.id);
    if (recipients.length === 0) continue;
    const message = alertMessage(alert, { timeZone: await siteTimeZone(db, alert.site.id), consoleUrl });
    for (const recipient of recipients) {
      try {
        if (await mailOnce(db, mailer, alert, recipient, message)) sent += 1;
      } catch (error) {
        logger.error('alert e-mail failed', {
          alertId: alert.id,
          alertRecipientId: recipient.alertRecipientId,
          error: String(error),
        });
        failures.push(error);
      }
    }
  }
  if (failures.length > 0) throw failures[0];
  return sent;
}
