/** OCPP 2.0.1 functional block C, Authorization: Authorize (C01) from the one authorization lookup. */
import { ocpp201 } from '../handler';
import * as V201 from '../validators/v201';
import { authorizeIdTag } from '../../charging';

/** OCPP 2.0.1 Authorize handler. */
export const authorization = [
  ocpp201(V201.Authorize, async ({ db, connection }, { idToken }) => ({
    idTokenInfo: { status: (await authorizeIdTag(db, connection, idToken.idToken)).status },
  })),
];
