/**
 * What a charger holds of its site's tariff, in words (docs/tariffs.md, "OCPP 2.1 stations"): an
 * OCPP 2.1 station is sent the site's tariff as its default tariff, and the charger read says what
 * it was last sent and answered (`defaultTariff`, `tariffsSupported`); compared with the site's
 * tariff (`GET /api/sites/{siteId}/tariff`), that says whether it holds the current version. Pure.
 *
 * @module
 */
import { formatDateTime } from './format';
import type { Charger, SiteTariff } from './types';

/** What the sentence reads of a charger. */
export type StationTariffCharger = Pick<Charger, 'ocppProtocol' | 'defaultTariff' | 'tariffsSupported' | 'site'>;

/** True for a charger that is sent tariffs: its current or last connection is OCPP 2.1. */
const takesTariffMessages = (charger: Pick<Charger, 'ocppProtocol'>) => charger.ocppProtocol === 'ocpp2.1';

/**
 * True for a charger whose tariff is compared with its site's: it is sent tariffs (OCPP 2.1), or it
 * was sent one (it has a `defaultTariff`). Of any other charger {@link stationTariffText} says why
 * it holds none, without reading the site's tariff.
 */
export const takesOrTookTariffs = (charger: Pick<Charger, 'ocppProtocol' | 'defaultTariff'>): boolean =>
  takesTariffMessages(charger) || Boolean(charger.defaultTariff);

/**
 * What the station holds of its site's tariff, one or two sentences, times on the site's clock:
 * "Holds the site's current tariff (the version of 6 Dec 2026, 04:04:05 CST). It answered Accepted
 * on …". A version is named by when the site's tariff was set (its `updatedAt`).
 * @param siteTariff the site's tariff; null when it has none; undefined while it is not read
 */
export function stationTariffText(charger: StationTariffCharger, siteTariff: SiteTariff | null | undefined): string {
  const zone = charger.site.timezone;
  const at = (iso: string) => formatDateTime(iso, zone);
  if (!takesOrTookTariffs(charger)) {
    return charger.ocppProtocol
      ? `None: OCPP ${charger.ocppProtocol.slice(4)} has no tariff messages (the CSMS prices its sessions).`
      : "None: it has never connected (an OCPP 2.1 station is sent the site's tariff).";
  }
  if (charger.tariffsSupported === false)
    return 'Takes none: it answered that it does not take tariffs (tried again after its next boot).';
  const current = siteTariff ? `the current one is of ${at(siteTariff.updatedAt)}` : undefined;
  const sent = charger.defaultTariff;
  if (!sent) {
    if (siteTariff === null) return 'Holds none: the site has no tariff.';
    return `Holds none of the site's tariffs yet${current ? ` (${current}): it is sent while the station is connected` : ''}.`;
  }
  const version = sent.tariffUpdatedAt ? `of ${at(sent.tariffUpdatedAt)}` : `"${sent.tariffId}"`;
  const answered = `It answered ${sent.status} on ${at(sent.timestamp)}.`;
  if (!sent.held) return `Refused the site's tariff ${version}. ${answered}`;
  if (siteTariff === undefined) return `Holds the site's tariff ${version}. ${answered}`;
  if (siteTariff === null)
    return `Holds the site's tariff ${version}, since deleted (cleared while it is connected). ${answered}`;
  if (sent.tariffUpdatedAt === siteTariff.updatedAt)
    return `Holds the site's current tariff (the version ${version}). ${answered}`;
  return `Holds an older version of the site's tariff (${version}; ${current}). ${answered}`;
}
