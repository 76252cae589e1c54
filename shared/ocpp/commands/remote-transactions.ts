/**
 * Remote start and stop (OCPP 1.6 Core §5.11 RemoteStartTransaction, §5.12
 * RemoteStopTransaction; OCPP 2.0.1 functional block F, F01 RequestStartTransaction, F03
 * RequestStopTransaction).
 */
import type { RemoteStartInput } from '../../charging';
import type { IdTokenEnumType } from '../types/v201';
import { defineCommand } from './command';
import * as V16 from '../validators/v16';
import * as V201 from '../validators/v201';

/**
 * Remote start: 1.6 RemoteStartTransaction (connectorId, idTag); 2.0.1 RequestStartTransaction
 * (evseId, remoteStartId, idToken). Result: Accepted | Rejected.
 */
export const remoteStart = defineCommand<
  RemoteStartInput,
  'Accepted' | 'Rejected',
  'RemoteStartTransaction',
  'RequestStartTransaction'
>({
  name: 'RemoteStart',
  'ocpp1.6': {
    call: V16.RemoteStartTransaction,
    request: (input) => ({ connectorId: input.portNumber, idTag: input.idTag }),
    result: (response) => response.status,
  },
  'ocpp2.0.1': {
    call: V201.RequestStartTransaction,
    request: (input) => ({
      evseId: input.portNumber,
      remoteStartId: input.remoteStartId,
      idToken: { idToken: input.idTag, type: (input.idTokenType ?? 'Central') as IdTokenEnumType },
    }),
    result: (response) => response.status,
  },
});

/** Remote stop input: the OCPP transactionId (1.6: our integer as a string; 2.0.1: the charger's). */
export const remoteStop = defineCommand<
  { ocppTransactionId: string },
  'Accepted' | 'Rejected',
  'RemoteStopTransaction',
  'RequestStopTransaction'
>({
  name: 'RemoteStop',
  'ocpp1.6': {
    call: V16.RemoteStopTransaction,
    request: ({ ocppTransactionId }) => ({ transactionId: Number(ocppTransactionId) }),
    result: (response) => response.status,
  },
  'ocpp2.0.1': {
    call: V201.RequestStopTransaction,
    request: ({ ocppTransactionId }) => ({ transactionId: ocppTransactionId }),
    result: (response) => response.status,
  },
});
