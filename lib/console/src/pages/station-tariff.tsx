/**
 * The charger page's "Tariff" detail: what the station holds of its site's tariff
 * (`../station-tariff.ts`). An OCPP 2.1 station's is compared with the site's tariff, read once a
 * minute while the page is visible (`GET /api/sites/{siteId}/tariff`); other chargers' say why
 * they take none, with no request.
 *
 * @module
 */
import { stationTariffText, takesOrTookTariffs, type StationTariffCharger } from '../station-tariff';
import { useSiteTariff } from './tariff';

/** What `charger` holds of its site's tariff, in words. */
export function StationTariffDetail(props: { charger: StationTariffCharger }) {
  const { charger } = props;
  if (!takesOrTookTariffs(charger)) return <>{stationTariffText(charger, undefined)}</>;
  return <ComparedWithSite charger={charger} />;
}

function ComparedWithSite(props: { charger: StationTariffCharger }) {
  const tariff = useSiteTariff(props.charger.site.id);
  return <>{stationTariffText(props.charger, tariff.data)}</>;
}
