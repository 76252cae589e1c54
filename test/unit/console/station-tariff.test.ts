/** What the console says a charger holds of its site's tariff (lib/console/src/station-tariff.ts). */
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../lib/console/src/format';
import { stationTariffText, type StationTariffCharger } from '../../../lib/console/src/station-tariff';
import type { SiteTariff } from '../../../lib/console/src/types';

const ZONE = 'America/Chicago';
const OLD = '2026-12-05T10:00:00.000Z';
const NEW = '2026-12-06T10:04:05.123Z';
const ANSWERED = '2026-12-06T10:04:06.000Z';
const at = (iso: string) => formatDateTime(iso, ZONE);

const site = { id: 3, name: 'Depot', address: null, timezone: ZONE };
const station = (over: Partial<StationTariffCharger> = {}): StationTariffCharger => ({
  ocppProtocol: 'ocpp2.1',
  defaultTariff: null,
  tariffsSupported: true,
  site,
  ...over,
});
const sent = (updatedAt: string | null, status = 'Accepted', held = true) => ({
  tariffId: `site-3-${updatedAt ?? 'x'}`,
  tariffUpdatedAt: updatedAt,
  status,
  held,
  timestamp: ANSWERED,
});
const siteTariff = (updatedAt: string) => ({ updatedAt }) as SiteTariff;

describe('stationTariffText', () => {
  it('says a 1.6 or 2.0.1 charger takes none, and a charger never connected, without the site tariff', () => {
    expect(stationTariffText(station({ ocppProtocol: 'ocpp1.6', tariffsSupported: null }), undefined)).toBe(
      'None: OCPP 1.6 has no tariff messages (the CSMS prices its sessions).',
    );
    expect(stationTariffText(station({ ocppProtocol: 'ocpp2.0.1', tariffsSupported: null }), undefined)).toMatch(
      /^None: OCPP 2\.0\.1 has no tariff messages/,
    );
    expect(stationTariffText(station({ ocppProtocol: null, tariffsSupported: null }), null)).toBe(
      "None: it has never connected (an OCPP 2.1 station is sent the site's tariff).",
    );
  });

  it('says a station that answered it takes no tariffs takes none', () => {
    expect(stationTariffText(station({ tariffsSupported: false }), siteTariff(NEW))).toBe(
      'Takes none: it answered that it does not take tariffs (tried again after its next boot).',
    );
  });

  it('says the station holds the current version, an older one, or one since deleted', () => {
    const answered = `It answered Accepted on ${at(ANSWERED)}.`;
    expect(stationTariffText(station({ defaultTariff: sent(NEW) }), siteTariff(NEW))).toBe(
      `Holds the site's current tariff (the version of ${at(NEW)}). ${answered}`,
    );
    expect(stationTariffText(station({ defaultTariff: sent(OLD) }), siteTariff(NEW))).toBe(
      `Holds an older version of the site's tariff (of ${at(OLD)}; the current one is of ${at(NEW)}). ${answered}`,
    );
    expect(stationTariffText(station({ defaultTariff: sent(NEW) }), null)).toBe(
      `Holds the site's tariff of ${at(NEW)}, since deleted (cleared while it is connected). ${answered}`,
    );
    // The site's tariff not read yet: no comparison.
    expect(stationTariffText(station({ defaultTariff: sent(NEW) }), undefined)).toBe(
      `Holds the site's tariff of ${at(NEW)}. ${answered}`,
    );
  });

  it('names a version refused, and an id of another form by the id', () => {
    expect(stationTariffText(station({ defaultTariff: sent(NEW, 'TooManyElements', false) }), siteTariff(NEW))).toBe(
      `Refused the site's tariff of ${at(NEW)}. It answered TooManyElements on ${at(ANSWERED)}.`,
    );
    expect(stationTariffText(station({ defaultTariff: sent(null) }), siteTariff(NEW))).toMatch(
      /^Holds an older version of the site's tariff \("site-3-x"; the current one is of /,
    );
  });

  it('says a station holds none, and why', () => {
    expect(stationTariffText(station(), null)).toBe('Holds none: the site has no tariff.');
    expect(stationTariffText(station(), siteTariff(NEW))).toBe(
      `Holds none of the site's tariffs yet (the current one is of ${at(NEW)}): it is sent while the station is connected.`,
    );
    expect(stationTariffText(station(), undefined)).toBe("Holds none of the site's tariffs yet.");
  });
});
