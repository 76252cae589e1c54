/**
 * The operator console in headless Chromium against a local stack seeded with the demo data, both
 * demo chargers simulated (OCPP 2.0.1 DC with 2 EVSEs, OCPP 1.6 AC): sign in with the demo key,
 * see both chargers, start a session with the remote start button and see its power, set a cost
 * limit and see its line on the chart and the limit smart charging gives the session's port, stop the session, the vehicles and their departures, and
 * the API reference. Every page is screenshotted to test/artifacts/; no page may throw or log an
 * error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedDemo, type DemoData } from '../../../lib/local/seed';
import type { LocalStack } from '../../../lib/local/stack';
import { startSimulator, type Simulator } from '../../../lib/simulator';
import { LINE_COLOURS } from '../../../lib/console/src/power-data';
import { api, startTestStack } from '../support/stack';
import { countPixels, launchBrowser, screenshot, type TestBrowser, type WatchedPage } from '../support/browser';
import { openChargerTab } from '../support/console-page';

// Browser globals, used only inside page.evaluate/waitForFunction callbacks (no DOM lib in Node's program).
declare const document: {
  activeElement: { textContent: string | null } | null;
  cookie: string;
  querySelector(selector: string): { textContent: string | null; hasAttribute(name: string): boolean } | null;
  querySelectorAll(selector: string): { length: number };
};
declare const sessionStorage: Record<string, string>;

let stack: LocalStack;
let demo: DemoData;
let browser: TestBrowser;
let simulators: Simulator[] = [];
let tab: WatchedPage;
let page: Page;
const requested: string[] = [];

const dcfc = () => demo.chargers.find((charger) => charger.type === 'DCFC')!;
const level2 = () => demo.chargers.find((charger) => charger.type === 'Level 2')!;

beforeAll(async () => {
  stack = await startTestStack({ smartCharging: true });
  demo = await seedDemo(stack.db);
  simulators = await Promise.all([
    startSimulator({
      ocppId: dcfc().ocppId!,
      protocol: 'ocpp2.0.1',
      url: stack.ocppUrl,
      connectors: 2,
      currentType: 'DC',
      meterIntervalSeconds: 1,
    }),
    startSimulator({
      ocppId: level2().ocppId!,
      protocol: 'ocpp1.6',
      url: stack.ocppUrl,
      currentType: 'AC',
      meterIntervalSeconds: 1,
    }),
  ]);
  browser = await launchBrowser();
  tab = await browser.newPage();
  page = tab.page;
  page.on('request', (request) => requested.push(request.url()));
}, 120_000);

afterAll(async () => {
  await Promise.all(simulators.map((simulator) => simulator.close().catch(() => undefined)));
  await browser?.close();
  await stack?.close();
});

/**
 * Presses Tab until the focused element's text is `text`, then Enter (the keyboard path to a link or
 * button). Focus may start anywhere on the page (a same-page navigation keeps the previous page's
 * starting point), so it may take a round through every focusable element and back to the top.
 */
async function tabTo(text: string): Promise<void> {
  const focusable = await page.evaluate(
    () => document.querySelectorAll('a[href], button, input, select, textarea, [tabindex]').length,
  );
  for (let presses = 0; presses < focusable + 2; presses += 1) {
    await page.keyboard.press('Tab');
    if ((await page.evaluate(() => document.activeElement?.textContent?.trim())) === text)
      return page.keyboard.press('Enter');
  }
  throw new Error(`no focusable element "${text}" within ${focusable + 2} Tab presses`);
}

/** The power cell of a port row. */
const powerCell = (portId: number) => page.locator(`tr[data-port-id="${portId}"] td.power`);

describe('operator console', () => {
  it('opens on the key form; the demo key, typed and sent with Enter, shows both demo chargers', async () => {
    await page.goto(`${stack.url}/`);
    await page.getByLabel('API key').focus();
    await page.keyboard.type(demo.apiKey);
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { name: 'Demo Depot' }).waitFor();
    await page.getByRole('link', { name: 'Depot DCFC 1' }).waitFor();
    await page.getByRole('link', { name: 'Depot Level 2 1' }).waitFor();
    // 2 DC ports + 1 AC port, all reported Available by the simulators.
    await page.locator('.badge', { hasText: 'Available' }).nth(2).waitFor();
    await screenshot(page, 'sites');

    expect(await page.evaluate(() => Object.values(sessionStorage))).toEqual([demo.apiKey]);
    expect(await page.evaluate(() => document.cookie)).toBe('');
    expect(requested.filter((url) => url.includes(demo.apiKey))).toEqual([]);
    expect(tab.problems).toEqual([]);
  });

  it("starts a session with the remote start button, shows the charger's answer, its power and vehicle", async () => {
    await page.getByRole('link', { name: 'Depot Level 2 1' }).click();
    await page.getByRole('heading', { name: 'Depot Level 2 1', level: 1 }).waitFor();
    const [port] = (await api(stack, `/api/chargers/${level2().id}`, { key: demo.apiKey })).body.data.ports;

    await page.getByLabel(/Tag for a remote start/).fill('SIM-TAG-1');
    await page.getByRole('button', { name: 'Start port 1' }).click();

    await page.getByText('Port 1: the charger answered Accepted to the remote start').waitFor();
    await page.waitForFunction(
      (id) => parseFloat(document.querySelector(`tr[data-port-id="${id}"] td.power`)?.textContent ?? '') > 0,
      port.id,
    );
    await page.locator(`tr[data-port-id="${port.id}"]`, { hasText: 'Demo Van 1' }).waitFor();
    await page.locator(`tr[data-port-id="${port.id}"] .badge`, { hasText: 'Charging' }).waitFor();
    await screenshot(page, 'charger');
    // The sessions and health tabs come from the real endpoints: the session in progress is listed.
    await openChargerTab(page, 'Sessions');
    await page.getByRole('cell', { name: 'in progress' }).waitFor();
    await openChargerTab(page, 'Health');
    await page.getByText('Uptime', { exact: true }).waitFor();
    expect(await page.getByText('not available yet').count()).toBe(0);

    await page.getByRole('link', { name: 'Sites', exact: true }).click();
    await page.locator('.badge', { hasText: 'Charging' }).waitFor();
    await page.getByText(/now [1-9][0-9.]* kW/).waitFor();
    await screenshot(page, 'sites-live');
    expect(tab.problems).toEqual([]);
  });

  it("draws the site's power and, once set from the page, the cost limit's line on the chart", async () => {
    await page.getByRole('link', { name: 'Site power' }).click();
    const figure = page.locator('figure.chart');
    await figure.locator('figcaption', { hasText: /Now [1-9][0-9.]* kW/ }).waitFor();
    expect(await figure.getAttribute('data-cost-y')).toBeNull();
    const attribute = async (name: string) => Number(await figure.getAttribute(`data-${name}`));
    const plot = {
      x: await attribute('plot-left'),
      y: await attribute('plot-top'),
      width: await attribute('plot-width'),
      height: await attribute('plot-height'),
    };
    // The canvas is drawn in the frame after the figure's attributes: poll for the pixels.
    await expect.poll(() => countPixels(page, 'figure.chart canvas', plot, LINE_COLOURS.power)).toBeGreaterThan(0);

    // The form defaults to a capacity limit (the README's); this one is a cost limit.
    const type = page.getByRole('form', { name: 'Set a limit' }).getByLabel('Type');
    expect(await type.inputValue()).toBe('capacity');
    await type.selectOption('cost');
    await page.getByLabel('Limit', { exact: true }).fill('5');
    await page.getByRole('button', { name: 'Set limit' }).click();

    await page.getByText('The cost limit is now 5.00 kW.').waitFor();
    await page.getByRole('listitem').filter({ hasText: 'Cost limit 5.00 kW' }).waitFor();
    await figure.locator('figcaption', { hasText: 'Cost limit 5.00 kW' }).waitFor();
    await page.waitForFunction(() => document.querySelector('figure.chart')?.hasAttribute('data-cost-y'));
    // A dashed 2-pixel line across the plot: well over half its width in the line's colour (the row
    // read again on each try: the 5-s refresh may redraw the chart on a new scale in between).
    const costLinePixels = async () => {
      const row = { ...plot, y: (await attribute('cost-y')) - 1, height: 3 };
      return countPixels(page, 'figure.chart canvas', row, LINE_COLOURS.cost);
    };
    await expect.poll(costLinePixels, { timeout: 10_000 }).toBeGreaterThan(plot.width / 2);
    // Smart charging enforces it: the session's port gets a limit the simulated charger accepted.
    const allocated = page.locator('table', { has: page.locator('caption', { hasText: 'Allocated limit per port' }) });
    await allocated.getByRole('row').filter({ hasText: 'Accepted' }).first().waitFor();
    await screenshot(page, 'site-power');
    expect(tab.problems).toEqual([]);
  });

  it('says which field the API refused in a limit', async () => {
    await page.getByLabel('Unit').selectOption('A');
    await page.getByLabel('Limit', { exact: true }).fill('40');
    await page.getByRole('button', { name: 'Set limit' }).click();

    await page.getByText('body.sitePowerLimitSchedule.chargingRateUnit').waitFor();
    expect(tab.problems).toEqual([]);
  });

  it('stops the session with the remote stop button', async () => {
    await page.goto(`${stack.url}/#/chargers/${level2().id}`);
    // The demo's chargers have no OCPP password: the page says so, naming the identity.
    const warning = page.getByRole('status').filter({ hasText: 'No OCPP password.' });
    expect(await warning.textContent()).toContain(level2().ocppId);
    await page.getByRole('button', { name: 'Stop port 1' }).click();

    await page.getByText('Port 1: the charger answered Accepted to the remote stop').waitFor();
    await page.getByRole('button', { name: 'Start port 1' }).waitFor();
    const [port] = (await api(stack, `/api/chargers/${level2().id}`, { key: demo.apiKey })).body.data.ports;
    expect(await powerCell(port.id).textContent()).toBe('—');
    // The history tabs come from the real endpoints, each loaded as it opens: the session just stopped is listed.
    await openChargerTab(page, 'Sessions');
    const recent = page.getByRole('region', { name: 'Recent sessions (7 days)' });
    await recent.getByRole('columnheader', { name: 'Energy' }).waitFor();
    await openChargerTab(page, 'Health');
    await page.getByRole('region', { name: 'Health' }).getByText('Sessions', { exact: true }).waitFor();
    expect(await page.locator('.not-available').count()).toBe(0);
    expect(await page.getByText('No figures for this charger.').count()).toBe(0);
    expect(tab.problems).toEqual([]);
  });

  it('lists the vehicles with their next departure, target SoC and access IDs, reached with the keyboard', async () => {
    const [van] = (await api(stack, '/api/vehicles', { key: demo.apiKey })).body.data;
    const departureTime = new Date(Date.now() + 24 * 3600_000).toISOString();
    const sync = await api(stack, '/api/departure-times/vehicle', {
      key: demo.apiKey,
      method: 'POST',
      body: { vehicleId: van.id, departureTimes: [{ departureTime, targetSoc: 80, shiftName: 'Early' }] },
    });
    expect(sync.status).toBe(200);
    await page.goto(`${stack.url}/#/sites`);
    await page.getByRole('heading', { name: 'Sites', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Depot DCFC 1' }).waitFor(); // the page is drawn: no re-render while tabbing

    await tabTo('Vehicles');

    await page.getByRole('heading', { name: 'Vehicles and departures' }).waitFor();
    const row = page.getByRole('row', { name: /Demo Van 1\b/ });
    await row.getByText('target 80 %').waitFor();
    expect(await row.textContent()).toMatch(/Demo Logistics.*Early.*SIM-TAG-1/);
    await screenshot(page, 'vehicles');
    expect(tab.problems).toEqual([]);
  });

  it('renders the API reference at /api/docs with Swagger UI from this origin only', async () => {
    const docs = await browser.newPage();
    const urls: string[] = [];
    docs.page.on('request', (request) => urls.push(request.url()));
    await docs.page.goto(`${stack.url}/api/docs`);

    await docs.page.getByRole('heading', { name: /Charging Network Management API/ }).waitFor();
    await docs.page.locator('.opblock-summary-path', { hasText: /^\/api\/sites$/ }).click();
    await docs.page.locator('.opblock.is-open').getByText('Responses').waitFor();
    await docs.page.locator('.opblock.is-open .model-example, .opblock.is-open .highlight-code').first().waitFor();
    await screenshot(docs.page, 'api-docs');

    expect(urls.filter((url) => !url.startsWith(`${stack.url}/`) && !url.startsWith('data:'))).toEqual([]);
    expect(urls).toContain(`${stack.url}/api/docs/swagger-ui-bundle.js`);
    expect(docs.problems).toEqual([]);
  });
});
