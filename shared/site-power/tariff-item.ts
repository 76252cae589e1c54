/**
 * A stored tariff and the pure model the planner reads of it, apart from the tariff rules
 * (`./tariffs.ts`, zod): the allocation reads tariffs without bundling the API's validation.
 *
 * @module
 */
import type { EntityItem } from 'electrodb';
import type { Db } from '../db';
import type { SiteTariff } from '../smart-charging/tariff';

/** A stored tariff. */
export type SiteTariffItem = EntityItem<Db['siteTariff']>;

/** The pure model of a stored tariff (`smart-charging/tariff.ts`), in its site's time zone. */
export function toSiteTariff(item: SiteTariffItem, timeZone: string): SiteTariff {
  return {
    currency: item.currency,
    timeZone,
    energyPrices: item.energyPrices,
    ...(item.demandChargePerKw === undefined ? {} : { demandChargePerKw: item.demandChargePerKw }),
  };
}
