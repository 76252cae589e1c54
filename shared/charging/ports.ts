/**
 * Ports as chargers report them: OCPP StatusNotification (1.6 connectorId N, 2.0.1 evseId N =
 * port number N) and the port a transaction runs on. A connector or EVSE the operator did not
 * register creates its port (OCPP 1.6 §4.9: a charger reports every connector it has).
 */
import type { Db } from '../db';
import { allocateIds } from '../db';
import { portName, type PortItem } from '../chargers/items';
import type { ChargerConnection } from './charger-connection';
import { isConditionalCheckFailure } from '../db/conditions';
import { recordPortStatusChange } from '../history/status-events';

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
export function defaultConnectorType(chargerType: ChargerConnection['chargerType']): 'CCS1' | 'J1772' {
  return chargerType === 'DCFC' ? 'CCS1' : 'J1772';
}

/**
 * Reads a port, creating it when the charger reports a connector/EVSE it was not registered with.
 * Requests: 1 GetItem; +1 UpdateItem (ID) +1 PutItem when created.
 */
export async function ensurePort(db: Db, connection: ChargerConnection, portNumber: number): Promise<PortItem> {
  const { data } = await db.port.get({ chargerId: connection.chargerId, portNumber }).go({ consistent: true });
  if (data) return data;
  const portId = await allocateIds(db, 'port');
  const item = {
    chargerId: connection.chargerId,
    portNumber,
    portId,
    organizationId: connection.organizationId,
    name: portName(portNumber),
    connectorType: defaultConnectorType(connection.chargerType),
    createdAt: new Date().toISOString(),
  };
  try {
    await db.port.create(item).go();
    return item;
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    // Created concurrently by another frame: use that one.
    const { data: existing } = await db.port.get({ chargerId: connection.chargerId, portNumber }).go({ consistent: true });
    return existing!;
  }
}

/**
 * Stores a port's OCPP status unless a newer one is stored already (frames can be handled out of
 * order), and a change of status in the charger's history (`shared/history/status-events.ts`).
 * Requests: 1 UpdateItem (+1 UpdateItem when the status changed); when the port does not exist
 * yet, {@link ensurePort} first.
 */
export async function recordPortStatus(db: Db, connection: ChargerConnection, portNumber: number, status: PortStatus): Promise<void> {
  const ocppStatus = {
    status: status.status,
    timestamp: status.timestamp,
    errorCode: status.errorCode,
    ...(status.vendorErrorCode ? { vendorErrorCode: status.vendorErrorCode } : {}),
    ...(status.info ? { info: status.info } : {}),
  };
  const update = () =>
    db.port
      .patch({ chargerId: connection.chargerId, portNumber })
      .set({ ocppStatus })
      .where(({ ocppStatus: stored }, { notExists, lte }) => `${notExists(stored)} OR ${lte(stored.timestamp, status.timestamp)}`)
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
