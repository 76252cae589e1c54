import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, paginate } from '../../../shared/api/pagination';
import { BadRequestError } from '../../../shared/api/errors';

const binding = { list: 'accessIds', organizationId: 7, query: { siteId: 3 } };

describe('cursor pagination', () => {
  it('round-trips the data layer cursor through an opaque base64url cursor', () => {
    const cursor = encodeCursor(binding, 'inner-cursor');
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cursor).not.toContain('inner-cursor');
    expect(decodeCursor(binding, cursor)).toBe('inner-cursor');
  });

  it('rejects a cursor whose bytes were altered with a 400 naming nextPageCursor', () => {
    const cursor = encodeCursor(binding, 'inner-cursor');
    const json = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    json.c = 'other-cursor';
    const tampered = Buffer.from(JSON.stringify(json)).toString('base64url');
    const error = (() => { try { decodeCursor(binding, tampered); } catch (e) { return e; } })() as BadRequestError;
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.errors?.[0]?.path).toBe('queryStringParameters.nextPageCursor');
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
      expect(() => decodeCursor(binding, garbage)).toThrow(BadRequestError);
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

  it('turns a start key the database refuses into a 400, not a 500', async () => {
    const cursor = encodeCursor(binding, 'inner');
    const refused = Object.assign(new Error('The provided starting key is invalid'), { name: 'ValidationException' });
    await expect(paginate(binding, cursor, 10, async () => { throw refused; })).rejects.toBeInstanceOf(BadRequestError);
  });
});
