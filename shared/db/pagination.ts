/**
 * Cursor pagination (spec §2.7, §8): `{ data, pagination: { hasNextPage, nextPageCursor } }`.
 *
 * `nextPageCursor` is opaque base64url of `{ b, c, s }`: `b` binds the cursor to the query that
 * produced it (list name, organization, every other parameter), `c` is the data layer's own
 * cursor (ElectroDB's: base64url JSON of the last table key read), `s` a checksum of both. A
 * cursor that was altered, produced by another list or another organization, paired with different
 * parameters, or not wrapping a table key is refused as an invalid
 * `nextPageCursor` (an {@link InvalidError}; the HTTP layer answers 400 naming
 * `queryStringParameters.nextPageCursor`). DynamoDB itself refuses a start key outside the queried
 * partition, which the list helper also reports that way, so no cursor can reach another
 * organization's items.
 */
import { createHash } from 'node:crypto';
import { InvalidError } from '../errors';

/** Items per page of every list endpoint (the spec leaves it open; docs/api.md, "Pagination"). */
export const PAGE_SIZE = 100;

/** Spec §2.7 pagination object. */
export interface Pagination {
  hasNextPage: boolean;
  nextPageCursor: string | null;
}

/** A page of a list endpoint. */
export interface Page<T> {
  data: T[];
  pagination: Pagination;
}

/** What a cursor is bound to: the list, the organization and the other query parameters. */
export interface CursorBinding {
  list: string;
  organizationId: number;
  /** Every query parameter except the cursor itself (e.g. filters), with stable values. */
  query?: Record<string, unknown>;
}

/** One page fetched from the data layer. */
export interface InnerPage<T> {
  items: T[];
  /** The data layer's cursor for the next page, or null when there is none. */
  cursor: string | null;
}

const checksum = (b: string, c: string) => createHash('sha256').update(`${b}\n${c}`).digest('base64url').slice(0, 16);

function bindingHash(binding: CursorBinding): string {
  const query = Object.entries(binding.query ?? {})
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha256')
    .update(JSON.stringify([binding.list, binding.organizationId, query]))
    .digest('base64url')
    .slice(0, 22);
}

function invalidCursor(reason: string): InvalidError {
  return new InvalidError('nextPageCursor', reason);
}

/** True for DynamoDB's refusal of an ExclusiveStartKey outside the queried partition or index. */
function isStartKeyRefusal(error: unknown): boolean {
  const e = error as { name?: string; message?: string; cause?: { name?: string; message?: string } };
  const validation =
    e?.name === 'ValidationException' ? e : e?.cause?.name === 'ValidationException' ? e.cause : undefined;
  return validation !== undefined && /start(ing)? key/i.test(validation.message ?? '');
}

/** Wraps a data-layer cursor into an opaque API cursor bound to `binding`. */
export function encodeCursor(binding: CursorBinding, inner: string): string {
  const b = bindingHash(binding);
  return Buffer.from(JSON.stringify({ b, c: inner, s: checksum(b, inner) })).toString('base64url');
}

/**
 * Unwraps an API cursor.
 * @returns the data layer's cursor
 * @throws InvalidError (`nextPageCursor`) when the cursor is malformed, altered, or bound to another query
 */
export function decodeCursor(binding: CursorBinding, cursor: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor('not a cursor returned by this API');
  }
  const { b, c, s } = (parsed ?? {}) as Record<string, unknown>;
  if (typeof b !== 'string' || typeof c !== 'string' || typeof s !== 'string')
    throw invalidCursor('not a cursor returned by this API');
  if (checksum(b, c) !== s) throw invalidCursor('the cursor has been altered');
  if (b !== bindingHash(binding)) throw invalidCursor('the cursor belongs to another list or other query parameters');
  if (!isTableKeyCursor(c)) throw invalidCursor('not a cursor returned by this API');
  return c;
}

/**
 * Whether `inner` has the shape of ElectroDB's cursor: base64url JSON of a table key, whose
 * attributes (`pk`, `sk`, `gsi1pk`, …) are all strings. The checksum only proves that the two parts
 * belong together (it is no secret), so a client can forge one around anything: this keeps such a
 * cursor from reaching ElectroDB, which would fail on it with an internal error.
 */
function isTableKeyCursor(inner: string): boolean {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(inner, 'base64url').toString('utf8'));
  } catch {
    return false;
  }
  if (typeof key !== 'object' || key === null || Array.isArray(key)) return false;
  const values = Object.values(key);
  return values.length > 0 && values.every((value) => typeof value === 'string');
}

/**
 * Reads one page of a list endpoint.
 * @param fetch reads up to `limit` items after the data layer's cursor (null = first page)
 * @param cursor the request's `nextPageCursor`, if any
 * @param pageSize items per page
 * @throws InvalidError (`nextPageCursor`) for a bad cursor, including one the database rejects
 */
export async function paginate<T>(
  binding: CursorBinding,
  cursor: string | undefined,
  pageSize: number,
  fetch: (innerCursor: string | null, limit: number) => Promise<InnerPage<T>>,
): Promise<Page<T>> {
  const inner = cursor === undefined ? null : decodeCursor(binding, cursor);
  let page: InnerPage<T>;
  try {
    page = await fetch(inner, pageSize);
  } catch (error) {
    if (inner !== null && isStartKeyRefusal(error)) throw invalidCursor('the cursor does not match this list');
    throw error;
  }
  return {
    data: page.items,
    pagination: page.cursor
      ? { hasNextPage: true, nextPageCursor: encodeCursor(binding, page.cursor) }
      : { hasNextPage: false, nextPageCursor: null },
  };
}

/**
 * Trims a read of `limit + 1` items to one page, so that `hasNextPage` is exact (no empty last
 * page): when the extra item came back, the cursor points after the page's last item.
 * @param toCursor the data layer's cursor for an item (ElectroDB `conversions…toCursor`)
 */
export function exactPage<T>(items: T[], limit: number, toCursor: (last: T) => string): InnerPage<T> {
  if (items.length <= limit) return { items, cursor: null };
  const page = items.slice(0, limit);
  return { items: page, cursor: toCursor(page[page.length - 1]!) };
}
