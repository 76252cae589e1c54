/**
 * The site power page's tariff in headless Chromium: set a tariff through the form (rows added,
 * days unticked, a demand charge), see it listed by day and stored; the site's OCPP 2.1 station (a
 * strict client, sent the tariff from the table's stream) shown holding that version, on the site
 * power page and on its charger page; a tariff with a gap shows the API's 400 and the field it
 * names, and stores nothing; its deletion cancelled keeps it; delete it, once confirmed, and the
 * station holds none. No page may throw or log an error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { LocalStack } from '../../../lib/local/stack';
import type { RPCClient } from 'ocpp-rpc';
import { api, uniqueOcppId, type Tenant } from '../support/stack';
import { askConfirmation, openConsolePage, openConsoleWithApiKey, type ConsolePage } from '../support/console-page';
import { screenshot, type WatchedPage } from '../support/browser';
import { connectRecordingCharger } from '../support/ocpp';
import { registerCharger } from '../../../shared/chargers/registration';

let ui: ConsolePage;
let stack: LocalStack;
let tenant: Tenant;
let tab: WatchedPage;
let page: Page;
let station: RPCClient;
let stationId: number;
/** The tariff CALLs the 2.1 station received. */
const received: { action: string; params: any }[] = [];

beforeAll(async () => {
  // localList: the table's stream sender, which sends OCPP 2.1 stations their site's tariff.
  ui = await openConsolePage({ localList: true });
  ({ stack, tenant, tab, page } = ui);
  const ocppId = uniqueOcppId('TARIFF21');
  stationId = (
    await registerCharger(stack.db, {
      siteId: tenant.siteId,
      ocppId,
      name: 'Station 2.1',
      type: 'DCFC',
      ports: [{ connectorType: 'CCS1' }],
    })
  ).id;
  station = await connectRecordingCharger(
    stack,
    ocppId,
    'ocpp2.1',
    ['SetDefaultTariff', 'ClearTariffs'],
    received,
    () => (action, params) =>
      action === 'SetDefaultTariff'
        ? { status: 'Accepted' }
        : { clearTariffsResult: params.tariffIds.map((tariffId: string) => ({ tariffId, status: 'Accepted' })) },
  );
}, 120_000);

afterAll(async () => {
  await station?.close();
  await ui?.close();
});

const stored = async () => api(stack, `/api/sites/${tenant.siteId}/tariff`, { key: tenant.apiKey });

/** Fills period `n` of the form (it must exist), ticking exactly `days`. */
async function fillPeriod(n: number, name: string, days: string[], start: string, end: string, price: string) {
  await page.getByLabel(`Period ${n} name`).fill(name);
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'])
    await page.getByLabel(`Period ${n} ${day}`).setChecked(days.includes(day));
  await page.getByLabel(`Period ${n} start`).fill(start);
  await page.getByLabel(`Period ${n} end`).fill(end);
  await page.getByLabel(`Period ${n} price per kWh`).fill(price);
}

const EVERY_DAY = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const WEEKDAYS = EVERY_DAY.slice(0, 5);

describe('the tariff on the site power page', () => {
  it('sets a tariff through the form and lists it by day', async () => {
    await openConsoleWithApiKey(page, stack.url, tenant.apiKey);
    await page.goto(`${stack.url}/#/sites/${tenant.siteId}/power`);
    const section = page.getByRole('region', { name: 'Tariff' });
    await section.getByText(/^No tariff:/).waitFor();

    await fillPeriod(1, 'offPeak', EVERY_DAY, '00:00', '16:00', '0.12');
    await section.getByRole('button', { name: 'Add period' }).click();
    await fillPeriod(2, 'onPeak', WEEKDAYS, '16:00', '21:00', '0.45');
    await section.getByRole('button', { name: 'Add period' }).click();
    await fillPeriod(3, 'offPeak', EVERY_DAY, '21:00', '24:00', '0.12');
    await section.getByRole('button', { name: 'Add period' }).click();
    await fillPeriod(4, 'weekend', ['Saturday', 'Sunday'], '16:00', '21:00', '-0.02');
    await section.getByLabel('Currency').fill('USD');
    await section.getByLabel('Demand charge per kW').fill('15.51');
    await section.getByRole('button', { name: 'Save tariff' }).click();

    await section.getByText('The tariff is saved: 4 periods in USD.').waitFor();
    const days = section.getByRole('table', { name: 'Energy prices by day' });
    await days
      .getByRole('row', { name: /Monday/ })
      .getByText('00:00–16:00: offPeak, 0.12; 16:00–21:00: onPeak, 0.45; 21:00–24:00: offPeak, 0.12')
      .waitFor();
    await days
      .getByRole('row', { name: /Sunday/ })
      .getByText('00:00–16:00: offPeak, 0.12; 16:00–21:00: weekend, -0.02; 21:00–24:00: offPeak, 0.12')
      .waitFor();
    await section.getByText(/demand charge 15\.51 USD per kW/).waitFor();
    const { body } = await stored();
    expect(body.tariff).toMatchObject({
      currency: 'USD',
      timezone: 'America/Chicago',
      demandCharge: { pricePerKw: 15.51, billingPeriod: 'month' },
    });
    expect(body.tariff.energyPrices.map((p: { name: string }) => p.name)).toEqual([
      'offPeak',
      'onPeak',
      'offPeak',
      'weekend',
    ]);
    await screenshot(page, 'site-tariff');
    expect(tab.problems).toEqual([]);
  });

  it('shows the version the OCPP 2.1 station holds, on the site power page and on its charger page', async () => {
    const { body } = await stored();
    const holds = /Holds the site's current tariff \(the version of .+\)\. It answered Accepted on /;
    const stations = page.getByRole('list', { name: 'OCPP 2.1 stations' });
    await stations.getByRole('listitem').filter({ hasText: 'Station 2.1' }).filter({ hasText: holds }).waitFor();
    const sent = received.filter((call) => call.action === 'SetDefaultTariff');
    expect(sent.map((call) => call.params.tariff.tariffId)).toEqual([`site-${tenant.siteId}-${body.tariff.updatedAt}`]);
    await screenshot(page, 'site-tariff-stations');

    await stations.getByRole('link', { name: 'Station 2.1' }).click();
    await page.getByRole('heading', { name: 'Station 2.1', level: 1 }).waitFor();
    const detail = page.locator('dl.details > div', { has: page.getByText('Tariff', { exact: true }) });
    await detail.getByText(holds).waitFor();
    await screenshot(page, 'charger-tariff');
    // What the page says comes from the charger read.
    const read = await api(stack, `/api/chargers/${stationId}`, { key: tenant.apiKey });
    expect(read.body.data.defaultTariff).toMatchObject({ tariffUpdatedAt: body.tariff.updatedAt, held: true });
    await page.goto(`${stack.url}/#/sites/${tenant.siteId}/power`);
    await page.getByRole('region', { name: 'Tariff' }).getByLabel('Period 2 start').waitFor();
    expect(tab.problems).toEqual([]);
  });

  it("shows the API's 400 for a tariff with a gap, with the field it names, and stores nothing", async () => {
    const before = (await stored()).body;
    const section = page.getByRole('region', { name: 'Tariff' });
    // The form starts from the stored tariff; period 2 is on-peak: start it an hour late.
    await section.getByLabel('Period 2 start').fill('17:00');
    await section.getByRole('button', { name: 'Save tariff' }).click();

    const alert = section.getByRole('alert');
    await alert
      .getByText('The tariff was not saved: 400: Invalid energyPrices: Monday 16:00-17:00 is covered by no period')
      .waitFor();
    await alert.getByText('body.tariff.energyPrices', { exact: true }).waitFor();
    await screenshot(page, 'site-tariff-refused');
    expect((await stored()).body).toEqual(before);
    expect(tab.problems).toEqual([]);
  });

  it('asks before deleting the tariff, and Cancel keeps it', async () => {
    const before = (await stored()).body;
    const section = page.getByRole('region', { name: 'Tariff' });
    const question = await askConfirmation(section, 'Delete tariff');
    await question
      .getByText("Delete the site's tariff? Its prices are gone, sessions that end from now on carry no cost")
      .waitFor();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await section.getByRole('button', { name: 'Delete tariff' }).waitFor();
    const after = await stored();
    expect(after.status).toBe(200);
    expect(after.body).toEqual(before);
    expect(tab.problems).toEqual([]);
  });

  it('deletes the tariff once confirmed', async () => {
    const section = page.getByRole('region', { name: 'Tariff' });
    const question = await askConfirmation(section, 'Delete tariff');
    await question.getByRole('button', { name: 'Yes, delete' }).click();
    await section.getByText('The tariff was deleted.').waitFor();
    await section.getByText(/^No tariff:/).waitFor();
    expect((await stored()).status).toBe(404);
    // The station is told to clear it, and then holds none.
    await page
      .getByRole('list', { name: 'OCPP 2.1 stations' })
      .getByText('Holds none: the site has no tariff.')
      .waitFor();
    expect(received.map((call) => call.action)).toEqual(['SetDefaultTariff', 'ClearTariffs']);
    expect(tab.problems).toEqual([]);
  });
});
