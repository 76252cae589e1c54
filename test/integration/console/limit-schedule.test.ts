/**
 * The site power page's limit by time of day in headless Chromium: set one through the form
 * (weekday periods apart from the weekend's), see its periods listed by day and stored; a schedule
 * that leaves a weekday out shows the API's 400 and the field it names, and stores nothing; its
 * Remove asks first: Cancel keeps it, confirmed it is removed. No page may throw or log an error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { LocalStack } from '../../../lib/local/stack';
import { api, type Tenant } from '../support/stack';
import { askConfirmation, openConsolePage, openConsoleWithApiKey, type ConsolePage } from '../support/console-page';
import { screenshot, type WatchedPage } from '../support/browser';
import { WEEKDAY_DROP_SCHEDULES } from '../../support/limit-schedules';

let ui: ConsolePage;
let stack: LocalStack;
let tenant: Tenant;
let tab: WatchedPage;
let page: Page;

beforeAll(async () => {
  ui = await openConsolePage();
  ({ stack, tenant, tab, page } = ui);
}, 120_000);

afterAll(async () => ui?.close());

const stored = async () => (await api(stack, `/api/site/${tenant.siteId}/limits`, { key: tenant.apiKey })).body;

const EVERY_DAY = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const WEEKDAYS = EVERY_DAY.slice(0, 5);

/** Fills row `n` of the limit's form (it must exist), ticking exactly `days`. */
async function fillRow(n: number, days: string[], start: string, limit: string) {
  const form = page.getByRole('form', { name: 'Set a limit' });
  for (const day of EVERY_DAY) await form.getByLabel(`Limit row ${n} ${day}`).setChecked(days.includes(day));
  await form.getByLabel(`Limit row ${n} start`).fill(start);
  await form.getByLabel(`Limit row ${n} limit`).fill(limit);
}

describe('a limit by time of day on the site power page', () => {
  it('sets one through the form and lists its periods by day', async () => {
    await openConsoleWithApiKey(page, stack.url, tenant.apiKey);
    await page.goto(`${stack.url}/#/sites/${tenant.siteId}/power`);
    const section = page.getByRole('region', { name: 'Limits' });
    await section.getByText(/^No limits set/).waitFor();

    await section.getByLabel('Type').selectOption('capacity');
    await section.getByLabel('Shape').selectOption('timeOfDay');
    await fillRow(1, WEEKDAYS, '00:00', '300');
    await fillRow(2, WEEKDAYS, '16:00', '100');
    await section.getByRole('button', { name: 'Add row' }).click();
    await fillRow(3, ['Saturday', 'Sunday'], '00:00', '200');
    await section.getByRole('button', { name: 'Set limit' }).click();

    await section.getByText('The capacity limit now follows the time of day: 3 periods.').waitFor();
    await section.getByText('by time of day (site time, America/Chicago)').waitFor();
    const periods = section.getByRole('list', { name: 'Periods of the capacity limit' });
    await periods.getByText('Monday–Friday: 00:00 300.0 kW, 16:00 100.0 kW', { exact: true }).waitFor();
    await periods.getByText('Saturday, Sunday: 00:00 200.0 kW', { exact: true }).waitFor();
    // The chart draws flat limits only: it says where this one's periods are.
    await page.locator('figure.chart figcaption', { hasText: 'Limits by time of day, not drawn' }).waitFor();

    const { sitePowerLimitSchedules } = await stored();
    expect(sitePowerLimitSchedules).toEqual([
      expect.objectContaining({
        type: 'capacity',
        schedules: WEEKDAY_DROP_SCHEDULES,
      }),
    ]);
    await screenshot(page, 'site-limit-schedule');
    expect(tab.problems).toEqual([]);
  });

  it("shows the API's 400 for a schedule that leaves Sunday out, with the field it names, and stores nothing", async () => {
    const before = await stored();
    const section = page.getByRole('region', { name: 'Limits' });
    await section.getByLabel('Limit row 3 Sunday').setChecked(false);
    await section.getByRole('button', { name: 'Set limit' }).click();

    const alert = section.getByRole('alert');
    await alert
      .getByText(/Sunday \(7\) is in no schedule/)
      .first()
      .waitFor();
    await alert.getByText('body.sitePowerLimitSchedule.schedules', { exact: true }).waitFor();
    expect(await stored()).toEqual(before);
    expect(tab.problems).toEqual([]);
  });

  it('asks before removing the limit: Cancel keeps it, confirmed it is removed', async () => {
    const section = page.getByRole('region', { name: 'Limits' });
    const cancelled = await askConfirmation(section, 'Remove the capacity limit');
    await cancelled.getByText('Remove the capacity limit? Smart charging no longer keeps the site under it.').waitFor();
    await cancelled.getByRole('button', { name: 'Cancel' }).click();
    await section.getByRole('button', { name: 'Remove the capacity limit' }).waitFor();
    expect((await stored()).sitePowerLimitSchedules).toMatchObject([{ type: 'capacity' }]);

    const confirmed = await askConfirmation(section, 'Remove the capacity limit');
    await confirmed.getByRole('button', { name: 'Yes, remove' }).click();
    await section.getByText('The capacity limit was removed.').waitFor();
    await section.getByText(/^No limits set/).waitFor();
    expect((await stored()).sitePowerLimitSchedules).toEqual([]);
    expect(tab.problems).toEqual([]);
  });
});
