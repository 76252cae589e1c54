/**
 * The demo depot's vans: one van and its driver's card per fleet connector, so that a simulated
 * fleet looks like a depot (each charger charging a different vehicle, departures spread over
 * the next hours, arrival SoCs and targets that differ). The local stack's seed creates these vans
 * and cards (`lib/local/seed.ts`); the fleet (`./fleet.ts`) plugs them in and, given an API key,
 * publishes each van's departure through the public API (spec §4.2,
 * `POST /api/departure-times/vehicle`) before it plugs in, as a fleet's dispatch system would.
 *
 * Everything here is deterministic from the van's number.
 *
 * @module
 */

/** A van of the demo depot. */
export interface DepotVan {
  /** 1-based number; van N plugs into the fleet's N-th connector. */
  readonly number: number;
  /** Its name, `Demo Van N`. */
  readonly name: string;
  /** Its VIN (17 characters), which its departures name. */
  readonly vin: string;
  /** Its driver's RFID card: the idTag (1.6) / ISO14443 idToken (2.0.1) presented, `SIM-TAG-N`. */
  readonly idTag: string;
  /** State of charge when it plugs in, %. */
  readonly arrivalSocPercent: number;
  /** State of charge it must reach by its departure (the departure's `targetSoc`), %. */
  readonly targetSocPercent: number;
  /** How long after plugging in it leaves, seconds of simulated time (the departure is this much later). */
  readonly dwellSeconds: number;
}

/** The demo tags are `SIM-TAG-1`, `SIM-TAG-2`…: van 1's is the simulator's default idTag. */
const DEPOT_TAG_PREFIX = 'SIM-TAG';

/** The first van leaves this long after it plugs in, seconds (1 h); each next one 30 minutes later. */
const FIRST_DWELL_S = 3600;
const DWELL_STEP_S = 1800;
/** Dwell cycle length: van 11 leaves like van 1, and so on. */
const DWELL_CYCLE = 10;
/** Arrival SoCs, %, cycled over the vans: a mix of nearly empty and half full. */
const ARRIVAL_SOC = [20, 45, 15, 35, 50, 10, 30, 40, 25, 55] as const;
/** Departure targets, %, cycled over the vans. */
const TARGET_SOC = [90, 100, 80] as const;

/**
 * Van `number` of the depot: `Demo Van N`, VIN `1FTBW9CK0PKA0000N` (zero-padded to 17
 * characters), card `SIM-TAG-N`; it arrives with 10–55 % and must reach 80, 90 or 100 % by a
 * departure 1 h to 5 h 30 min after it plugs in (30 minutes apart from van to van, cycling every 10).
 * @throws RangeError when `number` is not a positive integer below 100,000
 */
export function depotVan(number: number): DepotVan {
  if (!Number.isInteger(number) || number < 1 || number >= 100_000)
    throw new RangeError(`a depot van's number is an integer 1..99999, got ${number}`);
  const i = number - 1;
  return {
    number,
    name: `Demo Van ${number}`,
    vin: `1FTBW9CK0PKA${String(number).padStart(5, '0')}`,
    idTag: `${DEPOT_TAG_PREFIX}-${number}`,
    arrivalSocPercent: ARRIVAL_SOC[i % ARRIVAL_SOC.length]!,
    targetSocPercent: TARGET_SOC[i % TARGET_SOC.length]!,
    dwellSeconds: FIRST_DWELL_S + DWELL_STEP_S * (i % DWELL_CYCLE),
  };
}

/** Vans 1…`count` of the depot. @throws RangeError as {@link depotVan} */
export function depotVans(count: number): DepotVan[] {
  return Array.from({ length: count }, (_, i) => depotVan(i + 1));
}

/**
 * The van's departure for a session that starts at `pluggedInAt`: its dwell later (divided by the
 * fleet's `speed`, which compresses the depot: the van leaves when its charger ends the session, on
 * the same clock as the CSMS), rounded up to the minute, as ISO 8601 UTC with seconds (what the
 * departure-times API takes).
 * @param speed how many times shorter the depot's day runs (`--speed`) @default 1
 */
export function departureOf(van: DepotVan, pluggedInAt: Date, speed = 1): string {
  const minute = 60_000;
  const at = Math.ceil((pluggedInAt.getTime() + (van.dwellSeconds / speed) * 1000) / minute) * minute;
  return new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Where and as whom {@link publishDeparture} calls the public API. */
export interface DepotApi {
  /** The API's base URL, e.g. `http://localhost:3000/api`. */
  readonly apiUrl: string;
  /** An organization-scoped API key (the demo key `npm start` prints). */
  readonly apiKey: string;
}

/**
 * The public API's base URL beside an OCPP endpoint: `ws://host:port/ocpp` → `http://host:port/api`
 * (`wss` → `https`), as the local stack and a deployment's CloudFront serve both.
 * @throws TypeError when `ocppUrl` is not a URL
 */
export function apiUrlBeside(ocppUrl: string): string {
  const url = new URL(ocppUrl);
  url.protocol = url.protocol === 'wss:' ? 'https:' : 'http:';
  url.pathname = '/api';
  return url.toString();
}

/**
 * Replaces the van's future departures with one (spec §4.2 synchronisation,
 * `POST /api/departure-times/vehicle` by `vehicleVin`), at `departureTime` with the van's target SoC.
 * @returns the departure as stored
 * @throws Error naming the status and the problem's detail when the API refuses it, or when the
 *   departure is `skipped` (not after the server's clock)
 */
export async function publishDeparture(api: DepotApi, van: DepotVan, departureTime: string): Promise<string> {
  const response = await fetch(`${api.apiUrl.replace(/\/$/, '')}/departure-times/vehicle`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      vehicleVin: van.vin,
      departureTimes: [{ departureTime, shiftName: 'Evening', targetSoc: van.targetSocPercent }],
    }),
  });
  const body = (await response.json().catch(() => undefined)) as
    | { detail?: string; departureTimes?: { outcome: string; departureTime: string }[] }
    | undefined;
  if (!response.ok) throw new Error(`departure of ${van.name} refused: HTTP ${response.status} ${body?.detail ?? ''}`);
  const stored = body?.departureTimes?.[0];
  if (stored?.outcome !== 'created') throw new Error(`departure of ${van.name} skipped (not in the future)`);
  return stored.departureTime;
}
