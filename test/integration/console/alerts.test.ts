/**
 * The Alerts page and a charger's active alerts in headless Chromium: alerts
 * raised and cleared through the alert store (the system raises them; `shared/alerts/store.ts`)
 * are listed active first, then ended, each with its type and details in words; a muted one
 * (raised during a maintenance window) is badged; each shows its severity; info alerts are listed
 * apart; acknowledging one records who and when and lowers the navigation's count of
 * unacknowledged critical alerts; the filters narrow the list; the charger page shows its active
 * faults and warnings. The browser runs on Tokyo's clock and the site on Chicago's: every time is
 * the site's, its zone named. No page may throw or log an error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsolePage, openConsoleWithApiKey, type ConsolePage } from '../support/console-page';
import { screenshot } from '../support/browser';
import { api, uniqueOcppId } from '../support/stack';
import { registerCharger } from '../../../shared/chargers/registration';
import type { Charger } from '../../../shared/api/routes/charger-views';
import { clearAlert, episodeKey, raiseAlert, type AlertSubject, type RaiseAlert } from '../../../shared/alerts/store';

const MINUTE_MS = 60_000;
/** The short name of createTenant's site zone (America/Chicago) as Chromium's en-US says it. */
const SITE_ZONE_NAME = /\bC[SD]T\b/;
let ui: ConsolePage;
let depot: Charger;
let workshop: Charger;
const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE_MS).toISOString();

/** Raises an alert as the store would have at its `at` (its raise time too, as if the clock said so). */
const raisedAt = (db: Parameters<typeof raiseAlert>[0], raise: RaiseAlert) =>
  raiseAlert(db, raise, () => Date.parse(raise.at));

const subject = (charger: Charger, port?: number): AlertSubject => ({
  organizationId: ui.tenant.organizationId,
  siteId: ui.tenant.siteId,
  siteName: 'Depot',
  chargerId: charger.id,
  chargerName: charger.name,
  ...(port === undefined
    ? {}
    : {
        portId: charger.ports[port]!.id,
        portNumber: charger.ports[port]!.portNumber,
        portName: charger.ports[port]!.name,
      }),
});

beforeAll(async () => {
  ui = await openConsolePage({}, { timezoneId: 'Asia/Tokyo' });
  const register = (name: string) =>
    registerCharger(ui.stack.db, {
      siteId: ui.tenant.siteId,
      ocppId: uniqueOcppId('ALUI'),
      name,
      type: 'Level 2',
      ports: [{ connectorType: 'J1772' }, { connectorType: 'J1772' }],
    });
  depot = await register('Bay 1');
  workshop = await register('Workshop');
  const { db } = ui.stack;
  await raisedAt(db, {
    ...subject(depot),
    type: 'offlineCharger',
    episodeKey: episodeKey('offlineCharger', 'charger', depot.id),
    details: { thresholdMinutes: 10 },
    at: ago(30),
  });
  await raisedAt(db, {
    ...subject(depot, 0),
    vehicleId: 7,
    vehicleName: 'Van 7',
    type: 'lateCharging',
    episodeKey: episodeKey('lateCharging', 'session', 9_000_001),
    details: {
      originalEta: ago(-120),
      currentEta: ago(-165),
      originalDepartureTime: ago(-120),
      currentDepartureTime: ago(-120),
    },
    at: ago(5),
  });
  await raisedAt(db, {
    ...subject(depot, 1),
    type: 'chargingCompleted',
    episodeKey: episodeKey('chargingCompleted', 'session', 9_000_003),
    details: { socThreshold: 90, socPercent: 91 },
    at: ago(3),
  });
  const faulted = episodeKey('chargerFaulted', 'port', workshop.ports[0]!.id);
  await raisedAt(db, {
    ...subject(workshop, 0),
    type: 'chargerFaulted',
    episodeKey: faulted,
    details: { ocppErrorCode: 'GroundFailure', ocppVendorErrorCode: null, ocppInfo: null, faultedSince: ago(60) },
    at: ago(55),
  });
  await clearAlert(db, ui.tenant.organizationId, faulted, ago(20));
  // A window of the workshop now: its alert is raised muted.
  const window = await api(ui.stack, '/api/maintenance-windows', {
    key: ui.tenant.apiKey,
    method: 'POST',
    body: { chargerId: workshop.id, startTimestamp: ago(1), endTimestamp: ago(-60), comment: 'Service' },
  });
  expect(window.status).toBe(201);
  const { alert } = await raisedAt(db, {
    ...subject(workshop, 1),
    type: 'chargingSessionError',
    episodeKey: episodeKey('chargingSessionError', 'session', 9_000_002),
    details: {
      status: 'Faulted',
      ocppErrorCode: 'GroundFailure',
      ocppVendorErrorCode: 'E12',
      ocppInfo: null,
      errorContext: 'Charging ended early',
    },
    at: new Date().toISOString(),
  });
  expect(alert.muted).toBe(true);
}, 120_000);

afterAll(async () => {
  await ui?.close();
});

/** The rows of the page's alert table: its cells' text. */
async function rows() {
  const texts = await ui.page.getByRole('table', { name: 'Alerts' }).locator('tbody tr').allInnerTexts();
  return texts.map((row) => row.split('\t').map((cell) => cell.trim()));
}

/** The rows of the page's information table (info alerts, apart). */
async function infoRows() {
  const texts = await ui.page.getByRole('table', { name: 'Information' }).locator('tbody tr').allInnerTexts();
  return texts.map((row) => row.split('\t').map((cell) => cell.trim()));
}

describe('the Alerts page', () => {
  it('lists active alerts first, then ended ones, in words with their severity; info apart; muted ones badged; the filters narrow it', async () => {
    const { page, stack, tenant, tab } = ui;
    await openConsoleWithApiKey(page, stack.url, tenant.apiKey);
    // One active, unmuted, unacknowledged critical alert: the offline charger (the fault ended,
    // the session error is muted).
    const count = page.getByRole('navigation', { name: 'Pages' }).getByTestId('critical-alert-count');
    await expect.poll(() => count.textContent()).toBe('1 unacknowledged critical');
    await page.getByRole('link', { name: /^Alerts/ }).click();
    await page.getByRole('heading', { name: 'Alerts', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Alerts' }).waitFor();
    // Once the sites' zones are read, every start is on the site's clock.
    await expect.poll(async () => (await rows()).every((cells) => SITE_ZONE_NAME.test(cells[4]!))).toBe(true);
    const listed = await rows();
    expect(listed.map((cells) => [cells[0], cells[1], cells[3]])).toEqual([
      ['Critical', 'Charging session error muted', 'Workshop, Port 2'],
      ['Warning', 'Late charging', 'Bay 1, Port 1'],
      ['Critical', 'Charger offline', 'Bay 1'],
      ['Critical', 'Charger faulted', 'Workshop, Port 1'],
    ]);
    expect(listed[0]![6]).toBe('Charging ended early, GroundFailure, vendor code E12, status Faulted');
    expect(listed[1]![6]).toMatch(
      /^Van 7: predicted 45 min late: ETA .+ C[SD]T, departs .+ C[SD]T \(first predicted ETA .+ C[SD]T\)$/,
    );
    expect(listed[2]![5]).toMatch(/^active for 3\d min$/);
    expect(listed[2]![6]).toBe('offline for more than 10 min');
    expect(listed[3]![5]).toMatch(/\(lasted 35 min\)$/);
    expect(listed[3]![6]).toMatch(/^faulted since .+: GroundFailure$/);
    expect(listed.map((cells) => cells[7])).toEqual(['Acknowledge', 'Acknowledge', 'Acknowledge', 'Acknowledge']);
    expect(await page.locator('tr.alert-muted').count()).toBe(1);
    // The completed charge is listed apart, not among the faults.
    expect((await infoRows()).map((cells) => [cells[0], cells[1], cells[6]])).toEqual([
      ['Info', 'Charging completed', 'target reached: SoC 91 %'],
    ]);
    await screenshot(page, 'alerts');

    // Acknowledging the offline charger records who and when, and the navigation's count drops.
    const offline = page.getByRole('table', { name: 'Alerts' }).locator('tbody tr').nth(2);
    await offline.getByRole('button', { name: 'Acknowledge' }).click();
    await expect.poll(async () => (await rows())[2]![7]).toMatch(/^by .+, \d{1,2}:\d{2}( [AP]M)? C[SD]T$/);
    await expect.poll(() => count.count()).toBe(0);
    const stored = await api(stack, '/api/alerts?active=true&acknowledged=true', { key: tenant.apiKey });
    expect(stored.body.data.map((alert: { type: string }) => alert.type)).toEqual(['offlineCharger']);

    const filters = page.getByRole('form', { name: 'Alert filters' });
    await filters.getByLabel('Include muted').uncheck();
    await expect.poll(async () => (await rows()).length).toBe(3);
    await filters.getByLabel('Show').selectOption({ label: 'Ended only' });
    await expect.poll(async () => (await rows()).map((cells) => cells[1])).toEqual(['Charger faulted']);
    await filters.getByLabel('Show').selectOption({ label: 'Active only' });
    await filters.getByLabel('Type').selectOption({ label: 'Late charging' });
    await expect.poll(async () => (await rows()).map((cells) => cells[1])).toEqual(['Late charging']);

    // The charger link opens its page, which shows its active faults and warnings (not the completed charge).
    await page.getByRole('link', { name: 'Bay 1' }).click();
    const section = page.getByRole('region', { name: 'Active alerts' });
    await section.getByRole('table', { name: 'Alerts' }).waitFor();
    const own = await section.locator('tbody tr').allInnerTexts();
    expect(own.map((row) => row.split('\t')[1]!.trim())).toEqual(['Late charging', 'Charger offline']);
    expect(tab.problems).toEqual([]);
  });
});
