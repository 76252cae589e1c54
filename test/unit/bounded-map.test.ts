/** The per-instance caches' map: bounded, the entry set longest ago forgotten first. */
import { describe, expect, it } from 'vitest';
import { BoundedMap } from '../../shared/bounded-map';

describe('BoundedMap', () => {
  it('forgets the entry set longest ago beyond its capacity', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2).set('c', 3);
    expect([...map]).toEqual([
      ['b', 2],
      ['c', 3],
    ]);
  });

  it('counts setting a key again as the newest, so the other goes first', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2).set('a', 10).set('c', 3);
    expect([...map]).toEqual([
      ['a', 10],
      ['c', 3],
    ]);
  });
});
