/**
 * The charger page's Security tab in headless Chromium: the charger's security profile (2 until
 * set), which an admin changes (the charger read again shows it; the API has it); the certificates
 * the CSMS CA issued and the security events, a critical one marked, as the API lists them; an
 * admin revokes an installed certificate once they confirm (the row and the API listing say
 * revoked), and sees the API's 409 for one stored without its CA's key ID; a viewer sees them but
 * no form to change the profile and no Revoke button. No page may throw or log an error.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Charger } from '../../../shared/api/routes/charger-views';
import { recordChargerCertificate } from '../../../shared/chargers';
import { registerCharger } from '../../../shared/chargers/registration';
import { recordSecurityEvent } from '../../../shared/history';
import type { WatchedPage } from '../support/browser';
import {
  askConfirmation,
  openChargerTab,
  openConsolePage,
  openConsoleWithApiKey,
  reopenConsoleAsViewer,
  type ConsolePage,
} from '../support/console-page';
import { api, uniqueOcppId } from '../support/stack';

let ui: ConsolePage;
let tab: WatchedPage;
let page: Page;
let charger: Charger;

/** Installed, stored with its CA's key ID: revocable. */
const REVOCABLE = 'c0ffee';
/** Stored with its CA's key ID, but the charger never had it (`NotDelivered`): no Revoke button. */
const NOT_INSTALLED = 'bad5e7';
/** Installed, stored without its CA's key ID (as before the certificate function recorded it): the API answers 409. */
const LEGACY = '5eca1d';

/** The certificate `serialNumber` as `GET /api/chargers/{id}/certificates` lists it. */
async function listed(serialNumber: string): Promise<{ revoked: boolean; revokedAt?: string } | undefined> {
  const read = await api(ui.stack, `/api/chargers/${charger.id}/certificates`, { key: ui.tenant.apiKey });
  return (read.body.data as { serialNumber: string; revoked: boolean; revokedAt?: string }[]).find(
    (c) => c.serialNumber === serialNumber,
  );
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
  // A CA's key ID is the SHA-256 of its public key in hexadecimal; revoking writes that CA's list.
  const caKeyId = 'cd'.repeat(32);
  for (const [serialNumber, deliveryStatus, ca] of [
    [LEGACY, 'Accepted', {}],
    [REVOCABLE, 'Accepted', { caKeyId }],
    [NOT_INSTALLED, 'NotDelivered', { caKeyId }],
  ] as const) {
    await recordChargerCertificate(db, {
      chargerId: charger.id,
      serialNumber,
      subject: `CN=${charger.ocppId},O=Fleet`,
      issuer: 'CN=Test CSMS CA',
      notBefore: new Date(now - 86_400_000).toISOString(),
      notAfter: new Date(now + 365 * 86_400_000).toISOString(),
      sha256: 'ab'.repeat(32),
      certificateType: 'ChargingStationCertificate',
      issuedAt: new Date(now - 86_400_000).toISOString(),
      deliveryStatus,
      ...ca,
    });
  }
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
  await openConsoleWithApiKey(page, ui.stack.url, ui.tenant.apiKey);
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
    await certificates.getByRole('cell', { name: LEGACY, exact: true }).waitFor();
    expect(await certificates.getByRole('cell', { name: `CN=${charger.ocppId},O=Fleet` }).count()).toBe(3);
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

  it('lets an admin revoke an installed certificate once confirmed: the row shows Revoked, the API lists it revoked', async () => {
    await page.goto(`${ui.stack.url}/#/chargers/${charger.id}/security`);
    const certificates = page.getByRole('region', { name: 'Certificates' });
    const row = certificates.getByRole('row').filter({ hasText: REVOCABLE });
    const notInstalled = certificates.getByRole('row').filter({ hasText: NOT_INSTALLED });
    await notInstalled.waitFor();
    expect(await notInstalled.getByRole('button').count()).toBe(0);

    const confirmation = await askConfirmation(row, `Revoke certificate ${REVOCABLE}`);
    await confirmation.getByText('this cannot be undone').waitFor();
    // Asked, not done: nothing was sent before the confirmation.
    expect(await listed(REVOCABLE)).toMatchObject({ revoked: false });
    await confirmation.getByRole('button', { name: 'Yes, revoke' }).click();

    await certificates
      .getByText(`Certificate ${REVOCABLE} revoked: the charger's next connection with it is refused.`)
      .waitFor();
    const badge = row.getByText('Revoked', { exact: true });
    await badge.waitFor();
    expect(await row.getByRole('button').count()).toBe(0);
    const revoked = await listed(REVOCABLE);
    expect(revoked).toMatchObject({ revoked: true });
    expect(revoked?.revokedAt).toBeDefined();
    // Its title is revokedAt on the site's clock (a time to the second).
    expect(await badge.getAttribute('title')).toMatch(/\d:\d{2}:\d{2}/);
    expect(tab.problems).toEqual([]);
  });

  it("shows the API's refusal of a certificate stored without its CA's key ID, and leaves it as it was", async () => {
    await page.goto(`${ui.stack.url}/#/chargers/${charger.id}/security`);
    const certificates = page.getByRole('region', { name: 'Certificates' });
    const row = certificates.getByRole('row').filter({ hasText: LEGACY });
    const confirmation = await askConfirmation(row, `Revoke certificate ${LEGACY}`);
    await confirmation.getByRole('button', { name: 'Yes, revoke' }).click();

    const refusal = certificates.getByRole('alert');
    await refusal.getByText(`Certificate ${LEGACY} was not revoked. 409:`).waitFor();
    expect(await refusal.textContent()).toContain("without its CA's key ID");
    expect(await row.getByText('Revoked', { exact: true }).count()).toBe(0);
    expect(await listed(LEGACY)).toMatchObject({ revoked: false });
    expect(tab.problems).toEqual([]);
  });

  it('shows a viewer the same, without the form or a Revoke button', async () => {
    await reopenConsoleAsViewer(ui);
    await page.goto(`${ui.stack.url}/#/chargers/${charger.id}/security`);
    const profile = page.getByRole('region', { name: 'Security profile' });
    await profile
      .getByText("Changing a charger's security profile needs the role admin or above; you are a viewer.")
      .waitFor();
    expect(await profile.getByRole('button', { name: 'Save profile' }).count()).toBe(0);
    const certificates = page.getByRole('region', { name: 'Certificates' });
    await certificates
      .getByText("Revoking a charger's certificate needs the role admin or above; you are a viewer.")
      .waitFor();
    await certificates.getByRole('cell', { name: LEGACY, exact: true }).waitFor();
    expect(await certificates.getByRole('button').count()).toBe(0);
    expect(tab.problems).toEqual([]);
  });
});
