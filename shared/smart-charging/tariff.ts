/**
 * A site's tariff as the planner reads it, pure (no I/O): energy prices by time of day and day of
 * week in the site's time zone (time of use), a currency, and an optional demand charge per kW of
 * the billing period's highest 15-minute average power. `docs/tariffs.md` has the rules.
 *
 * A tariff here is already valid (`shared/site-power/tariffs.ts` refuses any other): its periods
 * cover every minute of each ISO weekday exactly once, none crosses midnight (`endTime` after
 * `startTime`, `24:00` for the end of the day). Local times come from the IANA zone's offset at
 * each instant (`../time-zone.ts`), so DST is right: the repeated hour of a fall-back change is
 * priced twice by its local time, the skipped hour of a spring-forward change never.
 *
 * @module
 */
import { localTimeCuts, localWeekdayMinute } from '../time-zone';

/** One time-of-use period of a tariff: its days, its local times and its energy price. */
export interface TariffEnergyPrice {
  /** The period's name (1–32 letters, digits, `_`, `-`); rows of one name are one time-of-use period. */
  name: string;
  /** ISO weekdays, 1 = Monday … 7 = Sunday, ascending. */
  daysOfWeek: number[];
  /** `HH:MM` local, inclusive. */
  startTime: string;
  /** `HH:MM` local (up to `24:00`), exclusive, after `startTime`. */
  endTime: string;
  /** Price of energy in the tariff's currency per kWh; may be negative. */
  pricePerKwh: number;
}

/** A site's tariff. */
export interface SiteTariff {
  /** ISO 4217 code, e.g. `USD`. */
  currency: string;
  /** The site's IANA time zone, in which the periods' times are read. */
  timeZone: string;
  /** The periods, covering each weekday exactly once. */
  energyPrices: TariffEnergyPrice[];
  /**
   * Price per kW of the billing period's (a calendar month in `timeZone`) highest 15-minute
   * average power, in `currency`; absent when the tariff has no demand charge.
   */
  demandChargePerKw?: number;
}

/** Minutes after midnight of `HH:MM` (`24:00` = 1440). */
export function minutesOfDay(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h! * 60 + m!;
}

/**
 * The energy price in force at an instant.
 * @param instantMs epoch ms
 * @returns the period's name and its price per kWh (in the tariff's currency)
 * @throws RangeError when no period covers the instant's local time (a tariff that was not
 *   validated), or when the runtime does not know the tariff's time zone
 */
export function energyPriceAt(tariff: SiteTariff, instantMs: number): { name: string; pricePerKwh: number } {
  const { weekday, minute } = localWeekdayMinute(tariff.timeZone, instantMs);
  const period = tariff.energyPrices.find(
    (p) => p.daysOfWeek.includes(weekday) && minute >= minutesOfDay(p.startTime) && minute < minutesOfDay(p.endTime),
  );
  if (!period) {
    const at = new Date(instantMs).toISOString();
    throw new RangeError(`The tariff has no energy price on ISO weekday ${weekday} at minute ${minute} (${at})`);
  }
  return { name: period.name, pricePerKwh: period.pricePerKwh };
}

/**
 * The instants in `[fromMs, toMs)` at which the energy price changes (the price in force from that
 * instant differs from the one just before it), in time order. A period boundary where the price
 * stays the same is not one; a DST change is one when it moves the local time into a period of
 * another price (e.g. a spring-forward gap that skips a period's start).
 * @param fromMs epoch ms; `fromMs` itself is included when the price changes exactly there
 * @param toMs epoch ms, exclusive
 * @returns epoch ms, ascending; empty when `toMs` is not after `fromMs`
 * @throws RangeError as {@link energyPriceAt}
 */
export function tariffPeriodBoundaries(tariff: SiteTariff, fromMs: number, toMs: number): number[] {
  if (!(toMs > fromMs)) return [];
  const marks = tariff.energyPrices.flatMap((p) => [minutesOfDay(p.startTime), minutesOfDay(p.endTime)]);
  const cuts = localTimeCuts(tariff.timeZone, marks, fromMs, toMs).filter((at) => at < toMs);
  const boundaries: number[] = [];
  let before = energyPriceAt(tariff, fromMs - 1).pricePerKwh;
  for (const at of cuts) {
    const price = energyPriceAt(tariff, at).pricePerKwh;
    if (price !== before) boundaries.push(at);
    before = price;
  }
  return boundaries;
}
