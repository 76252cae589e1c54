/**
 * The access-ID batch's first step (spec §4.1): which items can be applied, each with its
 * normalised tag, and an error result for every item that cannot.
 */
import { type AccessIdType, normalizeIdTag, normalizeTypedIdTag, typedIdTagProblem } from '../id-tags';
import type { AccessIdItem, AuthorizationStatus } from '../items';
import type { BatchResult } from '../access-ids';

/** One batch item (spec §4.1 table), already validated by the caller's schema. */
export interface BatchItemInput {
  ocppIdTag: string;
  name: string;
  type: AccessIdType;
  authorizationStatus?: AuthorizationStatus;
  vehicle?: { make?: string | null; model?: string | null; vin?: string | null };
  customer?: { name: string };
}

/** A batch entry: a valid item, or one the caller's validation refused (with its message). */
export type BatchEntry = { item: BatchItemInput } | { invalid: { ocppIdTag: string; error: string } };

/** An item that passed every check, with its position and normalised tag. */
export interface BatchWork {
  index: number;
  item: BatchItemInput;
  tag: string;
}

/** The batch's results so far (one slot per item, in request order) and how to fail an item. */
export class BatchResults {
  readonly results: BatchResult[];

  constructor(size: number) {
    this.results = new Array(size);
  }

  /** Records an error result for the item at `index`. */
  fail(index: number, ocppIdTag: string, error: string): void {
    this.results[index] = { ocppIdTag, outcome: 'error', error };
  }
}

/**
 * Checks the entries that need no stored data: a valid tag, `vehicle` only on Vehicle items, and a
 * tag given once (a later repeat is an error).
 * @returns the items that may proceed, in request order
 */
export function checkEntries(entries: readonly BatchEntry[], results: BatchResults): BatchWork[] {
  const work: BatchWork[] = [];
  const firstIndex = new Map<string, number>();
  for (const [index, entry] of entries.entries()) {
    if ('invalid' in entry) {
      results.fail(index, normalizeIdTag(entry.invalid.ocppIdTag), entry.invalid.error);
      continue;
    }
    const tag = normalizeTypedIdTag(entry.item.ocppIdTag, entry.item.type);
    const problem = typedIdTagProblem(tag, entry.item.type);
    if (problem) {
      results.fail(index, tag, `ocppIdTag ${problem}`);
      continue;
    }
    if (entry.item.type !== 'Vehicle' && entry.item.vehicle) {
      results.fail(index, tag, 'vehicle is only allowed for type Vehicle');
      continue;
    }
    const earlier = firstIndex.get(tag);
    if (earlier !== undefined) {
      results.fail(index, tag, `ocppIdTag ${tag} is already in this batch (item ${earlier}); give each tag once`);
      continue;
    }
    firstIndex.set(tag, index);
    work.push({ index, item: entry.item, tag });
  }
  return work;
}

/** Drops items that would change an existing access ID's type (an error result each). */
export function keepTypes(
  work: BatchWork[],
  existing: ReadonlyMap<string, AccessIdItem>,
  results: BatchResults,
): BatchWork[] {
  return work.filter((w) => {
    const current = existing.get(w.tag);
    if (current && current.type !== w.item.type) {
      results.fail(w.index, w.tag, `type cannot change: ${w.tag} is an ${current.type} access ID`);
      return false;
    }
    return true;
  });
}
