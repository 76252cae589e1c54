/**
 * The ACN benchmark's first table: at each capacity, how many sessions each scheduler serves fully,
 * how many it leaves under a quarter of their request, and the energy (`./metrics.ts`), for ours
 * (planned and greedy), EDF, LLF and the offline energy optimum, every vehicle's departure and
 * request known exactly (ISO 15118), as acnportal's experiments assume.
 *
 * @module
 */
import type { Highs } from 'highs';
import { allocateSite } from '../../../shared/smart-charging';
import { readiness } from './metrics';
import { energyOptimum, planScheduler } from './optimum';
import { allocationScheduler } from './ours';
import { edf, llf } from './peers';
import { type MeterReading, replay, type Scheduler } from './replay';
import type { ReplaySession } from './sessions';

/** A month replayed: its label, its first instant and its sessions. */
export interface Month {
  readonly label: string;
  readonly startMs: number;
  readonly sessions: ReplaySession[];
  readonly dropped: number;
}

/** A row of the table: its key (for `ACN_SCHEDULERS`), its name and a fresh scheduler per capacity. */
export interface SchedulerRow {
  readonly key: string;
  readonly name: string;
  readonly make: (capacityW: number) => Scheduler;
}

/** The schedulers of the table (`ACN_SCHEDULERS` picks some by key: planned, greedy, edf, llf, optimum). */
export function schedulers(highs: Highs, m: Month, periodMs: number): SchedulerRow[] {
  const optimum = (capacityW: number) =>
    planScheduler(energyOptimum(highs, m.sessions, { periodMs, capacityW }), m.sessions, m.startMs);
  const rows: SchedulerRow[] = [
    {
      key: 'planned',
      name: 'ours, planned',
      make: () => allocationScheduler((i) => allocateSite(i, { solver: highs })),
    },
    { key: 'greedy', name: 'ours, greedy', make: () => allocationScheduler() },
    { key: 'edf', name: 'EDF', make: () => edf },
    { key: 'llf', name: 'LLF', make: () => llf },
    { key: 'optimum', name: 'offline energy optimum', make: optimum },
  ];
  const only = process.env.ACN_SCHEDULERS?.split(',');
  return only ? rows.filter((r) => only.includes(r.key)) : rows;
}

/** Prints a table with the first column left-aligned and the others right-aligned. */
export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    `  ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')}`;
  console.log(line(header));
  for (const r of rows) console.log(line(r));
}

/** The header of {@link replayRow}'s cells after the capacity and the scheduler. */
export const READY_COLUMNS = ['served', '≥ 50 %', '< 25 %', 'energy %', 'mean %', 'time'];

/**
 * The draw the tables' schedulers read (`ACN_READING`: `average`, the default, or `end`; see
 * {@link MeterReading}).
 * @throws Error naming `ACN_READING` for any other value
 */
export function meterReading(value = process.env.ACN_READING): MeterReading {
  if (value === undefined || value === '' || value === 'average') return 'average';
  if (value === 'end') return 'end';
  throw new Error(`ACN_READING must be average or end, not ${JSON.stringify(value)}`);
}

/**
 * Replays a month with a scheduler at a capacity and prints its row at once (a month takes a
 * while): capacity, name, sessions fully served, at least half, under a quarter, energy %, mean
 * share %, time.
 */
export function replayRow(m: Month, name: string, scheduler: Scheduler, kW: number, periodMs: number): string[] {
  const t0 = performance.now();
  const capacityW = kW * 1000;
  const reading = meterReading();
  const r = readiness(m.sessions, replay(m.sessions, scheduler, { startMs: m.startMs, periodMs, capacityW, reading }));
  const cells = [
    `${kW} kW`,
    name,
    String(r.served),
    String(r.half),
    String(r.underQuarter),
    r.energyPercent.toFixed(2),
    r.meanSharePercent.toFixed(1),
    `${((performance.now() - t0) / 1000).toFixed(1)} s`,
  ];
  console.log(`  … ${m.label} ${cells.join(' | ')}${reading === 'end' ? ' (draw read at the period end)' : ''}`);
  return cells;
}

/**
 * Prints the table of a month: per capacity and scheduler, sessions fully served, at least half
 * served, under a quarter, energy %, mean share %, time.
 */
export function readyTable(highs: Highs, m: Month, periodMs: number, capacitiesKw: readonly number[]): void {
  const rows: string[][] = [];
  for (const kW of capacitiesKw) {
    const capacityW = kW * 1000;
    for (const row of schedulers(highs, m, periodMs)) {
      rows.push(replayRow(m, row.name, row.make(capacityW), kW, periodMs));
    }
  }
  console.log(
    `\n  Vehicles ready, ${m.label} (${m.sessions.length} sessions): sessions fully served (within 0.1 kWh),` +
      ' served at least half, under a quarter of their request; energy delivered; mean share of the request',
  );
  printTable(['capacity', 'scheduler', ...READY_COLUMNS], rows);
}
