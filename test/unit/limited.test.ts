/** `shared/limited.ts`: work on many items a bounded number at a time, results in the items' order. */
import { describe, expect, it } from 'vitest';
import { mapLimited } from '../../shared/limited';

/** Work whose runs end when the test says, noting how many run at once. */
function gatedWork() {
  const waiting: (() => void)[] = [];
  const state = { running: 0, most: 0, started: [] as number[] };
  const work = async (item: number) => {
    state.running++;
    state.most = Math.max(state.most, state.running);
    state.started.push(item);
    await new Promise<void>((resolve) => waiting.push(resolve));
    state.running--;
    return item * 10;
  };
  /** Ends the runs waiting now, one microtask turn for the next ones to start. */
  const release = async () => {
    for (const resolve of waiting.splice(0)) resolve();
    await new Promise((resolve) => setImmediate(resolve));
  };
  const tick = () => new Promise((resolve) => setImmediate(resolve));
  return { work, state, release, tick };
}

describe('mapLimited', () => {
  it('runs at most `limit` at a time, starting the next as one ends, and answers in order', async () => {
    const { work, state, release, tick } = gatedWork();
    const items = Array.from({ length: 7 }, (_, i) => i);
    const done = mapLimited(items, 3, work);
    await tick();
    // The first three started; none more until one ends.
    expect(state.started).toEqual([0, 1, 2]);
    while (state.started.length < items.length || state.running > 0) await release();
    expect(await done).toEqual([0, 10, 20, 30, 40, 50, 60]);
    expect(state.most).toBe(3);
    expect(state.started).toEqual(items);
  });

  it('takes no items, and fewer items than the limit', async () => {
    expect(await mapLimited([], 25, async (x: number) => x)).toEqual([]);
    expect(await mapLimited([1, 2], 25, async (x) => x + 1)).toEqual([2, 3]);
  });

  it('throws what a run throws', async () => {
    await expect(
      mapLimited([1, 2, 3], 2, async (x) => {
        if (x === 2) throw new Error('two');
        return x;
      }),
    ).rejects.toThrow('two');
  });
});
