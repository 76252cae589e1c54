/**
 * The operator console when things go wrong, in headless Chromium: a wrong, malformed, missing or
 * revoked key, a rate-limited key, an API that goes down, an organization without sites, a charger
 * with 40 ports and a 200-character name on a phone screen, unknown pages. Each time the page says
 * what happened and stays usable, and no page throws or logs an error.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loadHandlers, startLocalGateway } from '../../../lib/local/gateway';
import type { LocalStack } from '../../../lib/local/stack';
import { startSimulator, type Simulator } from '../../../lib/simulator';
import { createOrganization } from '../../../shared/organizations/organizations';
import { createApiKey, hashApiKey, revokeApiKey } from '../../../shared/api/api-keys';
import { REQUESTS_PER_MINUTE } from '../../../shared/api/rate-limit';
import { pollUntil } from '../support/ocpp';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { launchBrowser, screenshot, type TestBrowser, type WatchedPage } from '../support/browser';

// Browser globals, used only inside page.evaluate callbacks (no DOM lib in Node's program).
declare const document: { documentElement: { scrollWidth: number } };
declare const window: { innerWidth: number };
declare const sessionStorage: { length: number };

const LONG_NAME = `Depot North Yard Bay 7 ${'Superlongunbrokenchargername'.repeat(7)}`.padEnd(200, 'x').slice(0, 200);
const BIG_OCPP_ID = uniqueOcppId('BIG');

let stack: LocalStack;
let tenant: Tenant;
let browser: TestBrowser;
let simulator: Simulator;
const tabs: WatchedPage[] = [];

beforeAll(async () => {
  stack = await startTestStack();
  // Registration allows 32 ports; the charger reports 40 connectors, and the 8 others are created as it reports them.
  tenant = await createTenant(stack, [
    {
      ocppId: BIG_OCPP_ID,
      name: LONG_NAME,
      type: 'Level 2',
      ports: Array.from({ length: 32 }, () => ({ connectorType: 'J1772' as const })),
    },
  ]);
  simulator = await startSimulator({
    ocppId: BIG_OCPP_ID,
    protocol: 'ocpp1.6',
    url: stack.ocppUrl,
    connectors: 40,
  });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await simulator?.close().catch(() => undefined);
  await browser?.close();
  await stack?.close();
});

/** A new tab at `url`; its problems are checked after the test. */
async function open(url: string, viewport?: { width: number; height: number }): Promise<Page> {
  const tab = await browser.newPage(viewport);
  tabs.push(tab);
  await tab.page.goto(url);
  return tab.page;
}

/** Types `key` into the key form and sends it. */
async function enterKey(page: Page, key: string): Promise<void> {
  await page.getByLabel('API key').fill(key);
  await page.getByRole('button', { name: 'Open console' }).click();
}

async function newKey(organizationId = tenant.organizationId) {
  return createApiKey(stack.db, { organizationId, scope: 'organization' });
}

describe('operator console, bad input', () => {
  afterEach(() => {
    expect(tabs.flatMap((tab) => tab.problems)).toEqual([]);
  });

  it("refuses a wrong key with the API's 401, keeps nothing, and still accepts the right key", async () => {
    const page = await open(`${stack.url}/`);
    await enterKey(page, `cnk_${'x'.repeat(43)}`);

    await page.getByRole('alert').getByText('The API refused this key (401 Unauthorized: Invalid API key).').waitFor();
    await screenshot(page, 'refused');
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    expect(await page.getByLabel('API key').getAttribute('aria-invalid')).toBe('true');

    await enterKey(page, tenant.apiKey);
    await page.getByRole('heading', { name: 'Depot', exact: true }).waitFor();
  });

  it('explains a missing or malformed key without calling the API', async () => {
    const page = await open(`${stack.url}/`);
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/sites')) calls.push(request.url());
    });

    await enterKey(page, '');
    await page.getByText('Paste an API key first.').waitFor();
    await enterKey(page, 'my key é');
    await page.getByText(/That is not an API key: a key is cnk_ followed by 43/).waitFor();

    expect(calls).toEqual([]);
  });

  it('returns to the key form, saying why, when the key is revoked while the console is open', async () => {
    const key = await newKey();
    const page = await open(`${stack.url}/`);
    await enterKey(page, key.apiKey);
    await page.getByRole('heading', { name: 'Sites', level: 1 }).waitFor();

    await revokeApiKey(stack.db, key.id);

    await page
      .getByRole('alert')
      .getByText('The API refused this key (401 Unauthorized: API key has been revoked).')
      .waitFor();
    await page.getByLabel('API key').waitFor();
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  });

  it('says a key is rate-limited (429) and when it retries', async () => {
    // A fresh key per attempt, its count used up in this minute's window and the next (as its
    // requests would have: the 429 itself is the API's tests'), so a minute boundary between using up
    // the limit and the page's call resets nothing.
    for (let attempt = 1; ; attempt += 1) {
      const key = await newKey();
      const window = Math.floor(Date.now() / 60_000);
      for (const w of [window, window + 1]) {
        await stack.db.rateLimitWindow
          .put({ keyHash: hashApiKey(key.apiKey), window: w, requests: REQUESTS_PER_MINUTE, expiresAt: (w + 3) * 60 })
          .go();
      }
      const page = await open(`${stack.url}/`);
      await enterKey(page, key.apiKey);
      const limited = page.getByText(/Rate-limited \(429\): .*Retrying in \d+ s\./);
      const loaded = page.getByRole('heading', { name: 'Depot', exact: true });
      await limited.or(loaded).first().waitFor();
      if (await limited.isVisible()) {
        await screenshot(page, 'rate-limited');
        return;
      }
      if (attempt === 3) throw new Error('the key was never rate-limited when the page called');
    }
  }, 180_000);

  it('says when the API goes down, keeps showing the last data, and stays usable', async () => {
    const gateway = await startLocalGateway(await loadHandlers(), { port: 0 });
    const page = await open(`${gateway.url}/`);
    await enterKey(page, tenant.apiKey);
    await page.getByRole('heading', { name: 'Depot', exact: true }).waitFor();

    await gateway.close();

    await page.getByText(/Could not load the sites: The API is not reachable .*Retrying every 5 s\./).waitFor();
    await page.getByText(/Showing data from/).waitFor();
    expect(await page.getByRole('heading', { name: 'Depot', exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'api-down');
    await page.getByRole('link', { name: 'Vehicles' }).click();
    await page.getByText(/Could not load the vehicles: The API is not reachable/).waitFor();
  });

  it('says an organization has no sites and no vehicles yet', async () => {
    const organization = await createOrganization(stack.db, { name: 'Empty Fleet' });
    const key = await newKey(organization.id);
    const page = await open(`${stack.url}/`);
    await enterKey(page, key.apiKey);

    await page.getByText('This organization has no sites yet.').waitFor();
    await screenshot(page, 'empty-organization');
    await page.getByRole('link', { name: 'Vehicles' }).click();
    await page.getByText('No vehicles yet: add one above', { exact: false }).waitFor();
  });

  it('fits a charger with 40 ports and a 200-character name on a phone screen', async () => {
    const charger = tenant.chargers[0]!;
    await pollUntil(
      async () => (await api(stack, `/api/chargers/${charger.id}`, { key: tenant.apiKey })).body.data.ports.length,
      (ports) => ports === 40,
      '40 ports',
    );
    const phone = { width: 375, height: 812 };
    const page = await open(`${stack.url}/`, phone);
    await enterKey(page, tenant.apiKey);

    await page.getByRole('link', { name: LONG_NAME }).waitFor();
    await page.locator('table.ports tbody tr').nth(39).waitFor();
    expect(await page.locator('table.ports tbody tr').count()).toBe(40);
    await screenshot(page, 'phone-sites');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await page.getByRole('link', { name: LONG_NAME }).click();
    await page.getByRole('heading', { name: LONG_NAME, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Start port 40' }).waitFor();
    await screenshot(page, 'phone-charger');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  it('says what happened on an unknown page, charger or site', async () => {
    const page = await open(`${stack.url}/`);
    await enterKey(page, tenant.apiKey);
    await page.getByRole('heading', { name: 'Sites', level: 1 }).waitFor();

    await page.goto(`${stack.url}/#/nowhere`);
    await page.getByText('There is no page /nowhere.').waitFor();
    await page.goto(`${stack.url}/#/chargers/999999`);
    await page.getByText(/Could not load the charger: Not found \(404\)/).waitFor();
    await page.goto(`${stack.url}/#/sites/999999/power`);
    await page.getByText("Site 999999 is not one of this key's sites.").waitFor();

    await page.getByRole('button', { name: 'Forget key' }).click();
    await page.getByLabel('API key').waitFor();
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  });
});
