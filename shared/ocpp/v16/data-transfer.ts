/**
 * OCPP 1.6 Core profile, DataTransfer (§4.3) from a charger. No vendor extension is implemented,
 * so every vendorId is answered `UnknownVendorId` (the spec's answer for that case).
 */
import { ocpp16 } from '../handler';
import * as V16 from '../validators/v16';
import { logger } from '../../logger';

/** OCPP 1.6 DataTransfer handler. */
export const dataTransfer = [
  ocpp16(V16.DataTransfer, async ({ connection }, { vendorId, messageId }) => {
    logger.info('data transfer', { ocppId: connection.ocppId, vendorId, messageId });
    return { status: 'UnknownVendorId' };
  }),
];
