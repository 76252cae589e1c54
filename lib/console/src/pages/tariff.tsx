/**
 * The site's tariff on the site power page: its energy prices as a small table by day (site time),
 * its currency and demand charge, what each of the site's OCPP 2.1 stations holds of it
 * (`../station-tariff.ts`), and the form that sets or deletes it (`./tariff-form.tsx`).
 *
 * Requests: `GET /api/sites/{siteId}/tariff` once a minute and after a change (404 = no tariff); the
 * stations come with the site from the sites' read the page makes anyway.
 *
 * @module
 */
import { ApiError } from '../api';
import { LoadState, Notice } from '../components';
import { useRoleRefusal, useSession, type ConsoleSession } from '../context';
import { DAY_NAMES, formatDateTime } from '../format';
import { usePoll, type Loaded } from '../live';
import { hrefOf } from '../route';
import { stationTariffText, takesOrTookTariffs } from '../station-tariff';
import type { Charger, SiteTariff, SiteTariffAnswer } from '../types';
import { TariffForm } from './tariff-form';

const MINUTE_MS = 60_000;

/** The site's tariff, or null when it has none (a 404). */
async function readTariff(session: ConsoleSession, siteId: number, signal: AbortSignal): Promise<SiteTariff | null> {
  try {
    return (await session.call<SiteTariffAnswer>(`/api/sites/${siteId}/tariff`, { signal })).tariff;
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'notFound') return null;
    throw error;
  }
}

/** The tariff of `siteId` (null: it has none), read now and every minute while the page is visible. */
export function useSiteTariff(siteId: number): Loaded<SiteTariff | null> {
  const session = useSession();
  return usePoll((signal) => readTariff(session, siteId, signal), [session, siteId], session.signOut, MINUTE_MS);
}

/** The tariff section of `siteId`; `chargers` (the site's, when read) for what each OCPP 2.1 station holds. */
export function TariffSection(props: { siteId: number; chargers: Charger[] | undefined }) {
  const tariff = useSiteTariff(props.siteId);
  const loaded = tariff.data;
  const refusal = useRoleRefusal('admin', 'Setting the tariff');
  return (
    <section aria-labelledby="tariff-heading">
      <h2 id="tariff-heading">Tariff</h2>
      <LoadState loaded={tariff} what="the tariff" />
      {loaded !== undefined ? (
        <>
          <TariffSummary tariff={loaded} />
          <StationsHolding chargers={props.chargers ?? []} tariff={loaded} />
          {refusal ? (
            <Notice kind="info">
              <p>{refusal}</p>
            </Notice>
          ) : (
            <TariffForm siteId={props.siteId} tariff={loaded} onChange={tariff.refresh} />
          )}
        </>
      ) : null}
    </section>
  );
}

/** What each of the site's OCPP 2.1 stations holds of its tariff; nothing when it has none. */
function StationsHolding(props: { chargers: Charger[]; tariff: SiteTariff | null }) {
  const stations = props.chargers.filter(takesOrTookTariffs);
  if (stations.length === 0) return null;
  return (
    <>
      <h3 id="station-tariffs-heading">OCPP 2.1 stations</h3>
      <p class="muted">Sent the tariff as their default tariff, so they compute their sessions' cost themselves.</p>
      <ul class="plain" aria-labelledby="station-tariffs-heading">
        {stations.map((charger) => (
          <li key={charger.id} class="wrap">
            <a href={hrefOf({ page: 'charger', chargerId: charger.id, tab: 'overview' })}>{charger.name}</a>:{' '}
            {stationTariffText(charger, props.tariff)}
          </li>
        ))}
      </ul>
    </>
  );
}

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));

function TariffSummary(props: { tariff: SiteTariff | null }) {
  const { tariff } = props;
  if (!tariff) {
    return (
      <p class="muted">
        No tariff: energy has no price here, and the sessions' energy has one time-of-use period. Set one below (times
        are the site's local time).
      </p>
    );
  }
  const demand = tariff.demandCharge;
  return (
    <>
      <p>
        Prices in <strong>{tariff.currency}</strong> per kWh, by local time ({tariff.timezone});{' '}
        {demand
          ? `demand charge ${demand.pricePerKw} ${tariff.currency} per kW of the month's highest 15-minute average power`
          : 'no demand charge'}
        . <span class="muted">Updated {formatDateTime(tariff.updatedAt, tariff.timezone)}.</span>
      </p>
      <div class="table-scroll">
        <table class="tariff-days">
          <caption class="visually-hidden">Energy prices by day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Periods (start–end: name, price per kWh)</th>
            </tr>
          </thead>
          <tbody>
            {DAY_NAMES.map((day, i) => (
              <tr key={day}>
                <th scope="row">{day}</th>
                <td>
                  {tariff.energyPrices
                    .filter((p) => p.daysOfWeek.includes(i + 1))
                    .sort((a, b) => minutes(a.startTime) - minutes(b.startTime))
                    .map((p) => `${p.startTime}–${p.endTime}: ${p.name}, ${p.pricePerKwh}`)
                    .join('; ')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
