/**
 * OCPP 2.0.1 functional block P, DataTransfer (P01) from a station. No vendor extension is
 * implemented, so every vendorId is answered `UnknownVendorId`.
 */
import { ocpp201 } from '../handler';
import * as V201 from '../validators/v201';
import { logger } from '../../logger';

/** OCPP 2.0.1 DataTransfer handler. */
export const dataTransfer = [
  ocpp201(V201.DataTransfer, async ({ connection }, { vendorId, messageId }) => {
    logger.info('data transfer', { ocppId: connection.ocppId, vendorId, messageId });
    return { status: 'UnknownVendorId' };
  }),
];
