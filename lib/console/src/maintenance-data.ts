/**
 * What the charger page shows of maintenance windows (docs/maintenance-windows.md): a window's
 * phase, the order of the list, and the conversion between the API's instants and a
 * `datetime-local` input in the site's time zone. Pure functions (unit-tested in Node).
 *
 * @module
 */
import { TZDate } from '@date-fns/tz';
import type { MaintenanceWindow } from './types';

/** Where a window is relative to now: ended windows are history (the API refuses to change them, 409). */
export type WindowPhase = 'inProgress' | 'upcoming' | 'ended';

/** The phase of `window` at `nowMs` (ms since the epoch): ended at or after its end, in progress from its start. */
export function windowPhase(
  window: Pick<MaintenanceWindow, 'startTimestamp' | 'endTimestamp'>,
  nowMs: number,
): WindowPhase {
  if (Date.parse(window.endTimestamp) <= nowMs) return 'ended';
  return Date.parse(window.startTimestamp) <= nowMs ? 'inProgress' : 'upcoming';
}

const PHASE_ORDER: Record<WindowPhase, number> = { inProgress: 0, upcoming: 1, ended: 2 };

/**
 * The windows in the order the page lists them: in progress (soonest ending first), upcoming
 * (soonest starting first), then ended (latest ended first); ties by ID.
 */
export function sortWindows<T extends Pick<MaintenanceWindow, 'id' | 'startTimestamp' | 'endTimestamp'>>(
  windows: readonly T[],
  nowMs: number,
): T[] {
  const key = (window: T): number => {
    const phase = windowPhase(window, nowMs);
    if (phase === 'inProgress') return Date.parse(window.endTimestamp);
    if (phase === 'upcoming') return Date.parse(window.startTimestamp);
    return -Date.parse(window.endTimestamp);
  };
  return [...windows].sort(
    (a, b) => PHASE_ORDER[windowPhase(a, nowMs)] - PHASE_ORDER[windowPhase(b, nowMs)] || key(a) - key(b) || a.id - b.id,
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The value of a `datetime-local` input (`2026-12-01T09:00`) of an ISO instant, read on the wall
 * clock of `timeZone` (the site's IANA zone; the browser's when undefined); '' for none or an
 * invalid instant.
 */
export function toDateTimeLocal(iso: string | null | undefined, timeZone?: string): string {
  const ms = iso ? Date.parse(iso) : Number.NaN;
  if (!Number.isFinite(ms)) return '';
  const d = timeZone ? new TZDate(ms, timeZone) : new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * The ISO 8601 UTC instant of a `datetime-local` value read on the wall clock of `timeZone` (the
 * site's IANA zone; the browser's when undefined), or undefined when it is empty or not a date:
 * the field is then left out of the body, so the API names it. A wall time that a daylight-saving
 * change skips is read as the instant an hour later, one it repeats as the first of the two.
 */
export function fromDateTimeLocal(value: string, timeZone?: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/.exec(value);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as number[];
  // Date would roll `2026-13-45T99:99` over into a later date rather than refuse it.
  const daysInMonth = new Date(Date.UTC(year!, month!, 0)).getUTCDate();
  if (month! < 1 || month! > 12 || day! < 1 || day! > daysInMonth || hour! > 23 || minute! > 59 || second! > 59)
    return undefined;
  const ms = timeZone
    ? new TZDate(year!, month! - 1, day!, hour!, minute!, second!, timeZone).getTime()
    : new Date(year!, month! - 1, day!, hour!, minute!, second!).getTime();
  return Number.isFinite(ms) ? new Date(ms).toISOString() : undefined;
}
