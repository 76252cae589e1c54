/**
 * Ports as chargers report them: OCPP StatusNotification (1.6 connectorId N, 2.0.1 evseId N =
 * port number N) and the port a transaction runs on. A connector or EVSE the operator did not
 * register creates its port (OCPP 1.6 §4.9: a charger reports every connector it has), within a
 * bound: port numbers start at 1, and a charger may add at most {@link MAX_REPORTED_PORTS} beyond
 * the number of ports it was registered with (a faulty charger must not create thousands).
 */
import type { Db } from '../db';
import { allocateIds, transact } from '../db';
import { portName, type StoredPortItem } from '../chargers/items';
import type { ChargerConnection } from './charger-connection';
import { isConditionalCheckFailure } from '../db/conditions';
import { logger } from '../logger';
import { latestChargerTime } from './charger-time';
import { PortNumberError } from './errors';
import { recordPortStatusChange } from '../history/status-events';

/** How many port numbers beyond its registered ports a charger may report (each creates a port): 8. */
const MAX_REPORTED_PORTS = 8;

/** A port status report (spec §2.3 `ocppStatus`). */
export interface PortStatus {
  /** OCPP status (1.6 ChargePointStatus / 2.0.1 ConnectorStatusEnumType), e.g. Available, Charging. */
  status: string;
  /** ISO 8601 UTC. */
  timestamp: string;
  /** OCPP 1.6 ChargePointErrorCode; `NoError` for 2.0.1. */
  errorCode: string;
  vendorErrorCode?: string;
  info?: string;
}

/** Connector type assumed for a port created from a charger's report: CCS1 on DCFC, J1772 on Level 2. */
function defaultConnectorType(chargerType: ChargerConnection['chargerType']): 'CCS1' | 'J1772' {
  return chargerType === 'DCFC' ? 'CCS1' : 'J1772';
}

/**
 * Checks that a connector/EVSE number can be a port at all: an integer from 1 (pure, no request).
 * @throws PortNumberError when it is not
 */
export function checkPortNumber(portNumber: number): void {
  if (!Number.isSafeInteger(portNumber) || portNumber < 1) throw new PortNumberError(portNumber, 'must be 1 or more');
}

/**
 * Checks a port number the charger reports for the first time against the bound: at most
 * {@link MAX_REPORTED_PORTS} beyond the number of ports registered by the operator (ports the
 * charger added do not count). Requests: 1 Query (the charger's ports).
 * @throws PortNumberError beyond the bound
 */
async function checkNewPortNumber(db: Db, connection: ChargerConnection, portNumber: number): Promise<void> {
  checkPortNumber(portNumber);
  const { data } = await db.port.query.primary({ chargerId: connection.chargerId }).go({ pages: 'all' });
  const registered = data.filter((port) => !port.reportedByCharger).length;
  if (portNumber > registered + MAX_REPORTED_PORTS) {
    logger.warn('charger reported an impossible connector/EVSE', {
      ocppId: connection.ocppId,
      portNumber,
      registered,
    });
    throw new PortNumberError(
      portNumber,
      `the charger has ${registered} registered ports; at most ${registered + MAX_REPORTED_PORTS} is accepted`,
    );
  }
}

/**
 * Reads a port (without its session's readings), creating it when the charger reports a
 * connector/EVSE it was not registered with (logged, marked `reportedByCharger`).
 * Requests: 1 GetItem; +1 Query, +1 UpdateItem (ID), +1 TransactWriteItems (the port and its
 * location by ID) when created.
 * @throws PortNumberError for a number that cannot be a port of the charger (nothing is stored)
 * @throws Error when the port could neither be created nor read (its transaction refused otherwise)
 */
export async function ensurePort(db: Db, connection: ChargerConnection, portNumber: number): Promise<StoredPortItem> {
  checkPortNumber(portNumber);
  const { data } = await db.port.get({ chargerId: connection.chargerId, portNumber }).go({ consistent: true });
  if (data) return data;
  await checkNewPortNumber(db, connection, portNumber);
  const portId = await allocateIds(db, 'port');
  const item = {
    chargerId: connection.chargerId,
    portNumber,
    portId,
    organizationId: connection.organizationId,
    name: portName(portNumber),
    connectorType: defaultConnectorType(connection.chargerType),
    reportedByCharger: true,
    createdAt: new Date().toISOString(),
  };
  const outcome = await transact(db, (e) => ({
    port: e.port.create(item).commit(),
    location: e.portLocation.create({ portId, chargerId: connection.chargerId, portNumber }).commit(),
  }));
  if (outcome.ok) {
    logger.warn('charger reported a connector/EVSE it was not registered with: port created', {
      ocppId: connection.ocppId,
      portNumber,
      portId,
    });
    return item;
  }
  // Only the port can already exist (its location's key is a fresh ID): created concurrently by
  // another frame, so use that one.
  if (!outcome.failed('port')) throw new Error(`port ${portId} not stored: ${outcome.failedLabels.join(', ')}`);
  const { data: existing } = await db.port
    .get({ chargerId: connection.chargerId, portNumber })
    .go({ consistent: true });
  if (!existing) throw new Error(`port ${portNumber} of charger ${connection.chargerId} neither created nor found`);
  return existing;
}

/**
 * Stores a port's OCPP status unless a newer one is stored already (frames can be handled out of
 * order); a stored time beyond the allowed clock skew (stored before times were clamped) never
 * wins. `status.timestamp` must come from `chargerTime`. A change of status goes to the charger's
 * history (`shared/history/status-events.ts`). Requests: 1 UpdateItem (+1 UpdateItem when the
 * status changed); when the port does not exist yet, {@link ensurePort} first.
 * @throws PortNumberError for a number that cannot be a port of the charger (nothing is stored)
 */
export async function recordPortStatus(
  db: Db,
  connection: ChargerConnection,
  portNumber: number,
  status: PortStatus,
): Promise<void> {
  const ocppStatus = {
    status: status.status,
    timestamp: status.timestamp,
    errorCode: status.errorCode,
    ...(status.vendorErrorCode ? { vendorErrorCode: status.vendorErrorCode } : {}),
    ...(status.info ? { info: status.info } : {}),
  };
  checkPortNumber(portNumber);
  const latest = latestChargerTime();
  const update = () =>
    db.port
      .patch({ chargerId: connection.chargerId, portNumber })
      .set({ ocppStatus })
      .where(
        ({ ocppStatus: stored }, { notExists, lte, gt }) =>
          `${notExists(stored)} OR ${lte(stored.timestamp, status.timestamp)} OR ${gt(stored.timestamp, latest)}`,
      )
      .go({ response: 'all_old' })
      .then(({ data }) => recordPortStatusChange(db, connection, portNumber, ocppStatus, data?.ocppStatus));
  try {
    await update();
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    const { data } = await db.port.get({ chargerId: connection.chargerId, portNumber }).go({ consistent: true });
    if (data) return; // a newer status is stored
    await ensurePort(db, connection, portNumber);
    await update().catch((e: unknown) => {
      if (!isConditionalCheckFailure(e)) throw e;
    });
  }
}
