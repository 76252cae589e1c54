/**
 * CostUpdated (OCPP 2.0.1 I04): a charger is told the running cost of a transaction in progress
 * outside the answers to its TransactionEvents (`docs/tariffs.md`, "Cost of a session").
 *
 * The charger's message function cannot wait for a CALLRESULT of its own, so it only stores the
 * running cost on the session when it prices it (`running-cost.ts`: at most every 5 minutes per
 * transaction, and only when it moved by at least the currency's minor unit). That change reaches
 * the table's stream, and a stream consumer that sends CALLs sends CostUpdated:
 *
 * - {@link costUpdatesOf} (pure): the sessions of a batch of changes whose stored running cost
 *   changed, while in progress, on a version that has CostUpdated ({@link COST_UPDATED_PROTOCOLS});
 *   a session that ended (or is gone) later in the same batch is not told;
 * - {@link sendCostUpdates}: each one re-read first (not sent when it ended meanwhile, or when its
 *   charger answered CostUpdated NotSupported/NotImplemented since its last boot:
 *   `charger.costUpdatedSupport`), then sent through the command path, which waits for the answer;
 *   such an answer is remembered on the charger. Nothing here throws: a failure is logged, the
 *   batch is never retried for it.
 */
import type { Db } from '../db';
import type { OcppProtocol } from '../db/entities/common';
import { entityOf, type StreamSelection, type TableChange } from '../db/table-changes';
import { minorUnitAmount } from '../history/session-cost';
import { type CostCommands, deliveryFailure } from './commands';
import { getSession } from './session-items';

/**
 * What the stream filter passes for CostUpdated: a session item whose new image carries a running
 * cost (its `runningCost.amount`, a number the map always holds), not every session change: the
 * ones without a cost (most writes of a session before its first pricing, and every 1.6-only
 * depot's) never reach the consumer. A change that keeps the same cost still passes (a filter
 * cannot compare the images): {@link costUpdatesOf} drops it.
 */
export const COST_UPDATE_STREAM: StreamSelection = {
  entities: [],
  withNewImageLeaf: { chargingSession: ['runningCost', 'M', 'amount', 'N'] },
};

/**
 * The OCPP versions that have CostUpdated (2.0.1 I04; OCPP 2.1 keeps it, a 2.1 station is sent the
 * 2.0.1 CALL checked against 2.1's schema). 1.6 has no cost message: its chargers are told nothing.
 */
export const COST_UPDATED_PROTOCOLS: ReadonlySet<string> = new Set<OcppProtocol>(['ocpp2.0.1', 'ocpp2.1']);

/** One CostUpdated to send: the charger's transaction and its running cost in the currency's minor unit. */
export interface CostUpdate {
  chargerId: number;
  /** The charger's transactionId (2.0.1 `transactionId`). */
  ocppTransactionId: string;
  /** The session's ID, so that a transactionId used again by a new session is not told the old cost. */
  sessionId: number;
  /** In the currency's units, rounded to its minor unit (`minorUnitAmount`). */
  totalCost: number;
}

type Image = Record<string, unknown>;
interface StoredCost {
  amount: number;
  currency: string;
}

const storedCost = (image: Image | undefined): StoredCost | undefined => {
  const cost = image?.runningCost as Partial<StoredCost> | undefined;
  return typeof cost?.amount === 'number' && typeof cost.currency === 'string'
    ? { amount: cost.amount, currency: cost.currency }
    : undefined;
};

/** The CostUpdated a change calls for, if any: a running cost stored or changed on a session in progress. */
function updateOf(change: TableChange): CostUpdate | undefined {
  const after = change.newImage;
  const cost = storedCost(after);
  if (!after || !cost || after.status !== 'InProgress' || !COST_UPDATED_PROTOCOLS.has(String(after.ocppProtocol)))
    return undefined;
  const before = storedCost(change.oldImage);
  const totalCost = minorUnitAmount(cost);
  if (before && before.currency === cost.currency && minorUnitAmount(before) === totalCost) return undefined;
  const { chargerId, transactionKey, sessionId } = after;
  if (typeof chargerId !== 'number' || typeof transactionKey !== 'string' || typeof sessionId !== 'number')
    return undefined;
  return { chargerId, ocppTransactionId: transactionKey, sessionId, totalCost };
}

/**
 * The CostUpdated calls a batch of the table's changes (new and old images) calls for, the latest
 * per session: a session item's stored `runningCost` changed by at least the currency's minor unit
 * while in progress, on a version in {@link COST_UPDATED_PROTOCOLS}. A session whose item ends or
 * goes later in the batch is not told.
 */
export function costUpdatesOf(changes: readonly TableChange[]): CostUpdate[] {
  const updates = new Map<string, CostUpdate | undefined>();
  for (const change of changes) {
    if (entityOf(change) !== 'chargingSession') continue;
    const image = change.newImage ?? change.oldImage ?? {};
    const key = `${String(image.chargerId)}/${String(image.transactionKey)}`;
    const update = updateOf(change);
    if (update) updates.set(key, update);
    else if (change.newImage?.status !== 'InProgress') updates.delete(key);
  }
  return [...updates.values()].filter((update) => update !== undefined);
}

/** What became of one CostUpdated. */
export type CostUpdateOutcome = 'sent' | 'ended' | 'unsupported' | 'knownUnsupported' | 'notConnected' | 'failed';

/**
 * Sends one CostUpdated unless its session ended (or its transactionId is another session's now)
 * or its charger is known not to support it. Requests: 1 GetItem of the session and 1 of the
 * charger, in parallel, then the command path's; 1 UpdateItem of the charger when it answers
 * NotSupported/NotImplemented.
 */
async function sendCostUpdate(db: Db, commands: CostCommands, update: CostUpdate): Promise<CostUpdateOutcome> {
  const { chargerId, ocppTransactionId, totalCost } = update;
  const [session, charger] = await Promise.all([
    getSession(db, chargerId, ocppTransactionId),
    db.charger.get({ chargerId }).go(),
  ]);
  if (session?.status !== 'InProgress' || session.sessionId !== update.sessionId) return 'ended';
  if (charger.data?.costUpdatedSupport === 'unsupported') return 'knownUnsupported';
  const answer = await commands.send(chargerId, 'CostUpdated', { ocppTransactionId, totalCost });
  if (answer.ok) return 'sent';
  if (!answer.unsupported) throw answer.error;
  await db.charger.patch({ chargerId }).set({ costUpdatedSupport: 'unsupported' }).go();
  return 'unsupported';
}

/**
 * Sends the CostUpdated calls (in parallel; one charger's go one after the other on its command
 * lane), each as {@link sendCostUpdate} says. Never throws: a charger not connected, a timeout, an
 * invalid answer or a failed read is logged.
 * @returns each update's outcome, in order
 */
export async function sendCostUpdates(
  db: Db,
  commands: CostCommands,
  updates: readonly CostUpdate[],
): Promise<CostUpdateOutcome[]> {
  return Promise.all(
    updates.map((update) =>
      sendCostUpdate(db, commands, update).catch(
        deliveryFailure(commands, 'CostUpdated not delivered', { chargerId: update.chargerId }),
      ),
    ),
  );
}
