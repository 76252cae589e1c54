/**
 * The running cost of a transaction in progress (OCPP 2.0.1 I02: the `totalCost` of a
 * TransactionEvent `Updated` response; `docs/tariffs.md`, "Cost of a session"): its energy so far
 * under its site's tariff, priced as the session list prices it (`history/session-cost.ts`).
 *
 * Reading a session's readings costs requests, so an instance prices a transaction at most every
 * {@link RUNNING_COST_INTERVAL_MS}, and only for readings that carry an energy register (the cost
 * moves with the energy, nothing else).
 */
import type { Db } from '../db';
import { BoundedMap } from '../bounded-map';
import type { ChargerConnection } from './charger-connection';
import { getSession } from './session-items';
import { readSessionReadings } from '../history/readings';
import { sessionEnergyCost, siteCostTariff, type EnergyCost } from '../history/session-cost';

/** How often an instance prices one transaction in progress: every 5 minutes at most. */
export const RUNNING_COST_INTERVAL_MS = 5 * 60_000;

/** When this instance last priced each transaction (`chargerId/transactionId` → epoch ms). */
const pricedAt = new BoundedMap<string, number>(10_000);

/**
 * The energy cost so far of a transaction in progress, when its site has a tariff and this instance
 * has not priced it in the last {@link RUNNING_COST_INTERVAL_MS}; undefined otherwise (no tariff,
 * priced lately, an unknown or ended transaction).
 * Requests: none without a tariff on a warm instance (`siteCostTariff`); when priced, 1 GetItem
 * (session), 1 GetItem (the port's open slot) and 1 Query (its slots).
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
  return sessionEnergyCost(span, readings, tariff);
}

/** Forgets when transactions were priced (tests). */
export function forgetRunningCosts(): void {
  pricedAt.clear();
}
