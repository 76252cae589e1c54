/**
 * What the pages show, computed from the API's data: a port's status badge, who is charging, when
 * a charger was last seen, and number and time formats. Pure functions (unit-tested in Node).
 *
 * @module
 */
import type { Charger, CurrentChargingSession, Port } from './types';

/** Badge tones; each has a colour pair of at least 4.5:1 contrast in the stylesheet. */
export type Tone = 'ok' | 'busy' | 'warn' | 'fault' | 'off';

/** A port's badge: the label shown and the OCPP status behind it. */
export interface PortBadge {
  label: string;
  tone: Tone;
  /** Longer text: the OCPP status, error code and time it was reported. */
  title: string;
}

const TONES: Record<string, Tone> = {
  Available: 'ok',
  Charging: 'busy',
  Occupied: 'busy',
  Preparing: 'busy',
  Finishing: 'busy',
  SuspendedEV: 'warn',
  SuspendedEVSE: 'warn',
  Reserved: 'warn',
  Unavailable: 'off',
  Faulted: 'fault',
};

/**
 * The badge of a port: `Offline` when its charger is not connected (whatever it last reported),
 * `Faulted` on a fault or an error code, `Charging` for an OCPP 2.0.1 `Occupied` port with a
 * session in progress, `Unknown` before any status, else the OCPP status. Its title says when the
 * status was reported, on `timeZone`'s clock (the site's; the browser's when undefined).
 */
export function portBadge(
  charger: Pick<Charger, 'connectionStatus'>,
  port: Pick<Port, 'ocppStatus' | 'currentChargingSession'>,
  timeZone?: string,
): PortBadge {
  const status = port.ocppStatus;
  const error = status?.errorCode && status.errorCode !== 'NoError' ? ` (${status.errorCode})` : '';
  const reported = status
    ? `OCPP status ${status.status}${error} at ${formatDateTime(status.timestamp, timeZone)}`
    : 'No status reported yet';
  if (charger.connectionStatus?.status !== 'Connected')
    return { label: 'Offline', tone: 'off', title: `Charger not connected. ${reported}` };
  if (!status) return { label: 'Unknown', tone: 'off', title: reported };
  if (status.status === 'Faulted' || (status.errorCode && status.errorCode !== 'NoError'))
    return { label: 'Faulted', tone: 'fault', title: reported };
  const label = status.status === 'Occupied' && port.currentChargingSession ? 'Charging' : status.status;
  return { label, tone: TONES[status.status] ?? 'warn', title: reported };
}

/** Who is charging: the vehicle's name (or make and model), else the customer, else the idTag. */
export function sessionWho(session: CurrentChargingSession): string {
  const vehicle = session.vehicle;
  const vehicleName = vehicle?.name ?? ([vehicle?.make, vehicle?.model].filter(Boolean).join(' ') || null);
  return vehicleName ?? session.customer?.name ?? session.rfid?.name ?? session.ocppIdTag ?? 'unknown';
}

/** The latest instant the charger was heard from: connection, port statuses, meter readings (ISO), or null. */
export function lastSeen(charger: Charger): string | null {
  const times: string[] = [];
  if (charger.connectionStatus) times.push(charger.connectionStatus.timestamp);
  for (const port of charger.ports) {
    if (port.ocppStatus) times.push(port.ocppStatus.timestamp);
    const readings = port.currentChargingSession?.latestReadings;
    if (readings) for (const reading of Object.values(readings)) if (reading) times.push(reading.timestamp);
  }
  const valid = times.map((time) => Date.parse(time)).filter((ms) => Number.isFinite(ms));
  return valid.length ? new Date(Math.max(...valid)).toISOString() : null;
}

/**
 * Why commands cannot reach a charger now, or null while it is connected: it never connected, or
 * it is offline since a time (in `timeZone` when given). Its command buttons are disabled with it.
 */
export function commandsBlockedReason(charger: Pick<Charger, 'connectionStatus'>, timeZone?: string): string | null {
  const status = charger.connectionStatus;
  if (status === null) return 'The charger has never connected: commands cannot reach it until it does.';
  if (status.status === 'Connected') return null;
  return `The charger is offline (since ${formatDateTime(status.timestamp, timeZone)}): commands cannot reach it until it reconnects.`;
}

/** Summed power of the sessions in progress on `chargers`, kW (latest readings; none = 0). */
export function sitePowerKw(chargers: Charger[]): number {
  let sum = 0;
  for (const charger of chargers)
    for (const port of charger.ports) sum += port.currentChargingSession?.latestReadings.powerKw?.value ?? 0;
  return sum;
}

/** `12.3 kW`, or an em dash for none. */
export function formatKw(kw: number | null | undefined): string {
  return kw === null || kw === undefined || !Number.isFinite(kw) ? '—' : `${kw.toFixed(kw < 10 ? 2 : 1)} kW`;
}

/** `12.345 kWh`. */
export function formatKwh(kwh: number | null | undefined): string {
  return kwh === null || kwh === undefined || !Number.isFinite(kwh) ? '—' : `${kwh.toFixed(kwh < 100 ? 3 : 1)} kWh`;
}

/**
 * A session's energy cost rounded to its currency's minor unit, as OCPP 2.0.1 chargers show it
 * (docs/tariffs.md, "Cost of a session"): `2.57 USD`, `248 JPY` (half away from zero); `so far`
 * after a session in progress's; an em dash for none (a site without a tariff).
 */
export function formatCost(cost: { amount: number; currency: string } | null | undefined, inProgress = false): string {
  if (!cost || !Number.isFinite(cost.amount)) return '—';
  let digits = 2;
  try {
    digits =
      new Intl.NumberFormat('en', { style: 'currency', currency: cost.currency }).resolvedOptions()
        .maximumFractionDigits ?? 2;
  } catch {
    // A code this browser does not know: cents.
  }
  const scale = 10 ** digits;
  const rounded = (Math.sign(cost.amount) * Math.round(Math.abs(cost.amount) * scale + 1e-9)) / scale || 0;
  return `${rounded.toFixed(digits)} ${cost.currency}${inProgress ? ' so far' : ''}`;
}

/** `56 %`. */
export function formatPercent(percent: number | null | undefined): string {
  return percent === null || percent === undefined || !Number.isFinite(percent) ? '—' : `${Math.round(percent)} %`;
}

/** A limit in its unit: W shown as kW, A as A. */
export function formatLimit(limit: number, unit: 'W' | 'A'): string {
  return unit === 'W' ? formatKw(limit / 1000) : `${limit} A`;
}

/**
 * A date and time with its zone's short name (`5 Dec 2026, 06:12:09 CST`), so that no page mixes
 * clocks silently: in `timeZone` (a site's IANA zone, or the one all sites share for what belongs
 * to no one site: `./site-zones.ts`), else in the browser's zone. An unknown zone falls back to the
 * browser's; an unreadable instant is returned as it is.
 */
export function formatDateTime(iso: string, timeZone?: string): string {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return iso;
  for (const zone of [timeZone, browserZone()]) {
    if (!zone) continue;
    try {
      return `${new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium', timeZone: zone })} ${zoneName(ms, zone)}`.trimEnd();
    } catch {
      // an unknown zone: the next one
    }
  }
  return new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}

/** `timeZone` when the browser knows it as an IANA zone, else undefined (the browser's own). */
export function knownZone(timeZone: string | undefined): string | undefined {
  if (!timeZone) return undefined;
  try {
    new Intl.DateTimeFormat(undefined, { timeZone });
    return timeZone;
  } catch {
    return undefined;
  }
}

/** The browser's IANA zone (undefined where the browser does not say). */
function browserZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The zone's short name at `ms` (`CST`, `UTC`); dateStyle/timeStyle cannot be combined with timeZoneName. */
function zoneName(ms: number, timeZone: string): string {
  return (
    new Intl.DateTimeFormat(undefined, { timeZone, timeZoneName: 'short' })
      .formatToParts(ms)
      .find((part) => part.type === 'timeZoneName')?.value ?? ''
  );
}

/** `just now`, `42 s ago`, `5 min ago`, `3 h ago`, `2 d ago` relative to `now` (ms). */
export function formatAgo(iso: string, now: number): string {
  const seconds = Math.round((now - Date.parse(iso)) / 1000);
  if (!Number.isFinite(seconds)) return iso;
  if (seconds < 5) return 'just now';
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86400) return `${Math.floor(seconds / 3600)} h ago`;
  return `${Math.floor(seconds / 86400)} d ago`;
}

/** ISO weekdays 1–7, Monday first. */
export const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/**
 * ISO weekdays (1 = Monday … 7 = Sunday) in words: `Every day`, runs of three days or more as a
 * range (`Monday–Friday`), the others listed (`Saturday, Sunday`).
 */
export function formatDays(days: readonly number[]): string {
  const sorted = [...new Set(days)].filter((d) => d >= 1 && d <= 7).sort((a, b) => a - b);
  if (sorted.length === 7) return 'Every day';
  const runs: number[][] = [];
  for (const day of sorted) {
    const run = runs[runs.length - 1];
    if (run && run[run.length - 1] === day - 1) run.push(day);
    else runs.push([day]);
  }
  return runs
    .flatMap((run) =>
      run.length >= 3
        ? [`${DAY_NAMES[run[0]! - 1]}–${DAY_NAMES[run[run.length - 1]! - 1]}`]
        : run.map((d) => DAY_NAMES[d - 1]),
    )
    .join(', ');
}

/** `HH:MM` of seconds after midnight (`HH:MM:SS` when the seconds are not 0). */
export function formatClock(seconds: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const hhmm = `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}`;
  return seconds % 60 === 0 ? hhmm : `${hhmm}:${pad(seconds % 60)}`;
}

/** `4 h 30 min`, `45 min`, `2 d 3 h` of a span in ms (minutes rounded down; under a minute: `< 1 min`). */
export function formatSpan(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (!Number.isFinite(minutes) || minutes < 1) return '< 1 min';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days) return hours ? `${days} d ${hours} h` : `${days} d`;
  if (hours) return rest ? `${hours} h ${rest} min` : `${hours} h`;
  return `${rest} min`;
}
