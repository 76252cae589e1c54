/**
 * Vehicles and departures: each vehicle of the key's organization with its access IDs, its
 * battery and latest telematics SoC (one `GET /api/vehicles` per refresh) and its next departure
 * and target SoC; a vehicle added (`POST /api/vehicles`) or edited (`PATCH`), its usable battery
 * capacity included, with one form. Departures are one
 * request per vehicle, so they are read once per visit, two at a time, automatically for the
 * first {@link AUTO_DEPARTURES} vehicles of the page and on demand for the others: the key's
 * 200 requests a minute stay for the live pages.
 *
 * @module
 */
import { useState } from 'preact/hooks';
import { OutcomeNotice, useAction } from '../action';
import { DataTable, LoadState, Notice, Pager } from '../components';
import { useSession, useSiteZones } from '../context';
import { formatDateTime, formatPercent } from '../format';
import { useLoad, usePoll } from '../live';
import type { UpcomingDepartures, Vehicle, VehicleList } from '../types';

/** Vehicles of a page whose departures load without a click. */
export const AUTO_DEPARTURES = 30;
const CONCURRENT_DEPARTURE_READS = 2;

let active = 0;
const waiting: (() => void)[] = [];

/** Runs `task` when fewer than {@link CONCURRENT_DEPARTURE_READS} others run. */
async function limited<T>(task: () => Promise<T>): Promise<T> {
  if (active >= CONCURRENT_DEPARTURE_READS) await new Promise<void>((resolve) => waiting.push(resolve));
  active += 1;
  try {
    return await task();
  } finally {
    active -= 1;
    waiting.shift()?.();
  }
}

/** The vehicles page. */
export function VehiclesPage() {
  const session = useSession();
  const [cursor, setCursor] = useState<string | null>(null);
  const path = cursor ? `/api/vehicles?nextPageCursor=${encodeURIComponent(cursor)}` : '/api/vehicles';
  const vehicles = usePoll((signal) => session.call<VehicleList>(path, { signal }), [session, path], session.signOut);
  const list = vehicles.data;
  return (
    <>
      <h1>Vehicles and departures</h1>
      <VehicleForm onSaved={vehicles.refresh} />
      <LoadState loaded={vehicles} what="the vehicles" />
      {list?.data.length === 0 ? (
        <Notice kind="info">
          <p>
            No vehicles yet: add one above, or an integrator with <code>POST /api/vehicles</code>.
          </p>
        </Notice>
      ) : null}
      {list && list.data.length > 0 ? (
        <DataTable columns={['Vehicle', 'Customer', 'Next departure', 'Access IDs']} caption="Vehicles">
          {list.data.map((vehicle, index) => (
            <VehicleRow key={vehicle.id} vehicle={vehicle} auto={index < AUTO_DEPARTURES} onSaved={vehicles.refresh} />
          ))}
        </DataTable>
      ) : null}
      <Pager label="Vehicle pages" cursor={cursor} pagination={list?.pagination} onCursor={setCursor} />
    </>
  );
}

/** The fields the form edits, as text ('' = none). */
const VEHICLE_FIELDS = [
  ['name', 'Name'],
  ['make', 'Make'],
  ['model', 'Model'],
  ['vin', 'VIN'],
  ['licensePlate', 'License plate'],
] as const;
type VehicleField = (typeof VEHICLE_FIELDS)[number][0];

/** The form's values: the text fields, and the battery as typed ('' = none). */
type VehicleFormValues = Record<VehicleField | 'batteryCapacityKwh', string>;

/** A vehicle's values as the form shows them. */
function formValues(vehicle: Vehicle | undefined): VehicleFormValues {
  const text = Object.fromEntries(VEHICLE_FIELDS.map(([field]) => [field, vehicle?.[field] ?? '']));
  return { ...text, batteryCapacityKwh: vehicle?.batteryCapacityKwh?.toString() ?? '' } as VehicleFormValues;
}

/** The body's fields from the form: trimmed text ('' = null), the battery as a number (the API checks its range). */
function bodyFields(form: VehicleFormValues): [string, string | number | null][] {
  return Object.entries(form).map(([field, value]) => {
    const trimmed = value.trim();
    if (!trimmed) return [field, null];
    return [field, field === 'batteryCapacityKwh' ? Number(trimmed) : trimmed];
  });
}

/**
 * Adds a vehicle, or edits `vehicle` (then an emptied field is removed: `null` in the PATCH);
 * the API's refusal says the field.
 */
function VehicleForm(props: { vehicle?: Vehicle; onSaved: () => void; onDone?: () => void }) {
  const session = useSession();
  const { busy, outcome, run } = useAction();
  const initial = formValues(props.vehicle);
  const [form, setForm] = useState(initial);
  const editing = props.vehicle;
  const submit = (event: Event) => {
    event.preventDefault();
    void run(
      async () => {
        const fields = bodyFields(form);
        const vehicle = Object.fromEntries(editing ? fields : fields.filter(([, value]) => value !== null));
        const path = editing ? `/api/vehicles/${editing.id}` : '/api/vehicles';
        const saved = await session.call<{ vehicle: Vehicle }>(path, {
          method: editing ? 'PATCH' : 'POST',
          body: { vehicle },
        });
        props.onSaved();
        props.onDone?.();
        if (!editing) setForm(initial);
        return `${saved.vehicle.name ?? `Vehicle ${saved.vehicle.id}`} ${editing ? 'saved' : 'added'}.`;
      },
      editing ? 'Not saved: ' : 'Not added: ',
    );
  };
  const input = (field: keyof VehicleFormValues) => (event: Event) =>
    setForm({ ...form, [field]: (event.target as HTMLInputElement).value });
  return (
    <form
      class="inline-form"
      aria-label={editing ? `Edit ${editing.name ?? `vehicle ${editing.id}`}` : 'New vehicle'}
      onSubmit={submit}
    >
      {VEHICLE_FIELDS.map(([field, label]) => (
        <label key={field}>
          {label}
          <input value={form[field]} onInput={input(field)} />
        </label>
      ))}
      <label>
        Battery (usable kWh)
        <input type="number" step="any" min="0" value={form.batteryCapacityKwh} onInput={input('batteryCapacityKwh')} />
      </label>
      <button type="submit" disabled={busy}>
        {editing ? 'Save' : 'Add vehicle'}
      </button>
      {props.onDone ? (
        <button type="button" class="secondary" onClick={props.onDone}>
          Cancel
        </button>
      ) : null}
      <div class="form-outcome" aria-live="polite">
        <OutcomeNotice outcome={outcome} />
      </div>
    </form>
  );
}

/**
 * What the vehicle page says of its battery: the capacity the planner trusts most (set, else the
 * latest telematics reading's, else the one its sessions taught) and the latest telematics SoC.
 */
export function batteryText(vehicle: Vehicle, timeZone?: string): string | null {
  const telematics = vehicle.telematics;
  const capacity =
    vehicle.batteryCapacityKwh !== null
      ? `${vehicle.batteryCapacityKwh} kWh (set)`
      : telematics?.batteryCapacityKwh != null
        ? `${telematics.batteryCapacityKwh} kWh (telematics)`
        : vehicle.learnedBatteryCapacityKwh !== null
          ? `${vehicle.learnedBatteryCapacityKwh} kWh (learnt)`
          : null;
  const soc = telematics
    ? `SoC ${formatPercent(telematics.socPercent)} at ${formatDateTime(telematics.timestamp, timeZone)} (${telematics.source})`
    : null;
  const parts = [capacity && `Battery ${capacity}`, soc].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

function VehicleRow(props: { vehicle: Vehicle; auto: boolean; onSaved: () => void }) {
  const { vehicle } = props;
  const zones = useSiteZones();
  const [editing, setEditing] = useState(false);
  if (editing)
    return (
      <tr>
        <td colSpan={4}>
          <VehicleForm vehicle={vehicle} onSaved={props.onSaved} onDone={() => setEditing(false)} />
        </td>
      </tr>
    );
  const description = [vehicle.make, vehicle.model, vehicle.vin && `VIN ${vehicle.vin}`, vehicle.licensePlate]
    .filter(Boolean)
    .join(' · ');
  const battery = batteryText(vehicle, zones.shared);
  return (
    <tr>
      <th scope="row" class="wrap">
        {vehicle.name ?? `Vehicle ${vehicle.id}`}
        {description ? <div class="muted">{description}</div> : null}
        {battery ? <div class="muted">{battery}</div> : null}
        <button type="button" class="secondary" onClick={() => setEditing(true)}>
          Edit
        </button>
      </th>
      <td class="wrap">{vehicle.customer?.name ?? '—'}</td>
      <td>
        <NextDeparture vehicleId={vehicle.id} auto={props.auto} />
      </td>
      <td class="wrap">
        {vehicle.accessIds.length === 0 ? (
          <span class="muted">none</span>
        ) : (
          <ul class="plain">
            {vehicle.accessIds.map((accessId) => (
              <li key={accessId.id}>
                <code>{accessId.ocppIdTag}</code>{' '}
                {accessId.authorizationStatus === 'Revoked' ? <span class="badge badge-fault">Revoked</span> : null}
              </li>
            ))}
          </ul>
        )}
      </td>
    </tr>
  );
}

function NextDeparture(props: { vehicleId: number; auto: boolean }) {
  const [wanted, setWanted] = useState(props.auto);
  if (!wanted)
    return (
      <button type="button" class="secondary" onClick={() => setWanted(true)}>
        Show
      </button>
    );
  return <DepartureLoader vehicleId={props.vehicleId} />;
}

function DepartureLoader(props: { vehicleId: number }) {
  const zones = useSiteZones();
  const session = useSession();
  const departures = useLoad(
    (signal) =>
      limited(() =>
        session.call<UpcomingDepartures>(`/api/departure-times/vehicle?vehicleId=${props.vehicleId}`, { signal }),
      ),
    [session, props.vehicleId],
    session.signOut,
  );
  if (departures.error !== undefined || departures.loading) return <LoadState loaded={departures} what="departures" />;
  const next = departures.data?.departureTimes[0];
  if (!next) return <span class="muted">none planned</span>;
  return (
    <span>
      {formatDateTime(next.departureTime, zones.shared)}, target {formatPercent(next.targetSoc)}
      {next.shiftName || next.routeName ? (
        <span class="muted"> ({[next.shiftName, next.routeName].filter(Boolean).join(', ')})</span>
      ) : null}
    </span>
  );
}
