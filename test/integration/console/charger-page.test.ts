/**
 * The charger page's configuration and local list in headless Chromium: the configuration
 * (docs/charger-configuration.md) never read, then read from a strict-mode OCPP 1.6 charger with
 * the button, listed with when it was read, read-only keys and the settings the product relies on;
 * the local list (docs/local-authorization-list.md) never sent, then its Full update asked with the
 * button. No page may throw or log an error.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RPCClient } from 'ocpp-rpc';
import { openChargerTab, openConsolePage, openConsoleWithApiKey, type ConsolePage } from '../support/console-page';
import { connectCharger } from '../support/ocpp';
import { uniqueOcppId } from '../support/stack';
import { registerCharger } from '../../../shared/chargers/registration';

let ui: ConsolePage;
let client: RPCClient;
let chargerId: number;
const asked: unknown[] = [];

beforeAll(async () => {
  ui = await openConsolePage();
  const ocppId = uniqueOcppId('CFGUI');
  const charger = await registerCharger(ui.stack.db, {
    siteId: ui.tenant.siteId,
    ocppId,
    name: 'Configured',
    type: 'Level 2',
    ports: [{ connectorType: 'J1772' }],
  });
  chargerId = charger.id;
  client = await connectCharger(ui.stack, ocppId, 'ocpp1.6', undefined, (c) =>
    c.handle('GetConfiguration', async ({ params }: { params?: unknown }) => {
      asked.push(params);
      return {
        configurationKey: [
          { key: 'HeartbeatInterval', readonly: false, value: '540' },
          { key: 'NumberOfConnectors', readonly: true, value: '1' },
        ],
      };
    }),
  );
}, 120_000);

afterAll(async () => {
  await client?.close();
  await ui?.close();
});

describe('the configuration on the charger page', () => {
  it('reads the configuration from the charger with the button and lists it with when it was read', async () => {
    const { page, stack, tenant, tab } = ui;
    await openConsoleWithApiKey(page, stack.url, tenant.apiKey);
    await page.goto(`${stack.url}/#/chargers/${chargerId}`);
    await openChargerTab(page, 'Configuration');
    const section = page.getByRole('region', { name: 'Configuration' });
    await section.getByText('Never read from the charger.').waitFor();

    await section.getByRole('button', { name: 'Read from charger' }).click();
    await section.getByText('The charger sent its configuration.').waitFor();
    await section.getByText(/^Read .*\(GetConfiguration\)\.$/).waitFor();
    expect(asked).toEqual([{}]);
    const rows = await section.locator('tbody tr').allInnerTexts();
    expect(rows.map((row) => row.split('\t').map((cell) => cell.trim()))).toEqual([
      ['HeartbeatInterval', '540', 'the product relies on it ⓘ'],
      ['NumberOfConnectors', '1', 'read-only'],
    ]);
    expect(tab.problems).toEqual([]);
  });
});

describe('the local list on the charger page', () => {
  it('shows a list never sent and asks for the whole list again with the button', async () => {
    const { page, stack, tab } = ui;
    await page.goto(`${stack.url}/#/chargers/${chargerId}`);
    await openChargerTab(page, 'Configuration');
    const section = page.getByRole('region', { name: 'Local authorization list' });
    await section.getByText('Never sent').waitFor();
    expect(await section.locator('dd').allInnerTexts()).toEqual([
      'Never sent',
      'not asked since its last boot',
      '0',
      '0',
      'none',
    ]);
    await section.getByRole('button', { name: 'Send the whole list again' }).click();
    await section.getByText('The whole list is sent again as soon as the charger is connected.').waitFor();
    await section.getByText('Resend asked').waitFor();
    const { data } = await stack.db.localAuthList.get({ chargerId }).go();
    expect(data).toMatchObject({ fullRequired: true });
    expect(tab.problems).toEqual([]);
  });
});

/** The OCPP version the Overview's details show (`OCPP 1.6`, or `—` before any connection). */
async function ocppVersionShown(page: Page): Promise<string | null> {
  const details = page.locator('dl.details dt', { hasText: /^OCPP$/ }).locator('+ dd');
  return (await details.count()) ? details.textContent() : null;
}

describe("a charger's commands and health", () => {
  it('disables the commands of a charger that never connected, says why, and shows no health figures', async () => {
    const { page, stack, tab } = ui;
    const never = await registerCharger(ui.stack.db, {
      siteId: ui.tenant.siteId,
      ocppId: uniqueOcppId('NEVERUI'),
      name: 'Not installed',
      type: 'Level 2',
      ports: [{ connectorType: 'J1772' }],
    });
    await page.goto(`${stack.url}/#/chargers/${never.id}`);
    const ports = page.getByRole('region', { name: 'Ports' });
    await expect.poll(() => ocppVersionShown(page)).toBe('—');
    await ports.getByText('The charger has never connected: commands cannot reach it until it does.').waitFor();
    const start = ports.getByRole('button', { name: 'Start port 1' });
    expect(await start.isDisabled()).toBe(true);
    expect(await start.getAttribute('aria-describedby')).toBe('ports-blocked');
    await openChargerTab(page, 'Operations');
    const operations = page.getByRole('region', { name: 'Operations' });
    await operations.getByText(/^The charger has never connected/).waitFor();
    for (const name of ['Reset', 'Trigger message', 'Make inoperative', 'Clear cache'])
      expect(await operations.getByRole('button', { name, exact: true }).isDisabled()).toBe(true);
    await openChargerTab(page, 'Health');
    await page
      .getByRole('region', { name: 'Health' })
      .getByText('No figures: the charger has never connected (health counts from its first connection).')
      .waitFor();
    expect(tab.problems).toEqual([]);
  });

  it('enables the commands of a connected charger and counts its health from its first connection', async () => {
    const { page, stack, tab } = ui;
    await page.goto(`${stack.url}/#/chargers/${chargerId}`);
    // The version its connection negotiated, as the charger read answers it.
    await expect.poll(() => ocppVersionShown(page)).toBe('OCPP 1.6');
    await openChargerTab(page, 'Operations');
    const operations = page.getByRole('region', { name: 'Operations' });
    const reset = operations.getByRole('button', { name: 'Reset', exact: true });
    await reset.waitFor();
    await expect.poll(() => reset.isDisabled()).toBe(false);
    expect(await page.getByText(/commands cannot reach it/).count()).toBe(0);
    await openChargerTab(page, 'Health');
    const period = page.getByRole('region', { name: 'Health' }).locator('dt', { hasText: 'Period' }).locator('+ dd');
    await expect
      .poll(async () => (await period.textContent()) ?? '')
      .toMatch(/^since its first connection, .+ \(.+\)$/);
    expect(tab.problems).toEqual([]);
  });
});

describe('the charger page in tabs', () => {
  it("shows one tab at a time, marked among the tab links, and the message log of the charger's OCPP exchanges", async () => {
    const { page, stack, tab } = ui;
    await page.goto(`${stack.url}/#/chargers/${chargerId}/message-log`);
    const tabs = page.getByRole('navigation', { name: 'Charger tabs' });
    await tabs.waitFor();
    expect(await tabs.getByRole('link').allTextContents()).toEqual([
      'Overview',
      'Sessions',
      'Configuration',
      'Operations',
      'Firmware and logs',
      'Security',
      'Health',
      'Message log',
    ]);
    expect(await tabs.getByRole('link', { name: 'Message log' }).getAttribute('aria-current')).toBe('page');
    const log = page.getByRole('region', { name: 'Message log' });
    // The configuration read above: the CSMS's GetConfiguration and the charger's answer.
    const read = log
      .getByRole('table', { name: 'OCPP messages' })
      .getByRole('row')
      .filter({ hasText: 'GetConfiguration' });
    await expect
      .poll(async () => {
        await log.getByRole('button', { name: 'Refresh' }).click();
        return read.count();
      })
      .toBeGreaterThan(0);
    expect(await read.first().textContent()).toMatch(/CSMS\s*GetConfiguration\s*CALLRESULT/);
    expect(await page.getByRole('region', { name: 'Operations' }).count()).toBe(0);

    await openChargerTab(page, 'Overview');
    await page.getByRole('region', { name: 'Ports' }).waitFor();
    expect(await page.getByRole('region', { name: 'Message log' }).count()).toBe(0);
    expect(new URL(page.url()).hash).toBe(`#/chargers/${chargerId}`);
    expect(tab.problems).toEqual([]);
  });
});
