/**
 * Maintenance windows on the charger page in headless Chromium (docs/maintenance-windows.md, issue
 * 27 item 6): a window planned from the form is listed and stored; an end before the start is the
 * API's 400, shown next to the End field, and stores nothing; a window is changed and deleted, once
 * confirmed (Cancel keeps it); an ended window is listed read-only. The browser runs on Tokyo's
 * clock and the site on Chicago's: the form takes and the list shows the site's time, its zone named. No page may throw or log an error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  askConfirmation,
  openChargerTab,
  openConsolePage,
  openConsoleWithApiKey,
  type ConsolePage,
} from '../support/console-page';
import { screenshot } from '../support/browser';
import { api, uniqueOcppId } from '../support/stack';
import { registerCharger } from '../../../shared/chargers/registration';
import type { Charger } from '../../../shared/api/routes/charger-views';
import { toDateTimeLocal } from '../../../lib/console/src/maintenance-data';

const HOUR_MS = 3600_000;
/** createTenant's site zone; the browser's is Asia/Tokyo. */
const SITE_ZONE = 'America/Chicago';
const local = (ms: number) => toDateTimeLocal(new Date(ms).toISOString(), SITE_ZONE);
let ui: ConsolePage;
let charger: Charger;

beforeAll(async () => {
  ui = await openConsolePage({}, { timezoneId: 'Asia/Tokyo' });
  charger = await registerCharger(ui.stack.db, {
    siteId: ui.tenant.siteId,
    ocppId: uniqueOcppId('MAINT'),
    name: 'Bay 4',
    type: 'Level 2',
    ports: [{ connectorType: 'J1772' }, { connectorType: 'J1772' }],
  });
}, 120_000);

afterAll(async () => {
  await ui?.close();
});

/** The charger's windows as the API lists them (ended in the last day or later). */
async function windowsOfCharger() {
  const after = new Date(Date.now() - 24 * HOUR_MS).toISOString();
  const { status, body } = await api(
    ui.stack,
    `/api/maintenance-windows?chargerIds=${charger.id}&afterTimestamp=${encodeURIComponent(after)}`,
    { key: ui.tenant.apiKey },
  );
  expect(status).toBe(200);
  return body.data as {
    id: number;
    startTimestamp: string;
    endTimestamp: string;
    comment: string | null;
    port: unknown;
  }[];
}

describe('maintenance windows on the charger page', () => {
  it('plans a window, shows the API refusing an end before the start by the End field, changes and deletes one', async () => {
    const { page, stack, tenant, tab } = ui;
    await openConsoleWithApiKey(page, stack.url, tenant.apiKey);
    await page.goto(`${stack.url}/#/chargers/${charger.id}`);
    await openChargerTab(page, 'Operations');
    const section = page.getByRole('region', { name: 'Maintenance windows' });
    await section.getByText('No maintenance windows now, ahead or in the last 7 days.').waitFor();
    const form = section.getByRole('form', { name: 'Plan a window' });

    // Whole minutes: the input holds minutes.
    const start = Math.ceil((Date.now() + 2 * HOUR_MS) / 60_000) * 60_000;
    await form.getByLabel('Covers').selectOption({ label: charger.ports[1]!.name });
    await form.getByLabel('Start').fill(local(start));
    await form.getByLabel('End').fill(local(start + 3 * HOUR_MS));
    await form.getByLabel('Comment').fill('Cable replacement');
    await form.getByRole('button', { name: 'Plan window' }).click();
    await section.getByText(/^Maintenance window planned: /).waitFor();
    const row = section.locator('tbody tr', { hasText: 'Cable replacement' });
    await row.waitFor();
    const cells = await row.locator('td').allInnerTexts();
    expect(cells.slice(0, 2)).toEqual(['Upcoming', charger.ports[1]!.name]);
    expect(cells[2]).toMatch(/ C[SD]T$/);
    const [stored] = await windowsOfCharger();
    expect(stored).toMatchObject({
      startTimestamp: new Date(start).toISOString(),
      endTimestamp: new Date(start + 3 * HOUR_MS).toISOString(),
      comment: 'Cable replacement',
      port: { id: charger.ports[1]!.id },
    });
    // The form is empty again for the next one.
    expect(await form.getByLabel('Comment').inputValue()).toBe('');

    // An end before the start: the API's 400, next to the End field; nothing stored.
    await form.getByLabel('Start').fill(local(start + 5 * HOUR_MS));
    await form.getByLabel('End').fill(local(start + 4 * HOUR_MS));
    await form.getByRole('button', { name: 'Plan window' }).click();
    await section.getByText(/^The window was not planned\. 400: /).waitFor();
    const end = form.getByLabel('End');
    expect(await end.getAttribute('aria-invalid')).toBe('true');
    const endError = page.locator(`#${await end.getAttribute('aria-describedby')}`);
    expect(await endError.textContent()).toMatch(/after/i);
    expect(await form.getByLabel('Start').getAttribute('aria-invalid')).toBeNull();
    expect(await windowsOfCharger()).toHaveLength(1);
    await screenshot(page, 'charger-maintenance');

    // Changed: only the comment is sent.
    await row.getByRole('button', { name: /^Edit the window/ }).click();
    const edit = section.getByRole('form', { name: 'Change the window' });
    expect(await edit.getByLabel('Covers').isDisabled()).toBe(true);
    expect(await edit.getByLabel('Start').inputValue()).toBe(local(start));
    await edit.getByLabel('Comment').fill('Cable and connector replacement');
    await edit.getByRole('button', { name: 'Save window' }).click();
    await section.getByText('Maintenance window changed.').waitFor();
    await section.locator('tbody tr', { hasText: 'Cable and connector replacement' }).waitFor();
    expect(await windowsOfCharger()).toMatchObject([
      { id: stored!.id, startTimestamp: stored!.startTimestamp, comment: 'Cable and connector replacement' },
    ]);

    // Delete asks first, saying what is lost; Cancel deletes nothing.
    const changed = section.locator('tbody tr', { hasText: 'Cable and connector replacement' });
    const cancelled = await askConfirmation(changed, /^Delete the window/);
    await cancelled.getByText(/^Delete the window .*\? Its time counts toward uptime again/).waitFor();
    await cancelled.getByRole('button', { name: 'Cancel' }).click();
    await changed.getByRole('button', { name: /^Delete the window/ }).waitFor();
    expect(await windowsOfCharger()).toMatchObject([{ id: stored!.id }]);

    // Confirmed: gone from the page and from the API.
    const confirmed = await askConfirmation(changed, /^Delete the window/);
    await confirmed.getByRole('button', { name: 'Yes, delete' }).click();
    await section.getByText(/^Maintenance window .* deleted\.$/).waitFor();
    await section.getByText('No maintenance windows now, ahead or in the last 7 days.').waitFor();
    expect(await windowsOfCharger()).toEqual([]);
    expect(tab.problems).toEqual([]);
  });

  it('lists an ended window read-only, after the one in progress', async () => {
    const { page, stack, tenant, tab } = ui;
    // The API refuses windows in the past, so the ended one is written as the API would have.
    const now = Date.now();
    const at = (hours: number) => new Date(now + hours * HOUR_MS).toISOString();
    const item = {
      organizationId: tenant.organizationId,
      siteId: tenant.siteId,
      chargerId: charger.id,
      createdAt: at(-30),
      updatedAt: at(-30),
    };
    await stack.db.maintenanceWindow
      .create({
        ...item,
        maintenanceWindowId: 900_000_000 + (now % 1_000_000),
        startTimestamp: at(-28),
        endTimestamp: at(-26),
        comment: 'Firmware day',
      })
      .go();
    const { status } = await api(stack, '/api/maintenance-windows', {
      key: tenant.apiKey,
      method: 'POST',
      body: { chargerId: charger.id, startTimestamp: at(0), endTimestamp: at(1), comment: 'Now' },
    });
    expect(status).toBe(201);
    // The page is already open (the first test): read it again.
    await page.goto(`${stack.url}/#/chargers/${charger.id}`);
    await openChargerTab(page, 'Operations');
    await page.reload();
    const section = page.getByRole('region', { name: 'Maintenance windows' });
    await section.locator('tbody tr', { hasText: 'Firmware day' }).waitFor();
    const rows = await section.locator('tbody tr').allInnerTexts();
    expect(
      rows
        .map((r) => r.split('\t').map((cell) => cell.trim()))
        .map((cells) => [cells[0], cells[1], cells[4], cells[5], cells[6]]),
    ).toEqual([
      // Who made each: the tenant's key (it has no name); nobody for the one written to the table.
      ['In progress', 'Whole charger', 'Now', expect.stringMatching(/^API key \d+$/), 'Edit Delete'],
      ['Ended', 'Whole charger', 'Firmware day', '—', 'read-only'],
    ]);
    expect(tab.problems).toEqual([]);
  });
});
