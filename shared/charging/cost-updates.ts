/**
 * CostUpdated (OCPP 2.0.1 I04): a charger is told the running cost of a transaction in progress
 * outside the answers to its TransactionEvents (`docs/tariffs.md`, "CostUpdated (I04)").
 *
 * The answers already carry the running cost (`totalCost` of a priced `Updated`, `running-cost.ts`),
 * so CostUpdated carries only what no answer did: the cost of a transaction in progress repriced
 * because its site's tariff changed. The change reaches the table's stream, and the stream consumer
 * that sends CALLs (the charger's message function cannot wait for a CALLRESULT) sends it:
 *
 * - {@link costRepricingsOf} (pure): the sites of a batch whose tariff was set or its prices
 *   changed in the same currency, with the tariff before the batch (what their chargers were last
 *   told costs under) and the one after it;
 * - {@link sendCostRepricings}: each connected 2.0.1 charger of such a site and each 2.1 station
 *   of it that does not hold the site's tariff ({@link takesCostUpdated}: one that does computes
 *   its running cost itself), each transaction in progress on its ports priced under both tariffs;
 *   a CostUpdated of the new cost when the two differ once rounded to the currency's minor unit (or
 *   the site had no tariff);
 * - {@link sendCostUpdate}: one CostUpdated through the command path, which waits for the answer; a
 *   charger that answers NotSupported/NotImplemented is remembered (`charger.costUpdatedSupport`)
 *   and not sent CostUpdated again until its next boot. Nothing here throws: a failure is logged,
 *   the batch is never retried for it.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Db } from '../db';
import type { ChargerItem } from '../chargers/items';
import { entityOf, numberIn, type TableChange } from '../db/table-changes';
import { type CostTariff, roundToMinorUnit, siteTimeZone } from '../history/session-cost';
import pMap from 'p-map';
import { CONCURRENT_CHARGERS } from '../concurrency';
import { logger } from '../logger';
import type { ChargerRecord } from '../charger-commands';
import { type CostCommands, deliveryFailure } from './commands';
import { costSoFar, readSessionInProgress } from './running-cost';
import { chargerTransactionsInProgress, type TariffUpdateOutcome } from './tariff-updates';
import { TARIFF_PROTOCOL } from '../chargers/default-tariff';
import { type SiteChargers, siteChargersOnce } from './site-chargers';

/** A site whose chargers' transactions in progress are to be priced again: its tariff changed. */
export interface CostRepricing {
  siteId: number;
  organizationId: number;
  /** The tariff before the batch: what the site's chargers were last told costs under; undefined when it had none. */
  before?: CostTariff;
  /** The tariff after the batch. */
  after: CostTariff;
}

type Image = Record<string, unknown>;

/** The prices of a `siteTariff` image, if it is one. */
function tariffIn(image: Image | undefined): CostTariff | undefined {
  if (typeof image?.currency !== 'string' || !Array.isArray(image.energyPrices)) return undefined;
  return { currency: image.currency, energyPrices: image.energyPrices as CostTariff['energyPrices'] };
}

/** Whether two tariffs of one currency price every kWh alike (the period names and the demand charge do not price a session). */
function samePrices(a: CostTariff, b: CostTariff): boolean {
  const pricing = (t: CostTariff) => t.energyPrices.map(({ name: _name, ...row }) => row);
  return isDeepStrictEqual(pricing(a), pricing(b));
}

/**
 * The sites a batch of the table's changes (new and old images) reprices: each whose tariff was
 * set, or changed its prices or periods, with the tariff before its first change of the batch and
 * after its last. A tariff deleted (last) reprices nothing: there is no cost to tell, and
 * CostUpdated cannot say there is none. A change of the demand charge only reprices nothing either.
 * Nor does a change of currency: CostUpdated carries no currency, a station reads `totalCost` in
 * its own configured one (2.0.1 `TariffCostCtrlr.Currency`, which the CSMS does not set), so a
 * figure in the new currency would be shown as one in the old (OCPP 2.1 likewise keeps a
 * transaction's currency: ChangeTransactionTariff `NoCurrencyChange`).
 */
export function costRepricingsOf(changes: readonly TableChange[]): CostRepricing[] {
  const sites = new Map<number, { organizationId: number; before?: CostTariff; after?: CostTariff }>();
  for (const change of changes) {
    if (entityOf(change) !== 'siteTariff') continue;
    const image = change.newImage ?? change.oldImage;
    const siteId = numberIn(image, 'siteId');
    const organizationId = numberIn(image, 'organizationId');
    if (siteId === undefined || organizationId === undefined) continue;
    const before = sites.has(siteId) ? sites.get(siteId)!.before : tariffIn(change.oldImage);
    sites.set(siteId, { organizationId, before, after: tariffIn(change.newImage) });
  }
  return [...sites].flatMap(([siteId, { organizationId, before, after }]) =>
    after && !(before && (before.currency !== after.currency || samePrices(before, after)))
      ? [{ siteId, organizationId, after, ...(before ? { before } : {}) }]
      : [],
  );
}

/**
 * What the sender knows of a charger, read once with its site's chargers: whether it takes
 * CostUpdated and the site's tariff, and what the command path needs to reach it (passed along:
 * it reads no charger).
 */
export type CostCharger = ChargerRecord & Pick<ChargerItem, 'costUpdatedSupport' | 'tariffSupport'>;

/** The outcomes of the batch's tariff sender after which a 2.1 station does not hold the site's new tariff. */
const TARIFF_NOT_HELD: ReadonlySet<TariffUpdateOutcome> = new Set(['unsupported', 'refused']);

/**
 * Whether a charger is told a repriced cost by CostUpdated: an OCPP 2.0.1 charger (it has no tariff
 * messages), or an OCPP 2.1 station that does not hold the site's tariff: remembered as taking
 * none (`tariffSupport`, after NotSupported/NotImplemented or SetDefaultTariff `Rejected`), or
 * found so by this batch's tariff sender (`tariffOutcome`: `unsupported`, or `refused`, any status
 * after which it does not hold the new version). A 2.1 station holding the tariff is moved to it
 * (ChangeTransactionTariff) and computes its running cost itself: a CostUpdated would contradict
 * it with the whole session priced under the new tariff (docs/tariffs.md "CostUpdated (I04)").
 * A charger remembered as not supporting CostUpdated is not told.
 */
export function takesCostUpdated(charger: CostCharger, tariffOutcome?: TariffUpdateOutcome): boolean {
  if (charger.costUpdatedSupport === 'unsupported') return false;
  if (charger.ocppProtocol !== TARIFF_PROTOCOL) return true;
  return charger.tariffSupport === 'unsupported' || (tariffOutcome !== undefined && TARIFF_NOT_HELD.has(tariffOutcome));
}

/** One CostUpdated to send: the charger's transaction and its running cost rounded to the currency's minor unit. */
export interface CostUpdate {
  charger: CostCharger;
  /** The charger's transactionId (2.0.1 `transactionId`). */
  ocppTransactionId: string;
  /** In the currency's units, rounded to its minor unit (`roundToMinorUnit`). */
  totalCost: number;
}

/** What became of one CostUpdated (`unchanged`: the repricing did not move the cost; `ended`: not in progress any more). */
export type CostUpdateOutcome =
  | 'sent'
  | 'unchanged'
  | 'ended'
  | 'unsupported'
  | 'knownUnsupported'
  | 'notConnected'
  | 'failed';

/**
 * Sends one CostUpdated unless its charger is known not to support it, passing the charger as it
 * was read along to the command path (which reads it again only when it says not connected).
 * Requests: the command path's (its lane and the message log); 1 UpdateItem of the charger when it
 * answers NotSupported/NotImplemented. Never throws: a charger not connected is `notConnected`; a
 * timeout, an invalid answer, another CALLERROR or a failed write is logged, `failed`.
 */
export async function sendCostUpdate(db: Db, commands: CostCommands, update: CostUpdate): Promise<CostUpdateOutcome> {
  const { charger, ocppTransactionId, totalCost } = update;
  const { chargerId } = charger;
  // A safeguard: the batch's sender never passes such a charger (`takesCostUpdated`), but a CALL
  // to one would only fail again.
  if (charger.costUpdatedSupport === 'unsupported') return 'knownUnsupported';
  try {
    const answer = await commands.send(chargerId, 'CostUpdated', { ocppTransactionId, totalCost }, { charger });
    if (answer.ok) return 'sent';
    if (!answer.unsupported) throw answer.error;
    await db.charger.patch({ chargerId }).set({ costUpdatedSupport: 'unsupported' }).go();
    return 'unsupported';
  } catch (error) {
    return deliveryFailure(commands, 'CostUpdated not delivered', { chargerId, ocppTransactionId })(error);
  }
}

/** One transaction's outcome of a repricing. */
export interface RepricingOutcome {
  chargerId: number;
  ocppTransactionId: string;
  outcome: CostUpdateOutcome;
  /** The cost sent, rounded to the currency's minor unit, when one was. */
  totalCost?: number;
}

/**
 * Prices each transaction in progress of a charger (its ports', one after the other) under the
 * tariff before and after (one currency, {@link costRepricingsOf}), and sends CostUpdated of the
 * new cost when the two differ once rounded to the currency's minor unit, or there was none before.
 * A transaction that ended meanwhile is not told (its session is read just before). Never throws.
 */
async function repriceCharger(
  db: Db,
  commands: CostCommands,
  charger: CostCharger,
  repricing: CostRepricing,
  timeZone: string,
): Promise<RepricingOutcome[]> {
  const { chargerId } = charger;
  const outcomes: RepricingOutcome[] = [];
  const transactions = await chargerTransactionsInProgress(db, chargerId).catch((error: unknown) => {
    logger.warn('Cost repricing: a read failed', { chargerId, error: String(error) });
    return [];
  });
  for (const ocppTransactionId of transactions) {
    const outcome = await (async (): Promise<Omit<RepricingOutcome, 'chargerId' | 'ocppTransactionId'>> => {
      const inProgress = await readSessionInProgress(db, chargerId, ocppTransactionId);
      if (!inProgress) return { outcome: 'ended' };
      const now = costSoFar(inProgress, { tariff: repricing.after, timeZone });
      const totalCost = roundToMinorUnit(now);
      const told = repricing.before && costSoFar(inProgress, { tariff: repricing.before, timeZone });
      if (told && roundToMinorUnit(told) === totalCost) return { outcome: 'unchanged' };
      return { outcome: await sendCostUpdate(db, commands, { charger, ocppTransactionId, totalCost }), totalCost };
    })().catch((error: unknown) => {
      logger.warn('Cost repricing: a read failed', { chargerId, ocppTransactionId, error: String(error) });
      return { outcome: 'failed' as const };
    });
    outcomes.push({ chargerId, ocppTransactionId, ...outcome });
    if (outcome.outcome === 'notConnected' || outcome.outcome === 'unsupported') break;
  }
  return outcomes;
}

/**
 * Sends what a batch's repricings call for ({@link costRepricingsOf}): the connected OCPP
 * 2.0.1/2.1 chargers of its sites that take CostUpdated ({@link takesCostUpdated}),
 * `CONCURRENT_CHARGERS` at a time across the batch (as the local-list runs), each as
 * {@link repriceCharger} says. Run after the batch's tariff sender, whose outcomes it is given: a
 * 2.1 station that answered the new tariff's SetDefaultTariff is told its cost after that answer,
 * and only when it did not take the tariff. Requests: per site 1 GetItem (the site's time zone, kept
 * by the instance: `siteTimeZone`) and its connected 2.0.1/2.1 chargers (`siteChargers`: none when
 * the batch's tariff sender read them, else 1 paged Query) in parallel; per charger 1 paged Query (its ports); per transaction in progress 1 GetItem (its
 * session), 1 GetItem (its open slot) and 1 Query (its slots), then, when its cost moved, the
 * command path's. Never throws: a failed read is logged and that site or charger is skipped.
 * @param tariffOutcomes the batch's tariff sender's outcomes, by chargerId
 * @param siteChargers the batch's reader of a site's connected chargers (`siteChargersOnce`), the
 *   tariff sender's: its chargers as read before the tariffs were sent (a 2.1 station's outcome
 *   says what the sending changed)
 * @returns each transaction's outcome
 */
export async function sendCostRepricings(
  db: Db,
  commands: CostCommands,
  repricings: readonly CostRepricing[],
  tariffOutcomes: ReadonlyMap<number, TariffUpdateOutcome> = new Map(),
  siteChargers: SiteChargers = siteChargersOnce(db),
): Promise<RepricingOutcome[]> {
  const perSite = await Promise.all(
    repricings.map(async (repricing) => {
      const { siteId, organizationId } = repricing;
      try {
        const [timeZone, chargers] = await Promise.all([
          siteTimeZone(db, siteId, Date.now()),
          siteChargers(siteId, organizationId),
        ]);
        if (!timeZone) return [];
        return chargers
          .filter((charger) => takesCostUpdated(charger, tariffOutcomes.get(charger.chargerId)))
          .map((charger) => ({ charger, repricing, timeZone }));
      } catch (error) {
        logger.warn('Cost repricing: a read failed', { siteId, error: String(error) });
        return [];
      }
    }),
  );
  const runs = await pMap(
    perSite.flat(),
    ({ charger, repricing, timeZone }) => repriceCharger(db, commands, charger, repricing, timeZone),
    { concurrency: CONCURRENT_CHARGERS },
  );
  return runs.flat();
}
