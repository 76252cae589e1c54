/** The time maintenance windows cover: overlaps counted once, clipped to the range. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { coveredIntervals, coveredMs } from '../../../shared/maintenance-windows/intervals';

describe('coveredIntervals / coveredMs', () => {
  it('merges overlapping and touching windows and clips them to the range', () => {
    const windows = [
      { from: 70, to: 80 },
      { from: 75, to: 85 },
      { from: 85, to: 90 },
      { from: 100, to: 115 },
      { from: 130, to: 140 },
    ];
    expect(coveredIntervals(windows, 60, 110)).toEqual([
      { from: 70, to: 90 },
      { from: 100, to: 110 },
    ]);
    expect(coveredMs(windows, 60, 110)).toBe(30);
    expect(coveredMs(windows, 120, 125)).toBe(0);
    expect(coveredMs([], 0, 10)).toBe(0);
  });

  it('equals the count of covered instants (property)', () => {
    const interval = fc.tuple(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 60 }));
    fc.assert(
      fc.property(fc.array(interval, { maxLength: 8 }), interval, (pairs, [a, b]) => {
        const windows = pairs.map(([x, y]) => ({ from: Math.min(x, y), to: Math.max(x, y) }));
        const [start, end] = [Math.min(a, b), Math.max(a, b)];
        let covered = 0;
        for (let t = start; t < end; t++) if (windows.some((w) => t >= w.from && t < w.to)) covered++;
        expect(coveredMs(windows, start, end)).toBe(covered);
        const merged = coveredIntervals(windows, start, end);
        merged.forEach((i, k) => {
          expect(i.to).toBeGreaterThan(i.from);
          if (k > 0) expect(i.from).toBeGreaterThan(merged[k - 1]!.to);
        });
      }),
    );
  });
});
