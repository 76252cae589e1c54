/**
 * Test support: the console's browser tests on a fresh local stack: one tenant (organization, site,
 * API key) and one watched Chromium tab, opened together and closed together.
 */
import type { Locator, Page } from 'playwright-core';
import type { LocalStack } from '../../../lib/local/stack';
import { startSimulator, type Simulator, type SimulatorOptions } from '../../../lib/simulator';
import { createApiKey } from '../../../shared/api/api-keys';
import { registerCharger, type RegisterChargerInput } from '../../../shared/chargers/registration';
import type { Charger } from '../../../shared/api/routes/charger-views';
import { launchBrowser, type WatchedPage } from './browser';
import { createTenant, startTestStack, uniqueOcppId, type Tenant } from './stack';

/** A local stack with a tenant, and a tab of a fresh browser. */
export interface ConsolePage {
  stack: LocalStack;
  tenant: Tenant;
  tab: WatchedPage;
  page: Page;
  /** Closes the browser, then the stack. */
  close(): Promise<void>;
}

/**
 * Starts a local stack, creates a tenant without chargers and opens a tab (for `beforeAll`, 120 s).
 * @param options the stack's options (`startTestStack`), e.g. `webhooks` to attempt deliveries
 * @param browserOptions the browser's, e.g. a `timezoneId` other than the tenant's site's
 */
export async function openConsolePage(
  options: Parameters<typeof startTestStack>[0] = {},
  browserOptions: Parameters<typeof launchBrowser>[0] = {},
): Promise<ConsolePage> {
  const stack = await startTestStack(options);
  const tenant = await createTenant(stack);
  const browser = await launchBrowser(browserOptions);
  const tab = await browser.newPage();
  return {
    stack,
    tenant,
    tab,
    page: tab.page,
    close: async () => {
      await browser.close();
      await stack.close();
    },
  };
}

/** {@link ConsolePage} with one charger of the tenant's site, a simulator connected as it. */
export interface ConsoleWithCharger extends ConsolePage {
  charger: Charger;
  sim: Simulator;
}

/**
 * {@link openConsolePage}, then registers a charger on the tenant's site (its OCPP identity made
 * unique from `charger.ocppId`) and connects the simulator to it; `close` closes the simulator too.
 */
export async function openConsoleWithCharger(
  charger: Omit<RegisterChargerInput, 'siteId'>,
  simulator: Omit<SimulatorOptions, 'ocppId' | 'url'>,
): Promise<ConsoleWithCharger> {
  const ui = await openConsolePage();
  const ocppId = uniqueOcppId(charger.ocppId);
  const registered = await registerCharger(ui.stack.db, { ...charger, siteId: ui.tenant.siteId, ocppId });
  const sim = await startSimulator({ ...simulator, ocppId, url: ui.stack.ocppUrl });
  return {
    ...ui,
    charger: registered,
    sim,
    close: async () => {
      await sim.close();
      await ui.close();
    },
  };
}

/**
 * Opens the console at `baseUrl` (the stack's URL) and signs in with `apiKey` as a person does: the
 * key form's field and button; resolves once the Sites page, where the console opens, is shown.
 */
export async function openConsoleWithApiKey(page: Page, baseUrl: string, apiKey: string): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.getByLabel('API key').fill(apiKey);
  await page.getByRole('button', { name: 'Open console' }).click();
  await page.getByRole('heading', { name: 'Sites', level: 1 }).waitFor();
}

/**
 * Forgets the key `ui`'s tab is signed in with and signs in again with a new organization-scoped
 * key of the role viewer (the lowest), for what the console does not offer a viewer.
 */
export async function reopenConsoleAsViewer(ui: ConsolePage): Promise<void> {
  const viewer = await createApiKey(ui.stack.db, {
    organizationId: ui.tenant.organizationId,
    scope: 'organization',
    role: 'viewer',
  });
  await ui.page.getByRole('button', { name: 'Forget key' }).click();
  await openConsoleWithApiKey(ui.page, ui.stack.url, viewer.apiKey);
}

/** Opens the charger page's tab `name` (`Overview`, `Operations`, `Firmware and logs`…) as a person does: its link. */
export async function openChargerTab(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Charger tabs' }).getByRole('link', { name, exact: true }).click();
}

/**
 * Presses the console's ConfirmButton named `name` inside `scope` and waits for its question: the
 * group of the same name holding the question, the confirm button and Cancel, which it returns.
 * Fails (timing out) for a button that acts at once without asking.
 */
export async function askConfirmation(scope: Locator, name: string | RegExp): Promise<Locator> {
  await scope.getByRole('button', { name }).click();
  const question = scope.getByRole('group', { name });
  await question.getByRole('button', { name: 'Cancel', exact: true }).waitFor();
  return question;
}
