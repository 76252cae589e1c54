/**
 * `lateCharging` (docs/alerts.md, "lateCharging"): from the site allocation's
 * prediction (`siteAllocation.lateVehicles`, written by smart charging at every allocation of the
 * site, `shared/smart-charging/late.ts`), pure.
 *
 * - **ETA**: when the vehicle would reach its target if it stayed plugged in past its departure at
 *   the power its port is allocated at the end of its plan (the last planned limit, else its limit
 *   now): departure + shortfall ÷ that power, to the minute; null when the port is allocated
 *   nothing (no ETA can be given) or the allocation predates the shortfall figures.
 * - **Raised** when a vehicle is listed late by more than the organization's
 *   `lateChargingMarginMinutes` (ETA − departure; a null ETA counts as later than any margin).
 *   `originalEta` and `originalDepartureTime` are fixed then.
 * - **Updated** (`currentEta`, `currentDepartureTime`) while the vehicle stays listed late, also by
 *   less than the margin (no flapping around the margin).
 * - **Cleared** when the vehicle is no longer listed late (on time again, e.g. its departure moved
 *   later, or its session no longer in the allocation) and when its session ends (`session-end.ts`).
 *
 * One episode per session: `lateCharging:session:<sessionId>`.
 */
import type { TableChange } from '../db/table-changes';
import { episodeKey } from './store';
import { numberOf, stringOf, type AlertIntent, type Image } from './intents';
import type { LateChargingDetails } from './types';

const MINUTE_MS = 60_000;

/** A `lateVehicles` line of a stored allocation (the fields the rule reads). */
interface LateLine {
  portId: number;
  sessionId: number;
  vehicleId?: number;
  departureTime: string;
  energyNeededWh?: number;
  expectedEnergyWh?: number;
}

/** A `ports` line of a stored allocation (the fields the rule reads). */
interface PortLine {
  portId: number;
  chargerId: number;
  portNumber: number;
  limitW: number;
  plan?: { limitW: number }[];
}

const lateLines = (image: Image | undefined): LateLine[] =>
  Array.isArray(image?.lateVehicles) ? (image.lateVehicles as LateLine[]) : [];

/**
 * The predicted time a late vehicle reaches its target, epoch ms rounded to the minute (see the
 * module); undefined when it cannot be told.
 */
export function lateEta(late: LateLine, port: PortLine | undefined): number | undefined {
  const departure = Date.parse(late.departureTime);
  if (late.energyNeededWh === undefined || late.expectedEnergyWh === undefined || !port) return undefined;
  const powerW = port.plan?.at(-1)?.limitW ?? port.limitW;
  if (!(powerW > 0)) return undefined;
  const shortfallWh = Math.max(0, late.energyNeededWh - late.expectedEnergyWh);
  return Math.ceil((departure + (shortfallWh / powerW) * 3_600_000) / MINUTE_MS) * MINUTE_MS;
}

/**
 * The `lateCharging` intents of one `siteAllocation` change.
 * @param marginMinutes the organization's `lateChargingMarginMinutes`
 * @returns raise + update for each vehicle late by more than the margin, update for one late by
 *   less, clear for each vehicle listed late before and not now; nothing for other changes
 */
export function lateChargingIntents(change: TableChange, marginMinutes: number): AlertIntent[] {
  const after = change.newImage;
  const organizationId = numberOf(after?.organizationId);
  const at = stringOf(after?.computedAt);
  if (!after || organizationId === undefined || at === undefined) return [];
  const ports = new Map(
    (Array.isArray(after.ports) ? (after.ports as PortLine[]) : []).map((port) => [port.portId, port]),
  );
  const intents: AlertIntent[] = [];
  const lateNow = new Set<number>();
  for (const late of lateLines(after)) {
    lateNow.add(late.sessionId);
    const port = ports.get(late.portId);
    const eta = lateEta(late, port);
    const current = {
      currentEta: eta === undefined ? null : new Date(eta).toISOString(),
      currentDepartureTime: late.departureTime,
    };
    const key = episodeKey('lateCharging', 'session', late.sessionId);
    const lateMs = eta === undefined ? Infinity : eta - Date.parse(late.departureTime);
    if (lateMs > marginMinutes * MINUTE_MS && port) {
      const details: LateChargingDetails = {
        originalEta: current.currentEta,
        originalDepartureTime: late.departureTime,
        ...current,
      };
      intents.push({
        action: 'raise',
        type: 'lateCharging',
        episodeKey: key,
        place: {
          organizationId,
          chargerId: port.chargerId,
          portNumber: port.portNumber,
          portId: port.portId,
          sessionId: late.sessionId,
          ...(late.vehicleId !== undefined ? { vehicleId: late.vehicleId } : {}),
        },
        details: { ...details },
        at,
      });
    }
    intents.push({ action: 'update', organizationId, episodeKey: key, details: current, at });
  }
  for (const late of lateLines(change.oldImage)) {
    if (lateNow.has(late.sessionId)) continue;
    intents.push({
      action: 'clear',
      organizationId,
      episodeKey: episodeKey('lateCharging', 'session', late.sessionId),
      at,
    });
  }
  return intents;
}
