/**
 * The charger page's Security tab in headless Chromium: the charger's security profile (2 until
 * set), which an admin changes (the charger read again shows it; the API has it); the certificates
 * the CSMS CA issued and the security events, a critical one marked, as the API lists them; a
 * viewer sees them but no form to change the profile. No page may throw or log an error.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../../shared/api/api-keys';
import type { Charger } from '../../../shared/api/routes/charger-views';
import { recordChargerCertificate } from '../../../shared/chargers';
import { registerCharger } from '../../../shared/chargers/registration';
import { recordSecurityEvent } from '../../../shared/history';
import type { WatchedPage } from '../support/browser';
import { openChargerTab, openConsolePage, type ConsolePage } from '../support/console-page';
import { api, uniqueOcppId } from '../support/stack';

let ui: ConsolePage;
let tab: WatchedPage;
let page: Page;
let charger: Charger;

/** Opens the console with `apiKey`. */
async function signIn(apiKey: string): Promise<void> {
  await page.goto(`${ui.stack.url}/`);
  await page.getByLabel('API key').fill(apiKey);
  await page.getByRole('button', { name: 'Open console' }).click();
  await page.getByRole('heading', { name: 'Sites', level: 1 }).waitFor();
}

beforeAll(async () => {
  ui = await openConsolePage();
  ({ tab, page } = ui);
  const { db } = ui.stack;
  charger = await registerCharger(db, {
    ocppId: uniqueOcppId('UISEC'),
    name: 'Secure DC',
    type: 'DCFC',
    ports: [{ connectorType: 'CCS1' }],
    siteId: ui.tenant.siteId,
  });
  const now = Date.now();
  await recordChargerCertificate(db, {
    chargerId: charger.id,
    serialNumber: '5eca1d',
    subject: `CN=${charger.ocppId},O=Fleet`,
    issuer: 'CN=Test CSMS CA',
    notBefore: new Date(now - 86_400_000).toISOString(),
    notAfter: new Date(now + 365 * 86_400_000).toISOString(),
    sha256: 'ab'.repeat(32),
    certificateType: 'ChargingStationCertificate',
    issuedAt: new Date(now - 86_400_000).toISOString(),
    deliveryStatus: 'Accepted',
  });
  for (const [type, techInfo] of [
    ['FirmwareTampered', 'image hash mismatch'],
    ['StartupOfTheDevice', null],
  ] as const) {
    await recordSecurityEvent(db, {
      chargerId: charger.id,
      timestamp: new Date(now - (type === 'FirmwareTampered' ? 60_000 : 120_000)).toISOString(),
      type,
      techInfo: techInfo ?? undefined,
      source: 'charger',
      receivedAt: new Date(now).toISOString(),
    });
  }
  await signIn(ui.tenant.apiKey);
}, 120_000);

afterAll(async () => {
  await ui?.close();
});

describe("the charger page's Security tab", () => {
  it("shows the profile, the CA's certificates and the security events, and lets an admin change the profile", async () => {
    await page.goto(`${ui.stack.url}/#/chargers/${charger.id}`);
    await openChargerTab(page, 'Security');
    const profile = page.getByRole('region', { name: 'Security profile' });
    await profile.getByText('2: password over TLS').first().waitFor();
    const certificates = page.getByRole('region', { name: 'Certificates' });
    await certificates.getByRole('cell', { name: `CN=${charger.ocppId},O=Fleet` }).waitFor();
    expect(await certificates.getByRole('cell', { name: '5eca1d' }).count()).toBe(1);
    const events = page.getByRole('region', { name: 'Security events' });
    const tampered = events.getByRole('row').filter({ hasText: 'FirmwareTampered' });
    await tampered.waitFor();
    expect(await tampered.getByRole('cell', { name: 'critical' }).count()).toBe(1);
    expect(await events.getByRole('row').filter({ hasText: 'StartupOfTheDevice' }).getByText('critical').count()).toBe(
      0,
    );

    await profile.getByLabel('Security profile').selectOption('3');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await profile.getByText("Security profile 3: it applies from the charger's next connection.").waitFor();
    await profile.getByText('3: client certificate (TLS)').first().waitFor();
    const read = await api(ui.stack, `/api/chargers/${charger.id}`, { key: ui.tenant.apiKey });
    expect(read.body.data.securityProfile).toBe(3);
    expect(tab.problems).toEqual([]);
  });

  it('shows a viewer the same, without the form', async () => {
    const viewer = await createApiKey(ui.stack.db, {
      organizationId: ui.tenant.organizationId,
      scope: 'organization',
      role: 'viewer',
    });
    await page.getByRole('button', { name: 'Forget key' }).click();
    await signIn(viewer.apiKey);
    await page.goto(`${ui.stack.url}/#/chargers/${charger.id}/security`);
    const profile = page.getByRole('region', { name: 'Security profile' });
    await profile
      .getByText("Changing a charger's security profile needs the role admin or above; you are a viewer.")
      .waitFor();
    expect(await profile.getByRole('button', { name: 'Save profile' }).count()).toBe(0);
    await page.getByRole('region', { name: 'Certificates' }).getByRole('cell', { name: '5eca1d' }).waitFor();
    expect(tab.problems).toEqual([]);
  });
});
