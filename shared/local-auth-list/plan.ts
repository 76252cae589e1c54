/**
 * What a charger's local authorization list should hold and the SendLocalList messages that take
 * it there (OCPP 1.6 §3.5, §5.15; 2.0.1 D01), without I/O: the desired entries cut to the charger's
 * capacity, the difference with what it holds, and the messages within its limits per message.
 *
 * A list longer than one message goes as several: OCPP has no paging for a Full update (1.6 none
 * at all; 2.0.1 none either), so a Full update is the first chunk as `Full`, then the rest as
 * `Differential` updates, each with the next version number.
 */
import type { LocalListEntry } from './commands';

/** An entry the charger should hold: an Authorized access ID's normalised tag and type. */
export interface DesiredEntry {
  idTag: string;
  type: 'RFID' | 'Vehicle' | 'eMAID';
}

/** What a charger takes, per message and in all (unset: it did not say). */
export interface ListLimits {
  maxLength?: number;
  itemsPerMessage?: number;
  bytesPerMessage?: number;
  /** Longest idTag its OCPP version carries (1.6: 20, 2.0.1: 36). */
  maxIdTagLength: number;
}

/** Entries per message when the charger does not say (1.6 `SendLocalListMaxLength` unknown). */
export const DEFAULT_ITEMS_PER_MESSAGE = 50;
/** Bytes per message when the charger does not say: inside API Gateway's 32 KB WebSocket frame. */
export const DEFAULT_BYTES_PER_MESSAGE = 24_000;
/** The bytes of a SendLocalList frame besides its entries (frame, messageId, action, version, type). */
const FRAME_OVERHEAD_BYTES = 160;

/**
 * The bytes an entry takes in a frame, at most (the 2.0.1 shape, the larger:
 * `{"idToken":{"idToken":"…","type":"MacAddress"},"idTokenInfo":{"status":"Accepted"}},`).
 */
export function entryBytes(entry: LocalListEntry): number {
  return 90 + entry.idTag.length;
}

/**
 * The entries the charger should hold: the desired ones its version can carry, the first
 * `maxLength` of them (in the order given: access ID order, oldest first).
 * @returns the entries, and how many did not fit
 */
export function fitList(
  desired: readonly DesiredEntry[],
  limits: ListLimits,
): { entries: DesiredEntry[]; omitted: number } {
  const carried = desired.filter((e) => e.idTag.length <= limits.maxIdTagLength);
  const entries = limits.maxLength !== undefined ? carried.slice(0, limits.maxLength) : carried;
  return { entries, omitted: desired.length - entries.length };
}

/**
 * The Differential changes from `held` (tags) to `target`: removals first (a revoked card leaves
 * before anything is added, which also frees room), then additions; both sorted by tag.
 */
export function differences(held: readonly string[], target: readonly DesiredEntry[]): LocalListEntry[] {
  const wanted = new Set(target.map((e) => e.idTag));
  const holding = new Set(held);
  const removals = [...holding]
    .filter((tag) => !wanted.has(tag))
    .sort()
    .map((idTag): LocalListEntry => ({ idTag, type: 'RFID', remove: true }));
  const additions = target
    .filter((e) => !holding.has(e.idTag))
    .sort((a, b) => (a.idTag < b.idTag ? -1 : a.idTag > b.idTag ? 1 : 0))
    .map((e): LocalListEntry => ({ idTag: e.idTag, type: e.type }));
  return [...removals, ...additions];
}

/**
 * Entries cut into messages of at most `itemsPerMessage` entries and `bytesPerMessage` bytes
 * (defaults {@link DEFAULT_ITEMS_PER_MESSAGE}, {@link DEFAULT_BYTES_PER_MESSAGE}); every message
 * has at least one entry. No entries: no message.
 */
export function chunks(entries: readonly LocalListEntry[], limits: ListLimits): LocalListEntry[][] {
  const items = limits.itemsPerMessage ?? DEFAULT_ITEMS_PER_MESSAGE;
  const bytes = limits.bytesPerMessage ?? DEFAULT_BYTES_PER_MESSAGE;
  const result: LocalListEntry[][] = [];
  let current: LocalListEntry[] = [];
  let size = FRAME_OVERHEAD_BYTES;
  for (const entry of entries) {
    const added = entryBytes(entry);
    if (current.length > 0 && (current.length >= items || size + added > bytes)) {
      result.push(current);
      current = [];
      size = FRAME_OVERHEAD_BYTES;
    }
    current.push(entry);
    size += added;
  }
  if (current.length) result.push(current);
  return result;
}

/** One SendLocalList to send. */
export interface ListMessage {
  updateType: 'Full' | 'Differential';
  listVersion: number;
  entries: LocalListEntry[];
}

/**
 * The messages of an update from version `fromVersion`: a Full update is its first chunk as `Full`
 * (an empty list: one `Full` without entries), then `Differential` chunks; a Differential update
 * is its chunks. Each message carries the next version.
 */
export function messagesOf(
  updateType: 'Full' | 'Differential',
  entries: readonly LocalListEntry[],
  fromVersion: number,
  limits: ListLimits,
): ListMessage[] {
  const parts = chunks(entries, limits);
  if (updateType === 'Full' && parts.length === 0) parts.push([]);
  return parts.map((part, index) => ({
    updateType: updateType === 'Full' && index === 0 ? 'Full' : 'Differential',
    listVersion: fromVersion + index + 1,
    entries: part,
  }));
}

/** The tags held after a message was accepted. */
export function applyMessage(held: readonly string[], message: ListMessage): string[] {
  const next = new Set(message.updateType === 'Full' ? [] : held);
  for (const entry of message.entries) {
    if (entry.remove) next.delete(entry.idTag);
    else next.add(entry.idTag);
  }
  return [...next].sort();
}
