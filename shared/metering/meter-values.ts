/**
 * Meter values, version-neutral: the sampled values of OCPP 1.6 MeterValues/StopTransaction and
 * OCPP 2.0.1 MeterValues/TransactionEvent reduced to the readings the API shows (spec §2.3
 * `latestReadings`) and the energy register that gives `energyDeliveredKwh`.
 *
 * Rules (docs/ocpp.md, "Meter values"):
 * - Units and the 2.0.1 `multiplier` (value × 10^multiplier) are honoured: energy → Wh,
 *   power → kW, current → A, voltage → V, SoC → %.
 * - A sample without `measurand` is `Energy.Active.Import.Register` (OCPP default); only import
 *   measurands count; samples at the outlet (no location, or `Outlet`) are preferred, except SoC
 *   which the EV reports.
 * - Per phase: a value without phase wins; otherwise energy and power are summed over L1..L3,
 *   current is the highest phase current (what an EVSE's amp rating is about), voltage the
 *   average of the line-to-neutral voltages (else of whatever phases are given).
 * - Across several meter values, the latest timestamp wins per reading.
 * - A reading outside what an EV charger can measure ({@link READING_BOUNDS}) is clamped to the
 *   bound when it is within the bound's noise margin (-0.04 kW is 0 kW), else dropped and logged.
 */
import { logger } from '../logger';

/** One sampled value in version-neutral form. */
export interface Sample {
  measurand: string;
  /** Numeric value as sent (before unit conversion). */
  value: number;
  /** Unit as sent (`Wh`, `kWh`, `W`, `kW`, `A`, `V`, `Percent`, …); undefined = the measurand's default. */
  unit?: string;
  /** OCPP 2.0.1 power-of-ten multiplier; 0 when absent. */
  multiplier?: number;
  phase?: string;
  location?: string;
  context?: string;
}

/** Samples taken at one moment. */
export interface MeterValue {
  /** ISO 8601 UTC. */
  timestamp: string;
  samples: Sample[];
}

/** A value with its timestamp (spec §2.3 reading). */
export interface Reading {
  value: number;
  timestamp: string;
}

/** What a set of meter values says, each part with its own timestamp. */
export interface MeterSnapshot {
  /** Energy.Active.Import.Register in Wh. */
  energyRegisterWh?: Reading;
  powerKw?: Reading;
  currentA?: Reading;
  voltage?: Reading;
  socPercent?: Reading;
}

const DEFAULT_MEASURAND = 'Energy.Active.Import.Register';

const UNIT_FACTORS: Record<string, Record<string, number>> = {
  energy: { Wh: 1, kWh: 1000 },
  power: { W: 0.001, kW: 1 },
  current: { A: 1 },
  voltage: { V: 1 },
  soc: { Percent: 1 },
};
const DEFAULT_UNITS: Record<string, string> = { energy: 'Wh', power: 'W', current: 'A', voltage: 'V', soc: 'Percent' };
const MEASURAND_KINDS: Record<string, keyof MeterSnapshot> = {
  'Energy.Active.Import.Register': 'energyRegisterWh',
  'Power.Active.Import': 'powerKw',
  'Current.Import': 'currentA',
  Voltage: 'voltage',
  SoC: 'socPercent',
};
const KIND_UNITS: Record<keyof MeterSnapshot, string> = {
  energyRegisterWh: 'energy',
  powerKw: 'power',
  currentA: 'current',
  voltage: 'voltage',
  socPercent: 'soc',
};

/** Converts a sample to the API unit of its kind; undefined for an unknown unit. */
function convert(kind: keyof MeterSnapshot, sample: Sample): number | undefined {
  const family = KIND_UNITS[kind];
  const factor = UNIT_FACTORS[family]![sample.unit ?? DEFAULT_UNITS[family]!];
  if (factor === undefined) return undefined;
  return sample.value * factor * 10 ** (sample.multiplier ?? 0);
}

/**
 * The range of each reading an EV charger (Level 2 to high-power DC) can report, in API units:
 * energy register 0–10¹² Wh (1 TWh), power 0–1,000 kW, current 0–1,000 A, voltage 0–1,500 V,
 * SoC 0–100 %. A value up to `noise` outside the range is meter noise and clamped to it.
 */
export const READING_BOUNDS: Record<keyof MeterSnapshot, { min: number; max: number; noise: number }> = {
  energyRegisterWh: { min: 0, max: 1e12, noise: 1 },
  powerKw: { min: 0, max: 1000, noise: 1 },
  currentA: { min: 0, max: 1000, noise: 1 },
  voltage: { min: 0, max: 1500, noise: 1 },
  socPercent: { min: 0, max: 100, noise: 1 },
};

/**
 * A reading within {@link READING_BOUNDS}: clamped when within the noise margin, undefined (and
 * logged) when not a finite number or further out.
 * @param kind which reading (unit: Wh, kW, A, V, %)
 * @param ocppId for the log line
 */
export function boundedReading(kind: keyof MeterSnapshot, value: number, ocppId?: string): number | undefined {
  const { min, max, noise } = READING_BOUNDS[kind];
  if (Number.isFinite(value) && value >= min - noise && value <= max + noise)
    return Math.min(max, Math.max(min, value));
  logger.warn('reading out of range dropped', { ocppId, kind, value: String(value) });
  return undefined;
}

const LINE_PHASES = /^L[123]$/;
const LINE_TO_NEUTRAL = /^L[123]-N$/;

function combine(kind: keyof MeterSnapshot, samples: { phase?: string; value: number }[]): number | undefined {
  const total = samples.find((s) => !s.phase);
  if (total) return total.value;
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const average = (xs: number[]) => (xs.length ? sum(xs) / xs.length : undefined);
  switch (kind) {
    case 'energyRegisterWh':
    case 'powerKw': {
      const lines = samples.filter((s) => LINE_PHASES.test(s.phase!) || LINE_TO_NEUTRAL.test(s.phase!));
      return lines.length ? sum(lines.map((s) => s.value)) : undefined;
    }
    case 'currentA': {
      const lines = samples.filter((s) => LINE_PHASES.test(s.phase!));
      return lines.length ? Math.max(...lines.map((s) => s.value)) : undefined;
    }
    case 'voltage': {
      const neutral = samples.filter((s) => LINE_TO_NEUTRAL.test(s.phase!));
      return average((neutral.length ? neutral : samples).map((s) => s.value));
    }
    default:
      return samples[0]?.value;
  }
}

/** Reduces one meter value (one timestamp) to its readings. */
function readingsOf(meterValue: MeterValue, ocppId: string | undefined): MeterSnapshot {
  const byKind = new Map<keyof MeterSnapshot, { phase?: string; value: number; atOutlet: boolean }[]>();
  for (const sample of meterValue.samples) {
    const kind = MEASURAND_KINDS[sample.measurand || DEFAULT_MEASURAND];
    if (!kind || !Number.isFinite(sample.value)) continue;
    const value = convert(kind, sample);
    if (value === undefined) continue;
    const atOutlet = !sample.location || sample.location === 'Outlet';
    byKind.set(kind, [...(byKind.get(kind) ?? []), { phase: sample.phase, value, atOutlet }]);
  }
  const snapshot: MeterSnapshot = {};
  for (const [kind, samples] of byKind) {
    const preferred =
      kind === 'socPercent' || !samples.some((s) => s.atOutlet) ? samples : samples.filter((s) => s.atOutlet);
    const combined = combine(kind, preferred);
    const value = combined === undefined ? undefined : boundedReading(kind, combined, ocppId);
    if (value !== undefined) snapshot[kind] = { value: round(value), timestamp: meterValue.timestamp };
  }
  return snapshot;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Reduces meter values to the latest reading of each kind, each within {@link READING_BOUNDS}.
 * @param ocppId for the log line of a dropped reading
 */
export function summarizeMeterValues(meterValues: MeterValue[], ocppId?: string): MeterSnapshot {
  const snapshot: MeterSnapshot = {};
  for (const meterValue of meterValues) {
    for (const [kind, reading] of Object.entries(readingsOf(meterValue, ocppId)) as [keyof MeterSnapshot, Reading][]) {
      const current = snapshot[kind];
      if (!current || Date.parse(reading.timestamp) >= Date.parse(current.timestamp)) snapshot[kind] = reading;
    }
  }
  return snapshot;
}

/** Spec §2.3 `energyDeliveredKwh` from a port snapshot: (register − meterStart) / 1000, never negative. */
export function energyDeliveredKwh(session: { energyRegisterWh?: number; meterStartWh?: number }): number {
  if (session.energyRegisterWh === undefined || session.meterStartWh === undefined) return 0;
  return Math.max(0, Math.round(session.energyRegisterWh - session.meterStartWh) / 1000);
}
