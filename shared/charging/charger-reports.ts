/**
 * What a charger reports about itself: BootNotification (manufacturer, model, serial number,
 * firmware), the OCPP 1.6 status of connector 0, and firmware status notifications.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../db';
import { isConditionalCheckFailure } from '../db/conditions';
import type { ChargerConnection } from './charger-connection';
import type { PortStatus } from './ports';

/** Identity a charger states in BootNotification (1.6 chargePointVendor…, 2.0.1 chargingStation.*). */
export interface BootInfo {
  manufacturer: string;
  model: string;
  serialNumber?: string;
  firmwareVersion?: string;
}

/**
 * Stores the boot identity on the charger (1 UpdateItem); absent values leave stored ones. What
 * was learnt about the charger's features is forgotten: its firmware may have changed.
 */
export async function recordBoot(db: Db, connection: ChargerConnection, info: BootInfo, at: string): Promise<void> {
  const set = Object.fromEntries(
    Object.entries({ ...info, lastBootAt: at, updatedAt: at }).filter(([, v]) => v !== undefined),
  );
  await db.charger
    .patch({ chargerId: connection.chargerId })
    .set(set)
    .remove(['reservationSupport', 'smartCharging', 'costUpdatedSupport', 'tariffSupport'])
    .go();
}

/** Stores the status of the charger as a whole (OCPP 1.6 StatusNotification, connectorId 0). */
export async function recordChargerStatus(db: Db, connection: ChargerConnection, status: PortStatus): Promise<void> {
  const report = Object.fromEntries(Object.entries(status).filter(([, v]) => v !== undefined)) as PortStatus;
  await db.charger.patch({ chargerId: connection.chargerId }).set({ chargerOcppStatus: report }).go();
}

/**
 * Stores the last firmware status (FirmwareStatusNotification, both versions) and appends it to the
 * history of the charger's latest firmware request (`firmwareRequest`, written when the request is
 * sent: `shared/charger-operations/firmware-kind.ts`) when the notification is that request's:
 * 2.0.1 names it (`requestId`; a notification without one, such as `Idle`, is no request's), 1.6
 * does not (any notification is the latest request's). Requests: 1 UpdateItem (+1 when the
 * notification is no request's).
 */
export async function recordFirmwareStatus(
  db: Db,
  connection: ChargerConnection,
  status: string,
  at: string,
  requestId?: number,
): Promise<void> {
  const report = { status, timestamp: at };
  // Our requestIds are small integers: any other number is no request of ours (and may not fit DynamoDB's numbers).
  const forRequest = connection.protocol === 'ocpp1.6' || Number.isSafeInteger(requestId);
  if (forRequest) {
    const { Key, TableName } = db.charger.get({ chargerId: connection.chargerId }).params() as {
      Key: object;
      TableName: string;
    };
    try {
      await db.table.client.send(
        new UpdateCommand({
          TableName,
          Key,
          UpdateExpression:
            'SET firmwareStatus = :report, firmwareRequest.history = list_append(firmwareRequest.history, :entry)',
          ConditionExpression:
            requestId === undefined
              ? 'attribute_exists(firmwareRequest.history)'
              : 'attribute_exists(firmwareRequest.history) AND firmwareRequest.requestId = :requestId',
          ExpressionAttributeValues: {
            ':report': report,
            ':entry': [{ status, at }],
            ...(requestId === undefined ? {} : { ':requestId': requestId }),
          },
        }),
      );
      return;
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
    }
  }
  await db.charger.patch({ chargerId: connection.chargerId }).set({ firmwareStatus: report }).go();
}
