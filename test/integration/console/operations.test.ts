/**
 * The charger page's operations in headless Chromium: a reset of a simulated 1.6 charger answered
 * and listed among its recent operations, a port made inoperative (its status follows), and a reset
 * type its version lacks refused with the field the API names, nothing sent; its log got (the
 * simulator uploads, the page links to the file), a security log too (1.6's security extension). No page may throw or
 * log an error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { LocalStack } from '../../../lib/local/stack';
import type { Charger } from '../../../shared/api/routes/charger-views';
import type { Tenant } from '../support/stack';
import { pollUntil } from '../support/ocpp';
import {
  openChargerTab,
  openConsoleWithApiKey,
  openConsoleWithCharger,
  type ConsoleWithCharger,
} from '../support/console-page';
import { screenshot, type WatchedPage } from '../support/browser';

let ui: ConsoleWithCharger;
let stack: LocalStack;
let tenant: Tenant;
let tab: WatchedPage;
let page: Page;
let charger: Charger;

beforeAll(async () => {
  ui = await openConsoleWithCharger(
    { ocppId: 'UIOPS', name: 'Ops charger', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
    { protocol: 'ocpp1.6' },
  );
  ({ stack, tenant, tab, page, charger } = ui);
}, 120_000);

afterAll(async () => ui?.close());

const portStatus = async () =>
  (await stack.db.port.get({ chargerId: charger.id, portNumber: 1 }).go({ consistent: true })).data?.ocppStatus?.status;

describe("the charger page's operations", () => {
  it('resets the charger, shows its answer and lists the operation', async () => {
    await openConsoleWithApiKey(page, stack.url, tenant.apiKey);
    await page.goto(`${stack.url}/#/chargers/${charger.id}`);
    await openChargerTab(page, 'Operations');
    const section = page.getByRole('region', { name: 'Operations' });
    await section.getByText('No operations yet.').waitFor();
    await section.getByLabel('Reset type').selectOption('Hard');
    await section.getByRole('button', { name: 'Reset' }).click();
    await section.getByText('Reset: completed: accepted (Accepted).').waitFor();
    await section.getByRole('table', { name: 'Recent operations' }).getByRole('row', { name: /reset/ }).waitFor();
    expect(tab.problems).toEqual([]);
  });

  it('makes a port inoperative: the port turns Unavailable', async () => {
    const section = page.getByRole('region', { name: 'Operations' });
    await section.getByLabel('Port').selectOption({ label: 'Port 1' });
    await section.getByRole('button', { name: 'Make inoperative' }).click();
    await section.getByText('Inoperative: completed: accepted (Accepted).').waitFor();
    expect(await pollUntil(portStatus, (s) => s === 'Unavailable', 'the port to turn Unavailable')).toBe('Unavailable');
    await section
      .getByRole('table', { name: 'Recent operations' })
      .getByRole('row', { name: /changeAvailability/ })
      .waitFor();
    await screenshot(page, 'charger-operations');
    expect(tab.problems).toEqual([]);
  });

  it("refuses a reset type the charger's version lacks, naming the field", async () => {
    const section = page.getByRole('region', { name: 'Operations' });
    await section.getByLabel('Port').selectOption({ label: 'The whole charger' });
    await section.getByLabel('Reset type').selectOption('OnIdle');
    await section.getByRole('button', { name: 'Reset' }).click();
    await section.getByText(/^Reset failed\./).waitFor();
    await section.getByText('body.type').waitFor();
    const rows = section.getByRole('table', { name: 'Recent operations' }).getByRole('row');
    expect(await rows.count()).toBe(3); // the header, the reset and the availability change: nothing recorded
    expect(tab.problems).toEqual([]);
  });

  it('gets the logs: the simulator uploads, and the page links to the file', async () => {
    await openChargerTab(page, 'Firmware and logs');
    const section = page.getByRole('region', { name: 'Firmware and logs' });
    await section.getByLabel('Log type').selectOption('DiagnosticsLog');
    await section.getByRole('button', { name: 'Get logs' }).click();
    const link = section.getByRole('link', { name: /^Download diagnostics-.*\.log$/ });
    await link.waitFor({ timeout: 20_000 });
    const response = await fetch((await link.getAttribute('href'))!);
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/^# DiagnosticsLog of /);
    await section
      .getByRole('table', { name: 'Recent operations' })
      .getByRole('row', { name: /getLog/ })
      .waitFor();
    await screenshot(page, 'charger-logs');
    expect(tab.problems).toEqual([]);
  });

  it("gets a security log from the 1.6 charger (the security extension's GetLog)", async () => {
    const section = page.getByRole('region', { name: 'Firmware and logs' });
    await section.getByLabel('Log type').selectOption('SecurityLog');
    await section.getByRole('button', { name: 'Get logs' }).click();
    const link = section.getByRole('link', { name: /^Download security-.*\.log$/ });
    await link.waitFor({ timeout: 20_000 });
    const response = await fetch((await link.getAttribute('href'))!);
    expect(await response.text()).toMatch(/^# SecurityLog of /);
    expect(tab.problems).toEqual([]);
  });
});
