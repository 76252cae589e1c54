/**
 * `lateCharging` (docs/alerts.md, "lateCharging"): from the site allocation's
 * prediction (`siteAllocation.lateVehicles`, written by smart charging at every allocation of the
 * site, `shared/smart-charging/late.ts`), pure.
 *
 * - **ETA**: the allocation's own (`eta`, `shared/smart-charging/eta.ts`: departure + the shortfall
 *   at the most the vehicle could draw past its departure within the site's limits), rounded up to
 *   the minute. An allocation stored before it carried one: departure + shortfall ÷ the port's last
 *   planned power (else its limit now); null when that is 0 or the shortfall figures are absent.
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
import { numberOf, type TableChange } from '../db/table-changes';
import { episodeKey } from './store';
import {
  allocationPortLines,
  portPlace,
  stringOf,
  type AlertIntent,
  type AllocationPortLine,
  type Image,
} from './intents';
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
  /** ms since epoch. */
  eta?: number;
}

/** A `ports` line of a stored allocation (the fields the rule reads). */
interface PortLine extends AllocationPortLine {
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
  if (typeof late.eta === 'number') return Math.ceil(late.eta / MINUTE_MS) * MINUTE_MS;
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
  const ports = new Map(allocationPortLines<PortLine>(after).map((port) => [port.portId, port]));
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
        place: portPlace(organizationId, port, late),
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
