/**
 * The plan by vehicle on the site power page (the depot's vehicle × time view): each port with a
 * vehicle a row over time, from now to the latest departure, its planned power as segments (the
 * allocation's `plannedPeriods`, each from its start to the next one's), its departure marked, and
 * its ETA or "late" (the allocation table's words, `./allocation-rows.ts`). Pure functions
 * (unit-tested in Node); the page draws it (`pages/vehicle-plan.tsx`).
 *
 * @module
 */
import type { AllocationRow } from './allocation-rows';
import type { AllocationData } from './plan-data';

/** The view spans at least this much and at most this much from now, ms. */
const MIN_SPAN_MS = 2 * 3600_000;
const MAX_SPAN_MS = 24 * 3600_000;
/** Without a departure, a row's plan is drawn this long past its last change, ms. */
const TAIL_MS = 3600_000;

/** A stretch of constant planned power, in the allocation's `chargingRateUnit` (W, or A per phase). */
export interface PlanSegment {
  startMs: number;
  endMs: number;
  limit: number;
}

/** One vehicle's row. */
export interface VehiclePlanRow {
  portId: number;
  vehicle: string;
  /** The stretches with power (> 0) within the view, in time order. */
  segments: PlanSegment[];
  /** Its departure (epoch ms), or null when none is known. */
  departureMs: number | null;
  /** The ETA in words (site time, `—` when reached or unknown), and whether it is after the departure. */
  eta: string;
  late: boolean;
}

/** The view: its span (epoch ms), the highest planned limit (for shading), its rows. */
export interface VehiclePlan {
  startMs: number;
  endMs: number;
  maxLimit: number;
  rows: VehiclePlanRow[];
}

/**
 * The plan by vehicle of `allocation` at `nowMs`: one row per allocated port (each charges a
 * session), in the table's order, from now to the latest departure (at least 2 h, at most 24 h ahead).
 */
export function vehiclePlan(allocation: AllocationData, rows: readonly AllocationRow[], nowMs: number): VehiclePlan {
  const words = new Map(rows.map((row) => [row.portId, row]));
  const ports = allocation.ports;
  const departures = ports.map((port) => Date.parse(port.departureTime ?? '')).filter(Number.isFinite);
  const lastChange = Math.max(
    nowMs,
    ...ports.flatMap((port) => (port.plannedPeriods ?? []).map((p) => Date.parse(p.startTime))),
  );
  const wanted = departures.length ? Math.max(...departures) : lastChange + TAIL_MS;
  const endMs = nowMs + Math.min(MAX_SPAN_MS, Math.max(MIN_SPAN_MS, wanted - nowMs));
  const planRows = ports.map((port): VehiclePlanRow => {
    const departure = Date.parse(port.departureTime ?? '');
    const row = words.get(port.portId);
    return {
      portId: port.portId,
      vehicle: row?.vehicle ?? '—',
      segments: segmentsOf(port.plannedPeriods ?? [], nowMs, endMs),
      departureMs: Number.isFinite(departure) ? departure : null,
      eta: row?.eta ?? '—',
      late: row?.late ?? false,
    };
  });
  const maxLimit = Math.max(0, ...planRows.flatMap((row) => row.segments.map((segment) => segment.limit)));
  return { startMs: nowMs, endMs, maxLimit, rows: planRows };
}

/** The periods as stretches within [startMs, endMs): each until the next one starts; none of 0. */
function segmentsOf(periods: readonly { startTime: string; limit: number }[], startMs: number, endMs: number) {
  const sorted = periods
    .map((period) => ({ at: Date.parse(period.startTime), limit: period.limit }))
    .filter((period) => Number.isFinite(period.at))
    .sort((a, b) => a.at - b.at);
  const segments: PlanSegment[] = [];
  sorted.forEach((period, i) => {
    const from = Math.max(period.at, startMs);
    const to = Math.min(sorted[i + 1]?.at ?? endMs, endMs);
    if (to > from && period.limit > 0) segments.push({ startMs: from, endMs: to, limit: period.limit });
  });
  return segments;
}

/** Where `ms` falls in the view, % from its left edge (0–100). */
export function positionPercent(plan: Pick<VehiclePlan, 'startMs' | 'endMs'>, ms: number): number {
  const span = plan.endMs - plan.startMs;
  return span > 0 ? Math.min(100, Math.max(0, ((ms - plan.startMs) / span) * 100)) : 0;
}
