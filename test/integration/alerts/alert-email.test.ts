/**
 * Alert e-mail on the local stack: a raised alert is written as an `.eml` file
 * under the stack's mail directory for each enabled recipient who wants its type and site, the
 * alert's `recipientIds` records them, and the same batch delivered again sends nothing more.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestStack, type Tenant } from '../support/stack';
import type { LocalStack } from '../../../lib/local/stack';
import { createAlertRecipient } from '../../../shared/alert-recipients/recipients';
import { emailAlerts } from '../../../shared/alert-recipients/email';
import type { Alert } from '../../../shared/alerts/types';
import { alertView, clearAlert, episodeKey, raiseAlert } from '../../../shared/alerts/store';
import type { NotificationEvent } from '../../../shared/events/types';
import { createSite } from '../../../shared/chargers/sites';

let stack: LocalStack;
let tenant: Tenant;
let mailDir: string;

beforeAll(async () => {
  stack = await startTestStack();
  tenant = await createTenant(stack, [
    { ocppId: `AE-${Date.now()}`, name: 'Bay 7', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
  ]);
  mailDir = process.env.MAIL_DIR!;
});
afterAll(async () => {
  await stack?.close();
});

/** Raises an `offlineCharger` alert of the tenant's charger through the alert store; returns it as the API shows it. */
async function raiseOffline(muted = false): Promise<Alert> {
  const charger = tenant.chargers[0]!;
  const at = '2026-11-28T01:30:00.000Z';
  const { alert } = await raiseAlert(
    stack.db,
    {
      organizationId: tenant.organizationId,
      siteId: tenant.siteId,
      siteName: 'Depot',
      chargerId: charger.id,
      chargerName: 'Bay 7',
      type: 'offlineCharger',
      episodeKey: episodeKey('offlineCharger', 'charger', charger.id),
      details: { thresholdMinutes: 10 },
      at,
    },
    // Raised (written) at that time too, as if the clock said so.
    () => Date.parse(at),
  );
  // Cleared at once, so that the next test raises a new alert of the same episode (mailing reads no state).
  await clearAlert(stack.db, tenant.organizationId, alert.episodeKey, '2026-11-28T01:40:00.000Z');
  return { ...alertView(alert), muted };
}

const raised = (alert: Alert): NotificationEvent => ({
  id: `evt_alert_${alert.id}`,
  type: 'alert.raised',
  timestamp: alert.startTimestamp,
  organizationId: tenant.organizationId,
  siteId: alert.site.id,
  data: alert as unknown as Record<string, unknown>,
});

describe('alert e-mail', () => {
  it('mails each recipient who wants the type and site once, records them, and sends nothing on a retry', async () => {
    const scope = { organizationId: tenant.organizationId, scope: 'organization' as const };
    const otherSite = await createSite(stack.db, {
      organizationId: tenant.organizationId,
      name: 'Elsewhere',
      timezone: 'UTC',
    });
    const everySite = await createAlertRecipient(stack.db, scope, {
      name: 'Lead',
      email: 'lead@fleet.example.com',
      alertTypes: ['offlineCharger', 'chargerFaulted'],
    });
    const thisSite = await createAlertRecipient(stack.db, scope, {
      name: 'Depot tech',
      email: 'tech@fleet.example.com',
      alertTypes: ['offlineCharger'],
      siteIds: [tenant.siteId],
    });
    // Not mailed: another type, another site, disabled.
    await createAlertRecipient(stack.db, scope, {
      name: 'Planner',
      email: 'plan@fleet.example.com',
      alertTypes: ['lateCharging'],
    });
    await createAlertRecipient(stack.db, scope, {
      name: 'Other site',
      email: 'other@fleet.example.com',
      alertTypes: ['offlineCharger'],
      siteIds: [otherSite.id],
    });
    await createAlertRecipient(stack.db, scope, {
      name: 'Away',
      email: 'away@fleet.example.com',
      alertTypes: ['offlineCharger'],
      enabled: false,
    });

    const alert = await raiseOffline();
    const alertId = alert.id;
    const batch = [raised(alert), { ...raised(alert), id: 'evt_other', type: 'alert.cleared' as const }];
    expect(await emailAlerts(stack.db, batch)).toBe(2);

    const files = (await readdir(mailDir)).filter((f) => f.startsWith(`alert-${alertId}-`)).sort();
    expect(files).toEqual([
      `alert-${alertId}-recipient-${everySite.id}.eml`,
      `alert-${alertId}-recipient-${thisSite.id}.eml`,
    ]);
    // Quoted-printable: long lines are folded with a soft break (`=` at the end).
    const message = (await readFile(join(mailDir, files[1]!), 'utf8')).replace(/=\n/g, '');
    expect(message).toMatch(/^To: tech@fleet\.example\.com$/m);
    expect(message).toMatch(/^From: alerts@charging-network\.localhost$/m);
    expect(message).toMatch(/^Subject: Charger offline: Bay 7 at Depot$/m);
    expect(message).toContain('The charger has sent nothing for 10 minutes and did not answer a probe.');
    // 01:30 UTC is 19:30 the day before in Chicago (the site's zone).
    expect(message).toContain('Raised: 27 Nov 2026, 19:30 (America/Chicago)');
    expect(message).toContain(`${stack.url}/#/alerts`);

    const { data } = await stack.db.alert.get({ alertId }).go({ consistent: true });
    expect([...(data?.recipientIds ?? [])].sort((a, b) => a - b)).toEqual([everySite.id, thisSite.id]);

    // The same batch again (a retried stream batch): nothing more is sent or recorded.
    expect(await emailAlerts(stack.db, batch)).toBe(0);
    expect((await readdir(mailDir)).filter((f) => f.startsWith(`alert-${alertId}-`))).toHaveLength(2);
    const again = await stack.db.alert.get({ alertId }).go({ consistent: true });
    expect(again.data?.recipientIds).toHaveLength(2);
  });

  it('sends nothing for a muted alert', async () => {
    const alert = await raiseOffline(true);
    const alertId = alert.id;
    expect(await emailAlerts(stack.db, [raised(alert)])).toBe(0);
    expect((await readdir(mailDir)).filter((f) => f.startsWith(`alert-${alertId}-`))).toEqual([]);
  });
});
