/**
 * A charging session's energy cost under its site's tariff (`docs/tariffs.md`, "Cost of a
 * session"): one computation for the session list's `energyCost`, the cost stored on a session
 * when it ends, and the OCPP 2.0.1 `totalCost` the driver is shown (I02, I03, I04).
 *
 * - Each of the tariff's periods gets its own energy (periods sharing a name may differ in price),
 *   priced at its `pricePerKwh`, in the site's time zone (DST included, `./tou.ts`); the sum is
 *   rounded to 4 decimals: the API's `amount`.
 * - A charger is shown that amount rounded to the currency's minor unit (USD 2 decimals, JPY 0,
 *   KWD 3; half away from zero): {@link roundToMinorUnit}.
 * - A running cost reads the tariff per site as the instance keeps it for {@link TARIFF_CACHE_MS}
 *   (a site without a tariff too), so a transaction's messages cost no request for it on a warm
 *   instance; a final cost reads it as it is now ({@link currentSiteCostTariff}).
 */
import type { EntityItem } from 'electrodb';
import type { Db } from '../db';
import { BoundedMap } from '../bounded-map';
import { sessionEnergyPoints, type SeriesReading, type SessionSpan } from './series';
import { touEnergy } from './tou';

/** An amount in a currency: `amount` in the currency's units (4 decimals), `currency` ISO 4217. */
export interface EnergyCost {
  amount: number;
  currency: string;
}

/** What the cost reads of a tariff. */
export type CostTariff = Pick<EntityItem<Db['siteTariff']>, 'energyPrices' | 'currency'>;

/** A site's tariff with the site's IANA time zone, in which its periods' times are read. */
export interface SiteCostTariff {
  tariff: CostTariff;
  timeZone: string;
}

/**
 * The energy cost of a session's readings under a tariff: each tariff period's energy at its own
 * price, 4 decimals, in the tariff's currency.
 * @param span the session (start, end when ended, start and stop registers)
 * @param readings the session's readings (`readSessionReadings`)
 */
export function sessionEnergyCost(
  span: SessionSpan,
  readings: readonly SeriesReading[],
  { tariff, timeZone }: SiteCostTariff,
): EnergyCost {
  const periods = tariff.energyPrices.map((p, i) => ({
    name: String(i),
    days: p.daysOfWeek,
    start: p.startTime,
    end: p.endTime,
  }));
  const amount = touEnergy(sessionEnergyPoints(span, readings), timeZone, periods).reduce(
    (sum, { period, energyDeliveredKwh }) =>
      sum + energyDeliveredKwh * (tariff.energyPrices[Number(period)]?.pricePerKwh ?? 0),
    0,
  );
  return { amount: Math.round(amount * 10_000) / 10_000 || 0, currency: tariff.currency };
}

/**
 * An amount rounded to its currency's minor unit (the digits `Intl` gives the ISO 4217 code: 2 for
 * USD and EUR, 0 for JPY, 3 for KWD), half away from zero, from its 4 decimals: what a charger
 * shows the driver (OCPP 2.0.1 `totalCost`).
 */
export function roundToMinorUnit({ amount, currency }: EnergyCost): number {
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits;
  if (digits === undefined || digits >= 4) return amount;
  // In ten-thousandths the amount is an integer, and halves of the minor unit are exact.
  const step = 10 ** (4 - digits);
  const units = Math.round(amount * 10_000);
  const rounded = Math.sign(units) * Math.floor(Math.abs(units) / step + 0.5);
  return rounded / 10 ** digits || 0;
}

/** How long an instance keeps a site's tariff (or its absence) and time zone: 60 s, as the API keys. */
const TARIFF_CACHE_MS = 60_000;

type Kept<T> = BoundedMap<number, { at: number; value: Promise<T> }>;
/** What an instance keeps of a data layer's sites: their tariffs and their time zones. */
interface KeptSites {
  tariffs: Kept<CostTariff | undefined>;
  zones: Kept<string | undefined>;
}
/** Per data layer: a process may serve several tables one after another (`npm run bench`). */
const kept = new WeakMap<Db, KeptSites>();

function keptOf(db: Db): KeptSites {
  const sites = kept.get(db) ?? { tariffs: new BoundedMap(1_000), zones: new BoundedMap(1_000) };
  kept.set(db, sites);
  return sites;
}

/** Keeps a site's value from `nowMs`; a failed read is not kept. */
function keep<T>(map: Kept<T>, siteId: number, nowMs: number, value: Promise<T>): Promise<T> {
  map.set(siteId, { at: nowMs, value });
  value.catch(() => map.delete(siteId));
  return value;
}

/** A site's value as kept for {@link TARIFF_CACHE_MS}, else read (and kept). */
function keptRead<T>(map: Kept<T>, siteId: number, nowMs: number, read: () => Promise<T>): Promise<T> {
  const known = map.get(siteId);
  if (known && nowMs - known.at < TARIFF_CACHE_MS) return known.value;
  return keep(map, siteId, nowMs, read());
}

/**
 * A site's IANA time zone (spec §2.2 `timezone`; undefined for an unknown site), kept by the
 * instance for {@link TARIFF_CACHE_MS}. Requests: 1 GetItem (the site) when not kept.
 * @param nowMs ms since epoch
 */
export function siteTimeZone(db: Db, siteId: number, nowMs: number): Promise<string | undefined> {
  return keptRead(keptOf(db).zones, siteId, nowMs, async () => (await db.site.get({ siteId }).go()).data?.timezone);
}

/** A tariff with its site's time zone; undefined without either. */
function withZone(tariff: CostTariff | undefined, timeZone: string | undefined): SiteCostTariff | undefined {
  return tariff && timeZone !== undefined ? { tariff, timeZone } : undefined;
}

/**
 * A site's tariff and time zone, undefined when the site has none: what prices a transaction in
 * progress (its running cost, OCPP 2.0.1 I02). Requests: 2 GetItems in parallel (tariff and site),
 * none while the instance keeps the answer ({@link TARIFF_CACHE_MS}), so a tariff changed less than
 * that ago may not be seen yet. A failed read is not kept.
 */
export async function siteCostTariff(db: Db, siteId: number, nowMs = Date.now()): Promise<SiteCostTariff | undefined> {
  const read = async () => (await db.siteTariff.get({ siteId }).go()).data ?? undefined;
  const [tariff, timeZone] = await Promise.all([
    keptRead(keptOf(db).tariffs, siteId, nowMs, read),
    siteTimeZone(db, siteId, nowMs),
  ]);
  return withZone(tariff, timeZone);
}

/**
 * A site's tariff as it is now, with the site's time zone; undefined when the site has none: what
 * prices a session's final cost (stored on it, the `totalCost` of an Ended, `docs/tariffs.md`,
 * "Cost of a session"). The tariff is never the instance's kept copy: a final cost must not
 * contradict a CostUpdated (I04) the charger was just sent under a new tariff. What it reads is
 * kept for the running costs that follow. Requests: 1 GetItem (the tariff, strongly consistent),
 * +1 GetItem in parallel (the site) when the instance does not keep its time zone.
 */
export async function currentSiteCostTariff(
  db: Db,
  siteId: number,
  nowMs = Date.now(),
): Promise<SiteCostTariff | undefined> {
  // Kept, so that the running costs that follow on this instance price under what was just read.
  const current = keep(
    keptOf(db).tariffs,
    siteId,
    nowMs,
    db.siteTariff
      .get({ siteId })
      .go({ consistent: true })
      .then(({ data }) => data ?? undefined),
  );
  const [tariff, timeZone] = await Promise.all([current, siteTimeZone(db, siteId, nowMs)]);
  return withZone(tariff, timeZone);
}

/** Forgets the tariffs this instance keeps of `db`'s sites (tests that change a tariff and use it at once). */
export function forgetSiteCostTariffs(db: Db): void {
  kept.delete(db);
}
