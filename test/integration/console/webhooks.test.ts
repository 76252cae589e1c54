/**
 * The Webhooks page in headless Chromium: no event type is the API's 400
 * shown by the events; an endpoint created from the page (`http://127.0.0.1`, allowed by the local
 * development setting), its secret shown once, "Send test" delivered to a real HTTP server in the
 * test (the signature verified with `standardwebhooks` and the secret the page showed), the delivery
 * log showing `succeeded` with 200; disable, and delete, asked first (Cancel keeps it).
 * No page may throw or log an error.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askConfirmation, openConsolePage, openConsoleWithApiKey, type ConsolePage } from '../support/console-page';
import { screenshot } from '../support/browser';
import { api } from '../support/stack';

process.env.WEBHOOK_ALLOW_HTTP_LOCALHOST = 'true';

let ui: ConsolePage;
let receiver: Server;
let receiverUrl: string;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  ui = await openConsolePage({ webhooks: true });
}, 120_000);

afterAll(async () => {
  await ui?.close();
  if (!receiver) return;
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

describe('the Webhooks page', () => {
  it('creates an endpoint, shows its secret once, sends a test that the receiver verifies, and shows it succeeded with 200', async () => {
    const { page, stack, tenant, tab } = ui;
    await openConsoleWithApiKey(page, stack.url, tenant.apiKey);
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await page.getByText('No webhook endpoints yet.').waitFor();
    const form = page.getByRole('form', { name: 'New endpoint' });

    // No event type: the API's 400 by the events.
    for (const type of ['alert.raised', 'alert.cleared']) await form.getByRole('checkbox', { name: type }).uncheck();
    expect(await form.getByRole('checkbox', { checked: true }).count()).toBe(0);
    await form.getByLabel('URL').fill(receiverUrl);
    await form.getByRole('button', { name: 'Create endpoint' }).click();
    await page.getByText(/^The endpoint was not created\. 400: /).waitFor();
    expect(await page.locator('#webhook-eventTypes-error').textContent()).toMatch(/at least one/);
    expect((await api(stack, '/api/webhook-endpoints', { key: tenant.apiKey })).body.data).toEqual([]);

    await form.getByRole('checkbox', { name: 'alert.raised' }).check();
    await form.getByLabel('Description').fill('Ops room');
    await form.getByRole('button', { name: 'Create endpoint' }).click();
    const secret = (await page.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await page.getByText('Copy it now: you will not see it again.').waitFor();
    const row = page.getByRole('table', { name: 'Webhook endpoints' }).locator('tbody tr');
    await row.getByText('Enabled').waitFor();
    expect((await row.allInnerTexts())[0]).toContain('Ops room');

    await page.getByRole('button', { name: `Send test ${receiverUrl}` }).click();
    const deliveries = page.getByRole('table', { name: 'Deliveries' });
    await deliveries.getByText('succeeded').waitFor({ timeout: 60_000 });
    const cells = (await deliveries.locator('tbody tr').allInnerTexts())[0]!.split('\t').map((cell) => cell.trim());
    expect([cells[1], cells[2], cells[4]]).toEqual(['webhook.test', 'succeeded', '200']);
    expect(received).toHaveLength(1);
    const { headers, body } = received[0]!;
    const payload = new Webhook(secret).verify(body, {
      'webhook-id': String(headers['webhook-id']),
      'webhook-timestamp': String(headers['webhook-timestamp']),
      'webhook-signature': String(headers['webhook-signature']),
    });
    expect(payload).toMatchObject({ type: 'webhook.test' });
    await screenshot(page, 'webhooks');

    // The secret is gone once dismissed, and never in a read.
    await page.getByRole('button', { name: 'I have kept it' }).click();
    expect(await page.getByTestId('webhook-secret').count()).toBe(0);
    expect(JSON.stringify((await api(stack, '/api/webhook-endpoints', { key: tenant.apiKey })).body)).not.toContain(
      secret,
    );

    await page.getByRole('button', { name: `Disable ${receiverUrl}` }).click();
    await row.getByText('Disabled').waitFor();

    // Delete asks first, saying what is lost; Cancel deletes nothing.
    const listed = async () => (await api(stack, '/api/webhook-endpoints', { key: tenant.apiKey })).body.data;
    const cancelled = await askConfirmation(row, `Delete ${receiverUrl}`);
    await cancelled
      .getByText(`Delete the endpoint ${receiverUrl}? Its deliveries stop and those pending fail.`)
      .waitFor();
    await cancelled.getByRole('button', { name: 'Cancel' }).click();
    await row.getByRole('button', { name: `Delete ${receiverUrl}` }).waitFor();
    expect(await listed()).toMatchObject([{ url: receiverUrl }]);

    const confirmed = await askConfirmation(row, `Delete ${receiverUrl}`);
    await confirmed.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByText('No webhook endpoints yet.').waitFor();
    expect(await listed()).toEqual([]);
    expect(tab.problems).toEqual([]);
  }, 120_000);
});
