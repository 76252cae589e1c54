/**
 * The Sessions page in headless Chromium, on a local stack with sessions recorded through the
 * domain functions the OCPP handlers call (`startSession` / `endSession`): three completed sessions
 * on two chargers, one with an RFID card and one with a van's own ID, one in progress, a tariff on
 * the site. The page lists them newest first with where, who, energy, energy by period and cost;
 * its vehicle filter narrows them; its CSV export is what the API gives for the same filters. No
 * page may throw or log an error.
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCharger } from '../../../shared/chargers/registration';
import type { ChargerConnection } from '../../../shared/charging/charger-connection';
import { endSession, startSession } from '../../../shared/charging/sessions';
import type { Charger } from '../../../shared/api/routes/charger-views';
import { screenshot } from '../support/browser';
import { openConsolePage, type ConsolePage } from '../support/console-page';
import { api, uniqueOcppId } from '../support/stack';

let ui: ConsolePage;
const chargers: Charger[] = [];
/** Records a session through the domain (ended after an hour with `wh`, else left in progress). */
let record: (charger: Charger, idTag: string, startMs: number, wh?: number) => Promise<void>;
const HOUR_MS = 3_600_000;
/** Monday 2026-11-23 15:30 in America/Chicago (createTenant's site): half off-peak, half on-peak. */
const MONDAY_1530 = Date.parse('2026-11-23T21:30:00Z');

beforeAll(async () => {
  ui = await openConsolePage();
  const { stack, tenant } = ui;
  for (const name of ['Bay 1', 'Bay 2']) {
    chargers.push(
      await registerCharger(stack.db, {
        siteId: tenant.siteId,
        ocppId: uniqueOcppId('SESUI'),
        name,
        type: 'Level 2',
        ports: [{ connectorType: 'J1772' }],
      }),
    );
  }
  const weekdays = [1, 2, 3, 4, 5];
  const tariff = await api(stack, `/api/sites/${tenant.siteId}/tariff`, {
    key: tenant.apiKey,
    method: 'PUT',
    body: {
      tariff: {
        currency: 'USD',
        energyPrices: [
          { name: 'offPeak', daysOfWeek: [6, 7], startTime: '00:00', endTime: '24:00', pricePerKwh: 0.12 },
          { name: 'offPeak', daysOfWeek: weekdays, startTime: '00:00', endTime: '16:00', pricePerKwh: 0.12 },
          { name: 'onPeak', daysOfWeek: weekdays, startTime: '16:00', endTime: '24:00', pricePerKwh: 0.45 },
        ],
      },
    },
  });
  expect(tariff.status).toBe(200);
  const cards = [
    { type: 'RFID', name: 'Card of Ana', ocppIdTag: 'SES-CARD' },
    {
      type: 'Vehicle',
      name: 'Van 12',
      ocppIdTag: 'SES-VAN',
      vehicle: { make: 'Ford', model: 'E-Transit', vin: '1FTBW9CK0PKA00012' },
    },
  ];
  for (const accessId of cards) {
    expect(
      (await api(stack, '/api/access-ids', { key: tenant.apiKey, method: 'POST', body: { accessId } })).status,
    ).toBe(201);
  }
  const accessIdOf = async (ocppIdTag: string) =>
    (await stack.db.accessId.get({ organizationId: tenant.organizationId, ocppIdTag }).go()).data ?? undefined;
  const connectionOf = (charger: Charger): ChargerConnection => ({
    connectionId: `sessions-ui-${charger.id}`,
    chargerId: charger.id,
    organizationId: tenant.organizationId,
    siteId: tenant.siteId,
    chargerType: 'Level 2',
    ocppId: charger.ocppId!,
    protocol: 'ocpp1.6',
  });
  record = async (charger: Charger, idTag: string, startMs: number, wh?: number) => {
    const connection = connectionOf(charger);
    const started = await startSession(stack.db, connection, {
      portNumber: 1,
      startTime: new Date(startMs).toISOString(),
      meterStartWh: 0,
      idTag,
      accessId: await accessIdOf(idTag),
    });
    if (wh === undefined) return;
    await endSession(stack.db, connection, started.ocppTransactionId, {
      endTime: new Date(startMs + HOUR_MS).toISOString(),
      meterStopWh: wh,
      reason: 'Local',
    });
  };
  await record(chargers[0]!, 'SES-CARD', MONDAY_1530, 10_000);
  await record(chargers[1]!, 'SES-VAN', MONDAY_1530 + 2 * HOUR_MS, 20_000);
  await record(chargers[0]!, 'SES-VAN', MONDAY_1530 + 4 * HOUR_MS, 8_000);
  await record(chargers[1]!, 'SES-CARD', Date.now() - 10 * 60_000);
}, 120_000);

afterAll(async () => {
  await ui?.close();
});

/** The cells of the sessions table's rows. */
async function rows() {
  const texts = await ui.page.getByRole('table', { name: 'Charging sessions' }).locator('tbody tr').allInnerTexts();
  return texts.map((row) => row.split('\t').map((cell) => cell.trim()));
}

describe('the Sessions page', () => {
  it('lists the sessions with where, who, energy, energy by period and cost, newest first', async () => {
    const { page, stack, tenant } = ui;
    await page.goto(`${stack.url}/`);
    await page.getByLabel('API key').fill(tenant.apiKey);
    await page.getByRole('button', { name: 'Open console' }).click();
    await page.getByRole('link', { name: 'Sessions' }).click();
    await page.getByRole('heading', { name: 'Charging sessions', level: 1 }).waitFor();
    // The default range is the last 30 days: widen it to the seeded Monday.
    await page.getByLabel('Started from (UTC day)').fill('2026-11-01');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(async () => (await rows()).length).toBe(4);
    const listed = await rows();
    expect(listed[0]![1]).toMatch(/Bay 2 · port 1$/);
    expect(listed[0]![4]).toBe('in progress');
    // Its running cost (no readings yet), marked as such.
    expect(listed[0]![6]).toBe('0.00 USD so far');
    // Newest completed first: van on Bay 1 (8 kWh at 19:30, on-peak), van on Bay 2, the card.
    expect(listed.slice(1).map((cells) => [cells[2], cells[3], cells[6]])).toEqual([
      ['Van 12', '8.000 kWh', '3.60 USD'],
      ['Van 12', '20.000 kWh', '9.00 USD'],
      ['Card of Ana', '10.000 kWh', '2.85 USD'],
    ]);
    expect(listed[3]![5]).toBe('offPeak 5.000 kWh · onPeak 5.000 kWh');
    expect(listed[1]![0]).toMatch(/CST$/);
    await screenshot(page, 'sessions');
    expect(ui.tab.problems).toEqual([]);
  });

  it('narrows to a vehicle, and exports what the API gives for the same filters as CSV', async () => {
    const { page, stack, tenant } = ui;
    await page.getByLabel('Vehicle').selectOption({ label: 'Van 12' });
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(async () => (await rows()).length).toBe(2);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = await readFile((await download.path())!, 'utf8');
    const parsed = parse<Record<string, string>>(csv.trim(), { header: true });
    expect(parsed.errors).toEqual([]);
    const vehicleId = (await api(stack, '/api/vehicles', { key: tenant.apiKey })).body.data[0].id;
    const query = `vehicleIds[]=${vehicleId}&startTimeAfter=2026-11-01T00:00:00Z&includeInProgressSessions=true&includeTouEnergy=true`;
    const { body } = await api(stack, `/api/charging-sessions?${query}`, { key: tenant.apiKey });
    expect(body.data).toHaveLength(2);
    expect(
      parsed.data.map((row) => [
        row.id,
        row.startTime,
        row['charger.name'],
        row['vehicle.name'],
        row.energyDeliveredKwh,
        row['touEnergyKwh.offPeak'],
        row['touEnergyKwh.onPeak'],
        row['energyCost.amount'],
        row['energyCost.currency'],
      ]),
    ).toEqual(
      body.data.map((s: any) => [
        String(s.id),
        s.startTime,
        s.charger.name,
        s.vehicle.name,
        String(s.energyDeliveredKwh),
        String(s.touEnergy.find((t: any) => t.period === 'offPeak').energyDeliveredKwh),
        String(s.touEnergy.find((t: any) => t.period === 'onPeak').energyDeliveredKwh),
        String(s.energyCost.amount),
        'USD',
      ]),
    );
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Exported' }).textContent())
      .toBe('Exported 2 sessions.');
    expect(ui.tab.problems).toEqual([]);
  });

  it("shows a completed session's stored cost on its charger's Sessions tab", async () => {
    const { page, stack, tenant } = ui;
    const charger = await registerCharger(stack.db, {
      siteId: tenant.siteId,
      ocppId: uniqueOcppId('SESUI'),
      name: 'Bay 3',
      type: 'Level 2',
      ports: [{ connectorType: 'J1772' }],
    });
    await record(charger, 'SES-CARD', Date.now() - 3 * HOUR_MS, 10_000);
    const { body } = await api(stack, `/api/charging-sessions?chargerIds[]=${charger.id}`, { key: tenant.apiKey });
    const { amount, currency } = body.data[0].energyCost;
    expect(currency).toBe('USD');
    await page.goto(`${stack.url}/#/chargers/${charger.id}/sessions`);
    await page.getByRole('heading', { name: 'Recent sessions (7 days)' }).waitFor();
    const cells = async () =>
      (await page.locator('table tbody tr').allInnerTexts()).map((row) => row.split('\t').map((c) => c.trim()));
    await expect.poll(async () => (await cells()).length).toBe(1);
    const [row] = await cells();
    // In cents, half up (the prices are positive): the stored 4 decimals' last two are rounded off.
    const cents = Math.round(Math.round(amount * 10_000) / 100);
    expect(row!.slice(3)).toEqual(['SES-CARD', '10.000 kWh', `${(cents / 100).toFixed(2)} USD`]);
    await screenshot(page, 'charger-sessions-cost');
    expect(ui.tab.problems).toEqual([]);
  });
});
