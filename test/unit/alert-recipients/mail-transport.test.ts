import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it, vi } from 'vitest';
import { alertMailer } from '../../../shared/alert-recipients/mail-transport';

const mail = {
  to: 'lead@fleet.example.com',
  subject: 'Charger offline: Bay 7 at Depot',
  text: 'Hello',
  fileName: 'alert-1-recipient-2',
};

describe('the alert e-mail transport', () => {
  it('is off without a sender', () => {
    expect(alertMailer({})).toBeUndefined();
    expect(alertMailer({ MAIL_DIR: '/tmp/x' })).toBeUndefined();
  });

  it('on AWS sends the message through SES v2 SendEmail from the sender', async () => {
    const client = new SESv2Client({ region: 'eu-west-1', credentials: { accessKeyId: 'a', secretAccessKey: 'b' } });
    const ses = mockClient(client);
    ses.on(SendEmailCommand).resolves({ MessageId: 'ses-message-1' });
    const mailer = alertMailer({ ALERT_EMAIL_FROM: 'alerts@fleet.example.com' }, client)!;
    expect(mailer.kind).toBe('ses');
    expect(await mailer.send(mail)).toBe('ses-message-1');
    const [call] = ses.commandCalls(SendEmailCommand);
    const input = call!.args[0].input;
    expect(input.FromEmailAddress).toBe('alerts@fleet.example.com');
    expect(input.Destination?.ToAddresses).toEqual(['lead@fleet.example.com']);
    expect(input.Content?.Simple).toEqual({
      Subject: { Data: 'Charger offline: Bay 7 at Depot', Charset: 'UTF-8' },
      Body: { Text: { Data: 'Hello', Charset: 'UTF-8' } },
    });
  });

  it('on AWS passes SES refusals on', async () => {
    const client = new SESv2Client({ region: 'eu-west-1', credentials: { accessKeyId: 'a', secretAccessKey: 'b' } });
    mockClient(client).on(SendEmailCommand).rejects(new Error('Email address is not verified'));
    const mailer = alertMailer({ ALERT_EMAIL_FROM: 'alerts@fleet.example.com' }, client)!;
    await expect(mailer.send(mail)).rejects.toThrow('not verified');
  });

  it('locally writes an .eml file under MAIL_DIR and prints its path', async () => {
    const dir = join(await mkdtemp(join(tmpdir(), 'mail-test-')), 'mail');
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const mailer = alertMailer({ ALERT_EMAIL_FROM: 'alerts@localhost', MAIL_DIR: dir })!;
    expect(mailer.kind).toBe('file');
    const path = await mailer.send({ ...mail, fileName: 'alert-1/../x' });
    expect(path).toBe(join(dir, 'alert-1____x.eml'));
    expect(log).toHaveBeenCalledWith(`alert e-mail → ${path}`);
    log.mockRestore();
    const message = await readFile(path, 'utf8');
    expect(message).toMatch(/^From: alerts@localhost$/m);
    expect(message).toMatch(/^To: lead@fleet\.example\.com$/m);
    expect(message).toContain('\n\nHello');
  });
});
