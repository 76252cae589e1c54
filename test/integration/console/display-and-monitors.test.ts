/**
 * The charger page's display messages and monitors in headless Chromium, against an ocpp-rpc
 * strict 2.0.1 client: a message set (our id shown), listed from the charger (its
 * NotifyDisplayMessages page settles the listing the page follows) and cleared; a content over
 * 512 characters refused with the field named beside its input, nothing sent; the monitors read
 * from the station (its NotifyMonitoringReport) and shown. A 1.6 charger's page, and a viewer's,
 * have neither panel. No page may throw or log an error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RPCClient } from 'ocpp-rpc';
import { registerCharger } from '../../../shared/chargers/registration';
import type { Charger } from '../../../shared/api/routes/charger-views';
import { connectRecordingCharger, pollUntil } from '../support/ocpp';
import { uniqueOcppId } from '../support/stack';
import type { ConsolePage } from '../support/console-page';
import { openChargerTab, openConsolePage, openConsoleWithApiKey, reopenConsoleAsViewer } from '../support/console-page';
import { screenshot, type WatchedPage } from '../support/browser';

let ui: ConsolePage;
let tab: WatchedPage;
let page: Page;
let station: RPCClient;
let v201: Charger;
let v16: Charger;
let v16Client: RPCClient;

/** The CALLs the 2.0.1 station received, and how it answers them. */
const received: { action: string; params: any }[] = [];
const ACTIONS = ['SetDisplayMessage', 'GetDisplayMessages', 'ClearDisplayMessage', 'GetMonitoringReport'];

/** The station's monitors, reported after it answers GetMonitoringReport. */
const MONITORS = [
  {
    component: { name: 'EVSE', evse: { id: 1 } },
    variable: { name: 'Power' },
    variableMonitoring: [{ id: 7, transaction: false, value: 22_000, type: 'UpperThreshold', severity: 4 }],
  },
];

/** Answers every CALL Accepted; a monitoring report follows its answer. */
function answer(action: string, params: { requestId?: number }) {
  if (action === 'GetMonitoringReport') {
    setImmediate(() => {
      void station.call('NotifyMonitoringReport', {
        requestId: params.requestId,
        seqNo: 0,
        generatedAt: new Date().toISOString(),
        monitor: MONITORS,
      });
    });
  }
  return { status: 'Accepted' };
}

beforeAll(async () => {
  ui = await openConsolePage();
  ({ tab, page } = ui);
  const { db } = ui.stack;
  const register = (ocppId: string, name: string) =>
    registerCharger(db, { ocppId, name, type: 'DCFC', ports: [{ connectorType: 'CCS1' }], siteId: ui.tenant.siteId });
  v201 = await register(uniqueOcppId('UIDSP201'), 'Screen 2.0.1');
  v16 = await register(uniqueOcppId('UIDSP16'), 'Screen 1.6');
  station = await connectRecordingCharger(ui.stack, v201.ocppId!, 'ocpp2.0.1', ACTIONS, received, () => answer);
  v16Client = await connectRecordingCharger(ui.stack, v16.ocppId!, 'ocpp1.6', [], [], () => answer);
  await openConsoleWithApiKey(page, ui.stack.url, ui.tenant.apiKey);
}, 120_000);

afterAll(async () => {
  await station?.close();
  await v16Client?.close();
  await ui?.close();
});

/** The actions the station received since `from`. */
const actionsSince = (from: number) => received.slice(from).map((r) => r.action);

describe("the charger page's display messages", () => {
  it('sets a message, lists it from the charger and clears it', async () => {
    await page.goto(`${ui.stack.url}/#/chargers/${v201.id}`);
    await openChargerTab(page, 'Operations');
    const section = page.getByRole('region', { name: 'Display messages' });
    await section.getByText('Never listed: "List from charger" asks it.').waitFor();
    await section.getByLabel('Message', { exact: true }).fill('Welkom bij het depot');
    await section.getByLabel('Priority').selectOption('InFront');
    // On the site's clock (America/Chicago, UTC-6 in January).
    await section.getByLabel('From (America/Chicago time, optional)').fill('2030-01-01T08:00');
    await section.getByLabel('Until (America/Chicago time, optional)').fill('2030-01-01T18:00');
    await section.getByRole('button', { name: 'Set message' }).click();
    await section.getByText(/^Set message: accepted \(Accepted\), message id \d+\.$/).waitFor();
    const set = received.find((r) => r.action === 'SetDisplayMessage')!;
    const id = set.params.message.id;
    expect(set.params.message).toEqual({
      id,
      priority: 'InFront',
      startDateTime: '2030-01-01T14:00:00.000Z',
      endDateTime: '2030-01-02T00:00:00.000Z',
      message: { format: 'UTF8', content: 'Welkom bij het depot' },
    });

    await section.getByRole('button', { name: 'List from charger' }).click();
    await section.getByText('Asking the charger for its messages…').waitFor();
    const listing = await pollUntil(
      async () => received.find((r) => r.action === 'GetDisplayMessages')?.params as { requestId: number } | undefined,
      (params) => params !== undefined,
      'the GetDisplayMessages CALL',
    );
    await station.call('NotifyDisplayMessages', {
      requestId: listing!.requestId,
      messageInfo: [{ ...set.params.message, state: 'Idle' }],
    });
    await section.getByText("The charger's answer: accepted (Accepted).").waitFor();
    const row = section.getByRole('row', { name: /Welkom bij het depot/ });
    await row.getByText('from Jan 1, 2030, 8:00:00 AM CST until Jan 1, 2030, 6:00:00 PM CST, when Idle').waitFor();
    await row.waitFor();
    await screenshot(page, 'charger-display-messages');

    const before = received.length;
    await row.getByRole('button', { name: `Clear ${id}` }).click();
    await section.getByText(`Clear message ${id}: accepted (Accepted).`).waitFor();
    expect(received.slice(before)).toEqual([{ action: 'ClearDisplayMessage', params: { id } }]);
    expect(tab.problems).toEqual([]);
  });

  it('refuses a content over 512 characters, naming the field beside it, and sends nothing', async () => {
    const section = page.getByRole('region', { name: 'Display messages' });
    const before = received.length;
    await section.getByLabel('Message', { exact: true }).fill('x'.repeat(513));
    await section.getByRole('button', { name: 'Set message' }).click();
    await section.getByText(/^Setting the message failed\./).waitFor();
    await expect(section.getByLabel('Message', { exact: true }).getAttribute('aria-invalid')).resolves.toBe('true');
    expect(actionsSince(before)).toEqual([]);
    expect(tab.problems).toEqual([]);
  });
});

describe("the charger page's monitors", () => {
  it('reads the monitors from the station and shows them', async () => {
    await openChargerTab(page, 'Configuration');
    const section = page.getByRole('region', { name: 'Monitors' });
    await section.getByText('Never reported by the charger.').waitFor();
    const before = received.length;
    await section.getByRole('button', { name: 'Refresh from charger' }).click();
    await section.getByText('The charger sent its monitors.').waitFor();
    expect(actionsSince(before)).toEqual(['GetMonitoringReport']);
    await section.getByRole('row', { name: /EVSE EVSE 1 Power UpperThreshold 22000 4 no/ }).waitFor();
    expect(tab.problems).toEqual([]);
  });
});

describe('neither panel', () => {
  it('on a 1.6 charger’s page', async () => {
    await page.goto(`${ui.stack.url}/#/chargers/${v16.id}/configuration`);
    // The panels' version comes from the configuration read the Configuration section shows.
    await page.getByRole('region', { name: 'Configuration' }).getByText('Never read from the charger.').waitFor();
    await page.getByRole('region', { name: 'Local authorization list' }).waitFor();
    expect(await page.getByRole('region', { name: 'Monitors' }).count()).toBe(0);
    await openChargerTab(page, 'Operations');
    await page.getByRole('region', { name: 'Operations' }).waitFor();
    await page.getByRole('region', { name: 'Maintenance windows' }).waitFor();
    expect(await page.getByRole('region', { name: 'Display messages' }).count()).toBe(0);
    expect(tab.problems).toEqual([]);
  });

  it('for a viewer', async () => {
    await reopenConsoleAsViewer(ui);
    await page.goto(`${ui.stack.url}/#/chargers/${v201.id}/operations`);
    await page.getByText('Running a charger operation needs the role operator or above; you are a viewer.').waitFor();
    expect(await page.getByRole('region', { name: 'Display messages' }).count()).toBe(0);
    await openChargerTab(page, 'Configuration');
    await page.getByRole('region', { name: 'Configuration' }).getByText('Never read from the charger.').waitFor();
    expect(await page.getByRole('region', { name: 'Monitors' }).count()).toBe(0);
    expect(tab.problems).toEqual([]);
  });
});
