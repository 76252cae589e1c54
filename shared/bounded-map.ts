/**
 * The per-instance caches' map (API keys, connection records, port locations, round trips, EVSE
 * hints): a `Map` that keeps at most `capacity` entries, in the order they were last set, and
 * forgets the oldest beyond it. A warm Lambda instance keeps its cache across invocations, so each
 * cache must be bounded however many keys, chargers or ports it meets.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  /** @param capacity entries kept (≥ 1); setting one more forgets the entry set longest ago */
  constructor(readonly capacity: number) {
    super();
  }

  /** Sets `key` as the newest entry (moved to the end when present) and forgets the oldest beyond the capacity. */
  override set(key: K, value: V): this {
    super.delete(key);
    super.set(key, value);
    if (this.size > this.capacity) super.delete(this.keys().next().value as K);
    return this;
  }
}
