/**
 * Time covered by maintenance windows, pure: the union of intervals (overlapping windows count
 * once) and the seconds of a range it covers. Charger health uses it (docs/history-and-health.md,
 * "Maintenance").
 */

/** A half-open interval `[from, to)`, epoch ms. */
export interface Interval {
  from: number;
  to: number;
}

/**
 * The union of intervals clipped to `[start, end)`: disjoint, in time order, none empty.
 * @param intervals any order, overlaps allowed (epoch ms)
 * @param start the range's start (epoch ms)
 * @param end the range's end (epoch ms)
 */
export function coveredIntervals(intervals: readonly Interval[], start: number, end: number): Interval[] {
  const clipped = intervals
    .map((i) => ({ from: Math.max(i.from, start), to: Math.min(i.to, end) }))
    .filter((i) => i.to > i.from)
    .sort((a, b) => a.from - b.from);
  const merged: Interval[] = [];
  for (const i of clipped) {
    const last = merged[merged.length - 1];
    if (last && i.from <= last.to) last.to = Math.max(last.to, i.to);
    else merged.push({ ...i });
  }
  return merged;
}

/**
 * Milliseconds of `[start, end)` covered by at least one interval (overlaps counted once).
 * @returns 0 … `end - start`
 */
export function coveredMs(intervals: readonly Interval[], start: number, end: number): number {
  return coveredIntervals(intervals, start, end).reduce((sum, i) => sum + (i.to - i.from), 0);
}
