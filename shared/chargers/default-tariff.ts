/**
 * The OCPP 2.1 default tariff a charger holds, as the charger item remembers it
 * (`defaultTariff`, `tariffSupport`: `../db/entities/station-tariff.ts`) and as the charger read
 * answers it (docs/tariffs.md, "OCPP 2.1 stations"). The tariffId's form lives here, below
 * `shared/charging/` (which builds and sends the tariff, `station-tariff.ts`, `tariff-updates.ts`),
 * so that the charger read, which `charging/` may not be imported by, reads it back with the same
 * code. Pure: no I/O.
 *
 * @module
 */
import type { ChargerItem } from './items';

/** SetDefaultTariff (I07) status words after which the station holds the tariff (`DuplicateTariffId`: it already did). */
export const HELD_TARIFF_STATUSES: ReadonlySet<string> = new Set(['Accepted', 'DuplicateTariffId']);

/** The one OCPP version with tariff messages (I07-I12 are new in 2.1). */
export const TARIFF_PROTOCOL = 'ocpp2.1';

const TARIFF_ID = /^site-([1-9][0-9]*)-(.+)$/;

/**
 * The OCPP 2.1 tariffId of a version of a site's tariff: `site-<siteId>-<updatedAt>` (at most 46
 * characters with a 16-digit siteId and a millisecond timestamp; TariffType.tariffId allows 60).
 */
export function stationTariffId(tariff: { siteId: number; updatedAt: string }): string {
  return `site-${tariff.siteId}-${tariff.updatedAt}`;
}

/**
 * The site and version (`updatedAt` of the site's tariff, ISO 8601 UTC) a tariffId of
 * {@link stationTariffId} names; undefined for an id of another form.
 */
export function stationTariffVersion(tariffId: string): { siteId: number; updatedAt: string } | undefined {
  const match = TARIFF_ID.exec(tariffId);
  return match ? { siteId: Number(match[1]), updatedAt: match[2]! } : undefined;
}

/** What the charger read answers of the default tariff a station was last sent. */
export interface DefaultTariff {
  /** The OCPP 2.1 tariffId sent: `site-<siteId>-<updatedAt>`. */
  tariffId: string;
  /**
   * The version: the `updatedAt` of the site's tariff it was (`GET /api/sites/{siteId}/tariff`
   * answers the current one's), ISO 8601 UTC; null for an id of another form.
   */
  tariffUpdatedAt: string | null;
  /** The station's SetDefaultTariff status word (Accepted, DuplicateTariffId, TooManyElements, ConditionNotSupported, Rejected). */
  status: string;
  /** Whether the station holds it: it answered Accepted or DuplicateTariffId. */
  held: boolean;
  /** When the station answered, ISO 8601 UTC. */
  timestamp: string;
}

/**
 * The charger read's `defaultTariff`: the site's tariff as last sent to the station (any answer), or
 * null when it was sent none or the one it held was cleared.
 */
export function defaultTariffOf(item: Pick<ChargerItem, 'defaultTariff'>): DefaultTariff | null {
  const sent = item.defaultTariff;
  if (!sent) return null;
  return {
    tariffId: sent.tariffId,
    tariffUpdatedAt: stationTariffVersion(sent.tariffId)?.updatedAt ?? null,
    status: sent.status,
    held: HELD_TARIFF_STATUSES.has(sent.status),
    timestamp: sent.at,
  };
}

/**
 * The charger read's `tariffsSupported`: null when its current or last connection is not OCPP 2.1
 * (1.6 and 2.0.1 have no tariff messages); false when the station answered that it takes none
 * (CALLERROR NotSupported/NotImplemented, or SetDefaultTariff `Rejected`), until its next boot;
 * true otherwise.
 */
export function tariffsSupportedOf(item: Pick<ChargerItem, 'ocppProtocol' | 'tariffSupport'>): boolean | null {
  if (item.ocppProtocol !== TARIFF_PROTOCOL) return null;
  return item.tariffSupport !== 'unsupported';
}
