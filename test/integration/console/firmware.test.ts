/**
 * Firmware in headless Chromium: a simulated 2.0.1 charger's firmware updated from the charger page
 * (its result followed in the recent operations), then a campaign to its model started from the
 * firmware page, its progress per charger shown until every charger is installed; an http URL
 * refused with the field the API names. No page may throw or log an error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { LocalStack } from '../../../lib/local/stack';
import type { Charger } from '../../../shared/api/routes/charger-views';
import type { Tenant } from '../support/stack';
import {
  openChargerTab,
  openConsoleWithApiKey,
  openConsoleWithCharger,
  type ConsoleWithCharger,
} from '../support/console-page';
import { screenshot, type WatchedPage } from '../support/browser';
import { pollUntil } from '../support/ocpp';

let ui: ConsoleWithCharger;
let stack: LocalStack;
let tenant: Tenant;
let tab: WatchedPage;
let page: Page;
let charger: Charger;
const MODEL = `UI-FW-${Date.now()}`;

beforeAll(async () => {
  ui = await openConsoleWithCharger(
    { ocppId: 'UIFW', name: 'Firmware charger', type: 'DCFC', ports: [{ connectorType: 'CCS1' }] },
    { protocol: 'ocpp2.0.1', info: { model: MODEL }, firmware: { stepMs: 200 } },
  );
  ({ stack, tenant, tab, page, charger } = ui);
}, 120_000);

afterAll(async () => ui?.close());

describe('firmware in the console', () => {
  it("updates a charger's firmware from its page", async () => {
    await openConsoleWithApiKey(page, stack.url, tenant.apiKey);
    await page.goto(`${stack.url}/#/chargers/${charger.id}`);
    await openChargerTab(page, 'Firmware and logs');
    const section = page.getByRole('region', { name: 'Firmware and logs' });
    await section.getByLabel('Firmware URL').fill('http://fw.example.com/v2.bin');
    await section.getByRole('button', { name: 'Update firmware' }).click();
    await section.getByText('body.location', { exact: true }).waitFor();
    await section.getByLabel('Firmware URL').fill('https://fw.example.com/v2.bin');
    await section.getByRole('button', { name: 'Update firmware' }).click();
    await section.getByText(/^Update firmware: scheduled \(Accepted\)/).waitFor();
    await section
      .getByRole('table', { name: 'Recent operations' })
      .getByRole('row', { name: /updateFirmware/ })
      .waitFor();
    expect(tab.problems).toEqual([]);
    // The simulator goes on with this update (and reboots) after the test has seen it scheduled: the
    // campaign below must find the charger installed and connected again, not rebooting (a charger not
    // connected is skipped by a campaign).
    await pollUntil(
      async () => (await stack.db.charger.get({ chargerId: charger.id }).go({ consistent: true })).data,
      (c) => c?.firmwareStatus?.status === 'Installed' && c.connectionStatus?.status === 'Connected',
      'the first update installed and the charger connected again',
      60_000,
    );
  }, 90_000);

  it('starts a campaign to a model and shows its progress per charger to the end', async () => {
    await page.getByRole('link', { name: 'Firmware', exact: true }).click();
    await page.getByRole('heading', { name: 'Firmware', level: 1 }).waitFor();
    const form = page.getByRole('region', { name: 'New campaign' });
    await form.getByLabel('Model').fill(MODEL);
    await form.getByLabel('Firmware URL').fill('https://fw.example.com/v3.bin');
    await form.getByLabel('At once', { exact: true }).fill('1');
    await form.getByRole('button', { name: 'Start campaign' }).click();
    await form.getByText(/^Campaign started:/).waitFor();
    const progress = page.getByRole('region', { name: 'Campaign progress' });
    const row = progress.getByRole('table', { name: 'Progress per charger' }).getByRole('row', { name: /installed/ });
    // The simulator's update (200 ms steps and a reboot) is followed by the page's poll: bounds for a
    // loaded machine, not figures.
    await row.waitFor({ timeout: 60_000 });
    await progress.getByText(/^completed/).waitFor({ timeout: 60_000 });
    await page
      .getByRole('table', { name: 'Campaigns' })
      .getByRole('row', { name: /v3\.bin completed/ })
      .waitFor();
    await screenshot(page, 'firmware-campaign');
    expect(tab.problems).toEqual([]);
  }, 120_000);
});
