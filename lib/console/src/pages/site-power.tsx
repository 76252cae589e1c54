/**
 * Site power: the site's power over the last 24 h (the charging sessions' 15-minute intervals, the
 * live power summed while the page is open until they are read) with the cost and capacity limits
 * and, when smart charging has planned, the planned power and limits ahead; the limits' form; the
 * site's tariff and its form; and the allocation (`allocation-table.tsx`).
 *
 * Requests: `GET /api/sites` every 5 s (live power), the allocation every 5 s, the
 * limits and the tariff every minute and after a change, the sessions' intervals every minute (one
 * request at a time, as that endpoint allows per key).
 *
 * @module
 */
import { useMemo } from 'preact/hooks';
import { LoadState, Notice } from '../components';
import { useSession, type ConsoleSession } from '../context';
import { formatKw, sitePowerKw } from '../format';
import { REFRESH_MS, usePoll } from '../live';
import { planSummary, sitePlan } from '../plan-data';
import {
  chartData,
  limitsKw,
  MIN_LIVE_WINDOW_MS,
  powerFromIntervals,
  siteMaximumKw,
  WINDOW_MS,
  type PowerSample,
} from '../power-data';
import type {
  ChargingSession,
  ChargingSessionList,
  PowerAllocation,
  SitePowerLimitSchedules,
  SiteWithChargers,
} from '../types';
import { AllocationSection } from './allocation-table';
import { LimitForm } from './limit-form';
import { PowerChart } from './power-chart';
import { TariffSection } from './tariff';
import { livePower, useSites } from './sites';

const MINUTE_MS = 60_000;
/** Pages of sessions read for one chart (100 each). */
const MAX_SESSION_PAGES = 10;

async function sessionsOfLastDay(
  session: ConsoleSession,
  siteId: number,
  signal: AbortSignal,
): Promise<ChargingSession[]> {
  const query = new URLSearchParams({
    'siteIds[]': String(siteId),
    startTimeAfter: new Date(Date.now() - WINDOW_MS - 24 * 3600 * 1000).toISOString(),
    includeInProgressSessions: 'true',
    includeIntervals: 'true',
  });
  const sessions: ChargingSession[] = [];
  for (let page = 0; page < MAX_SESSION_PAGES; page += 1) {
    const list = await session.call<ChargingSessionList>(`/api/charging-sessions?${query}`, { signal });
    sessions.push(...list.data);
    if (!list.pagination.hasNextPage || !list.pagination.nextPageCursor) break;
    query.set('nextPageCursor', list.pagination.nextPageCursor);
  }
  return sessions;
}

/** The site power page of `siteId`. */
export function SitePowerPage(props: { siteId: number }) {
  const { siteId } = props;
  const session = useSession();
  const unauthorized = session.signOut;
  const sites = useSites();
  const limits = usePoll(
    (signal) => session.call<SitePowerLimitSchedules>(`/api/site/${siteId}/limits`, { signal }),
    [session, siteId],
    unauthorized,
    MINUTE_MS,
  );
  const allocation = usePoll(
    (signal) => session.call<PowerAllocation>(`/api/site/${siteId}/power-allocation`, { signal }),
    [session, siteId],
    unauthorized,
  );
  const history = usePoll(
    (signal) => sessionsOfLastDay(session, siteId, signal),
    [session, siteId],
    unauthorized,
    MINUTE_MS,
  );
  const site = sites.data?.data.find((candidate) => candidate.id === siteId);
  // useSites records the samples; a copy per refresh, so the chart sees new data.
  const samples = useMemo(() => [...livePower.get(siteId)], [siteId, sites.updatedAt]);

  if (sites.data && !site) {
    return (
      <Notice kind="warn">
        <p>
          Site {siteId} is not one of this key's sites. <a href="#/sites">Back to the sites</a>.
        </p>
      </Notice>
    );
  }
  return (
    <>
      <h1 class="wrap">Site power{site ? `: ${site.name}` : ''}</h1>
      <p>
        <a href="#/sites">← All sites</a>
      </p>
      <LoadState loaded={sites} what="the site" />
      <PowerSection
        site={site}
        samples={samples}
        history={history.data}
        schedules={limits.data?.sitePowerLimitSchedules}
        allocation={allocation.data}
      />
      <LoadState loaded={history} what="the charging sessions' intervals" />
      <section aria-labelledby="limits-heading">
        <h2 id="limits-heading">Limits</h2>
        <LoadState loaded={limits} what="the limits" />
        <LimitForm
          siteId={siteId}
          schedules={limits.data?.sitePowerLimitSchedules ?? []}
          timeZone={site?.timezone}
          onChange={limits.refresh}
        />
      </section>
      <TariffSection siteId={siteId} chargers={site?.chargers} />
      <AllocationSection allocation={allocation.data} site={site} />
      <LoadState loaded={allocation} what="the power allocation" />
    </>
  );
}

const limitText = (kw: number | null) => (kw === null ? 'none' : formatKw(kw));

function PowerSection(props: {
  site: SiteWithChargers | undefined;
  samples: PowerSample[];
  /** The sessions' intervals; undefined until read (live samples meanwhile). */
  history: ChargingSession[] | undefined;
  schedules: SitePowerLimitSchedules['sitePowerLimitSchedules'] | undefined;
  allocation: PowerAllocation | undefined;
}) {
  const limits = useMemo(() => limitsKw(props.schedules ?? []), [props.schedules]);
  const fromIntervals = props.history !== undefined;
  const now = props.samples[props.samples.length - 1]?.t ?? Date.now();
  const series = useMemo(() => {
    if (props.history && props.site) return powerFromIntervals(props.history, props.site.id, now);
    return props.samples;
  }, [props.history, props.samples, props.site, now]);
  const from = fromIntervals
    ? (series[0]?.t ?? now - WINDOW_MS)
    : Math.min(series[0]?.t ?? now, now - MIN_LIVE_WINDOW_MS);
  // Live samples come every 5 s while a page showing the sites is open; a longer silence breaks the line.
  const maxGapMs = fromIntervals ? undefined : 3 * REFRESH_MS;
  const plan = useMemo(() => (props.allocation ? sitePlan(props.allocation.data, now) : null), [props.allocation, now]);
  const data = useMemo(
    () => chartData(series, limits, { from, to: now, maxGapMs }, plan),
    [series, limits, from, now, maxGapMs, plan],
  );
  const timeZone = props.site?.timezone;
  const current = props.site ? sitePowerKw(props.site.chargers) : null;
  const peak = series.reduce((max, sample) => Math.max(max, sample.kw), 0);
  const siteMaxKw = props.site ? siteMaximumKw(props.site.chargers) : null;
  const planLimitsKw = plan?.unit === 'kW' ? plan.slots.flatMap((slot) => [slot.capacity ?? 0, slot.cost ?? 0]) : [];
  const ceilingKw =
    siteMaxKw === null ? undefined : Math.max(siteMaxKw, limits.costKw ?? 0, limits.capacityKw ?? 0, ...planLimitsKw);
  const lastAverage = fromIntervals ? series[series.length - 1]?.kw : undefined;
  // Amp limits and limits by time of day have no flat kW line: only the plan's slots draw them.
  const drawn = plan ? 'drawn over the plan only' : 'not drawn';
  const summary = [
    // Two different figures, each named: the chargers' latest readings against 15-minute averages.
    `Now ${formatKw(current)} (instantaneous: the sum of the chargers' latest power readings)` +
      (lastAverage === undefined ? '' : `; ${formatKw(lastAverage)} averaged over the last 15-minute interval`) +
      `; highest ${fromIntervals ? '15-minute average' : 'sample'} in this window ${formatKw(peak)}.`,
    ...(siteMaxKw === null
      ? []
      : [
          `The site's chargers can draw at most ${formatKw(siteMaxKw)}` +
            (peak > siteMaxKw ? ': power above that is cut off the chart.' : '.'),
        ]),
    `Cost limit ${limitText(limits.costKw)}; capacity limit ${limitText(limits.capacityKw)}.`,
    ...(limits.ampLimits.length ? [`Limits in amps, ${drawn}: ${limits.ampLimits.join(', ')}.`] : []),
    ...(limits.timeOfDay.length
      ? [`Limits by time of day, ${drawn} (their periods are under Limits): ${limits.timeOfDay.join(', ')}.`]
      : []),
    fromIntervals
      ? 'Power per 15-minute interval of the charging sessions over the last 24 h.'
      : 'Live power summed over the sessions in progress, sampled every 5 s while a page showing the sites is open' +
        ' (until the charging sessions are read).',
    ...(plan ? [planSummary(plan, now, timeZone)] : []),
  ].join(' ');
  const past = fromIntervals ? 'Power, last 24 h' : 'Power while the console is open (live)';
  return (
    <section aria-labelledby="power-heading">
      <h2 id="power-heading">{plan ? `${past}, and the plan ahead` : past}</h2>
      <PowerChart
        data={data}
        stepped={fromIntervals}
        summary={summary}
        plan={plan ? { now, unit: plan.unit } : null}
        timeZone={timeZone}
        {...(ceilingKw === undefined ? {} : { ceilingKw })}
      />
    </section>
  );
}
