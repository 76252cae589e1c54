/**
 * A site's tariff as an OCPP 2.1 `TariffType` (I07 SetDefaultTariff), so that a 2.1 station computes
 * the cost of its transactions itself (docs/tariffs.md, "OCPP 2.1 stations"). Pure: no I/O.
 *
 * - **Energy**: each time-of-use row is one `energy.prices[]` element, its `priceKwh` the row's
 *   `pricePerKwh` (negative prices pass as they are; the tariff has no tax, so no `taxRates`), its
 *   `conditions` the row's days (`dayOfWeek`, English names) and local times (`startTimeOfDay`,
 *   `endTimeOfDay`; the end of the day, `24:00`, is `00:00` as OCPP says "to stop at end of the
 *   day"). OCPP reads these conditions in local time, as the site's periods are: no conversion, and
 *   a station converts to its own clock as it does for every local-time tariff. The rows cover each
 *   day once, so exactly one element applies at any minute whatever order a station reads them in.
 * - **Currency**: the tariff's ISO 4217 code.
 * - **No demand charge**: `TariffType` has energy, time, idle, fixed-fee and reservation prices, and
 *   nothing per kW of a month's peak; a station's own cost leaves the demand charge out, as the
 *   session cost of the API does (it is the site's, per month, not a session's).
 * - **tariffId**: `site-<siteId>-<updatedAt>`, at most 46 characters (the schema allows 60): a new
 *   id for every version of the site's tariff, so a station never holds two contents under one id
 *   (OCPP's `DuplicateTariffId`), and the id says which version a station holds.
 *
 * @module
 */
import type { TariffEnergyPrice } from '../smart-charging/tariff';
import { stationTariffId } from '../chargers/default-tariff';

// The tariffId's form belongs to the charger item that remembers it, which reads it back.
export { stationTariffId };

/** OCPP 2.1 DayOfWeekEnumType. */
export type StationTariffDay = 'Monday' | 'Tuesday' | 'Wednesday' | 'Thursday' | 'Friday' | 'Saturday' | 'Sunday';

/** One energy price of a {@link StationTariff} (2.1 TariffEnergyPriceType, the fields used). */
export interface StationTariffPrice {
  /** In the tariff's currency per kWh (OCPP: excluding tax; the site's tariff has no tax). */
  priceKwh: number;
  conditions: {
    /** At least one day. */
    dayOfWeek: StationTariffDay[];
    /** `HH:MM` local; both times left out for a row of the whole day. */
    startTimeOfDay?: string;
    /** `HH:MM` local; `00:00` for the end of the day. */
    endTimeOfDay?: string;
  };
}

/**
 * A site's tariff as OCPP 2.1's TariffType has it (the fields used): the domain does not speak
 * OCPP, so the command that sends it (`shared/ocpp/commands/tariffs.ts`) checks at compile time
 * (`satisfies`) that this shape is a TariffType but for its arrays' lengths, which
 * {@link toStationTariff} keeps within the schema's (at least one price, one to seven days) and the
 * CALL's schema validation checks.
 */
export interface StationTariff {
  /** At most 60 characters. */
  tariffId: string;
  /** ISO 4217. */
  currency: string;
  /** At least one price. */
  energy: { prices: StationTariffPrice[] };
}

/** What the mapping reads of a stored tariff (`siteTariff`). */
export interface StoredSiteTariff {
  siteId: number;
  /** ISO 4217. */
  currency: string;
  /** Rows covering each ISO weekday once, in the site's local time. */
  energyPrices: TariffEnergyPrice[];
  /** ISO 8601 UTC of the last change. */
  updatedAt: string;
}

/** ISO weekday (1 = Monday) → OCPP 2.1 DayOfWeekEnumType. */
const DAY_NAMES: readonly StationTariffDay[] = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
];

/**
 * One row as an energy price element: its days and local times as conditions. A row of the whole
 * day names its days only: `00:00`–`00:00` would read as an empty window to a station that does not
 * take equal times as a wrap, and a condition left out is no restriction.
 */
function priceElement(row: TariffEnergyPrice): StationTariffPrice {
  const dayOfWeek = row.daysOfWeek.map((day) => DAY_NAMES[day - 1]!);
  const wholeDay = row.startTime === '00:00' && row.endTime === '24:00';
  return {
    priceKwh: row.pricePerKwh,
    conditions: wholeDay
      ? { dayOfWeek }
      : {
          dayOfWeek,
          startTimeOfDay: row.startTime,
          endTimeOfDay: row.endTime === '24:00' ? '00:00' : row.endTime,
        },
  };
}

/**
 * The site's tariff as an OCPP 2.1 TariffType (module comment): its id, currency, and one energy
 * price element per time-of-use row, in the stored order; no demand charge (TariffType has none).
 */
export function toStationTariff(tariff: StoredSiteTariff): StationTariff {
  return {
    tariffId: stationTariffId(tariff),
    currency: tariff.currency,
    // A stored tariff covers every day, so it has at least one row.
    energy: { prices: tariff.energyPrices.map(priceElement) },
  };
}
