import { describe, expect, it } from 'vitest';
import { decodePosition, encodePosition, mergePage } from '../../../shared/history/pages';

describe('history list positions', () => {
  it('round-trips a position through its inner cursor', () => {
    const position = { time: '2026-11-21T08:05:00.000Z', id: '42' };
    expect(decodePosition(encodePosition(position))).toEqual(position);
  });

  it.each([
    ['not base64 JSON', 'abc|def'],
    ['JSON without a time', Buffer.from(JSON.stringify({ id: '1' })).toString('base64url')],
    ['a time that is not ISO', Buffer.from(JSON.stringify({ time: 'yesterday', id: '1' })).toString('base64url')],
    [
      'an ID too long',
      Buffer.from(JSON.stringify({ time: '2026-11-21T08:05:00.000Z', id: 'x'.repeat(65) })).toString('base64url'),
    ],
    ['null', Buffer.from('null').toString('base64url')],
  ])('refuses %s', (_what, cursor) => {
    expect(decodePosition(cursor)).toBeUndefined();
  });

  it('merges partitions newest first, after the position, one page plus whether more follow', () => {
    const at = (minute: number, id: number) => ({
      time: `2026-11-21T08:${String(minute).padStart(2, '0')}:00.000Z`,
      id: String(id),
    });
    const parts = [
      [at(30, 9), at(20, 5), at(10, 2)],
      [at(25, 7), at(20, 4), at(5, 1)],
    ];
    const first = mergePage(parts, (p) => p, undefined, 3);
    expect(first).toEqual({ items: [at(30, 9), at(25, 7), at(20, 5)], hasMore: true });
    // Each partition is then read from the position down (inclusive: the merge drops it).
    const fromPosition = [
      [at(20, 5), at(10, 2)],
      [at(20, 4), at(5, 1)],
    ];
    const second = mergePage(fromPosition, (p) => p, at(20, 5), 3);
    expect(second).toEqual({ items: [at(20, 4), at(10, 2), at(5, 1)], hasMore: false });
  });
});
