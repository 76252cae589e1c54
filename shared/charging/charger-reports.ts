/**
 * What a charger reports about itself: BootNotification (manufacturer, model, serial number,
 * firmware), the OCPP 1.6 status of connector 0, and firmware status notifications.
 */
import type { Db } from '../db';
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
    .remove(['reservationSupport', 'smartCharging'])
    .go();
}

/** Stores the status of the charger as a whole (OCPP 1.6 StatusNotification, connectorId 0). */
export async function recordChargerStatus(db: Db, connection: ChargerConnection, status: PortStatus): Promise<void> {
  const report = Object.fromEntries(Object.entries(status).filter(([, v]) => v !== undefined)) as PortStatus;
  await db.charger.patch({ chargerId: connection.chargerId }).set({ chargerOcppStatus: report }).go();
}

/** Stores the last firmware status (FirmwareStatusNotification, both versions). */
export async function recordFirmwareStatus(
  db: Db,
  connection: ChargerConnection,
  status: string,
  at: string,
): Promise<void> {
  await db.charger
    .patch({ chargerId: connection.chargerId })
    .set({ firmwareStatus: { status, timestamp: at } })
    .go();
}
