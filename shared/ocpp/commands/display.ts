/**
 * The display-message commands (OCPP 2.0.1 functional block O, docs/charger-operations.md,
 * "Display messages"): O01 SetDisplayMessage, O03/O04 GetDisplayMessages and O05
 * ClearDisplayMessage. OCPP 1.6 has none:
 * declared for 2.0.1 only, a 1.6 charger answers NotSupported without a CALL.
 */
import type { DisplayMessage, GetDisplayMessagesInput, OperationAnswer } from '../../charger-operations';
import { defineCommand201 } from './command';
import * as V201 from '../validators/v201';

/** The answer of a response with a `status`. */
const answerOf = (response: { status: string }): OperationAnswer => ({
  ocppStatus: response.status,
  answer: response as unknown as Record<string, unknown>,
});

/**
 * SetDisplayMessage (O01): `{ message: { id, priority, state?, startDateTime?, endDateTime?,
 * transactionId?, message: { format, language?, content } } }`, answered Accepted,
 * NotSupportedMessageFormat, Rejected, NotSupportedPriority, NotSupportedState or UnknownTransaction.
 */
export const setDisplayMessage = defineCommand201<DisplayMessage, OperationAnswer, 'SetDisplayMessage'>({
  name: 'SetDisplayMessage',
  'ocpp2.0.1': {
    call: V201.SetDisplayMessage,
    request: (message) => ({ message }),
    result: answerOf,
  },
});

/** ClearDisplayMessage (O05): `{ id }`, answered Accepted or Unknown. */
export const clearDisplayMessage = defineCommand201<{ id: number }, OperationAnswer, 'ClearDisplayMessage'>({
  name: 'ClearDisplayMessage',
  'ocpp2.0.1': {
    call: V201.ClearDisplayMessage,
    request: ({ id }) => ({ id }),
    result: answerOf,
  },
});

/**
 * GetDisplayMessages (O03/O04): `{ requestId, id?, priority?, state? }` (a filter only when given),
 * answered Accepted (NotifyDisplayMessages pages follow) or Unknown (nothing matches).
 */
export const getDisplayMessages = defineCommand201<GetDisplayMessagesInput, OperationAnswer, 'GetDisplayMessages'>({
  name: 'GetDisplayMessages',
  'ocpp2.0.1': {
    call: V201.GetDisplayMessages,
    request: ({ requestId, id, priority, state }) => ({
      requestId,
      ...(id === undefined ? {} : { id: id as [number, ...number[]] }),
      ...(priority === undefined ? {} : { priority }),
      ...(state === undefined ? {} : { state }),
    }),
    result: answerOf,
  },
});
