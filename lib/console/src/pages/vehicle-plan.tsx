/**
 * The plan by vehicle on the site power page (`../vehicle-plan.ts`): each vehicle a row over time
 * from now to the latest departure, its planned power as bars (darker is more; each says its times
 * and power on hover and to screen readers), its departure a line, its ETA or "late" beside it.
 * Every time by the site's clock.
 *
 * @module
 */
import type { AllocationRow } from '../allocation-rows';
import { formatLimit } from '../format';
import { type AllocationData, formatPlanTime } from '../plan-data';
import { positionPercent, vehiclePlan } from '../vehicle-plan';

/** The section; nothing when no vehicle is allocated. */
export function VehiclePlanSection(props: {
  allocation: AllocationData;
  rows: readonly AllocationRow[];
  now: number;
  timeZone: string | undefined;
}) {
  const { allocation, now, timeZone } = props;
  const plan = vehiclePlan(allocation, props.rows, now);
  if (!plan.rows.length) return null;
  const unit = allocation.chargingRateUnit;
  const time = (ms: number) => formatPlanTime(ms, now, timeZone);
  const at = (ms: number) => `${positionPercent(plan, ms).toFixed(2)}%`;
  return (
    <section aria-labelledby="vehicle-plan-heading">
      <h3 id="vehicle-plan-heading">Plan by vehicle</h3>
      <p class="muted">
        From now to {time(plan.endMs)}: the planned power of each vehicle (darker is more), its departure as a line.
      </p>
      <ul class="vehicle-plan" aria-label="Plan by vehicle">
        {plan.rows.map((row) => (
          <li key={row.portId} data-port-id={row.portId}>
            <span class="vp-name">{row.vehicle}</span>
            <span class="vp-track">
              {row.segments.map((segment) => (
                <span
                  key={segment.startMs}
                  class="vp-bar"
                  role="img"
                  aria-label={`${time(segment.startMs)}–${time(segment.endMs)}: ${formatLimit(segment.limit, unit)}`}
                  title={`${time(segment.startMs)}–${time(segment.endMs)}: ${formatLimit(segment.limit, unit)}`}
                  data-start={new Date(segment.startMs).toISOString()}
                  data-limit={segment.limit}
                  style={{
                    left: at(segment.startMs),
                    width: `${(positionPercent(plan, segment.endMs) - positionPercent(plan, segment.startMs)).toFixed(2)}%`,
                    opacity: 0.3 + (0.7 * segment.limit) / (plan.maxLimit || 1),
                  }}
                />
              ))}
              {row.departureMs !== null && row.departureMs <= plan.endMs ? (
                <span
                  class="vp-departure"
                  role="img"
                  aria-label={`departs ${time(row.departureMs)}`}
                  title={`Departure ${time(row.departureMs)}`}
                  style={{ left: at(row.departureMs) }}
                />
              ) : null}
            </span>
            <span class="vp-eta">
              {row.late ? <span class="badge badge-warn">late</span> : null} ETA {row.eta}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
