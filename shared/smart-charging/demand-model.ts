/**
 * The demand charge in the plan (docs/smart-charging.md, "Tariffs and demand charges"): the
 * utility bills the billing period's highest 15-minute average power, each interval aligned to the
 * clock. The plan's power is averaged over those same intervals (the one in progress counts the
 * energy the site already drew in it), and raising the period's peak above what it already
 * reached costs what the forecast says it is worth: each kW at the share of the demand charge
 * that the rest of the period would not need anyway (`EnergyTariff.peakOutlook`), the whole charge
 * above the forecast's range. Power up to the peak so far is free: the period pays for it already.
 *
 * @module
 */
import { SLOT_MS, type Slot } from './horizon';
import type { LinearProgram, Term } from './linear-program';
import type { EnergyTariff } from './types';

/** The utility's demand interval, ms (15 min, aligned to the clock; the plan's slots end on them). */
export const DEMAND_INTERVAL_MS = SLOT_MS;

/** A segment of the peak above the peak so far: its width, kW (Infinity for the last), and its share of the charge. */
interface Segment {
  readonly widthKw: number;
  readonly share: number;
}

/**
 * The segments of the peak from the peak so far up (see `EnergyTariff.peakOutlook`): below the
 * outlook's first level, its first share; each level's share up to the next, the last one's from it
 * up; without an outlook, the whole charge. Shares are made non-decreasing (a higher kW never costs
 * less than a lower one), so that the program buys the segments from the lowest up.
 */
function peakSegments(peakSoFarW: number, outlook: EnergyTariff['peakOutlook']): Segment[] {
  if (!outlook || outlook.length === 0) return [{ widthKw: Infinity, share: 1 }];
  let most = 0;
  const levels = outlook.map((l, k) => {
    most = Math.max(most, Math.min(1, Math.max(0, l.share)));
    return { from: l.fromW, to: outlook[k + 1]?.fromW ?? Infinity, share: most };
  });
  const segments: Segment[] = [];
  if (levels[0]!.from > peakSoFarW)
    segments.push({ widthKw: (levels[0]!.from - peakSoFarW) / 1000, share: levels[0]!.share });
  for (const { from, to, share } of levels) {
    const start = Math.max(from, peakSoFarW);
    if (to > start) segments.push({ widthKw: (to - start) / 1000, share });
  }
  return segments;
}

/**
 * Adds the demand charge: one row per 15-minute interval the horizon touches (its average ≤ the
 * peak so far + the segments bought above it), the segments priced at their share of the charge.
 * @param energyTerms per slot, the ports' power columns with their presence in the slot (0–1)
 * @param loadKw uncontrolled load, kW, counted in every slot
 */
export function addDemandCharge(
  lp: LinearProgram,
  tariff: EnergyTariff | undefined,
  slots: readonly Slot[],
  energyTerms: readonly (readonly Term[])[],
  loadKw: number,
): void {
  const charge = tariff?.demandChargePerKw ?? 0;
  if (!tariff || charge <= 0 || slots.length === 0) return;
  const peakKw = (tariff.peakSoFarW ?? 0) / 1000;
  const bought = peakSegments(tariff.peakSoFarW ?? 0, tariff.peakOutlook).map(
    (s): Term => [lp.addColumn(charge * s.share, 0, s.widthKw), -1],
  );
  const perHour = 3_600_000 / DEMAND_INTERVAL_MS;
  const end = slots.at(-1)!.end;
  for (
    let q = Math.floor(slots[0]!.start / DEMAND_INTERVAL_MS) * DEMAND_INTERVAL_MS;
    q < end;
    q += DEMAND_INTERVAL_MS
  ) {
    let drawnKwh = tariff.openInterval?.start === q ? tariff.openInterval.energyWh / 1000 : 0;
    const terms: Term[] = [];
    slots.forEach((slot, t) => {
      const hours = (Math.min(slot.end, q + DEMAND_INTERVAL_MS) - Math.max(slot.start, q)) / 3_600_000;
      if (hours <= 0) return;
      drawnKwh += loadKw * hours;
      for (const [column, presence] of energyTerms[t]!) terms.push([column, presence * hours * perHour]);
    });
    lp.addRow([...terms, ...bought], -Infinity, peakKw - drawnKwh * perHour);
  }
}
