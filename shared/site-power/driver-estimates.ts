/**
 * A driver's estimate of a session (docs/smart-charging.md, "What the plan knows"):
 * `PUT /api/ports/{portId}/driver-estimate` lets a driver (or the driver's app) say when the
 * vehicle on a port will leave and/or how much energy it wants; `DELETE` removes it. Like the
 * charging override it is stored on the port with the session it applies to (the allocation reads
 * ports anyway, and ignores it once that session ended), and setting or removing it plans the site
 * again (`./triggers.ts`, the port's change on the table's stream).
 *
 * The route refuses nonsense (a 400 naming the field, nothing stored): neither figure; a departure
 * before the session started or more than {@link MAX_DEPARTURE_AHEAD_MS} ahead; an energy not above
 * 0 or above {@link MAX_DRIVER_ENERGY_KWH}. What is plausible but wrong is the allocation's to clamp,
 * never an error: a departure already past is corrected, an energy beyond the battery cut to it
 * (`shared/smart-charging/estimates.ts`).
 */
import type { Db } from '../db';
import type { PortItem } from '../chargers/items';
import { visiblePort } from '../chargers/port-lookup';
import { NoSessionInProgressError } from '../charging/errors';
import type { AccessScope } from '../organizations/access-scope';
import type { Figures } from '../smart-charging/estimates';
import { InvalidDriverEstimateError } from './errors';
import { removeFromPort, setForSession } from './overrides';

/** Latest departure a driver may enter, from now, ms (7 days). */
export const MAX_DEPARTURE_AHEAD_MS = 7 * 86_400_000;
/** Most energy a driver may ask for, kWh (no vehicle battery is larger). */
export const MAX_DRIVER_ENERGY_KWH = 1000;

/** A driver's estimate to set: a departure (ISO 8601 with offset), an energy (kWh), or both. */
export interface DriverEstimateInput {
  departureTime?: string;
  energyKwh?: number;
}

/** A driver's estimate as the API answers it. */
export interface DriverEstimate {
  portId: number;
  /** The session it applies to: it ends with it. */
  sessionId: number;
  /** ISO 8601 UTC, or null when only an energy was entered. */
  departureTime: string | null;
  /** kWh for the whole session, or null when only a departure was entered. */
  energyKwh: number | null;
  enteredAt: string;
}

type StoredEstimate = NonNullable<PortItem['driverEstimate']>;

/** The checks the route's schema cannot make (they need the session or now). */
function validate(input: DriverEstimateInput, sessionStart: number, now: number): void {
  if (input.departureTime === undefined && input.energyKwh === undefined) {
    throw new InvalidDriverEstimateError('departureTime', 'departureTime or energyKwh is required');
  }
  if (input.departureTime === undefined) return;
  const departure = Date.parse(input.departureTime);
  if (departure < sessionStart)
    throw new InvalidDriverEstimateError('departureTime', 'must be after the session started');
  if (departure > now + MAX_DEPARTURE_AHEAD_MS) {
    throw new InvalidDriverEstimateError('departureTime', 'must be at most 7 days ahead');
  }
}

/**
 * Sets (or replaces) the driver's estimate of a port's session in progress (1 Query + 2 GetItems
 * + 1 UpdateItem), which plans the site again.
 * @param now epoch ms
 * @throws PortNotFoundError; InvalidDriverEstimateError (see the module); NoSessionInProgressError
 *   (no session on the port, or it ended meanwhile)
 */
export async function setDriverEstimate(
  db: Db,
  scope: AccessScope,
  portId: number,
  input: DriverEstimateInput,
  now = Date.now(),
): Promise<DriverEstimate> {
  const { port, charger } = await visiblePort(db, scope, portId);
  const session = port.currentChargingSession;
  if (!session) throw new NoSessionInProgressError(portId);
  validate(input, Date.parse(session.startTime), now);
  const estimate: StoredEstimate = {
    sessionId: session.sessionId,
    siteId: charger.siteId,
    ...(input.departureTime !== undefined ? { departureTime: new Date(input.departureTime).toISOString() } : {}),
    ...(input.energyKwh !== undefined ? { energyKwh: input.energyKwh } : {}),
    enteredAt: new Date(now).toISOString(),
  };
  await setForSession(db, port, session.sessionId, { driverEstimate: estimate });
  return driverEstimateView(portId, estimate);
}

/**
 * Removes a port's driver estimate; a port without one is left as it is (1 Query + 2 GetItems + 1 UpdateItem).
 * @throws PortNotFoundError
 */
export async function deleteDriverEstimate(db: Db, scope: AccessScope, portId: number): Promise<void> {
  await removeFromPort(db, scope, portId, 'driverEstimate');
}

/** A stored estimate as the API answers it. */
function driverEstimateView(portId: number, stored: StoredEstimate): DriverEstimate {
  return {
    portId,
    sessionId: stored.sessionId,
    departureTime: stored.departureTime ?? null,
    energyKwh: stored.energyKwh ?? null,
    enteredAt: stored.enteredAt,
  };
}

/** The driver's figures of a port's session in progress, as the estimate reads them (none once that session ended). */
export function driverFigures(port: Pick<PortItem, 'driverEstimate'>, sessionId: number): Figures | undefined {
  const stored = port.driverEstimate;
  if (!stored || stored.sessionId !== sessionId) return undefined;
  const departure = stored.departureTime === undefined ? Number.NaN : Date.parse(stored.departureTime);
  return {
    ...(Number.isFinite(departure) ? { departureTime: departure } : {}),
    ...(stored.energyKwh !== undefined ? { energyWh: stored.energyKwh * 1000 } : {}),
  };
}
