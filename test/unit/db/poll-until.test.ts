import { describe, expect, it } from 'vitest';
import { pollUntil } from '../../../shared/db/retry';

/** A read that returns the values given, one per call, then the last one again; counts its calls. */
function reads<T>(...values: T[]) {
  let calls = 0;
  return {
    read: async () => values[Math.min(calls++, values.length - 1)]!,
    calls: () => calls,
  };
}

describe('pollUntil', () => {
  it('reads again, backing off, until the value read is the one awaited', async () => {
    const source = reads('pending', 'pending', 'ended', 'later');
    const value = await pollUntil(source.read, (v) => v === 'ended', { waitMs: 10_000, minTimeoutMs: 1 });
    expect(value).toBe('ended');
    expect(source.calls()).toBe(3);
  });

  it('returns the last value read when the wait is over', async () => {
    // Each read returns its own number, so the value returned names the read it came from, however
    // many reads the wait allowed on a loaded machine.
    let calls = 0;
    const value = await pollUntil(
      async () => ++calls,
      () => false,
      { waitMs: 30, minTimeoutMs: 1, maxTimeoutMs: 2 },
    );
    expect(value).toBe(calls);
  });

  it('reads once when there is no time to wait', async () => {
    const source = reads('pending', 'ended');
    expect(await pollUntil(source.read, (v) => v === 'ended', { waitMs: 0 })).toBe('pending');
    expect(source.calls()).toBe(1);
  });

  it("throws a read's error at once, without reading again", async () => {
    let calls = 0;
    const failing = async (): Promise<string> => {
      calls++;
      throw new Error('table gone');
    };
    await expect(pollUntil(failing, () => true, { waitMs: 10_000 })).rejects.toThrow('table gone');
    expect(calls).toBe(1);
  });
});
