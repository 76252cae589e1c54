/**
 * The values a charging session ends with (stop register, energy delivered, SoC at start and end),
 * from what its readings said: shared by the session's end (`shared/charging/session-end.ts`), a
 * superseded session (`shared/charging/superseded.ts`) and its history record
 * (`shared/history/session-records.ts`).
 */
import { energyDeliveredKwh, type MeterSnapshot } from './meter-values';

/** What a session's values are when it ends (Wh, kWh, %); absent values stay absent. */
export interface FinalValues {
  meterStartWh: number;
  meterStopWh?: number;
  energyDeliveredKwh?: number;
  socStartPercent?: number;
  socEndPercent?: number;
}

/**
 * A session's final values: the stop register (1.6 meterStop, else the last register), the SoC at
 * the end (else the last SoC), energy = (stop − start) / 1000.
 * @param known what is known already: the port snapshot's or the session item's values
 */
export function finalValues(
  known: { meterStartWh: number; registerWh?: number; socStartPercent?: number; socPercent?: number },
  end: { meterStopWh?: number; snapshot?: MeterSnapshot },
): FinalValues {
  const meterStopWh = end.meterStopWh ?? end.snapshot?.energyRegisterWh?.value ?? known.registerWh;
  const socEndPercent = end.snapshot?.socPercent?.value ?? known.socPercent;
  const socStartPercent = known.socStartPercent ?? end.snapshot?.socPercent?.value;
  const { meterStartWh } = known;
  return {
    meterStartWh,
    ...(meterStopWh !== undefined
      ? { meterStopWh, energyDeliveredKwh: energyDeliveredKwh({ energyRegisterWh: meterStopWh, meterStartWh }) }
      : {}),
    ...(socStartPercent !== undefined ? { socStartPercent } : {}),
    ...(socEndPercent !== undefined ? { socEndPercent } : {}),
  };
}
