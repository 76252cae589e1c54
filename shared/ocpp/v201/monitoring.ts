/**
 * OCPP 2.0.1 functional block N, Monitoring (docs/monitoring.md): NotifyMonitoringReport (N02),
 * each page stored and a complete report assembled into the charger's monitors
 * (`shared/charger-configuration/monitoring-report.ts`). The monitors' events (NotifyEvent N07) are
 * in `diagnostics.ts`.
 */
import { ocpp201 } from '../handler';
import * as V201 from '../validators/v201';
import { logger } from '../../logger';
import { recordMonitoringReportPage } from '../../charger-configuration';

/** OCPP 2.0.1 NotifyMonitoringReport handler. */
export const monitoring = [
  ocpp201(V201.NotifyMonitoringReport, async ({ db, connection, receivedAt }, page) => {
    const { assembled } = await recordMonitoringReportPage(db, connection.chargerId, page, receivedAt);
    const { requestId, seqNo, tbc, monitor } = page;
    logger.info('monitoring report', {
      ocppId: connection.ocppId,
      requestId,
      seqNo,
      tbc,
      items: monitor?.length ?? 0,
      assembled,
    });
    return {};
  }),
];
