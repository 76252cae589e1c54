/**
 * The `getTransactionStatus` operation kind (docs/charger-operations.md, "Transaction status"): OCPP
 * 2.0.1 E14 GetTransactionStatus, asking a station whether it still holds transaction-related
 * messages it has not delivered (of the transactionId given, else of any) and whether that
 * transaction is still ongoing there. A read answered at once: the result is `accepted` with
 * `transactionStatus { messagesInQueue, ongoingIndicator? }`; CALLERROR NotSupported/NotImplemented
 * is `notSupported`. OCPP 1.6 has no such message: a 1.6 charger's result is `notSupported`, nothing
 * sent. It never settles later, so it stays out of `SETTLING_KINDS`.
 */
import type { OperationInput } from './inputs';
import { outcomeOf, type OperationKind } from './kinds';

/** GetTransactionStatus for each target, with the body's `transactionId` when given. */
export const getTransactionStatus: OperationKind<OperationInput<'getTransactionStatus'>> = {
  action: 'getTransactionStatus',
  async perform({ commands, request, target }) {
    const answer = await commands.send(
      target.chargerId,
      'GetTransactionStatus',
      request.transactionId === undefined ? {} : { transactionId: request.transactionId },
    );
    if (!answer.ok) return outcomeOf(answer);
    const { messagesInQueue, ongoingIndicator, answer: payload } = answer.result;
    return {
      status: 'accepted',
      answer: payload,
      transactionStatus: { messagesInQueue, ...(ongoingIndicator === undefined ? {} : { ongoingIndicator }) },
    };
  },
};
