/**
 * Test support: the console's browser tests on a fresh local stack: one tenant (organization, site,
 * API key) and one watched Chromium tab, opened together and closed together.
 */
import type { Page } from 'playwright-core';
import type { LocalStack } from '../../../lib/local/stack';
import { launchBrowser, type WatchedPage } from './browser';
import { createTenant, startTestStack, type Tenant } from './stack';

/** A local stack with a tenant, and a tab of a fresh browser. */
export interface ConsolePage {
  stack: LocalStack;
  tenant: Tenant;
  tab: WatchedPage;
  page: Page;
  /** Closes the browser, then the stack. */
  close(): Promise<void>;
}

/** Starts a local stack, creates a tenant without chargers and opens a tab (for `beforeAll`, 120 s). */
export async function openConsolePage(): Promise<ConsolePage> {
  const stack = await startTestStack();
  const tenant = await createTenant(stack);
  const browser = await launchBrowser();
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
