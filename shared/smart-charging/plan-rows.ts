/**
 * Rows of the planner's program that shape a plan rather than bound it (`./plan-model.ts` builds
 * the rest): the battery's taper, fairness in the first slot, and the soft floors of the slot that
 * is sent. Units as in the program: kW and kWh.
 *
 * @module
 */
import type { Slot } from './horizon';
import type { LinearProgram, Term } from './linear-program';
import type { WorkPort } from './ports';
import { TAPER_SLOPE, TAPER_START_SOC } from './taper';
import { kW } from './units';

/** One limit of the first slot: each port's coefficient and the room left for the ports. */
export interface HardLimit {
  readonly coefficients: readonly number[];
  readonly room: number;
}

/**
 * Adds the taper rows of a vehicle with a SoC-based need, from the second slot: its power plus `a`
 * times the energy of the slots before stays within `b` (its acceptance falls linearly above 80 %
 * SoC). The energy before each slot is a column of its own, each the one before plus that slot's
 * energy, so that the rows stay sparse (two terms and a chain, not every earlier slot).
 */
export function addTaper(
  lp: LinearProgram,
  port: WorkPort,
  cols: readonly number[],
  slots: readonly Slot[],
  presence: number[],
) {
  const soc = port.need?.soc;
  if (!soc) return;
  const maxKw = kW(port.need!.maxAcceptW);
  const a = (maxKw * TAPER_SLOPE * 100) / (soc.capacityWh / 1000);
  const b = maxKw * (1 - TAPER_SLOPE * (soc.fromPercent - TAPER_START_SOC));
  let energyBefore = -1;
  let most = 0;
  for (let t = 0; t < slots.length; t++) {
    if (cols[t]! < 0) continue;
    if (t > 0 && energyBefore >= 0 && b - a * most < kW(port.capW)) {
      lp.addRow(
        [
          [cols[t]!, 1],
          [energyBefore, a],
        ],
        -Infinity,
        b,
      );
    }
    const slotEnergy: Term = [cols[t]!, -slots[t]!.hours * presence[t]!];
    const next = lp.addColumn(0, 0, Infinity);
    lp.addRow([[next, 1], slotEnergy, ...(energyBefore >= 0 ? [[energyBefore, -1] as Term] : [])], 0, 0);
    energyBefore = next;
    most += kW(port.capW) * slots[t]!.hours * presence[t]!;
  }
}

/**
 * Fairness (the last priority): each holding port's first-slot power is split at its fair share,
 * the equal level (kW) up to its cap that the first slot's limits leave for all of them; power
 * above it costs `weight` a kWh, so that when nothing else decides, all share alike.
 */
export function addFairness(
  lp: LinearProgram,
  firstSlot: Slot,
  held: readonly boolean[],
  columns: readonly (readonly number[])[],
  limits: readonly HardLimit[],
  weight: number,
): void {
  const sharing = columns.flatMap((cols, i) => {
    const c = cols[0]!;
    return c >= 0 && !held[i] ? [{ i, c, cap: lp.upper(c) }] : [];
  });
  const used = (level: number) =>
    limits.every(
      ({ coefficients, room }) =>
        sharing.reduce((sum, s) => sum + coefficients[s.i]! * Math.min(s.cap, level), 0) <= room + 1e-9,
    );
  let [low, high] = [0, Math.max(0, ...sharing.map((s) => s.cap))];
  for (let k = 0; k < 50 && high - low > 1e-6; k++) {
    const mid = (low + high) / 2;
    if (used(mid)) low = mid;
    else high = mid;
  }
  for (const { c, cap } of sharing) {
    const fair = Math.min(cap, low);
    const within = lp.addColumn(0, 0, fair);
    const above = lp.addColumn(weight * firstSlot.hours, 0, Math.max(0, cap - fair));
    lp.addRow(
      [
        [c, 1],
        [within, -1],
        [above, -1],
      ],
      0,
      0,
    );
  }
}

/** How much more a kWh short of the first-ranked soft floor costs than the weight, as a share of it. */
export const FLOOR_RANK_SPREAD = 0.1;

/**
 * Soft floors of the first slot: below its floor, each kW a port is short costs `weight` a kWh (a
 * goal the limits may refuse, never an infeasible program), a little more for the floors that come
 * first in `floors`' order (up to {@link FLOOR_RANK_SPREAD} more for the first): when the limits
 * cannot hold them all, the first are held (earliest-departure-first's order).
 * @param floors W by port index, in the order they rank
 */
export function addSoftFloors(
  lp: LinearProgram,
  firstSlot: Slot,
  columns: readonly (readonly number[])[],
  floors: ReadonlyMap<number, number>,
  weight: number,
): void {
  let rank = 0;
  for (const [i, floorW] of floors) {
    const c = columns[i]![0]!;
    const ranked = weight * (1 + (FLOOR_RANK_SPREAD * (floors.size - rank++)) / floors.size);
    if (c < 0 || floorW <= 0) continue;
    const short = lp.addColumn(ranked * firstSlot.hours, 0, kW(floorW));
    lp.addRow(
      [
        [c, 1],
        [short, 1],
      ],
      kW(floorW),
      Infinity,
    );
  }
}
