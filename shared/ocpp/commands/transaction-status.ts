/**
 * GetTransactionStatus (OCPP 2.0.1 E14): whether a charging station still holds transaction-related
 * messages it has not delivered (`messagesInQueue`, for the transaction named, or for any when none
 * is) and, for a named transaction, whether it is still ongoing there (`ongoingIndicator`). OCPP 1.6
 * has no such message: a 1.6 charger answers NotSupported without a CALL. One declaration for what
 * sends it: the charger operation an operator asks for (`CHARGER_OPERATION_COMMANDS`).
 */
import type { TransactionStatusAnswer, TransactionStatusInput } from '../../charger-operations';
import { defineCommand201 } from './command';
import * as V201 from '../validators/v201';

/** GetTransactionStatus (2.0.1 E14): `{ transactionId? }`, answered `{ ongoingIndicator?, messagesInQueue }`. */
export const getTransactionStatus = defineCommand201<
  TransactionStatusInput,
  TransactionStatusAnswer,
  'GetTransactionStatus'
>({
  name: 'GetTransactionStatus',
  'ocpp2.0.1': {
    call: V201.GetTransactionStatus,
    request: ({ transactionId }) => (transactionId === undefined ? {} : { transactionId }),
    result: (response) => ({
      messagesInQueue: response.messagesInQueue,
      ...(response.ongoingIndicator === undefined ? {} : { ongoingIndicator: response.ongoingIndicator }),
      answer: response as unknown as Record<string, unknown>,
    }),
  },
});
