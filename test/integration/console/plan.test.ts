/**
 * Smart charging's plan on the site power page in headless Chromium, on the local stack with smart
 * charging driven by the table's stream: a site whose capacity limit drops from 8 kW to 4 kW at a
 * time of day (30 to 45 minutes from now, site time) and one Level 2 session (a strict-mode OCPP
 * 1.6 client that accepts its profiles). The chart goes on after now with the planned power, its
 * caption says the planned power and the limit's step at that time, and the ports table shows the
 * port's next planned change, the `planned` reason in words and the solver as the planner; its van
 * (50 % SoC, 90 % by a departure two hours out: late) has its name, SoC, target, departure (and its source) and ETA
 * by the site's clock and why in words. The
 * same with a limit in amps (32 A, then 16 A): the plan is said in amps. The console calls nothing
 * but this origin. No page may throw or log an error.
 */
import { pollUntil } from '../support/ocpp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { LocalStack } from '../../../lib/local/stack';
import { LINE_COLOURS } from '../../../lib/console/src/power-data';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { connectSmartCharger, type SmartCharger } from '../support/smart-charger';
import { countPixels, launchBrowser, screenshot, type TestBrowser, type WatchedPage } from '../support/browser';
import { openConsoleWithApiKey } from '../support/console-page';

const TIME_ZONE = 'America/Chicago'; // createTenant's site
const DAY_S = 86_400;
const QUARTER_S = 900;

let stack: LocalStack;
let browser: TestBrowser;
const chargers: SmartCharger[] = [];
let tab: WatchedPage;
let page: Page;
/** The kW site, and its step's time (`HH:MM` site time) as the console says it. */
let site: PlanSite;
const requested: string[] = [];

/** Seconds after the site's local midnight at `ms`. */
function siteSeconds(ms: number): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(ms);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return part('hour') * 3600 + part('minute') * 60 + part('second');
}

/**
 * Every day `high`, and `low` from a quarter hour 30 to 45 minutes from now (site time): the step
 * is past the plan's first slot. When that quarter falls after midnight, `high` holds again from
 * the quarter hour now is in until midnight.
 */
function capacityPeriods(now: number, high: number, low: number) {
  const seconds = siteSeconds(now);
  const step = Math.ceil((seconds + 1800) / QUARTER_S) * QUARTER_S;
  if (step < DAY_S)
    return {
      periods: [
        { startPeriod: 0, limit: high },
        { startPeriod: step, limit: low },
      ],
      step,
    };
  return {
    periods: [
      { startPeriod: 0, limit: high },
      { startPeriod: step - DAY_S, limit: low },
      { startPeriod: Math.floor(seconds / QUARTER_S) * QUARTER_S, limit: high },
    ],
    step: step - DAY_S,
  };
}

/** A site of the test: its tenant, and a pattern of its step's time as the console says it. */
interface PlanSite {
  tenant: Tenant;
  stepAt: string;
}

/**
 * A site with one Level 2 charger, a capacity limit by time of day (`high`, then `low`: W or A)
 * and a session on the charger drawing 11 kW.
 */
async function planSite(unit: 'W' | 'A', high: number, low: number, van = false): Promise<PlanSite> {
  const ocppId = uniqueOcppId('PLAN');
  const tenant = await createTenant(stack, [
    { ocppId, name: 'Bay', type: 'Level 2', ports: [{ connectorType: 'J1772', maximumPowerKw: 11.5 }] },
  ]);
  const vehicle = van
    ? await api(stack, '/api/vehicles', {
        key: tenant.apiKey,
        method: 'POST',
        body: { vehicle: { name: 'Plan Van', accessIds: [{ ocppIdTag: 'PLAN-TAG' }] } },
      })
    : undefined;
  if (vehicle) expect(vehicle.status).toBe(201);
  const { periods, step } = capacityPeriods(Date.now(), high, low);
  const set = await api(stack, `/api/site/${tenant.siteId}/limits`, {
    key: tenant.apiKey,
    method: 'POST',
    body: {
      sitePowerLimitSchedule: {
        type: 'capacity',
        chargingRateUnit: unit,
        schedules: [{ daysOfWeek: [1, 2, 3, 4, 5, 6, 7], chargingSchedulePeriods: periods }],
      },
    },
  });
  expect(set.status).toBe(201);
  const charger = await connectSmartCharger(stack, ocppId, 'ocpp1.6', 1, { rateUnits: [unit] });
  chargers.push(charger);
  const transactionId = await charger.start(1, 'PLAN-TAG', 11_000);
  if (vehicle) {
    // 50 → 90 % in two hours at 8 kW at most: late, with an ETA after its departure.
    await charger.client.call('MeterValues', {
      connectorId: 1,
      transactionId: Number(transactionId),
      meterValue: [
        {
          timestamp: new Date().toISOString(),
          sampledValue: [{ value: '50', measurand: 'SoC', unit: 'Percent' }],
        },
      ],
    });
    // Once the session's allocation is stored: a departure replans the sites already planned.
    await pollUntil(
      async () => (await api(stack, `/api/site/${tenant.siteId}/power-allocation`, { key: tenant.apiKey })).body,
      (body) => (body?.data?.ports ?? []).some((p: { sessionId: number | null }) => p.sessionId !== null),
      "the session's allocation",
      30_000,
    );
    const departureTime = new Date(Date.now() + 2 * 3600_000).toISOString();
    const plan = { vehicleId: vehicle.body.vehicle.id, departureTimes: [{ departureTime, targetSoc: 90 }] };
    const posted = await api(stack, '/api/departure-times/vehicle', { key: tenant.apiKey, method: 'POST', body: plan });
    expect(posted.status).toBe(200);
  }
  const clock = [Math.floor(step / 3600), Math.floor((step % 3600) / 60)].map((n) => String(n).padStart(2, '0'));
  // On another day than now the console puts the weekday first (`Sat 00:15`).
  return { tenant, stepAt: `(?:[A-Z][a-z]{2} )?${clock.join(':')}` };
}

/** Opens the console in a new tab with the site's key, on the site's power page. */
async function openSitePower(of: PlanSite): Promise<WatchedPage> {
  const opened = await browser.newPage();
  opened.page.on('request', (request) => requested.push(request.url()));
  await openConsoleWithApiKey(opened.page, stack.url, of.tenant.apiKey);
  await opened.page.goto(`${stack.url}/#/sites/${of.tenant.siteId}/power`);
  return opened;
}

beforeAll(async () => {
  stack = await startTestStack({ smartCharging: true });
  site = await planSite('W', 8000, 4000, true);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await Promise.all(chargers.map((charger) => charger.close().catch(() => undefined)));
  await browser?.close();
  await stack?.close();
});

// Each test waits for allocations the table's stream drives (up to 60 s on a loaded 2-core
// machine), so each has a bound above that wait: not a figure it asserts.
const PLAN_TEST_MS = 120_000;

describe("the site power page's plan", () => {
  it('draws the planned power after now and says the plan and the limit step in the caption', {
    timeout: PLAN_TEST_MS,
  }, async () => {
    tab = await openSitePower(site);
    page = tab.page;
    const figure = page.locator('figure.chart');
    const step = site.stepAt;
    const caption = figure.locator('figcaption', {
      hasText: new RegExp(
        // A plan that runs past the site's midnight goes back to 8 kW there: a later step may follow.
        `Planned: 8\\.00 kW now, 4\\.00 kW from ${step}(?:, [^;]+)?; capacity 8\\.00 kW until ${step}, (?:then )?4\\.00 kW`,
      ),
    });
    await caption.waitFor({ timeout: 60_000 });
    expect(await caption.textContent()).toContain(`(site time, ${TIME_ZONE})`);
    await page.getByRole('heading', { name: 'Power, last 24 h, and the plan ahead' }).waitFor();

    // On the canvas: the planned line and the capacity line right of the now marker, neither left of
    // it (a limit by time of day has no flat line before now).
    await page.waitForFunction(() => document.querySelector('figure.chart')?.hasAttribute('data-now-x'));
    const attribute = async (name: string) => Number(await figure.getAttribute(`data-${name}`));
    const plot = async () => ({
      left: await attribute('plot-left'),
      top: await attribute('plot-top'),
      width: await attribute('plot-width'),
      height: await attribute('plot-height'),
      now: await attribute('now-x'),
    });
    const pixels = async (side: 'before' | 'after', colour: string) => {
      const p = await plot();
      const rect =
        side === 'before'
          ? { x: p.left, y: p.top, width: p.now - p.left - 2, height: p.height }
          : { x: p.now + 2, y: p.top, width: p.left + p.width - p.now - 2, height: p.height };
      return countPixels(page, 'figure.chart canvas', rect, colour);
    };
    await expect.poll(() => pixels('after', LINE_COLOURS.planned)).toBeGreaterThan(40);
    await expect.poll(() => pixels('after', LINE_COLOURS.capacity)).toBeGreaterThan(40);
    expect(await pixels('before', LINE_COLOURS.planned)).toBe(0);
    expect(await pixels('before', LINE_COLOURS.capacity)).toBe(0);
    expect(tab.problems).toEqual([]);
  });

  it("shows the port's next planned change, the planned reason in words and the solver as the planner", {
    timeout: PLAN_TEST_MS,
  }, async () => {
    const allocation = page.getByRole('region', { name: 'Smart charging' });
    await allocation.getByText('Planned with the solver', { exact: true }).waitFor();
    const table = allocation.locator('table', {
      has: page.locator('caption', { hasText: 'Allocated limit per port' }),
    });
    const row = table.getByRole('row', { name: /Bay · port 1/ });
    await row.getByRole('cell', { name: new RegExp(`^8\\.00 kW until ${site.stepAt}, then 4\\.00 kW$`) }).waitFor();
    const reason = row.getByRole('cell', { name: 'planned', exact: true });
    expect(await reason.getAttribute('title')).toMatch(/optimum of the plan/);
    // The vehicle, its SoC and target, departure and ETA by the site's clock, and why in words: late.
    const clockAt = '(?:[A-Z][a-z]{2} )?\\d{2}:\\d{2}';
    await row.getByRole('cell', { name: /late: reaches 90 % at / }).waitFor({ timeout: 60_000 });
    const cells = (await row.locator('th, td').allTextContents()).map((text) => text.trim());
    expect(cells.slice(0, 4)).toEqual(['Plan Van', 'Bay · port 1', '50 %', '90 %']);
    expect(cells[4]).toMatch(new RegExp(`^${clockAt} \\(the departure times\\)$`));
    expect(cells[5]).toMatch(new RegExp(`^${clockAt} late$`));
    expect(cells[8]).toMatch(new RegExp(`; late: reaches 90 % at ${clockAt}, after its departure\\.$`));
    expect(await allocation.getByText(`Times are site time (${TIME_ZONE}).`).count()).toBe(1);
    const late = allocation.getByRole('list', { name: 'Vehicles predicted late' });
    expect(await late.textContent()).toMatch(
      new RegExp(`^Plan Van: \\d+ % expected at its departure, ${clockAt} \\(target 90 %; ETA ${clockAt};`),
    );
    // The plan by vehicle: the van's bars are the allocation read's planned periods from now on
    // (the first starting now), its departure a line, and it is late with the table's ETA.
    const byVehicle = allocation.getByRole('list', { name: 'Plan by vehicle' }).locator('li', { hasText: 'Plan Van' });
    const bars = () =>
      byVehicle
        .locator('.vp-bar')
        .evaluateAll((els) =>
          els.map((el) => ({ start: el.getAttribute('data-start')!, limit: Number(el.getAttribute('data-limit')) })),
        );
    const readPeriods = async () => {
      const read = await api(stack, `/api/site/${site.tenant.siteId}/power-allocation`, { key: site.tenant.apiKey });
      const port = read.body.data.ports[0] as {
        departureTime: string;
        plannedPeriods: { startTime: string; limit: number }[];
      };
      const now = Date.now();
      return port.plannedPeriods
        .map((period, i) => ({
          ...period,
          end: Date.parse(port.plannedPeriods[i + 1]?.startTime ?? port.departureTime),
        }))
        .filter(
          (period) =>
            period.limit > 0 && period.end > now && Date.parse(period.startTime) < Date.parse(port.departureTime),
        );
    };
    await expect
      .poll(async () => {
        const [shown, periods] = await Promise.all([bars(), readPeriods()]);
        return (
          shown.length > 0 &&
          shown.length === periods.length &&
          shown.every(
            (bar, i) =>
              bar.limit === periods[i]!.limit &&
              (i === 0 || bar.start === new Date(periods[i]!.startTime).toISOString()),
          )
        );
      })
      .toBe(true);
    expect(await byVehicle.getByRole('img', { name: new RegExp(`^departs ${clockAt}$`) }).count()).toBe(1);
    expect((await byVehicle.locator('.vp-eta').textContent())?.trim()).toBe(
      `late ETA ${cells[5]!.replace(/ late$/, '')}`,
    );
    // The kW axis within the site's maximum (11.5 kW) or its highest limit, with headroom.
    const yMax = Number(await page.locator('figure.chart').getAttribute('data-y-max'));
    expect(yMax).toBeGreaterThan(8);
    expect(yMax).toBeLessThanOrEqual(11.5 * 1.15 + 0.01);
    const legend = allocation.getByRole('definition');
    expect(await legend.allTextContents()).toContain('the optimum of the plan over the hours ahead');
    await screenshot(page, 'site-power-plan');

    expect(tab.problems).toEqual([]);
  });

  it('says an amp plan in amps, with its amp limit', { timeout: PLAN_TEST_MS }, async () => {
    const amps = await planSite('A', 32, 16);
    const opened = await openSitePower(amps);
    const step = amps.stepAt;
    await opened.page
      .locator('figure.chart figcaption', {
        hasText: new RegExp(
          `Planned \\(in amps per phase, as the limits are: right axis\\): 32 A now, 16 A from ${step}(?:, [^;]+)?;` +
            ` capacity 32 A until ${step}, (?:then )?16 A`,
        ),
      })
      .waitFor({ timeout: 60_000 });
    const row = opened.page.getByRole('row', { name: /Bay · port 1/ });
    await row.getByRole('cell', { name: new RegExp(`^32 A until ${step}, then 16 A$`) }).waitFor();
    await screenshot(opened.page, 'site-power-plan-amps');

    // Nothing but this origin's API and files.
    expect(requested.filter((url) => !url.startsWith(`${stack.url}/`))).toEqual([]);
    expect(opened.problems).toEqual([]);
  });
});

// Browser globals, used only inside page.waitForFunction callbacks (no DOM lib in Node's program).
declare const document: { querySelector(selector: string): { hasAttribute(name: string): boolean } | null };
