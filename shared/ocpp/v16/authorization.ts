/** OCPP 1.6 Core profile, Authorize (§4.1): the answer comes from the one authorization lookup. */
import { ocpp16 } from '../handler';
import * as V16 from '../validators/v16';
import { authorizeIdTag } from '../../charging';

/** OCPP 1.6 Authorize handler. */
export const authorization = [
  ocpp16(V16.Authorize, async ({ db, connection }, { idTag }) => ({
    idTagInfo: { status: (await authorizeIdTag(db, connection, idTag)).status },
  })),
];
