/**
 * How long a vehicle takes to charge, as the allocation estimates it (spec §2.6 departures).
 *
 * Model: a typical constant-current / constant-voltage battery. Below {@link TAPER_START_SOC} % the
 * vehicle draws min(offered, its maximum M); above, its acceptance falls linearly to
 * {@link TAPER_END_FRACTION} × M at 100 %, so it draws min(offered, acceptance(SoC)). The simulated
 * vehicle (`lib/simulator/ev.ts`) has the same shape, and the time is integrated in closed form:
 * below the SoC s* where acceptance meets the offer, charging is linear; above it,
 * dt = (capacity / 100) · ds / (M · (1 − k · (s − 80))) with k = (1 − 0.1) / 20 per %, a logarithm.
 *
 * When the SoC is unknown (an ISO 15118 energy request only) the need is plain energy at the
 * offered power (no taper).
 *
 * @module
 */

/** SoC, %, from which a vehicle's acceptance is assumed to taper. */
export const TAPER_START_SOC = 80;
/** Share of the vehicle's maximum still accepted at 100 % SoC in the model. */
export const TAPER_END_FRACTION = 0.1;
/** Slope of the taper, per % of SoC (the share of the vehicle's maximum lost per SoC point above {@link TAPER_START_SOC}). */
export const TAPER_SLOPE = (1 - TAPER_END_FRACTION) / (100 - TAPER_START_SOC);

/** What a vehicle still needs, for the estimates of this module. */
export interface ChargeNeed {
  /** Energy still needed, Wh (≥ 0). */
  readonly energyWh: number;
  /** The vehicle's acceptance below the taper, W (> 0): the port's cap, or inferred from its draw. */
  readonly maxAcceptW: number;
  /** SoC-based need (taper applies): from the current SoC to the target, %, with the battery's capacity, Wh. */
  readonly soc?: { readonly fromPercent: number; readonly toPercent: number; readonly capacityWh: number };
}

/** Acceptance at a SoC as a share of the vehicle's maximum (1 below 80 %, 0.1 at 100 %). */
export function taperFactor(socPercent: number): number {
  return socPercent <= TAPER_START_SOC
    ? 1
    : Math.max(TAPER_END_FRACTION, 1 - TAPER_SLOPE * (socPercent - TAPER_START_SOC));
}

/** SoC above which the vehicle accepts less than `drawW` (its maximum being `maxW`), %. */
function taperSoc(drawW: number, maxW: number): number {
  if (drawW >= maxW) return TAPER_START_SOC;
  return Math.min(100, TAPER_START_SOC + (1 - drawW / maxW) / TAPER_SLOPE);
}

/** Seconds in the taper from SoC `from` to `to` (both ≥ 80 %), maximum `maxW`, battery `capacityWh`. */
function taperSeconds(from: number, to: number, maxW: number, capacityWh: number): number {
  const ratio = (1 - TAPER_SLOPE * (from - TAPER_START_SOC)) / (1 - TAPER_SLOPE * (to - TAPER_START_SOC));
  return ((capacityWh / 100) * Math.log(ratio) * 3600) / (maxW * TAPER_SLOPE);
}

/**
 * Seconds needed to deliver `need` at an offered power (s): Infinity when nothing is offered and
 * something is needed.
 * @param need what the vehicle still needs
 * @param offeredW power the charger allows, W
 */
export function secondsToDeliver(need: ChargeNeed, offeredW: number): number {
  if (need.energyWh <= 0) return 0;
  const drawW = Math.min(offeredW, need.maxAcceptW);
  if (drawW <= 0) return Infinity;
  if (!need.soc) return (need.energyWh / drawW) * 3600;
  const { fromPercent: from, toPercent: to, capacityWh } = need.soc;
  const knee = Math.max(from, Math.min(to, taperSoc(drawW, need.maxAcceptW)));
  const flat = (((knee - from) / 100) * capacityWh * 3600) / drawW;
  return flat + (to > knee ? taperSeconds(knee, to, need.maxAcceptW, capacityWh) : 0);
}

/**
 * The least constant offered power that delivers `need` within `seconds`, W: between 0 and the
 * vehicle's maximum (which it returns when even that is too little). Bisection, 50 steps.
 */
export function requiredPowerW(need: ChargeNeed, seconds: number): number {
  if (need.energyWh <= 0) return 0;
  if (secondsToDeliver(need, need.maxAcceptW) >= seconds) return need.maxAcceptW;
  let low = 0;
  let high = need.maxAcceptW;
  for (let i = 0; i < 50; i++) {
    const mid = (low + high) / 2;
    if (secondsToDeliver(need, mid) <= seconds) high = mid;
    else low = mid;
  }
  return high;
}

/**
 * What reaches the vehicle in `seconds` at a constant offered power: energy, Wh, and SoC, % (when
 * the need is SoC-based), never beyond the need's target.
 */
export function deliveredWithin(
  need: ChargeNeed,
  offeredW: number,
  seconds: number,
): { energyWh: number; socPercent?: number } {
  const drawW = Math.min(offeredW, need.maxAcceptW);
  if (!need.soc) return { energyWh: Math.min(need.energyWh, Math.max(0, (drawW * seconds) / 3600)) };
  const { fromPercent: from, toPercent: to, capacityWh } = need.soc;
  if (drawW <= 0 || seconds <= 0 || to <= from) return { energyWh: 0, socPercent: from };
  const knee = Math.max(from, taperSoc(drawW, need.maxAcceptW));
  const flatSeconds = (((knee - from) / 100) * capacityWh * 3600) / drawW;
  let soc: number;
  if (seconds <= flatSeconds) soc = from + ((drawW * seconds) / 3600 / capacityWh) * 100;
  else {
    const lambda = ((seconds - flatSeconds) * need.maxAcceptW * TAPER_SLOPE * 100) / (capacityWh * 3600);
    soc = TAPER_START_SOC + (1 - (1 - TAPER_SLOPE * (knee - TAPER_START_SOC)) * Math.exp(-lambda)) / TAPER_SLOPE;
  }
  soc = Math.min(to, soc);
  return { energyWh: ((soc - from) / 100) * capacityWh, socPercent: soc };
}
