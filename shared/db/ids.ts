/**
 * Numeric IDs (the spec's IDs are numbers): one atomic counter per kind.
 *
 * Two ways to take IDs:
 * - {@link allocateIds}: one UpdateItem (ADD) hands out a block at once. The counter moves even if
 *   the caller then fails; fine where nothing is refused afterwards (OCPP sessions, the batch).
 * - {@link transactWithIds}: the counters are read and advanced inside the caller's transaction,
 *   conditioned on the values read, so a refused request (409) leaves the counters untouched too.
 *   Creations of one kind at the same moment (the counters are shared by every organization) make
 *   those conditions fail; after {@link CONDITIONAL_ATTEMPTS} such races a creation takes its IDs
 *   with {@link allocateIds} instead, so contention slows it down but never refuses it (a request
 *   refused after that leaves a gap in the IDs).
 */
import type { Db } from './entities';
import { batchGet } from './batch';
import { RetryableError, retryRaces } from './retry';
import { transact, type LabelledWrites, type TransactionEntities, type TransactionOutcome } from './transactions';

/** Kinds of numeric IDs; each has its own counter. */
export type IdKind =
  | 'organization'
  | 'apiKey'
  | 'site'
  | 'charger'
  | 'port'
  | 'chargingSession'
  | 'remoteStart'
  | 'vehicle'
  | 'accessId'
  | 'departure'
  | 'customer'
  | 'chargerError'
  | 'logRequest'
  | 'customerInformationRequest'
  | 'publishFirmwareRequest'
  | 'reportRequest'
  | 'displayMessage'
  | 'displayMessagesRequest'
  | 'maintenanceWindow'
  | 'alert'
  | 'alertRecipient'
  | 'webhookEndpoint'
  | 'user';

/**
 * Allocates `count` consecutive numeric IDs of one kind with a single atomic UpdateItem (ADD).
 * @returns the first ID of the block; the block is `first .. first + count - 1`.
 * @throws RangeError when `count` is not a positive integer.
 */
export async function allocateIds(db: Db, kind: IdKind, count = 1): Promise<number> {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`count must be a positive integer, got ${count}`);
  const { data } = await db.counter.update({ name: kind }).add({ value: count }).go({ response: 'updated_new' });
  return (data.value ?? count) - count + 1;
}

/** The first ID of each requested kind's block (kinds asked with a count of 0 are absent). */
export type IdBlocks<K extends IdKind> = Record<K, number>;

/**
 * Attempts of {@link transactWithIds} with counters conditioned on the values read; the attempts
 * after them take their IDs with {@link allocateIds}.
 */
const CONDITIONAL_ATTEMPTS = 2;

/**
 * Runs a labelled transaction that also takes blocks of IDs. First attempts: the counters are read
 * (one BatchGetItem), `build` writes the items with those IDs, and the transaction advances each
 * counter on the condition that it still holds the value read; when another request took IDs
 * meanwhile, the attempt is built again with fresh IDs. After {@link CONDITIONAL_ATTEMPTS} lost
 * races the blocks are taken first (one UpdateItem per kind, in parallel, which cannot conflict)
 * and the transaction holds the caller's items alone. Requests: 2 (3 or more under contention).
 * @param counts how many IDs of each kind (0 = none)
 * @param build the transaction's labelled items, given the first ID of each block
 * @returns the transaction's outcome (a failed item's label, as {@link transact}) and the IDs used
 * @throws BusyError when other transactions on the same items keep cancelling it ({@link transact})
 */
export async function transactWithIds<K extends IdKind>(
  db: Db,
  counts: Record<K, number>,
  build: (ids: IdBlocks<K>, entities: TransactionEntities) => LabelledWrites,
): Promise<{ outcome: TransactionOutcome; ids: IdBlocks<K> }> {
  const kinds = (Object.keys(counts) as K[]).filter((k) => counts[k] > 0);
  return retryRaces(async (attempt) => {
    if (attempt > CONDITIONAL_ATTEMPTS) {
      const firsts = await Promise.all(kinds.map((k) => allocateIds(db, k, counts[k])));
      const ids = Object.fromEntries(kinds.map((k, i) => [k, firsts[i]])) as IdBlocks<K>;
      return { outcome: await transact(db, (entities) => build(ids, entities)), ids };
    }
    const stored = await batchGet(
      db.counter,
      kinds.map((name) => ({ name })),
      true,
    );
    const last = new Map(stored.map((c) => [c.name, c.value]));
    const ids = Object.fromEntries(kinds.map((k) => [k, (last.get(k) ?? 0) + 1])) as IdBlocks<K>;
    const outcome = await transact(db, (entities) => ({
      ...build(ids, entities),
      ...Object.fromEntries(kinds.map((k) => [`counter:${k}`, advanceCounter(entities, k, last.get(k), counts[k])])),
    }));
    if (kinds.some((k) => outcome.failed(`counter:${k}`))) throw new RetryableError('ID counter moved');
    return { outcome, ids };
  }, 'Too many concurrent creations; retry');
}

/** The transaction item moving a counter from `last` (undefined = never used) to `last + count`. */
function advanceCounter(entities: TransactionEntities, name: IdKind, last: number | undefined, count: number) {
  return entities.counter
    .update({ name })
    .set({ value: (last ?? 0) + count })
    .where(({ value }, { notExists, eq }) => (last === undefined ? notExists(value) : eq(value, last)))
    .commit();
}
