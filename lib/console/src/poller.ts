/**
 * Live refresh without waste: a {@link Poller} runs a load, then the next one `intervalMs` after it
 * finished (never two at once), only while the page is visible. Hidden: no request at all; visible
 * again: one at once. A 429 waits its `Retry-After` before the next try; a 401 stops polling (the
 * key is gone). No DOM here: visibility and timers are injected, so it is unit-testable.
 *
 * @module
 */
import { ApiError } from './api';

/** Where visibility comes from (the browser: `document.visibilityState` and `visibilitychange`). */
export interface VisibilitySource {
  isVisible(): boolean;
  /** Calls `listener` on every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/** Timer functions (the globals by default). */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** One outcome: `data` on success, `error` on failure (an aborted load reports nothing). */
export type PollResult<T> = { data: T; error?: undefined } | { data?: undefined; error: unknown };

/** Options of a {@link Poller}. */
export interface PollerOptions<T> {
  load(signal: AbortSignal): Promise<T>;
  /** Pause between the end of one load and the start of the next, ms. */
  intervalMs: number;
  onResult(result: PollResult<T>): void;
  visibility: VisibilitySource;
  timers?: Timers;
}

/** Polls `load` while visible; see the module documentation. */
export class Poller<T> {
  private timer: unknown;
  private running: AbortController | undefined;
  private rerun = false;
  private stopped = true;
  private unsubscribe: (() => void) | undefined;
  private readonly timers: Timers;

  constructor(private readonly options: PollerOptions<T>) {
    this.timers = options.timers ?? {
      setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
      clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
    };
  }

  /** Starts: loads at once when visible, else when the page becomes visible. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.unsubscribe = this.options.visibility.subscribe(() => this.onVisibilityChange());
    if (this.options.visibility.isVisible()) void this.run();
  }

  /** Loads now (or right after the load in flight), then keeps the interval from there. */
  refresh(): void {
    if (this.stopped) return;
    if (this.running) {
      this.rerun = true;
      return;
    }
    this.clearTimer();
    void this.run();
  }

  /** Stops for good: no more loads, the one in flight is aborted and reports nothing. */
  stop(): void {
    this.stopped = true;
    this.clearTimer();
    this.running?.abort();
    this.running = undefined;
    this.unsubscribe?.();
  }

  private onVisibilityChange(): void {
    if (this.stopped) return;
    if (!this.options.visibility.isVisible()) this.clearTimer();
    else if (!this.running && this.timer === undefined) void this.run();
  }

  private async run(): Promise<void> {
    const controller = new AbortController();
    this.running = controller;
    let result: PollResult<T>;
    try {
      result = { data: await this.options.load(controller.signal) };
    } catch (error) {
      result = { error };
    }
    if (controller.signal.aborted || this.stopped) return;
    this.running = undefined;
    this.options.onResult(result);
    if (this.stopped) return;
    if (result.error instanceof ApiError && result.error.kind === 'unauthorized') return;
    if (this.rerun) {
      this.rerun = false;
      void this.run();
      return;
    }
    const retryAfter = result.error instanceof ApiError ? result.error.retryAfterSeconds : undefined;
    this.schedule(retryAfter === undefined ? this.options.intervalMs : retryAfter * 1000);
  }

  private schedule(ms: number): void {
    this.clearTimer();
    if (!this.options.visibility.isVisible()) return;
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      void this.run();
    }, ms);
  }

  private clearTimer(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }
}
