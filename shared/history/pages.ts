/**
 * Pages of the history lists, newest first across several partitions (sites, chargers, days…):
 * each partition is read from the previous page's last item down, and the reads are merged. The
 * inner cursor (wrapped by `shared/db/pagination.ts`) is that last item's position.
 */

/** Where a list stands: an item's sort time (ISO 8601 UTC) and ID (the tie-break). */
export interface Position {
  time: string;
  id: string;
}

/** `'<time>|<id>'`. */
export function encodePosition(position: Position): string {
  return `${position.time}|${position.id}`;
}

/** The position of an inner cursor; undefined when it is not one. */
export function decodePosition(cursor: string): Position | undefined {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|(.{1,64})$/.exec(cursor);
  return match ? { time: match[1]!, id: match[2]! } : undefined;
}

/** Descending by (time, id); numeric IDs compare as numbers. */
export function newestFirst(a: Position, b: Position): number {
  if (a.time !== b.time) return a.time < b.time ? 1 : -1;
  const numeric = /^\d+$/.test(a.id) && /^\d+$/.test(b.id);
  if (numeric) return Number(b.id) - Number(a.id);
  return a.id === b.id ? 0 : a.id < b.id ? 1 : -1;
}

/**
 * Merges partitions read newest first into one page: repeats (by ID) dropped, and the item equal
 * to `after` (a BETWEEN bound includes it).
 * @returns the page, and whether more items follow
 */
export function mergePage<T>(
  parts: readonly T[][],
  positionOf: (item: T) => Position,
  after: Position | undefined,
  pageSize: number,
): { items: T[]; hasMore: boolean } {
  const seen = new Set<string>();
  const merged = parts
    .flat()
    .filter((item) => {
      const { id, time } = positionOf(item);
      if (seen.has(id) || (after && after.id === id && after.time === time)) return false;
      seen.add(id);
      return true;
    })
    .sort((a, b) => newestFirst(positionOf(a), positionOf(b)));
  return { items: merged.slice(0, pageSize), hasMore: merged.length > pageSize };
}
