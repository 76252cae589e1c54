/**
 * Remote start and stop (OCPP 1.6 Core §5.11 RemoteStartTransaction, §5.12
 * RemoteStopTransaction; OCPP 2.0.1 functional block F, F01 RequestStartTransaction, F03
 * RequestStopTransaction).
 */
import { defineCommand } from './command';
import type { IdTokenType } from './reservation';

/** Remote start input, version-neutral (spec §4.4). */
export interface RemoteStartInput {
  portNumber: number;
  idTag: string;
  /** 2.0.1 only; default `Central`. */
  idTokenType?: IdTokenType;
  /** 2.0.1 remoteStartId (ours); the session that follows carries it. */
  remoteStartId: number;
}

/** Remote start: 1.6 RemoteStartTransaction (connectorId, idTag); 2.0.1 RequestStartTransaction (evseId, remoteStartId, idToken). Result: Accepted | Rejected. */
export const remoteStart = defineCommand<RemoteStartInput, 'Accepted' | 'Rejected', 'RemoteStartTransaction', 'RequestStartTransaction'>({
  name: 'RemoteStart',
  'ocpp1.6': {
    action: 'RemoteStartTransaction',
    request: (input) => ({ connectorId: input.portNumber, idTag: input.idTag }),
    result: (response) => response.status,
  },
  'ocpp2.0.1': {
    action: 'RequestStartTransaction',
    request: (input) => ({
      evseId: input.portNumber,
      remoteStartId: input.remoteStartId,
      idToken: { idToken: input.idTag, type: input.idTokenType ?? 'Central' },
    }),
    result: (response) => response.status,
  },
});

/** Remote stop input: the OCPP transactionId (1.6: our integer as a string; 2.0.1: the charger's). */
export const remoteStop = defineCommand<{ transactionKey: string }, 'Accepted' | 'Rejected', 'RemoteStopTransaction', 'RequestStopTransaction'>({
  name: 'RemoteStop',
  'ocpp1.6': {
    action: 'RemoteStopTransaction',
    request: ({ transactionKey }) => ({ transactionId: Number(transactionKey) }),
    result: (response) => response.status,
  },
  'ocpp2.0.1': {
    action: 'RequestStopTransaction',
    request: ({ transactionKey }) => ({ transactionId: transactionKey }),
    result: (response) => response.status,
  },
});
