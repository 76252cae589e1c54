/**
 * What a charging station tells the CSMS about its own smart charging (OCPP 2.0.1 functional block
 * K), stored where the allocation reads it:
 * - external limits (NotifyChargingLimit K12 / ClearedChargingLimit K13) set by a local energy
 *   manager, the grid operator or the station itself: on the port for one EVSE, on the charger for
 *   the whole station;
 * - the vehicle's own needs (NotifyEVChargingNeeds K15, ISO 15118) and the schedule it chose
 *   (NotifyEVChargingSchedule K17): on the session in progress on the port;
 * - the profiles the station holds (ReportChargingProfiles K09): the last report, on the charger.
 *
 * Each write is one UpdateItem and carries the site, so the table's change stream re-allocates it
 * (`./triggers.ts`). The OCPP bridge checks the values (bounds, period count) before they get here.
 */
import type { Db } from '../db';
import { conditionHeld, isConditionalCheckFailure } from '../db/conditions';
import type { ChargerConnection } from '../charging/charger-connection';
import { PortNumberError } from '../charging/errors';
import { checkPortNumber } from '../charging/ports';
import { energyDeliveredKwh } from '../metering/meter-values';
import type { PortItem } from '../chargers/items';
import { getPortWithReadings } from '../chargers/port-readings';

/** A schedule of limits: `limit` in `chargingRateUnit` (A per phase, or W) from `startPeriod` s after `startSchedule`. */
export interface LimitSchedule {
  chargingRateUnit: 'A' | 'W';
  /** ISO 8601 UTC. */
  startSchedule: string;
  /** s, when the schedule ends. */
  duration?: number;
  /** Ordered by `startPeriod` (s), the first at 0 or later. */
  periods: { startPeriod: number; limit: number; numberPhases?: number }[];
}

/** An external limit as reported (NotifyChargingLimit). */
export interface ExternalLimitReport {
  /** The EVSE (port number); undefined for the whole station. */
  portNumber?: number;
  /** `chargingLimitSource`: EMS, Other, SO, CSO. */
  source: string;
  isGridCritical?: boolean;
  /** The limits, when the station sent them; without one the value is unknown (docs/smart-charging.md). */
  schedule?: LimitSchedule;
}

/**
 * Stores an external limit on an EVSE or the whole station, replacing the one before (1 UpdateItem).
 * @param receivedAt ISO 8601 UTC
 * @throws PortNumberError when the station has no such EVSE (nothing is stored)
 */
export async function recordExternalLimit(
  db: Db,
  connection: ChargerConnection,
  report: ExternalLimitReport,
  receivedAt: string,
): Promise<void> {
  const limit = {
    source: report.source,
    ...(report.isGridCritical !== undefined ? { isGridCritical: report.isGridCritical } : {}),
    siteId: connection.siteId,
    receivedAt,
    ...(report.schedule ? { schedule: report.schedule } : {}),
  };
  if (report.portNumber === undefined) {
    await db.charger.patch({ chargerId: connection.chargerId }).set({ externalChargingLimit: limit }).go();
    return;
  }
  checkPortNumber(report.portNumber);
  try {
    await db.port
      .patch({ chargerId: connection.chargerId, portNumber: report.portNumber })
      .set({ externalChargingLimit: limit })
      .go();
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw new PortNumberError(report.portNumber, 'the station has no such EVSE');
    throw error;
  }
}

/**
 * Removes the external limit of an EVSE or the whole station when it came from `source`; a limit
 * from another source, or none, is left as it is (1 UpdateItem; + 1 GetItem for an EVSE).
 * @throws PortNumberError when the station has no such EVSE
 */
export async function clearExternalLimit(
  db: Db,
  connection: ChargerConnection,
  cleared: { portNumber?: number; source: string },
): Promise<void> {
  const { chargerId } = connection;
  if (cleared.portNumber !== undefined) await existingPort(db, connection, cleared.portNumber);
  const write =
    cleared.portNumber === undefined
      ? db.charger
          .patch({ chargerId })
          .remove(['externalChargingLimit'])
          .where(({ externalChargingLimit }, { eq }) => eq(externalChargingLimit.source, cleared.source))
          .go()
      : db.port
          .patch({ chargerId, portNumber: cleared.portNumber })
          .remove(['externalChargingLimit'])
          .where(({ externalChargingLimit }, { eq }) => eq(externalChargingLimit.source, cleared.source))
          .go();
  try {
    await write;
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}

/** What the vehicle needs (NotifyEVChargingNeeds), in the units sent: A, V, W, Wh, %. */
export interface EvChargingNeedsReport {
  requestedEnergyTransfer: string;
  /** ISO 8601 UTC, in the future. */
  departureTime?: string;
  energyAmountWh?: number;
  minCurrentA?: number;
  maxCurrentA?: number;
  maxVoltageV?: number;
  maxPowerW?: number;
  socPercent?: number;
  evEnergyCapacityWh?: number;
}

/** The first period of the schedule the vehicle chose (NotifyEVChargingSchedule). */
export interface EvChargingScheduleReport {
  /** ISO 8601 UTC. */
  timeBase: string;
  chargingRateUnit: 'A' | 'W';
  /** s from `timeBase`. */
  startPeriod: number;
  limit: number;
  numberPhases?: number;
  periodCount: number;
}

/**
 * Stores the vehicle's needs on the session in progress on the EVSE, with the energy delivered so
 * far (its `energyAmount` counts from now) (1 GetItem + 1 UpdateItem).
 * @returns false when no session is in progress there (the station is answered `Rejected`)
 * @throws PortNumberError when the station has no such EVSE
 */
export async function recordEvChargingNeeds(
  db: Db,
  connection: ChargerConnection,
  portNumber: number,
  needs: EvChargingNeedsReport,
  receivedAt: string,
): Promise<boolean> {
  return setOnSession(db, connection, portNumber, 'evChargingNeeds', (session) => ({
    ...needs,
    deliveredWh: energyDeliveredKwh(session) * 1000,
    siteId: connection.siteId,
    receivedAt,
  }));
}

/**
 * Keeps the schedule the vehicle chose with the session in progress on the EVSE (1 GetItem + 1
 * UpdateItem). It changes no limit: the allocation read shows it from the next allocation on.
 * @returns false when no session is in progress there
 * @throws PortNumberError when the station has no such EVSE
 */
export async function recordEvChargingSchedule(
  db: Db,
  connection: ChargerConnection,
  portNumber: number,
  schedule: EvChargingScheduleReport,
  receivedAt: string,
): Promise<boolean> {
  return setOnSession(db, connection, portNumber, 'evChargingSchedule', () => ({ ...schedule, receivedAt }));
}

type SessionInProgress = NonNullable<PortItem['currentChargingSession']>;

/** Sets a field of the session in progress on a port, if it is still the same session. */
async function setOnSession(
  db: Db,
  connection: ChargerConnection,
  portNumber: number,
  field: 'evChargingNeeds' | 'evChargingSchedule',
  build: (session: SessionInProgress) => object,
): Promise<boolean> {
  const inProgress = (await existingPort(db, connection, portNumber, { readings: true })).currentChargingSession;
  if (!inProgress) return false;
  return conditionHeld(
    db.port
      .patch({ chargerId: connection.chargerId, portNumber })
      .data(({ currentChargingSession }, op) => op.set(currentChargingSession[field], build(inProgress) as never))
      .where(({ currentChargingSession }, { eq }) => eq(currentChargingSession.sessionId, inProgress.sessionId))
      .go(),
  );
}

/**
 * The port of an EVSE the station names (1 GetItem; with its session's readings, 2 in parallel).
 * @throws PortNumberError when it has no such EVSE
 */
async function existingPort(
  db: Db,
  connection: ChargerConnection,
  portNumber: number,
  options: { readings?: boolean } = {},
): Promise<PortItem> {
  checkPortNumber(portNumber);
  const key = { chargerId: connection.chargerId, portNumber };
  const port = options.readings ? await getPortWithReadings(db, key) : (await db.port.get(key).go()).data;
  if (!port) throw new PortNumberError(portNumber, 'the station has no such EVSE');
  return port;
}

/** A ReportChargingProfiles message, in short. */
export interface ChargingProfilesReport {
  requestId: number;
  chargingLimitSource: string;
  evseId: number;
  tbc?: boolean;
  /** How many profiles the report held; `profiles` holds at most {@link MAX_REPORTED_PROFILES}. */
  profileCount: number;
  profiles: {
    id: number;
    stackLevel: number;
    chargingProfilePurpose: string;
    chargingProfileKind: string;
    transactionId?: string;
  }[];
}

/** Profiles kept of one report: the rest are counted. */
export const MAX_REPORTED_PROFILES = 32;

/**
 * Keeps the station's last report of the profiles it holds on the charger (1 UpdateItem; + 1
 * GetItem for an EVSE other than 0, the station).
 * @throws PortNumberError when the station has no such EVSE
 */
export async function recordChargingProfilesReport(
  db: Db,
  connection: ChargerConnection,
  report: ChargingProfilesReport,
  receivedAt: string,
): Promise<void> {
  if (report.evseId !== 0) await existingPort(db, connection, report.evseId);
  const { profiles, ...rest } = report;
  const kept = { ...rest, receivedAt, profiles: profiles.slice(0, MAX_REPORTED_PROFILES) };
  await db.charger.patch({ chargerId: connection.chargerId }).set({ chargingProfilesReport: kept }).go();
}
