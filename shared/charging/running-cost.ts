/**
 * The running cost of a transaction in progress (OCPP 2.0.1 I02: the `totalCost` of a
 * TransactionEvent `Updated` response; `docs/tariffs.md`, "Cost of a session"): its energy so far
 * under its site's tariff, priced as the session list prices it (`history/session-cost.ts`).
 *
 * Reading a session's readings costs requests, so an instance prices a transaction at most every
 * {@link RUNNING_COST_INTERVAL_MS}, and only for readings that carry an energy register (the cost
 * moves with the energy, nothing else).
 *
 * The answer carries the cost, and nothing is written: the charger is told the figure in the
 * answer itself, so CostUpdated (I04, `cost-updates.ts`) is kept for what no answer tells it, a
 * repricing when the site's tariff changes. The same reading and pricing serve both
 * ({@link readSessionInProgress}, {@link costSoFar}).
 */
import type { Db } from '../db';
import { BoundedMap } from '../bounded-map';
import type { ChargerConnection } from './charger-connection';
import { getSession } from './session-items';
import { readSessionReadings } from '../history/readings';
import type { SeriesReading } from '../history/series';
import {
  currentSiteCostTariff,
  sessionEnergyCost,
  siteCostTariff,
  type EnergyCost,
  type SiteCostTariff,
} from '../history/session-cost';
import type { SessionItem } from './session-items';

/** How often an instance prices one transaction in progress: every 5 minutes at most. */
const RUNNING_COST_INTERVAL_MS = 5 * 60_000;

/** When this instance last priced each transaction (`chargerId/transactionId` → epoch ms). */
const pricedAt = new BoundedMap<string, number>(10_000);

/** A transaction in progress as read to be priced: its session and its readings so far. */
export interface SessionInProgress {
  session: SessionItem;
  readings: SeriesReading[];
}

/**
 * A charger's transaction, with its readings so far, when it is in progress; undefined when it is
 * unknown or ended. Requests: 1 GetItem (session), then 1 GetItem (its port's open slot) and 1
 * Query (its slots, strongly consistent).
 */
export async function readSessionInProgress(
  db: Db,
  chargerId: number,
  ocppTransactionId: string,
): Promise<SessionInProgress | undefined> {
  const session = await getSession(db, chargerId, ocppTransactionId);
  if (session?.status !== 'InProgress') return undefined;
  const port = { chargerId, portNumber: session.portNumber };
  const readings = await readSessionReadings(db, chargerId, session.sessionId, { port });
  return { session, readings };
}

/** The energy cost so far of a transaction in progress under a tariff (4 decimals, the tariff's currency). */
export function costSoFar({ session, readings }: SessionInProgress, tariff: SiteCostTariff): EnergyCost {
  const span = { startMs: Date.parse(session.startTime), meterStartWh: session.meterStartWh };
  return sessionEnergyCost(span, readings, tariff);
}

/**
 * The energy cost so far of a transaction in progress, when its site has a tariff and this instance
 * has not priced it in the last {@link RUNNING_COST_INTERVAL_MS}; undefined otherwise (no tariff,
 * priced lately, an unknown or ended transaction).
 *
 * Whether the site has a tariff is the instance's kept answer (`siteCostTariff`, up to 60 s old: a
 * tariff just set may price nothing yet); the prices are read as they are (`currentSiteCostTariff`)
 * beside the session, so an answer never tells the driver the old prices after a CostUpdated (I04)
 * of new ones. Requests: none without a tariff on a warm instance; when priced, 1 GetItem (the
 * tariff, strongly consistent) in parallel with those of {@link readSessionInProgress} (1 GetItem,
 * then 1 GetItem and 1 Query). Nothing is written.
 */
export async function runningCost(
  db: Db,
  connection: ChargerConnection,
  ocppTransactionId: string,
  nowMs = Date.now(),
): Promise<EnergyCost | undefined> {
  const kept = await siteCostTariff(db, connection.siteId, nowMs);
  const key = `${connection.chargerId}/${ocppTransactionId}`;
  const last = pricedAt.get(key);
  if (!kept || (last !== undefined && nowMs - last < RUNNING_COST_INTERVAL_MS)) return undefined;
  pricedAt.set(key, nowMs);
  const [tariff, inProgress] = await Promise.all([
    currentSiteCostTariff(db, connection.siteId, nowMs),
    readSessionInProgress(db, connection.chargerId, ocppTransactionId),
  ]);
  return inProgress && tariff && costSoFar(inProgress, tariff);
}

/** Forgets when transactions were priced (tests). */
export function forgetRunningCosts(): void {
  pricedAt.clear();
}
