/**
 * What the charger page shows of maintenance windows (docs/maintenance-windows.md): a window's
 * phase, the order of the list, and the conversion between the API's instants and a
 * `datetime-local` input (the browser's zone). Pure functions (unit-tested in Node).
 *
 * @module
 */
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

/** The value of a `datetime-local` input (`2026-12-01T09:00`, the browser's zone) of an ISO instant; '' for none or an invalid one. */
export function toDateTimeLocal(iso: string | null | undefined): string {
  const ms = iso ? Date.parse(iso) : Number.NaN;
  if (!Number.isFinite(ms)) return '';
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * The ISO 8601 UTC instant of a `datetime-local` value (read in the browser's zone), or undefined
 * when it is empty or not a date: the field is then left out of the body, so the API names it.
 */
export function fromDateTimeLocal(value: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)) return undefined;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? new Date(ms).toISOString() : undefined;
}
