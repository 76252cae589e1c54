/**
 * OCPP 2.0.1 functional block B, Provisioning: BootNotification (B01), Heartbeat (G02 is the
 * Availability use case, its message lives here with boot), NotifyReport (B07/B08: the pages of a
 * report, assembled into the charger's device model by `shared/charger-configuration/store.ts`).
 */
import { ocpp201 } from '../handler';
import * as V201 from '../validators/v201';
import { recordBoot } from '../../charging';
import { HEARTBEAT_INTERVAL_SECONDS } from '../connection';
import { logger } from '../../logger';
import { recordReportPage } from '../../charger-configuration';

/** OCPP 2.0.1 BootNotification, Heartbeat and NotifyReport handlers. */
export const provisioning = [
  ocpp201(V201.BootNotification, async ({ db, connection, receivedAt }, { chargingStation, reason }) => {
    await recordBoot(
      db,
      connection,
      {
        manufacturer: chargingStation.vendorName,
        model: chargingStation.model,
        serialNumber: chargingStation.serialNumber,
        firmwareVersion: chargingStation.firmwareVersion,
      },
      receivedAt,
    );
    logger.info('boot', { ocppId: connection.ocppId, reason });
    return { status: 'Accepted', currentTime: receivedAt, interval: HEARTBEAT_INTERVAL_SECONDS };
  }),
  ocpp201(V201.Heartbeat, async ({ receivedAt }) => ({ currentTime: receivedAt })),
  // B07/B08: each page is stored; the page that completes the report assembles the device model.
  ocpp201(V201.NotifyReport, async ({ db, connection, receivedAt }, page) => {
    const { assembled } = await recordReportPage(db, connection.chargerId, page, receivedAt);
    const { requestId, seqNo, tbc, reportData } = page;
    logger.info('report', {
      ocppId: connection.ocppId,
      requestId,
      seqNo,
      tbc,
      items: reportData?.length ?? 0,
      assembled,
    });
    return {};
  }),
];
