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

/** The inner cursor of a position: base64url JSON `{ time, id }`. */
export function encodePosition(position: Position): string {
  // The shape of a table key (base64url JSON of strings), which the list cursor requires of its inner part.
  return Buffer.from(JSON.stringify({ time: position.time, id: position.id })).toString('base64url');
}

/** The position of an inner cursor; undefined when it is not one. */
export function decodePosition(cursor: string): Position | undefined {
  let parsed: { time?: unknown; id?: unknown };
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) ?? {};
  } catch {
    return undefined;
  }
  const { time, id } = parsed;
  const valid =
    typeof time === 'string' &&
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(time) &&
    typeof id === 'string' &&
    id.length >= 1 &&
    id.length <= 64;
  return valid ? { time, id } : undefined;
}

/** Descending by (time, id); numeric IDs compare as numbers. */
function newestFirst(a: Position, b: Position): number {
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
