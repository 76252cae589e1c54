import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, paginate } from '../../../shared/db/pagination';
import { InvalidError } from '../../../shared/errors';

const binding = { list: 'accessIds', organizationId: 7, query: { siteId: 3 } };

describe('cursor pagination', () => {
  it('round-trips the data layer cursor through an opaque base64url cursor', () => {
    const cursor = encodeCursor(binding, 'inner-cursor');
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cursor).not.toContain('inner-cursor');
    expect(decodeCursor(binding, cursor)).toBe('inner-cursor');
  });

  it('rejects a cursor whose bytes were altered, naming nextPageCursor', () => {
    const cursor = encodeCursor(binding, 'inner-cursor');
    const json = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    json.c = 'other-cursor';
    const tampered = Buffer.from(JSON.stringify(json)).toString('base64url');
    const error = (() => { try { decodeCursor(binding, tampered); } catch (e) { return e; } })() as InvalidError;
    expect(error).toBeInstanceOf(InvalidError);
    expect(error.field).toBe('nextPageCursor');
    expect(error.message).toMatch(/altered/);
  });

  it.each([
    ['another list', { ...binding, list: 'vehicles' }],
    ['another organization', { ...binding, organizationId: 8 }],
    ['other query parameters', { ...binding, query: { siteId: 4 } }],
  ])('rejects a cursor from %s', (_name, other) => {
    const cursor = encodeCursor(binding, 'inner');
    expect(() => decodeCursor(other, cursor)).toThrow(/another list or other query parameters/);
  });

  it.each(['', 'not-base64!', Buffer.from('[1,2]').toString('base64url'), Buffer.from('{"b":1}').toString('base64url')])(
    'rejects garbage %j',
    (garbage) => {
      expect(() => decodeCursor(binding, garbage)).toThrow(InvalidError);
    },
  );

  it('reports hasNextPage and a bound cursor only when the data layer has more', async () => {
    const first = await paginate(binding, undefined, 2, async (inner, limit) => {
      expect(inner).toBeNull();
      expect(limit).toBe(2);
      return { items: [1, 2], cursor: 'after-2' };
    });
    expect(first.data).toEqual([1, 2]);
    expect(first.pagination.hasNextPage).toBe(true);
    const second = await paginate(binding, first.pagination.nextPageCursor!, 2, async (inner) => {
      expect(inner).toBe('after-2');
      return { items: [3], cursor: null };
    });
    expect(second).toEqual({ data: [3], pagination: { hasNextPage: false, nextPageCursor: null } });
  });

  it('reports a start key the database refuses as an invalid cursor, not an internal error', async () => {
    const cursor = encodeCursor(binding, 'inner');
    const refused = Object.assign(new Error('The provided starting key is invalid'), { name: 'ValidationException' });
    await expect(paginate(binding, cursor, 10, async () => { throw refused; })).rejects.toBeInstanceOf(InvalidError);
  });

  it('lets any other database failure through (it is not the caller\'s cursor that is wrong)', async () => {
    const cursor = encodeCursor(binding, 'inner');
    const throttled = Object.assign(new Error('Rate exceeded'), { name: 'ProvisionedThroughputExceededException' });
    const electro = Object.assign(new Error('ElectroDB: attribute missing'), { name: 'ElectroError' });
    await expect(paginate(binding, cursor, 10, async () => { throw throttled; })).rejects.toBe(throttled);
    await expect(paginate(binding, cursor, 10, async () => { throw electro; })).rejects.toBe(electro);
  });
});
