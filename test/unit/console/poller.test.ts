/**
 * Live refresh (lib/console/src/poller.ts): every interval after the last load, never while the
 * page is hidden, at once when it shows again, after Retry-After on a 429, never after a 401.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/console/src/api';
import { Poller, type PollResult, type VisibilitySource } from '../../../lib/console/src/poller';

class FakeVisibility implements VisibilitySource {
  visible = true;
  private listeners = new Set<() => void>();
  isVisible() {
    return this.visible;
  }
  subscribe(listener: () => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  set(visible: boolean) {
    this.visible = visible;
    for (const listener of this.listeners) listener();
  }
  get subscribers() {
    return this.listeners.size;
  }
}

let visibility: FakeVisibility;
let calls: number;
let results: PollResult<number>[];
let next: () => Promise<number>;

function poller(intervalMs = 5000) {
  return new Poller<number>({
    load: () => {
      calls += 1;
      return next();
    },
    intervalMs,
    onResult: (result) => results.push(result),
    visibility,
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  visibility = new FakeVisibility();
  calls = 0;
  results = [];
  next = async () => calls;
});
afterEach(() => vi.useRealTimers());

describe('Poller', () => {
  it('loads at once, then every interval after the previous load', async () => {
    const p = poller();
    p.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(4999);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(2);
    expect(results.map((r) => r.data)).toEqual([1, 2]);
    p.stop();
  });

  it('waits for a slow load instead of starting another', async () => {
    let release!: (value: number) => void;
    next = () => new Promise<number>((resolve) => (release = resolve));
    const p = poller();
    p.start();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(calls).toBe(1);
    release(7);
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toBe(2);
    p.stop();
  });

  it('sends nothing while the page is hidden, and loads at once when it shows again', async () => {
    const p = poller();
    p.start();
    await vi.advanceTimersByTimeAsync(0);
    visibility.set(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(1);
    visibility.set(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(2);
    p.stop();
  });

  it('does not start while hidden', async () => {
    visibility.visible = false;
    const p = poller();
    p.start();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toBe(0);
    visibility.set(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(1);
    p.stop();
  });

  it('waits Retry-After after a 429, and reports the error', async () => {
    next = async () => {
      if (calls === 1) throw new ApiError('rateLimited', 429, 'Rate-limited', 30);
      return calls;
    };
    const p = poller();
    p.start();
    await vi.advanceTimersByTimeAsync(29_999);
    expect(calls).toBe(1);
    expect(results[0]?.error).toBeInstanceOf(ApiError);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(2);
    p.stop();
  });

  it('keeps polling after an unreachable API, and stops for good after a 401', async () => {
    next = async () => {
      throw calls === 1 ? new ApiError('unreachable', 0, 'down') : new ApiError('unauthorized', 401, 'refused');
    };
    const p = poller();
    p.start();
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(2);
    expect(results.map((r) => (r.error as ApiError).kind)).toEqual(['unreachable', 'unauthorized']);
  });

  it('refresh loads now, or right after the load in flight', async () => {
    let release!: (value: number) => void;
    const p = poller();
    p.start();
    await vi.advanceTimersByTimeAsync(0);
    p.refresh();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(2);
    next = () => new Promise<number>((resolve) => (release = resolve));
    p.refresh();
    p.refresh();
    expect(calls).toBe(3);
    release(3);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(4);
    p.stop();
  });

  it('stop aborts the load in flight, reports nothing more and unsubscribes', async () => {
    let signal!: AbortSignal;
    const p = new Poller<number>({
      load: (s) => {
        signal = s;
        calls += 1;
        return new Promise<number>(() => undefined);
      },
      intervalMs: 5000,
      onResult: (result) => results.push(result),
      visibility,
    });
    p.start();
    expect(visibility.subscribers).toBe(1);
    p.stop();
    expect(signal.aborted).toBe(true);
    expect(visibility.subscribers).toBe(0);
    visibility.set(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(1);
    expect(results).toEqual([]);
  });
});
