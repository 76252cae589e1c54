/**
 * OCPP 2.0.1 functional block O, Display Message: NotifyDisplayMessages (O03/O04), each page's
 * messages recorded on the display-messages request it names
 * (`shared/charger-operations/display-report.ts`). A page of no request of ours is answered and
 * changes nothing.
 */
import { ocpp201 } from '../handler';
import * as V201 from '../validators/v201';
import { recordDisplayMessagesPage, type ReportedDisplayMessage } from '../../charger-operations';
import type { MessageInfoType } from '../types/v201';

/** A reported message, version-neutral: MessageInfoType without `customData`, absent fields left out. */
export function reportedMessageOf(info: MessageInfoType): ReportedDisplayMessage {
  const { customData: _data, display, message, ...rest } = info;
  const { customData: _content, ...content } = message;
  const shown = display && {
    name: display.name,
    ...(display.instance === undefined ? {} : { instance: display.instance }),
    ...(display.evse === undefined
      ? {}
      : {
          evse: {
            id: display.evse.id,
            ...(display.evse.connectorId === undefined ? {} : { connectorId: display.evse.connectorId }),
          },
        }),
  };
  return { ...rest, message: content, ...(shown ? { display: shown } : {}) };
}

/** OCPP 2.0.1 NotifyDisplayMessages handler. */
export const display = [
  ocpp201(V201.NotifyDisplayMessages, async ({ db, connection }, { requestId, tbc, messageInfo }) => {
    // tbc's default is false (O03): a page without it is the last.
    await recordDisplayMessagesPage(db, connection.chargerId, {
      requestId,
      tbc: tbc ?? false,
      messages: (messageInfo ?? []).map(reportedMessageOf),
    });
    return {};
  }),
];
