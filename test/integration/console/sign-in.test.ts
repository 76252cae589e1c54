/**
 * People sign in to the console in headless Chromium through the local stack's OpenID provider
 * (authorization code with PKCE, done by the console with oauth4webapi; the provider's own sign-in
 * form), on the local stack: the navigation names the person and the role, and the pages follow the
 * role. A viewer reads the site's tariff, gets no limit or tariff form, and the API answers 403 to
 * a limit sent with the viewer's token; sign-out ends the provider's session too. An operator creates an access ID, starts a
 * session, clears a charger's cache and plans a maintenance window, the last two shown with the
 * operator's e-mail (the audit trail's `userEmail`); when the person is removed, the next call's
 * 401 brings back the sign-in page. An owner invites a person
 * (an address that is not one refused, with the field named, nothing stored) and changes a role on
 * the Users page, then removes them once confirmed; an admin gets the limit form and no Users page. No page may
 * throw or log an error.
 */
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteUser, processDirectory, removeUser } from '../../../shared/users';
import { screenshot } from '../support/browser';
import { askConfirmation, openChargerTab, openConsolePage, type ConsolePage } from '../support/console-page';
import { api, uniqueOcppId } from '../support/stack';
import { registerCharger } from '../../../shared/chargers/registration';
import { startSimulator, type Simulator } from '../../../lib/simulator';
import { toDateTimeLocal } from '../../../lib/console/src/maintenance-data';

let ui: ConsolePage;
let sim: Simulator | undefined;
const PASSWORD = 'correct horse battery staple';
const people = {
  viewer: 'viewer@depot.example.com',
  operator: 'operator@depot.example.com',
  admin: 'admin@depot.example.com',
  owner: 'owner@depot.example.com',
};
const cacheSeconds = process.env.API_KEY_CACHE_SECONDS;

beforeAll(async () => {
  // The handlers run in this process: a removed person's next call is refused at once, not
  // within the minute an instance trusts what it read.
  process.env.API_KEY_CACHE_SECONDS = '0';
  ui = await openConsolePage();
  for (const [role, email] of Object.entries(people)) {
    await inviteUser(ui.stack.db, processDirectory(), organizationScope(), { email, role: role as 'viewer' }, 'test', {
      temporaryPassword: PASSWORD,
      sendInvitation: false,
    });
  }
}, 120_000);

afterAll(async () => {
  await sim?.close();
  await ui?.close();
  if (cacheSeconds === undefined) delete process.env.API_KEY_CACHE_SECONDS;
  else process.env.API_KEY_CACHE_SECONDS = cacheSeconds;
});

const organizationScope = () => ({ organizationId: ui.tenant.organizationId, scope: 'organization' as const });

/**
 * Signs `email` in from the console's sign-in page, at the provider's form; resolves on the sites
 * page. `origin`: the console's (`npm start` prints http://localhost:…, the gateway is 127.0.0.1).
 */
async function signIn(page: Page, email: string, origin = ui.stack.url): Promise<void> {
  await page.goto(`${origin}/#/sites`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.href.startsWith(ui.stack.identityIssuer));
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Sites', level: 1 }).waitFor();
}

/** Who the navigation says is signed in. */
const who = (page: Page) => page.locator('header .who').textContent();

/** The Authorization header the console sends, read from its next API call. */
async function bearerOfNextCall(page: Page, trigger: () => Promise<unknown>): Promise<string> {
  const [request] = await Promise.all([
    page.waitForRequest((r: Request) => r.url().includes('/api/') && !r.url().includes('/api/sign-in')),
    trigger(),
  ]);
  return (await request.headerValue('authorization')) ?? '';
}

describe('signing in to the console', () => {
  it('gives a viewer no limit form, and the API refuses the viewer a limit (403); sign-out ends the session', async () => {
    const { page } = ui;
    // A tariff (set with the tenant's admin key) the viewer reads without its form.
    const tariff = await api(ui.stack, `/api/sites/${ui.tenant.siteId}/tariff`, {
      key: ui.tenant.apiKey,
      method: 'PUT',
      body: {
        tariff: {
          currency: 'USD',
          energyPrices: [
            { name: 'flat', daysOfWeek: [1, 2, 3, 4, 5, 6, 7], startTime: '00:00', endTime: '24:00', pricePerKwh: 0.2 },
          ],
        },
      },
    });
    expect(tariff.status).toBe(200);
    await signIn(page, people.viewer);
    expect(await who(page)).toBe(`${people.viewer} · viewer`);
    // The token is the console's (in memory): read off its own call, and refused a write.
    const bearer = await bearerOfNextCall(page, () => page.goto(`${ui.stack.url}/#/sites/${ui.tenant.siteId}/power`));
    expect(bearer).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    await page.getByRole('heading', { name: 'Limits', level: 2 }).waitFor();
    await page.getByText('Setting or removing a limit needs the role admin or above; you are a viewer.').waitFor();
    expect(await page.getByRole('button', { name: /Set .*limit/ }).count()).toBe(0);
    await page.getByText('Setting the tariff needs the role admin or above; you are a viewer.').waitFor();
    const days = page.getByRole('table', { name: 'Energy prices by day' });
    await days
      .getByRole('row', { name: /Monday/ })
      .getByText('00:00–24:00: flat, 0.2')
      .waitFor();
    expect(await page.getByRole('button', { name: 'Save tariff' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Users' }).count()).toBe(0);
    // A charger's commands: disabled for the role, said before its never having connected.
    const charger = await registerCharger(ui.stack.db, {
      siteId: ui.tenant.siteId,
      ocppId: uniqueOcppId('SIGN'),
      name: 'AC 1',
      type: 'Level 2',
      ports: [{ connectorType: 'J1772' }],
    });
    await page.goto(`${ui.stack.url}/#/chargers/${charger.id}`);
    await page
      .getByText('Starting or stopping a session remotely needs the role operator or above; you are a viewer.')
      .waitFor();
    expect(
      await page
        .getByRole('button', { name: /^Start/ })
        .first()
        .isDisabled(),
    ).toBe(true);
    await openChargerTab(page, 'Operations');
    await page.getByText('Running a charger operation needs the role operator or above; you are a viewer.').waitFor();
    const refused = await api(ui.stack, `/api/site/${ui.tenant.siteId}/limits`, {
      key: bearer.slice('Bearer '.length),
      method: 'POST',
      body: { sitePowerLimitSchedule: { type: 'capacity', limit: 60000, chargingRateUnit: 'W' } },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain('needs the role admin');
    const { data } = await ui.stack.db.sitePowerLimit.query.primary({ siteId: ui.tenant.siteId }).go();
    expect(data).toEqual([]);
    await screenshot(page, 'signed-in-viewer');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.href.startsWith(ui.stack.identityIssuer));
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(page.url().startsWith(ui.stack.url)).toBe(true);
    // A reload stays signed out: this tab no longer signs in by itself.
    await page.reload();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Sites', level: 1 }).count()).toBe(0);
  });

  it('lets an operator create an access ID, start a session, run an operation and plan a maintenance window (the page names the operator as who did them); once removed, the next call (401) brings back the sign-in page', async () => {
    const { page } = ui;
    // The provider's session ended with the viewer's sign-out: its form asks again.
    await signIn(page, people.operator);
    expect(await who(page)).toBe(`${people.operator} · operator`);
    // A reload signs in again through the provider's session (no form), to the same page.
    await page.goto(`${ui.stack.url}/#/access-ids`);
    await page.reload();
    await page.getByRole('heading', { name: 'Access IDs', level: 1 }).waitFor();
    const form = page.getByRole('form', { name: 'New access ID' });
    await form.getByLabel('Name').fill('Card of the night shift');
    await form.getByLabel('ID tag').fill('0A0B0C0D');
    await form.getByRole('button', { name: 'Create' }).click();
    await expect
      .poll(async () => (await api(ui.stack, '/api/access-ids', { key: ui.tenant.apiKey })).body.data)
      .toMatchObject([{ name: 'Card of the night shift', ocppIdTag: '0A0B0C0D' }]);

    // A connected charger: the operator starts a session on it, clears its cache and plans a window.
    const ocppId = uniqueOcppId('SIGNOP');
    const live = await registerCharger(ui.stack.db, {
      siteId: ui.tenant.siteId,
      ocppId,
      name: 'AC live',
      type: 'Level 2',
      ports: [{ connectorType: 'J1772' }],
    });
    sim = await startSimulator({ ocppId, url: ui.stack.ocppUrl, protocol: 'ocpp1.6' });
    await page.goto(`${ui.stack.url}/#/chargers/${live.id}`);
    // Enabled once the page has read the charger connected.
    await page.getByRole('button', { name: 'Start port 1' }).click();
    await page.getByText('Port 1: the charger answered Accepted to the remote start').waitFor();
    await openChargerTab(page, 'Operations');
    const operations = page.getByRole('region', { name: 'Operations' });
    await operations.getByRole('button', { name: 'Clear cache' }).click();
    await operations.getByText(/^Clear cache: completed/).waitFor();
    await operations
      .getByRole('table', { name: 'Recent operations' })
      .getByRole('row', { name: /clearCache/ })
      .filter({ hasText: people.operator })
      .waitFor();
    const windows = page.getByRole('region', { name: 'Maintenance windows' });
    const plan = windows.getByRole('form', { name: 'Plan a window' });
    const start = Math.ceil((Date.now() + 2 * 3_600_000) / 60_000) * 60_000;
    await plan.getByLabel('Start').fill(toDateTimeLocal(new Date(start).toISOString()));
    await plan.getByLabel('End').fill(toDateTimeLocal(new Date(start + 3_600_000).toISOString()));
    await plan.getByRole('button', { name: 'Plan window' }).click();
    await windows.locator('tbody tr', { hasText: people.operator }).waitFor();

    const { data } = await ui.stack.db.user.query.byOrganization({ organizationId: ui.tenant.organizationId }).go();
    const operator = data.find((user) => user.email === people.operator)!;
    await removeUser(ui.stack.db, processDirectory(), organizationScope(), operator.userId);
    // Any page's next call is refused (the sites page's, or the alert count's if it comes first).
    await page.goto(`${ui.stack.url}/#/sites`);
    await page.getByText(/Your sign-in has ended: .*ask an owner to invite you.* Sign in again\./).waitFor();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
  });

  it('lets an owner invite a person and change a role on the Users page', async () => {
    const { page } = ui;
    // Another person at another browser: the provider's session of the removed operator is not theirs.
    await page.context().clearCookies();
    await signIn(page, people.owner, ui.stack.url.replace('127.0.0.1', 'localhost'));
    expect(await who(page)).toBe(`${people.owner} · owner`);
    // The owner's token, read off the console's call: the API's own list is checked with it.
    const bearer = await bearerOfNextCall(page, () => page.getByRole('link', { name: 'Users' }).click());
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    const form = page.getByRole('form', { name: 'Invite a person' });
    const listed = async () =>
      (await api(ui.stack, '/api/users', { key: bearer.slice('Bearer '.length) })).body.data as {
        email: string;
        role: string;
      }[];

    await form.getByLabel('E-mail').fill('not an address');
    await form.getByRole('button', { name: 'Invite' }).click();
    await expect.poll(() => form.getByLabel('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(await form.locator('.field-error').first().textContent()).toContain('must be an e-mail address');
    expect((await listed()).map((user) => user.email)).not.toContain('not an address');

    await form.getByLabel('E-mail').fill('shift.lead@depot.example.com');
    await form.getByLabel('Role').selectOption('operator');
    await form.getByRole('button', { name: 'Invite' }).click();
    const table = page.getByRole('table', { name: 'Users' });
    const rowOf = (email: string) =>
      table.locator('tbody tr').filter({ has: page.getByRole('rowheader', { name: email, exact: true }) });
    const row = rowOf('shift.lead@depot.example.com');
    await row.waitFor();
    expect(await listed()).toContainEqual(
      expect.objectContaining({ email: 'shift.lead@depot.example.com', role: 'operator' }),
    );

    await row.getByLabel('Role of shift.lead@depot.example.com').selectOption('admin');
    await row.getByRole('button', { name: 'Change role' }).click();
    await page.getByText('shift.lead@depot.example.com is now admin.').waitFor();
    expect(await listed()).toContainEqual(
      expect.objectContaining({ email: 'shift.lead@depot.example.com', role: 'admin' }),
    );
    expect(await row.getByLabel('Role of shift.lead@depot.example.com').inputValue()).toBe('admin');

    const removal = await askConfirmation(row, 'Remove shift.lead@depot.example.com');
    await removal
      .getByText('Remove shift.lead@depot.example.com? Their account is deleted: they can no longer sign in.')
      .waitFor();
    await removal.getByRole('button', { name: 'Yes, remove' }).click();
    await page.getByText('shift.lead@depot.example.com removed: their account is deleted.').waitFor();
    await row.waitFor({ state: 'detached' });
    expect((await listed()).map((user) => user.email)).not.toContain('shift.lead@depot.example.com');

    // The last owner stays: the API's 409 is shown, nothing changed.
    const self = rowOf(people.owner);
    await self.getByLabel(`Role of ${people.owner}`).selectOption('viewer');
    await self.getByRole('button', { name: 'Change role' }).click();
    await page.getByText(/owner@depot\.example\.com: 409/).waitFor();
    expect(await listed()).toContainEqual(expect.objectContaining({ email: people.owner, role: 'owner' }));
    await screenshot(page, 'users');
    expect(ui.tab.problems).toEqual([]);
  });

  it('gives an admin the limit form, and no Users page', async () => {
    // A new tab of a browser with no provider session: the owner's tab keeps its tokens in memory.
    await ui.page.context().clearCookies();
    const page = await ui.page.context().newPage();
    try {
      await signIn(page, people.admin);
      expect(await who(page)).toBe(`${people.admin} · admin`);
      await page.goto(`${ui.stack.url}/#/sites/${ui.tenant.siteId}/power`);
      await page.getByRole('form', { name: 'Set a limit' }).getByRole('button', { name: 'Set limit' }).waitFor();
      expect(await page.getByText(/needs the role admin or above/).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Users' }).count()).toBe(0);
    } finally {
      await page.close();
    }
  });
});
