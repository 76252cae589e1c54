/**
 * A firmware update as the simulator performs it (1.6 §5.19, 2.0.1 L01): nothing is downloaded,
 * but the FirmwareStatusNotifications go through their states with short delays, as a charger's
 * do, and the charger reboots between installing and installed (its connection drops, it connects
 * again and boots, then notifies `Installed`):
 *
 * Downloading → Downloaded → (2.0.1 with a signature: SignatureVerified) → Installing →
 * (2.0.1: InstallRebooting) → reboot → Installed
 *
 * A failure is asked for by {@link FirmwareOptions.failure} or by a marker in the firmware URL
 * (`fail-download`, `fail-install`, `invalid-signature`, `stall`), so a test or a campaign can make
 * some chargers fail: DownloadFailed after Downloading, InstallationFailed after Installing,
 * InvalidSignature after Downloaded (2.0.1), or nothing after Downloading (a stalled update).
 *
 * @module
 */

/** How a simulated firmware update fails, if it does. */
export type FirmwareFailure = 'download' | 'install' | 'signature' | 'stall';

/** Every {@link FirmwareFailure}, for the CLI. */
export const FIRMWARE_FAILURES: readonly FirmwareFailure[] = ['download', 'install', 'signature', 'stall'];

/** Options of the simulated firmware update. */
export interface FirmwareOptions {
  /** Milliseconds between two statuses (and the reboot's pause). @default 500 */
  readonly stepMs?: number | undefined;
  /** Fail every update this way. @default none (unless the URL has a marker) */
  readonly failure?: FirmwareFailure | undefined;
}

/** One update as asked (both versions). */
export interface FirmwareRequest {
  /** 2.0.1 `requestId`; 1.6 has none. */
  readonly requestId?: number;
  readonly location: string;
  /** When to start downloading. */
  readonly retrieveAt: Date;
  /** When to install (2.0.1 `installDateTime`). */
  readonly installAt?: Date;
  /** Whether a signature came with it (2.0.1): the station verifies it. */
  readonly signed: boolean;
}

/** What an update does to the station. */
export interface FirmwareSink {
  /** Sends FirmwareStatusNotification with the status (and the 2.0.1 requestId). */
  notify(status: string, requestId?: number): Promise<unknown>;
  /** Reboots: the connection drops, the charger connects again and boots. */
  reboot(): Promise<void>;
  /** Logs a line. */
  log(level: 'info' | 'warn', message: string): void;
  /** Whether the simulator was closed (the update stops). */
  disposed(): boolean;
}

/** URL markers and the failure each asks for. */
const MARKERS: [string, FirmwareFailure][] = [
  ['fail-download', 'download'],
  ['fail-install', 'install'],
  ['invalid-signature', 'signature'],
  ['stall', 'stall'],
];

/** The failure a URL asks for, if any. */
export function failureOfLocation(location: string): FirmwareFailure | undefined {
  return MARKERS.find(([marker]) => location.includes(marker))?.[1];
}

/** Longest wait for a retrieve or install date, ms (a date far ahead is not waited for in a simulation). */
const MAX_WAIT_MS = 60_000;

/** The firmware updates of one station: one at a time, a new one cancels the one in progress. */
export class FirmwareUpdater {
  private current: AbortController | undefined;

  constructor(
    private readonly options: FirmwareOptions,
    private readonly sink: FirmwareSink,
    private readonly protocol: 'ocpp1.6' | 'ocpp2.0.1' | 'ocpp2.1',
  ) {}

  /** Whether an update is in progress. */
  get busy(): boolean {
    return this.current !== undefined;
  }

  /**
   * Starts an update (after the reply to UpdateFirmware, by the caller), cancelling one in progress.
   * @returns whether one in progress was cancelled (2.0.1 `AcceptedCanceled`)
   */
  start(request: FirmwareRequest): boolean {
    const cancelled = this.current !== undefined;
    this.current?.abort();
    const control = new AbortController();
    this.current = control;
    void this.run(request, control.signal)
      .catch((error: unknown) => {
        if (!control.signal.aborted) this.sink.log('warn', `firmware update failed: ${String(error)}`);
      })
      .finally(() => {
        if (this.current === control) this.current = undefined;
      });
    return cancelled;
  }

  /** Stops the update in progress (the simulator closes). */
  stop(): void {
    this.current?.abort();
    this.current = undefined;
  }

  private async run(request: FirmwareRequest, signal: AbortSignal): Promise<void> {
    const failure = failureOfLocation(request.location) ?? this.options.failure;
    const step = this.options.stepMs ?? 500;
    const v201 = this.protocol !== 'ocpp1.6';
    const notify = async (status: string) => {
      if (signal.aborted || this.sink.disposed()) throw new Error('firmware update cancelled');
      this.sink.log(
        'info',
        `firmware ${status}${request.requestId === undefined ? '' : ` (request ${request.requestId})`}`,
      );
      await this.sink.notify(status, request.requestId);
    };
    const wait = (ms: number) => pause(Math.min(Math.max(ms, 0), MAX_WAIT_MS), signal);

    await wait(request.retrieveAt.getTime() - Date.now());
    await notify('Downloading');
    if (failure === 'stall') return;
    await wait(step);
    if (failure === 'download') return void (await notify('DownloadFailed'));
    await notify('Downloaded');
    if (v201 && (request.signed || failure === 'signature')) {
      await wait(step);
      if (failure === 'signature') return void (await notify('InvalidSignature'));
      await notify('SignatureVerified');
    }
    await wait(Math.max(step, (request.installAt?.getTime() ?? 0) - Date.now()));
    await notify('Installing');
    await wait(step);
    if (failure === 'install') return void (await notify('InstallationFailed'));
    if (v201) await notify('InstallRebooting');
    await this.sink.reboot();
    await wait(step);
    await notify('Installed');
  }
}

/** Waits `ms`; rejects when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Error('firmware update cancelled'));
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new Error('firmware update cancelled'));
    });
  });
}
