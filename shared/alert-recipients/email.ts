/**
 * E-mail to alert recipients (issue 27 item 4): each `alert.raised` event goes to the
 * organization's recipients who want its type and site.
 *
 * Seam: the recipients module (`shared/alert-recipients/`) fills this in; until then nothing is sent.
 */
import type { Db } from '../db';
import type { NotificationEvent } from '../events/types';

/**
 * Sends the e-mails `events` call for (only `alert.raised` events are mailed).
 * @returns how many messages were sent
 */
export async function emailAlerts(_db: Db, _events: readonly NotificationEvent[]): Promise<number> {
  return 0;
}
