/**
 * Access IDs and vehicles managed from the console in headless Chromium, on the local stack: an
 * RFID card created (a refused one shows the field the API names and stores nothing), renamed,
 * revoked and authorized again; a vehicle access ID with its van; a vehicle added and edited. Each
 * change is read back through the API. No page may throw or log an error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { openConsolePage, openConsoleWithApiKey, type ConsolePage } from '../support/console-page';
import { api } from '../support/stack';

let ui: ConsolePage;

beforeAll(async () => {
  ui = await openConsolePage();
  const { page, stack, tenant } = ui;
  await openConsoleWithApiKey(page, stack.url, tenant.apiKey);
}, 120_000);

afterAll(async () => {
  await ui?.close();
});

const accessIds = async () =>
  (await api(ui.stack, '/api/access-ids', { key: ui.tenant.apiKey })).body.data as {
    name: string;
    ocppIdTag: string;
    type: string;
    authorizationStatus: string;
    vehicle: { name: string | null } | null;
  }[];

/** The cells of a table's rows. */
async function rows(table: string) {
  const texts = await ui.page.getByRole('table', { name: table }).locator('tbody tr').allInnerTexts();
  return texts.map((row) => row.split('\t').map((cell) => cell.trim()));
}

describe('the Access IDs page', () => {
  it('creates a card, refusing an empty name with the field named and nothing stored', async () => {
    const { page } = ui;
    await page.getByRole('link', { name: 'Access IDs' }).click();
    await page.getByRole('heading', { name: 'Access IDs', level: 1 }).waitFor();
    const form = page.getByRole('form', { name: 'New access ID' });
    await form.getByLabel('ID tag').fill('04a2 19c3');
    await form.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => form.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
    expect(await form.locator('.field-error').first().textContent()).toMatch(/empty|required|string/);
    expect(await accessIds()).toEqual([]);

    await form.getByLabel('Name').fill('Card of Ana');
    await form.getByRole('button', { name: 'Create' }).click();
    await expect
      .poll(async () => (await rows('Access IDs')).map((cells) => cells.slice(0, 4)))
      .toEqual([['Card of Ana', '04A219C3', 'RFID', 'Authorized']]);
    expect(await accessIds()).toMatchObject([
      { name: 'Card of Ana', ocppIdTag: '04A219C3', authorizationStatus: 'Authorized' },
    ]);
  });

  it('renames a card, revokes it and authorizes it again', async () => {
    const { page } = ui;
    const row = page.getByRole('table', { name: 'Access IDs' }).locator('tbody tr').first();
    await row.getByRole('button', { name: 'Rename' }).click();
    await row.getByLabel('New name of Card of Ana').fill('Card of Ana B.');
    await row.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await accessIds())[0]?.name).toBe('Card of Ana B.');

    await row.getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(async () => (await accessIds())[0]?.authorizationStatus).toBe('Revoked');
    await expect.poll(async () => (await rows('Access IDs'))[0]?.[3]).toBe('Revoked');
    await row.getByRole('button', { name: 'Authorize' }).click();
    await expect.poll(async () => (await accessIds())[0]?.authorizationStatus).toBe('Authorized');
    await screenshot(page, 'access-ids');
  });

  it('creates a vehicle ID with its van', async () => {
    const form = ui.page.getByRole('form', { name: 'New access ID' });
    await form.getByLabel('Type').selectOption('Vehicle');
    await form.getByLabel('Name').fill('Van 21');
    await form.getByLabel('ID tag').fill('VAN-21');
    await form.getByLabel('Make').fill('Ford');
    await form.getByLabel('Model').fill('E-Transit');
    await form.getByLabel('VIN').fill('1FTBW9CK0PKA00021');
    await form.getByRole('button', { name: 'Create' }).click();
    await expect
      .poll(async () => (await accessIds()).find((a) => a.ocppIdTag === 'VAN-21'))
      .toMatchObject({
        type: 'Vehicle',
        vehicle: { name: 'Van 21' },
      });
    expect(ui.tab.problems).toEqual([]);
  });

  it('creates a Plug & Charge contract (eMAID), refusing a tag that is no eMAID with the field named', async () => {
    const form = ui.page.getByRole('form', { name: 'New access ID' });
    await form.getByLabel('Type').selectOption('eMAID');
    await form.getByLabel('Name').fill('Contract of Ana');
    await form.getByLabel('ID tag').fill('not an emaid');
    await form.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => form.getByLabel('ID tag').getAttribute('aria-invalid')).toBe('true');
    expect(await form.locator('.field-error').first().textContent()).toMatch(/eMAID/);
    expect((await accessIds()).some((a) => a.name === 'Contract of Ana')).toBe(false);

    await form.getByLabel('ID tag').fill('DE-ABC-C12345678-X');
    await form.getByRole('button', { name: 'Create' }).click();
    await expect
      .poll(async () => (await accessIds()).find((a) => a.name === 'Contract of Ana'))
      .toMatchObject({ type: 'eMAID', ocppIdTag: 'DEABCC12345678X', authorizationStatus: 'Authorized' });
    await expect
      .poll(async () => (await rows('Access IDs')).find((cells) => cells[0] === 'Contract of Ana')?.slice(0, 3))
      .toEqual(['Contract of Ana', 'DEABCC12345678X', 'eMAID']);
    expect(ui.tab.problems).toEqual([]);
  });
});

describe('the Vehicles page', () => {
  it('adds a vehicle with its battery and edits it, an emptied field removed, an absurd battery refused', async () => {
    const { page, stack, tenant } = ui;
    await page.getByRole('link', { name: 'Vehicles' }).click();
    const form = page.getByRole('form', { name: 'New vehicle' });
    await form.getByLabel('Name').fill('Truck 3');
    await form.getByLabel('Make').fill('Volvo');
    await form.getByLabel('License plate').fill('CA 7TRK003');
    await form.getByLabel('Battery (usable kWh)').fill('540');
    await form.getByRole('button', { name: 'Add vehicle' }).click();
    const vehicles = async () => (await api(stack, '/api/vehicles', { key: tenant.apiKey })).body.data as any[];
    await expect
      .poll(async () => (await vehicles()).find((v) => v.name === 'Truck 3'))
      .toMatchObject({
        make: 'Volvo',
        licensePlate: 'CA 7TRK003',
        batteryCapacityKwh: 540,
      });

    const row = page.getByRole('table', { name: 'Vehicles' }).locator('tbody tr', { hasText: 'Truck 3' });
    await row.getByText('Battery 540 kWh (set)').waitFor();
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('form', { name: 'Edit Truck 3' });
    // An absurd battery is refused, naming the field; an emptied one is removed.
    await edit.getByLabel('Battery (usable kWh)').fill('5000');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => edit.locator('.form-outcome').textContent()).toContain('batteryCapacityKwh');
    await edit.getByLabel('Model').fill('FM Electric');
    await edit.getByLabel('License plate').fill('');
    await edit.getByLabel('Battery (usable kWh)').fill('');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(async () => (await vehicles()).find((v) => v.name === 'Truck 3'))
      .toMatchObject({
        make: 'Volvo',
        model: 'FM Electric',
        licensePlate: null,
        batteryCapacityKwh: null,
      });
    expect(ui.tab.problems).toEqual([]);
  });
});
