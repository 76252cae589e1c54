/**
 * OCPP 2.0.1 functional block C, Authorization: Authorize (C01) from the one authorization lookup,
 * and with a contract certificate (C07, Plug & Charge: `../plug-and-charge.ts`).
 */
import { ocpp201 } from '../handler';
import * as V201 from '../validators/v201';
import { answerAuthorize } from '../plug-and-charge';

/** OCPP 2.0.1 Authorize handler. */
export const authorization = [ocpp201(V201.Authorize, answerAuthorize)];
