/**
 * Site power: the site's power over the last 24 h (the charging sessions' 15-minute intervals when
 * the API has them, else the live power summed while the page is open) with the cost and capacity
 * limits and, when smart charging has planned, the planned power and limits ahead; the limits'
 * form; the site's tariff and its form; and, when smart charging exists, which planner made the
 * allocation, each port's allocated limit, its next planned change and its reason in words, the
 * demand peak so far, and the vehicles predicted late.
 *
 * Requests: `GET /api/sites` every 5 s (live power), the allocation every 5 s when it exists, the
 * limits and the tariff every minute and after a change, the sessions' intervals every minute (one
 * request at a time, as that endpoint allows per key).
 *
 * @module
 */
import { useMemo } from 'preact/hooks';
import { callOptional, type Optional } from '../capabilities';
import { Ago, LoadState, NotAvailable, Notice } from '../components';
import { useSession, type ConsoleSession } from '../context';
import { formatDateTime, formatKw, formatLimit, formatPercent, sitePowerKw } from '../format';
import { REFRESH_MS, usePoll } from '../live';
import { demandPeakWords, planSummary, plannerWords, portPlanText, reasonWords, sitePlan } from '../plan-data';
import {
  chartData,
  limitsKw,
  MIN_LIVE_WINDOW_MS,
  powerFromIntervals,
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
    (signal) =>
      callOptional(session.operations, 'powerAllocation', () =>
        session.call<PowerAllocation>(`/api/site/${siteId}/power-allocation`, { signal }),
      ),
    [session, siteId],
    unauthorized,
  );
  const history = usePoll(
    (signal) => callOptional(session.operations, 'chargingSessions', () => sessionsOfLastDay(session, siteId, signal)),
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
      <TariffSection siteId={siteId} />
      <AllocationSection allocation={allocation.data} site={site} />
      <LoadState loaded={allocation} what="the power allocation" />
    </>
  );
}

const limitText = (kw: number | null) => (kw === null ? 'none' : formatKw(kw));

function PowerSection(props: {
  site: SiteWithChargers | undefined;
  samples: PowerSample[];
  history: Optional<ChargingSession[]> | undefined;
  schedules: SitePowerLimitSchedules['sitePowerLimitSchedules'] | undefined;
  allocation: Optional<PowerAllocation> | undefined;
}) {
  const limits = useMemo(() => limitsKw(props.schedules ?? []), [props.schedules]);
  const fromIntervals = props.history?.available === true;
  const now = props.samples[props.samples.length - 1]?.t ?? Date.now();
  const series = useMemo(() => {
    if (props.history?.available && props.site) return powerFromIntervals(props.history.data, props.site.id, now);
    return props.samples;
  }, [props.history, props.samples, props.site, now]);
  const from = fromIntervals
    ? (series[0]?.t ?? now - WINDOW_MS)
    : Math.min(series[0]?.t ?? now, now - MIN_LIVE_WINDOW_MS);
  // Live samples come every 5 s while a page showing the sites is open; a longer silence breaks the line.
  const maxGapMs = fromIntervals ? undefined : 3 * REFRESH_MS;
  const plan = useMemo(
    () => (props.allocation?.available ? sitePlan(props.allocation.data.data, now) : null),
    [props.allocation, now],
  );
  const data = useMemo(
    () => chartData(series, limits, { from, to: now, maxGapMs }, plan),
    [series, limits, from, now, maxGapMs, plan],
  );
  const timeZone = props.site?.timezone;
  const current = props.site ? sitePowerKw(props.site.chargers) : null;
  const peak = series.reduce((max, sample) => Math.max(max, sample.kw), 0);
  // Amp limits and limits by time of day have no flat kW line: only the plan's slots draw them.
  const drawn = plan ? 'drawn over the plan only' : 'not drawn';
  const summary = [
    `Now ${formatKw(current)}; highest in this window ${formatKw(peak)}.`,
    `Cost limit ${limitText(limits.costKw)}; capacity limit ${limitText(limits.capacityKw)}.`,
    ...(limits.ampLimits.length ? [`Limits in amps, ${drawn}: ${limits.ampLimits.join(', ')}.`] : []),
    ...(limits.timeOfDay.length
      ? [`Limits by time of day, ${drawn} (their periods are under Limits): ${limits.timeOfDay.join(', ')}.`]
      : []),
    fromIntervals
      ? 'Power per 15-minute interval of the charging sessions over the last 24 h.'
      : 'Live power summed over the sessions in progress, sampled every 5 s while a page showing the sites is open' +
        ' (the charging sessions endpoint is not available yet).',
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
      />
    </section>
  );
}

function AllocationSection(props: {
  allocation: Optional<PowerAllocation> | undefined;
  site: SiteWithChargers | undefined;
}) {
  if (!props.allocation) return null;
  if (!props.allocation.available) {
    return (
      <section aria-labelledby="allocation-heading">
        <h2 id="allocation-heading">Smart charging</h2>
        <NotAvailable what="Allocated limits per port and vehicles predicted late" />
      </section>
    );
  }
  const allocation = props.allocation.data.data;
  const unit = allocation.chargingRateUnit;
  const portName = new Map(
    props.site?.chargers.flatMap((charger) =>
      charger.ports.map((port) => [port.id, `${charger.name} · port ${port.portNumber}`]),
    ) ?? [],
  );
  const totals = [
    `${formatLimit(allocation.allocatedTotal, unit)} allocated`,
    allocation.costLimit === null ? null : `cost limit ${formatLimit(allocation.costLimit, unit)}`,
    allocation.capacityLimit === null ? null : `capacity limit ${formatLimit(allocation.capacityLimit, unit)}`,
  ]
    .filter(Boolean)
    .join(', ');
  const now = Date.now();
  const timeZone = props.site?.timezone;
  const planner = plannerWords(allocation.planner);
  const demandPeak = demandPeakWords(allocation.demandPeakKw);
  const reasons = [...new Set(allocation.ports.map((port) => port.reason))].sort();
  return (
    <section aria-labelledby="allocation-heading">
      <h2 id="allocation-heading">Smart charging</h2>
      {planner ? (
        <p>
          <strong title={planner.title}>{planner.label}</strong>
          {demandPeak ? ` · ${demandPeak}` : null}
        </p>
      ) : null}
      <p class="muted">
        Computed <Ago iso={allocation.computedAt} now={now} />: {totals}.
      </p>
      <div class="table-scroll">
        <table>
          <caption class="visually-hidden">Allocated limit per port</caption>
          <thead>
            <tr>
              <th scope="col">Port</th>
              <th scope="col" class="num">
                Limit
              </th>
              <th scope="col">Plan</th>
              <th scope="col">Reason</th>
              <th scope="col">Profile</th>
            </tr>
          </thead>
          <tbody>
            {allocation.ports.map((port) => (
              <tr key={port.portId}>
                <th scope="row" class="wrap">
                  {portName.get(port.portId) ?? `Port ${port.portId}`}
                </th>
                <td class="num">{formatLimit(port.limit, unit)}</td>
                <PlanCell port={port} unit={unit} now={now} timeZone={timeZone} />
                <td class="wrap" title={reasonWords(port.reason) ?? undefined}>
                  {port.reason}
                </td>
                <td>
                  {port.profileStatus ?? '—'}
                  {port.sentAt ? (
                    <>
                      {' '}
                      (<Ago iso={port.sentAt} now={Date.now()} />)
                    </>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {reasons.length ? (
        <dl class="details" aria-label="Reasons">
          {reasons.map((reason) => (
            <div key={reason}>
              <dt>{reason}</dt>
              <dd class="wrap">{reasonWords(reason) ?? 'a reason this console does not know yet'}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <h3>Vehicles predicted late</h3>
      {allocation.lateVehicles.length === 0 ? (
        <p class="muted">None: every vehicle is expected to reach its target in time.</p>
      ) : (
        <ul>
          {allocation.lateVehicles.map((vehicle) => (
            <li key={`${vehicle.vehicleId}-${vehicle.departureTime}`}>
              {vehicle.vehicleId === null ? 'A vehicle' : `Vehicle ${vehicle.vehicleId}`}:{' '}
              {formatPercent(vehicle.expectedSocAtDeparture)} expected at {formatDateTime(vehicle.departureTime)}{' '}
              (target {formatPercent(vehicle.targetSoc)}; departure from{' '}
              {vehicle.departureSource === 'vehicle' ? 'the vehicle' : 'the departure times'})
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A port's next planned change (`10.0 kW until 16:00, then 4.00 kW`), its whole plan in the title. */
function PlanCell(props: {
  port: PowerAllocation['data']['ports'][number];
  unit: 'W' | 'A';
  now: number;
  timeZone: string | undefined;
}) {
  const plan = portPlanText(props.port.plannedPeriods ?? [], props.unit, props.now, props.timeZone);
  if (!plan) return <td class="muted">—</td>;
  return (
    <td class="wrap" title={`Planned: ${plan.all}`}>
      {plan.next}
    </td>
  );
}
