/**
 * OCPP 1.6 Core profile, DataTransfer (§4.3) from a charger. One vendor extension is implemented:
 * Plug & Charge as the OCA whitepaper "Using ISO 15118 Plug & Charge with OCPP 1.6" maps it
 * (vendorId `org.openchargealliance.iso15118pnc`: `../plug-and-charge.ts`); every other vendorId is
 * answered `UnknownVendorId` (the spec's answer for that case).
 */
import { ocpp16 } from '../handler';
import * as V16 from '../validators/v16';
import { logger } from '../../logger';
import { answerPlugAndChargeDataTransfer, PNC_VENDOR_ID } from '../plug-and-charge';

/** OCPP 1.6 DataTransfer handler. */
export const dataTransfer = [
  ocpp16(V16.DataTransfer, async (context, payload) => {
    const { vendorId, messageId } = payload;
    logger.info('data transfer', { ocppId: context.connection.ocppId, vendorId, messageId });
    if (vendorId === PNC_VENDOR_ID) return answerPlugAndChargeDataTransfer(context, payload);
    return { status: 'UnknownVendorId' };
  }),
];
