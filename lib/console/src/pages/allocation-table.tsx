/**
 * The site power page's smart charging section ({@link AllocationSection}).
 *
 * @module
 */
import { allocationRows, departureSourceWords, siteNames, vehicleName, type AllocationRow } from '../allocation-rows';
import { Ago } from '../components';
import { formatLimit, formatPercent } from '../format';
import { VehiclePlanSection } from './vehicle-plan';
import { demandPeakWords, formatPlanTime, plannerWords, portPlanText, reasonWords } from '../plan-data';
import type { PowerAllocation, SiteWithChargers } from '../types';

/**
 * Smart charging on the site power page: the planner, the allocation's totals, each port's vehicle,
 * SoC, target, departure, ETA, limit, plan and why in words (`../allocation-rows.ts`), the
 * reasons' legend and the vehicles predicted late; every time by the site's clock, its zone said.
 */
export function AllocationSection(props: {
  allocation: PowerAllocation | undefined;
  site: SiteWithChargers | undefined;
}) {
  if (!props.allocation) return null;
  const allocation = props.allocation.data;
  const unit = allocation.chargingRateUnit;
  const now = Date.now();
  const timeZone = props.site?.timezone;
  const names = siteNames(props.site);
  const rows = allocationRows(allocation, names, now, timeZone);
  const totals = [
    `${formatLimit(allocation.allocatedTotal, unit)} allocated`,
    allocation.costLimit === null ? null : `cost limit ${formatLimit(allocation.costLimit, unit)}`,
    allocation.capacityLimit === null ? null : `capacity limit ${formatLimit(allocation.capacityLimit, unit)}`,
  ]
    .filter(Boolean)
    .join(', ');
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
        Computed <Ago iso={allocation.computedAt} now={now} zone={timeZone} />: {totals}. Times are site time
        {timeZone ? ` (${timeZone})` : ''}.
      </p>
      <div class="table-scroll">
        <table>
          <caption class="visually-hidden">Allocated limit per port</caption>
          <thead>
            <tr>
              {[
                'Vehicle',
                'Port',
                'SoC',
                'Target',
                'Departure',
                'ETA',
                'Limit',
                'Plan',
                'Why',
                'Reason',
                'Profile',
              ].map((column) => (
                <th key={column} scope="col" class={NUMERIC_COLUMNS.has(column) ? 'num' : undefined}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {allocation.ports.map((port, i) => (
              <AllocationRowView
                key={port.portId}
                port={port}
                row={rows[i]!}
                unit={unit}
                now={now}
                timeZone={timeZone}
              />
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
      <VehiclePlanSection allocation={allocation} rows={rows} now={now} timeZone={timeZone} />
      <h3>Vehicles predicted late</h3>
      {allocation.lateVehicles.length === 0 ? (
        <p class="muted">None: every vehicle is expected to reach its target in time.</p>
      ) : (
        <ul aria-label="Vehicles predicted late">
          {allocation.lateVehicles.map((vehicle) => (
            <li key={vehicle.sessionId}>
              {vehicle.vehicleId === null ? 'A vehicle' : vehicleName(names, vehicle.vehicleId)}:{' '}
              {formatPercent(vehicle.expectedSocAtDeparture)} expected at its departure,{' '}
              {formatPlanTime(Date.parse(vehicle.departureTime), now, timeZone)} (target{' '}
              {formatPercent(vehicle.targetSoc)}; ETA{' '}
              {vehicle.eta === null ? 'unknown' : formatPlanTime(Date.parse(vehicle.eta), now, timeZone)}; departure
              from {departureSourceWords(vehicle.departureSource)})
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const NUMERIC_COLUMNS = new Set(['SoC', 'Target', 'Limit']);

/** One port of the allocation table ({@link allocationRows} says it in words). */
function AllocationRowView(props: {
  port: PowerAllocation['data']['ports'][number];
  row: AllocationRow;
  unit: 'W' | 'A';
  now: number;
  timeZone: string | undefined;
}) {
  const { port, row } = props;
  return (
    <tr class={row.late ? 'late' : undefined}>
      <th scope="row" class="wrap">
        {row.vehicle}
      </th>
      <td class="wrap">{row.port}</td>
      <td class="num">{row.soc}</td>
      <td class="num">{row.target}</td>
      <td>{row.departure}</td>
      <td>
        {row.eta}
        {row.late ? (
          <>
            {' '}
            <span class="badge badge-warn">late</span>
          </>
        ) : null}
      </td>
      <td class="num">{formatLimit(port.limit, props.unit)}</td>
      <PlanCell port={port} unit={props.unit} now={props.now} timeZone={props.timeZone} />
      <td class="wrap">{row.why}</td>
      <td class="wrap" title={reasonWords(port.reason) ?? undefined}>
        {port.reason}
      </td>
      <td>
        {port.profileStatus ?? '—'}
        {port.sentAt ? (
          <>
            {' '}
            (<Ago iso={port.sentAt} now={props.now} zone={props.timeZone} />)
          </>
        ) : null}
      </td>
    </tr>
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
