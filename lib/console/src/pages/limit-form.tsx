/**
 * The site's power limits: the ones set, each with a remove button, and a form that sets one
 * (`POST /api/site/{siteId}/limits`; kW are sent as whole watts). The API's answer is shown, its
 * field errors included.
 *
 * @module
 */
import { useState } from 'preact/hooks';
import { OutcomeNotice, useAction } from '../action';
import { useSession } from '../context';
import { formatDateTime, formatLimit } from '../format';
import type { SitePowerLimitCreated, SitePowerLimitSchedule } from '../types';

/** Props of {@link LimitForm}. */
export interface LimitFormProps {
  siteId: number;
  schedules: SitePowerLimitSchedule[];
  /** Called after a limit was set or removed. */
  onChange(): void;
}

type LimitType = 'cost' | 'capacity';
type InputUnit = 'kW' | 'A';

/** The limits and the form. */
export function LimitForm(props: LimitFormProps) {
  const session = useSession();
  const { busy, outcome, setOutcome, run } = useAction();
  const path = `/api/site/${props.siteId}/limits`;

  const set = (type: LimitType, value: string, unit: InputUnit) => {
    const number = Number(value);
    if (value.trim() === '' || !Number.isFinite(number) || number < 0) {
      setOutcome({ kind: 'error', text: `Enter the limit as a number of ${unit}, 0 or more.` });
      return;
    }
    const limit = unit === 'kW' ? Math.round(number * 1000) : Math.round(number);
    const chargingRateUnit = unit === 'kW' ? 'W' : 'A';
    void run(async () => {
      const body = { sitePowerLimitSchedule: { type, limit, chargingRateUnit } };
      const created = await session.call<SitePowerLimitCreated>(path, { method: 'POST', body });
      props.onChange();
      return `The ${created.sitePowerLimitSchedule.type} limit is now ${formatLimit(limit, chargingRateUnit)}.`;
    });
  };

  const remove = (schedule: SitePowerLimitSchedule) =>
    void run(async () => {
      await session.call(`${path}/${encodeURIComponent(schedule.id)}`, { method: 'DELETE' });
      props.onChange();
      return `The ${schedule.type} limit was removed.`;
    });

  return (
    <>
      <LimitList schedules={props.schedules} busy={busy} onRemove={remove} />
      <LimitInputs busy={busy} onSubmit={set} />
      <OutcomeNotice outcome={outcome} />
    </>
  );
}

function LimitList(props: {
  schedules: SitePowerLimitSchedule[];
  busy: boolean;
  onRemove(schedule: SitePowerLimitSchedule): void;
}) {
  if (props.schedules.length === 0) return <p class="muted">No limits set: the site draws what its chargers allow.</p>;
  return (
    <ul class="limits">
      {props.schedules.map((schedule) => {
        const first = schedule.schedules[0];
        const limit = first?.chargingSchedulePeriods[0]?.limit;
        return (
          <li key={schedule.id}>
            <strong>{schedule.type === 'cost' ? 'Cost' : 'Capacity'} limit</strong>{' '}
            {first && limit !== undefined ? formatLimit(limit, first.chargingRateUnit) : '(schedule)'}{' '}
            <span class="muted">set {formatDateTime(schedule.createdAt)}</span>{' '}
            <button
              type="button"
              class="secondary"
              disabled={props.busy}
              onClick={() => props.onRemove(schedule)}
              aria-label={`Remove the ${schedule.type} limit`}
            >
              Remove
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function LimitInputs(props: { busy: boolean; onSubmit(type: LimitType, value: string, unit: InputUnit): void }) {
  const [type, setType] = useState<LimitType>('cost');
  const [unit, setUnit] = useState<InputUnit>('kW');
  const [value, setValue] = useState('');
  const submit = (event: Event) => {
    event.preventDefault();
    props.onSubmit(type, value, unit);
  };
  return (
    <form class="inline-form" onSubmit={submit}>
      <label>
        Type
        <select value={type} onChange={(event) => setType((event.target as HTMLSelectElement).value as LimitType)}>
          <option value="cost">Cost (soft cap)</option>
          <option value="capacity">Capacity (hard cap)</option>
        </select>
      </label>
      <label>
        Limit
        <input
          type="number"
          inputMode="decimal"
          min="0"
          step="any"
          required
          value={value}
          onInput={(event) => setValue((event.target as HTMLInputElement).value)}
        />
      </label>
      <label>
        Unit
        <select value={unit} onChange={(event) => setUnit((event.target as HTMLSelectElement).value as InputUnit)}>
          <option value="kW">kW</option>
          <option value="A">A</option>
        </select>
      </label>
      <button type="submit" disabled={props.busy}>
        Set limit
      </button>
    </form>
  );
}
