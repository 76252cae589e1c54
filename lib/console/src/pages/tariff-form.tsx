/**
 * The form that sets a site's tariff (`PUT /api/sites/{siteId}/tariff`): rows of name, days, start,
 * end and price per kWh (rows may be added and removed), the currency and an optional demand
 * charge; and the button that deletes it, once confirmed. It starts from the stored tariff (again
 * whenever that changes). The API checks the rules (every minute of each day covered exactly
 * once…); its answer is shown, the fields it names included.
 *
 * @module
 */
import { useEffect, useState } from 'preact/hooks';
import { OutcomeNotice, useAction } from '../action';
import { ConfirmButton, DayCheckboxes } from '../components';
import { useSession } from '../context';
import { DAY_NAMES } from '../format';
import type { SetSiteTariff, SiteTariff } from '../types';

/** One row of the form, as typed. */
interface Row {
  id: number;
  name: string;
  /** Monday … Sunday. */
  days: boolean[];
  start: string;
  end: string;
  price: string;
}

let nextRowId = 1;
const newRow = (fields: Partial<Omit<Row, 'id'>> = {}): Row => ({
  id: nextRowId++,
  name: '',
  days: DAY_NAMES.map(() => true),
  start: '00:00',
  end: '24:00',
  price: '',
  ...fields,
});

/** The form's rows of a stored tariff (one empty all-week row when there is none). */
function rowsOf(tariff: SiteTariff | null): Row[] {
  if (!tariff) return [newRow({ name: 'flat' })];
  return tariff.energyPrices.map((p) =>
    newRow({
      name: p.name,
      days: DAY_NAMES.map((_, i) => p.daysOfWeek.includes(i + 1)),
      start: p.startTime,
      end: p.endTime,
      price: String(p.pricePerKwh),
    }),
  );
}

/** The request body of what is typed, or what to fix first (a price that is not a number). */
function bodyOf(rows: Row[], currency: string, demand: string): SetSiteTariff | string {
  const unpriced = rows.findIndex((row) => row.price.trim() === '' || !Number.isFinite(Number(row.price)));
  if (unpriced >= 0) return `Enter the price of period ${unpriced + 1} as a number.`;
  if (demand.trim() !== '' && !Number.isFinite(Number(demand)))
    return 'Enter the demand charge as a number, or leave it empty.';
  return {
    tariff: {
      currency: currency.trim(),
      energyPrices: rows.map((row) => ({
        name: row.name.trim(),
        daysOfWeek: row.days.flatMap((on, i) => (on ? [i + 1] : [])),
        startTime: row.start.trim(),
        endTime: row.end.trim(),
        pricePerKwh: Number(row.price),
      })),
      demandCharge: demand.trim() === '' ? null : { pricePerKw: Number(demand) },
    },
  };
}

/** Props of {@link TariffForm}. */
export interface TariffFormProps {
  siteId: number;
  /** The stored tariff; null when the site has none. */
  tariff: SiteTariff | null;
  /** Called after the tariff was saved or deleted. */
  onChange(): void;
}

/** The tariff's form. */
export function TariffForm(props: TariffFormProps) {
  const session = useSession();
  const { busy, outcome, setOutcome, run } = useAction();
  const [rows, setRows] = useState<Row[]>(() => rowsOf(props.tariff));
  const [currency, setCurrency] = useState(props.tariff?.currency ?? 'USD');
  const [demand, setDemand] = useState(props.tariff?.demandCharge ? String(props.tariff.demandCharge.pricePerKw) : '');
  useEffect(() => {
    setRows(rowsOf(props.tariff));
    setCurrency(props.tariff?.currency ?? 'USD');
    setDemand(props.tariff?.demandCharge ? String(props.tariff.demandCharge.pricePerKw) : '');
  }, [props.tariff?.updatedAt ?? null]);
  const path = `/api/sites/${props.siteId}/tariff`;
  const update = (id: number, fields: Partial<Row>) =>
    setRows((all) => all.map((row) => (row.id === id ? { ...row, ...fields } : row)));

  const save = (event: Event) => {
    event.preventDefault();
    const body = bodyOf(rows, currency, demand);
    if (typeof body === 'string') return setOutcome({ kind: 'error', text: body });
    void run(async () => {
      await session.call(path, { method: 'PUT', body });
      props.onChange();
      return `The tariff is saved: ${rows.length} period${rows.length === 1 ? '' : 's'} in ${body.tariff.currency}.`;
    }, 'The tariff was not saved: ');
  };

  const remove = () =>
    void run(async () => {
      await session.call(path, { method: 'DELETE' });
      props.onChange();
      return 'The tariff was deleted.';
    }, 'The tariff was not deleted: ');

  return (
    <form class="tariff-form" onSubmit={save} aria-labelledby="tariff-form-heading">
      <h3 id="tariff-form-heading">Set the tariff</h3>
      <p class="muted">
        Times are the site's local time; together the periods cover every minute of each day exactly once (end 24:00 for
        the end of the day). Prices may be negative.
      </p>
      <TariffRows rows={rows} update={update} onRemove={(id) => setRows((all) => all.filter((r) => r.id !== id))} />
      <TariffControls
        busy={busy}
        stored={props.tariff !== null}
        currency={[currency, setCurrency]}
        demand={[demand, setDemand]}
        onAdd={() => setRows((all) => [...all, newRow()])}
        onDelete={remove}
      />
      <OutcomeNotice outcome={outcome} />
    </form>
  );
}

/** Add a row, currency, demand charge, save and delete. */
function TariffControls(props: {
  busy: boolean;
  stored: boolean;
  currency: [string, (value: string) => void];
  demand: [string, (value: string) => void];
  onAdd(): void;
  onDelete(): void;
}) {
  const [currency, setCurrency] = props.currency;
  const [demand, setDemand] = props.demand;
  return (
    <div class="inline-form">
      <button type="button" class="secondary" onClick={props.onAdd}>
        Add period
      </button>
      <label>
        Currency
        <input value={currency} onInput={(e) => setCurrency((e.target as HTMLInputElement).value)} required />
      </label>
      <label>
        Demand charge per kW
        <input
          type="number"
          inputMode="decimal"
          step="any"
          min="0"
          placeholder="none"
          value={demand}
          onInput={(e) => setDemand((e.target as HTMLInputElement).value)}
        />
      </label>
      <button type="submit" disabled={props.busy}>
        Save tariff
      </button>
      {props.stored ? (
        <ConfirmButton
          label="Delete tariff"
          name="Delete tariff"
          question="Delete the site's tariff? Its prices are gone, sessions that end from now on carry no cost, and OCPP 2.1 stations are told to clear it."
          confirm="Yes, delete"
          disabled={props.busy}
          onConfirm={props.onDelete}
        />
      ) : null}
    </div>
  );
}

/** The rows' table: each input labelled with its period's number. */
function TariffRows(props: {
  rows: Row[];
  update(id: number, fields: Partial<Row>): void;
  onRemove(id: number): void;
}) {
  const text = (row: Row, field: 'name' | 'start' | 'end' | 'price', label: string, extra: object = {}) => (
    <input
      aria-label={label}
      value={row[field]}
      onInput={(e) => props.update(row.id, { [field]: (e.target as HTMLInputElement).value })}
      {...extra}
    />
  );
  return (
    <div class="table-scroll">
      <table class="day-rows">
        <caption class="visually-hidden">Periods of the tariff</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Days</th>
            <th scope="col">Start</th>
            <th scope="col">End</th>
            <th scope="col">Price per kWh</th>
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
                <td>{text(row, 'name', `Period ${n} name`, { size: 10 })}</td>
                <td class="days">
                  <DayCheckboxes
                    label={`Period ${n}`}
                    days={row.days}
                    onChange={(days) => props.update(row.id, { days })}
                  />
                </td>
                <td>{text(row, 'start', `Period ${n} start`, { size: 5, placeholder: 'HH:MM' })}</td>
                <td>{text(row, 'end', `Period ${n} end`, { size: 5, placeholder: 'HH:MM' })}</td>
                <td>{text(row, 'price', `Period ${n} price per kWh`, { size: 8, inputMode: 'decimal' })}</td>
                <td>
                  <button
                    type="button"
                    class="secondary"
                    disabled={props.rows.length === 1}
                    onClick={() => props.onRemove(row.id)}
                    aria-label={`Remove period ${n}`}
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
  );
}
