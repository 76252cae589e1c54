/**
 * The running cost of a transaction in progress (OCPP 2.0.1 I02: the `totalCost` of a
 * TransactionEvent `Updated` response; `docs/tariffs.md`, "Cost of a session"): its energy so far
 * under its site's tariff, priced as the session list prices it (`history/session-cost.ts`).
 *
 * Reading a session's readings costs requests, so an instance prices a transaction at most every
 * {@link RUNNING_COST_INTERVAL_MS}, and only for readings that carry an energy register (the cost
 * moves with the energy, nothing else).
 *
 * A running cost that moved by at least the currency's minor unit since the one stored on the
 * session (or the first one) is stored there (`runningCost`): the table's stream then sends the
 * charger CostUpdated (I04, `cost-updates.ts`), off the charger's message, which cannot wait for a
 * CALLRESULT.
 */
import type { Db } from '../db';
import { BoundedMap } from '../bounded-map';
import type { ChargerConnection } from './charger-connection';
import { getSession } from './session-items';
import { readSessionReadings } from '../history/readings';
import { minorUnitAmount, sessionEnergyCost, siteCostTariff, type EnergyCost } from '../history/session-cost';
import { isConditionalCheckFailure } from '../db/conditions';
import { logger } from '../logger';
import type { SessionItem } from './session-items';

/** How often an instance prices one transaction in progress: every 5 minutes at most. */
export const RUNNING_COST_INTERVAL_MS = 5 * 60_000;

/** When this instance last priced each transaction (`chargerId/transactionId` → epoch ms). */
const pricedAt = new BoundedMap<string, number>(10_000);

/**
 * The energy cost so far of a transaction in progress, when its site has a tariff and this instance
 * has not priced it in the last {@link RUNNING_COST_INTERVAL_MS}; undefined otherwise (no tariff,
 * priced lately, an unknown or ended transaction).
 * Requests: none without a tariff on a warm instance (`siteCostTariff`); when priced, 1 GetItem
 * (session), 1 GetItem (the port's open slot) and 1 Query (its slots), and 1 UpdateItem when the
 * cost moved by a minor unit ({@link storeRunningCost}).
 */
export async function runningCost(
  db: Db,
  connection: ChargerConnection,
  ocppTransactionId: string,
  nowMs = Date.now(),
): Promise<EnergyCost | undefined> {
  const tariff = await siteCostTariff(db, connection.siteId, nowMs);
  const key = `${connection.chargerId}/${ocppTransactionId}`;
  const last = pricedAt.get(key);
  if (!tariff || (last !== undefined && nowMs - last < RUNNING_COST_INTERVAL_MS)) return undefined;
  pricedAt.set(key, nowMs);
  const session = await getSession(db, connection.chargerId, ocppTransactionId);
  if (session?.status !== 'InProgress') return undefined;
  const port = { chargerId: connection.chargerId, portNumber: session.portNumber };
  const readings = await readSessionReadings(db, connection.chargerId, session.sessionId, { port });
  const span = { startMs: Date.parse(session.startTime), meterStartWh: session.meterStartWh };
  const cost = sessionEnergyCost(span, readings, tariff);
  await storeRunningCost(db, session, cost, nowMs);
  return cost;
}

/**
 * Stores a running cost on its session (`runningCost`, with the time it was priced) when it is the
 * first, or differs from the stored one in the currency's minor unit, and the stored one is at
 * least {@link RUNNING_COST_INTERVAL_MS} old (another instance may have priced the transaction):
 * 1 UpdateItem, conditioned on the session still in progress (an ended one is left alone). A
 * failed write is logged and costs nothing else: the charger is still answered its `totalCost`.
 */
async function storeRunningCost(db: Db, session: SessionItem, cost: EnergyCost, nowMs: number): Promise<void> {
  const stored = session.runningCost;
  if (stored && nowMs - Date.parse(stored.at) < RUNNING_COST_INTERVAL_MS) return;
  if (stored && stored.currency === cost.currency && minorUnitAmount(stored) === minorUnitAmount(cost)) return;
  await db.chargingSession
    .patch({ chargerId: session.chargerId, ocppTransactionId: session.ocppTransactionId })
    .set({ runningCost: { ...cost, at: new Date(nowMs).toISOString() } })
    .where(({ status }, { eq }) => eq(status, 'InProgress'))
    .go()
    .catch((error: unknown) => {
      if (!isConditionalCheckFailure(error))
        logger.error('could not store a running cost', { chargerId: session.chargerId, error: String(error) });
    });
}

/** Forgets when transactions were priced (tests). */
export function forgetRunningCosts(): void {
  pricedAt.clear();
}
