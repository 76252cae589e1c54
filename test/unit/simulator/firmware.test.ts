import { describe, expect, it } from 'vitest';
import { FirmwareUpdater, failureOfLocation, type FirmwareSink } from '../../../lib/simulator/firmware';

/** A sink that records the statuses and reboots, and resolves `done` at the last status expected. */
function recording(last: string) {
  const events: string[] = [];
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const sink: FirmwareSink = {
    async notify(status, requestId) {
      const event = requestId === undefined ? status : `${status}#${requestId}`;
      events.push(event);
      if (event === last) finish();
    },
    async reboot() {
      events.push('reboot');
    },
    log: () => {},
    disposed: () => false,
  };
  return { events, done, sink };
}

const request = (location: string, extra: object = {}) => ({
  location,
  retrieveAt: new Date(),
  signed: false,
  ...extra,
});

describe('the simulated firmware update', () => {
  it('goes 1.6 Downloading → Downloaded → Installing → reboot → Installed', async () => {
    const { events, done, sink } = recording('Installed');
    new FirmwareUpdater({ stepMs: 1 }, sink, 'ocpp1.6').start(request('https://fw/a.bin'));
    await done;
    expect(events).toEqual(['Downloading', 'Downloaded', 'Installing', 'reboot', 'Installed']);
  });

  it('names the 2.0.1 request, verifies a signature and notifies InstallRebooting', async () => {
    const { events, done, sink } = recording('Installed#7');
    new FirmwareUpdater({ stepMs: 1 }, sink, 'ocpp2.0.1').start(
      request('https://fw/a.bin', { requestId: 7, signed: true }),
    );
    await done;
    expect(events).toEqual([
      'Downloading#7',
      'Downloaded#7',
      'SignatureVerified#7',
      'Installing#7',
      'InstallRebooting#7',
      'reboot',
      'Installed#7',
    ]);
  });

  it('fails as the URL or the option asks', async () => {
    expect(failureOfLocation('https://fw/fail-install/a.bin')).toBe('install');
    expect(failureOfLocation('https://fw/a.bin')).toBeUndefined();
    const { events, done, sink } = recording('DownloadFailed');
    new FirmwareUpdater({ stepMs: 1, failure: 'download' }, sink, 'ocpp1.6').start(request('https://fw/a.bin'));
    await done;
    expect(events).toEqual(['Downloading', 'DownloadFailed']);
  });

  it('cancels the update in progress when a new one starts', async () => {
    const { events, done, sink } = recording('Installed#2');
    const updater = new FirmwareUpdater({ stepMs: 20 }, sink, 'ocpp2.0.1');
    expect(updater.start(request('https://fw/a.bin', { requestId: 1 }))).toBe(false);
    expect(updater.start(request('https://fw/b.bin', { requestId: 2 }))).toBe(true);
    await done;
    expect(events.filter((e) => e.endsWith('#1'))).toEqual([]);
  });
});
