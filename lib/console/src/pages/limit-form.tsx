/**
 * The site's power limits: the ones set (a limit by time of day with its periods by day), each
 * with a remove button (confirmed first), and a form that sets one
 * (`POST /api/site/{siteId}/limits`; kW are sent as whole watts): flat, or by time of day in the
 * site's time zone, from rows of days, start and limit (rows may be added and removed; the rows of
 * the same days make one schedule). The API's answer is shown, its field errors included.
 *
 * @module
 */
import { useState } from 'preact/hooks';
import { OutcomeNotice, useAction } from '../action';
import { ConfirmButton, DayCheckboxes, Notice } from '../components';
import { useRoleRefusal, useSession } from '../context';
import { formatDateTime, formatLimit } from '../format';
import {
  isTimeOfDay,
  limitInUnit,
  newLimitRow,
  scheduleLines,
  schedulesOfRows,
  type LimitInputUnit,
  type LimitRow,
} from '../limit-schedule';
import type { SetSitePowerLimit, SitePowerLimitCreated, SitePowerLimitSchedule } from '../types';

/** Props of {@link LimitForm}. */
export interface LimitFormProps {
  siteId: number;
  schedules: SitePowerLimitSchedule[];
  /** The site's IANA time zone, in which a limit by time of day is read (when known). */
  timeZone?: string;
  /** Called after a limit was set or removed. */
  onChange(): void;
}

type LimitType = 'cost' | 'capacity';
type Shape = 'flat' | 'timeOfDay';

/** What the form submits: the type, the unit, and a flat value or the rows. */
interface LimitEntry {
  type: LimitType;
  unit: LimitInputUnit;
  shape: Shape;
  value: string;
  rows: LimitRow[];
}

/** The limits and the form. */
export function LimitForm(props: LimitFormProps) {
  const session = useSession();
  const { busy, outcome, setOutcome, run } = useAction();
  const path = `/api/site/${props.siteId}/limits`;

  const set = ({ type, unit, shape, value, rows }: LimitEntry) => {
    const chargingRateUnit = unit === 'kW' ? 'W' : 'A';
    let body: SetSitePowerLimit;
    let done: (created: SitePowerLimitCreated) => string;
    if (shape === 'timeOfDay') {
      const schedules = schedulesOfRows(rows, unit);
      if (typeof schedules === 'string') return setOutcome({ kind: 'error', text: schedules });
      body = { sitePowerLimitSchedule: { type, chargingRateUnit, schedules } };
      done = (created) =>
        `The ${created.sitePowerLimitSchedule.type} limit now follows the time of day: ${rows.length} ` +
        `period${rows.length === 1 ? '' : 's'}.`;
    } else {
      const number = Number(value);
      if (value.trim() === '' || !Number.isFinite(number) || number < 0)
        return setOutcome({ kind: 'error', text: `Enter the limit as a number of ${unit}, 0 or more.` });
      const limit = limitInUnit(number, unit);
      body = { sitePowerLimitSchedule: { type, limit, chargingRateUnit } };
      done = (created) =>
        `The ${created.sitePowerLimitSchedule.type} limit is now ${formatLimit(limit, chargingRateUnit)}.`;
    }
    void run(async () => {
      const created = await session.call<SitePowerLimitCreated>(path, { method: 'POST', body });
      props.onChange();
      return done(created);
    });
  };

  const remove = (schedule: SitePowerLimitSchedule) =>
    void run(async () => {
      await session.call(`${path}/${encodeURIComponent(schedule.id)}`, { method: 'DELETE' });
      props.onChange();
      return `The ${schedule.type} limit was removed.`;
    });

  // A role below admin reads the limits; the form is not offered (the API would answer 403).
  const refusal = useRoleRefusal('admin', 'Setting or removing a limit');
  return (
    <>
      <LimitList schedules={props.schedules} timeZone={props.timeZone} busy={busy || !!refusal} onRemove={remove} />
      {refusal ? (
        <Notice kind="info">
          <p>{refusal}</p>
        </Notice>
      ) : (
        <LimitInputs busy={busy} timeZone={props.timeZone} onSubmit={set} />
      )}
      <OutcomeNotice outcome={outcome} />
    </>
  );
}

function LimitList(props: {
  schedules: SitePowerLimitSchedule[];
  timeZone?: string;
  busy: boolean;
  onRemove(schedule: SitePowerLimitSchedule): void;
}) {
  if (props.schedules.length === 0) return <p class="muted">No limits set: the site draws what its chargers allow.</p>;
  return (
    <ul class="limits">
      {props.schedules.map((schedule) => {
        const first = schedule.schedules[0];
        const limit = first?.chargingSchedulePeriods[0]?.limit;
        const timed = isTimeOfDay(schedule);
        const siteTime = props.timeZone ? ` (site time, ${props.timeZone})` : ' (site time)';
        return (
          <li key={schedule.id}>
            <strong>{schedule.type === 'cost' ? 'Cost' : 'Capacity'} limit</strong>{' '}
            {timed
              ? `by time of day${siteTime}`
              : first && limit !== undefined
                ? formatLimit(limit, first.chargingRateUnit)
                : ''}{' '}
            <span class="muted">set {formatDateTime(schedule.createdAt, props.timeZone)}</span>{' '}
            <ConfirmButton
              label="Remove"
              name={`Remove the ${schedule.type} limit`}
              question={`Remove the ${schedule.type} limit? Smart charging no longer keeps the site under it.`}
              confirm="Yes, remove"
              disabled={props.busy}
              onConfirm={() => props.onRemove(schedule)}
            />
            {timed ? (
              <ul aria-label={`Periods of the ${schedule.type} limit`}>
                {scheduleLines(schedule).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

const inputValue = (event: Event) => (event.target as HTMLInputElement | HTMLSelectElement).value;

function LimitInputs(props: { busy: boolean; timeZone?: string; onSubmit(entry: LimitEntry): void }) {
  const [type, setType] = useState<LimitType>('capacity');
  const [unit, setUnit] = useState<LimitInputUnit>('kW');
  const [shape, setShape] = useState<Shape>('flat');
  const [value, setValue] = useState('');
  const [rows, setRows] = useState<LimitRow[]>(() => [newLimitRow(), newLimitRow({ start: '16:00' })]);
  const submit = (event: Event) => {
    event.preventDefault();
    props.onSubmit({ type, unit, shape, value, rows });
  };
  const update = (id: number, fields: Partial<LimitRow>) =>
    setRows((all) => all.map((row) => (row.id === id ? { ...row, ...fields } : row)));
  return (
    <form onSubmit={submit} aria-label="Set a limit">
      <div class="inline-form">
        <label>
          Type
          <select value={type} onChange={(event) => setType(inputValue(event) as LimitType)}>
            {/* Capacity first and the default: the limit a depot's connection sets (the README's too). */}
            <option value="capacity">Capacity (hard cap)</option>
            <option value="cost">Cost (soft cap)</option>
          </select>
        </label>
        <label>
          Shape
          <select value={shape} onChange={(event) => setShape(inputValue(event) as Shape)}>
            <option value="flat">Flat</option>
            <option value="timeOfDay">By time of day</option>
          </select>
        </label>
        {shape === 'flat' ? (
          <label>
            Limit
            <input
              type="number"
              inputMode="decimal"
              min="0"
              step="any"
              required
              value={value}
              onInput={(event) => setValue(inputValue(event))}
            />
          </label>
        ) : null}
        <label>
          Unit
          <select value={unit} onChange={(event) => setUnit(inputValue(event) as LimitInputUnit)}>
            <option value="kW">kW</option>
            <option value="A">A</option>
          </select>
        </label>
        {shape === 'timeOfDay' ? (
          <button type="button" class="secondary" onClick={() => setRows((all) => [...all, newLimitRow()])}>
            Add row
          </button>
        ) : null}
        <button type="submit" disabled={props.busy}>
          Set limit
        </button>
      </div>
      {shape === 'timeOfDay' ? (
        <LimitRows
          rows={rows}
          unit={unit}
          timeZone={props.timeZone}
          update={update}
          onRemove={(id) => setRows((all) => all.filter((row) => row.id !== id))}
        />
      ) : null}
    </form>
  );
}

/** The time-of-day rows: each input labelled with its row's number (`Limit row 2 start`). */
function LimitRows(props: {
  rows: LimitRow[];
  unit: LimitInputUnit;
  timeZone?: string;
  update(id: number, fields: Partial<LimitRow>): void;
  onRemove(id: number): void;
}) {
  return (
    <>
      <p class="muted">
        Each row's limit holds from its start (the site's local time{props.timeZone ? `, ${props.timeZone}` : ''}) until
        the next row of its days; the rows of the same days make one schedule, the first from 00:00, and each day is in
        one schedule.
      </p>
      <div class="table-scroll">
        <table class="day-rows">
          <caption class="visually-hidden">Periods of the limit by time of day</caption>
          <thead>
            <tr>
              <th scope="col">Days</th>
              <th scope="col">Start</th>
              <th scope="col">Limit ({props.unit})</th>
              <th scope="col">
                <span class="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {props.rows.map((row, index) => {
              const n = index + 1;
              return (
                <tr key={row.id}>
                  <td class="days">
                    <DayCheckboxes
                      label={`Limit row ${n}`}
                      days={row.days}
                      onChange={(days) => props.update(row.id, { days })}
                    />
                  </td>
                  <td>
                    <input
                      aria-label={`Limit row ${n} start`}
                      size={5}
                      placeholder="HH:MM"
                      value={row.start}
                      onInput={(e) => props.update(row.id, { start: inputValue(e) })}
                    />
                  </td>
                  <td>
                    <input
                      aria-label={`Limit row ${n} limit`}
                      size={8}
                      inputMode="decimal"
                      value={row.limit}
                      onInput={(e) => props.update(row.id, { limit: inputValue(e) })}
                    />
                  </td>
                  <td>
                    <button
                      type="button"
                      class="secondary"
                      disabled={props.rows.length === 1}
                      onClick={() => props.onRemove(row.id)}
                      aria-label={`Remove limit row ${n}`}
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
