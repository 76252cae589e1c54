/**
 * OCPP 2.0.1 adapter of the simulator: provisioning (B), authorization (C), local authorization
 * list (D), transactions (E), remote control (F), availability (G), reservation (H) and smart
 * charging (K) messages a charging station sends and answers, one module per concern.
 *
 * @module
 */
import { randomUUID } from 'node:crypto';
import type { MeterSample, Session } from '../charge-point';
import type {
  AuthorizationResult,
  CommandTable,
  ProtocolAdapter,
  StartRequest,
  StationApi,
  StopReason,
} from '../protocol';
import { isoNow } from '../protocol';
import { deviceModelCommands } from './device-model';
import { managementCommands } from './management';
import { firmwareUpdateCommands } from './firmware';
import {
  createMessages,
  idTokenOf,
  meterValue,
  type Context201,
  type StoppedReason,
  type TriggerReason,
} from './messages';
import { remoteControlCommands } from './remote-control';
import { notifyChargingNeeds, smartChargingCommands } from './smart-charging';

/** Maps a neutral stop reason to TransactionEvent `triggerReason` and `stoppedReason` (E06, E07…). */
const STOP_REASONS: Record<StopReason, [TriggerReason, StoppedReason]> = {
  Local: ['StopAuthorized', 'Local'],
  Remote: ['RemoteStop', 'Remote'],
  DeAuthorized: ['Deauthorized', 'DeAuthorized'],
  HardReset: ['ResetCommand', 'ImmediateReset'],
  SoftReset: ['ResetCommand', 'ImmediateReset'],
  UnlockCommand: ['UnlockCommand', 'Other'],
  Other: ['AbnormalCondition', 'Other'],
};

/** TransactionEvent Started (then, with `--iso15118`, NotifyEVChargingNeeds). */
async function startTransaction(
  { station, messages }: Context201,
  evseId: number,
  session: Session,
  request: StartRequest,
): Promise<AuthorizationResult> {
  const idToken = idTokenOf(request);
  const transactionId = randomUUID();
  session.transactionId = transactionId;
  messages.transactions.set(evseId, { seqNo: 0, idToken });
  const response = await messages.call('TransactionEvent', {
    eventType: 'Started',
    timestamp: isoNow(session.startedAt),
    triggerReason: request.trigger === 'Remote' ? 'RemoteStart' : 'Authorized',
    seqNo: 0,
    transactionInfo: {
      transactionId,
      chargingState: 'Charging',
      ...(session.remoteStartId === undefined ? {} : { remoteStartId: session.remoteStartId }),
    },
    evse: { id: evseId, connectorId: 1 },
    idToken,
    meterValue: [meterValue(session.lastSample, 'Transaction.Begin', true)],
    ...(session.reservationId === undefined ? {} : { reservationId: session.reservationId }),
  });
  const status = response.idTokenInfo?.status ?? 'Accepted';
  if (status === 'Accepted' && station.iso15118) await notifyChargingNeeds(station, messages, evseId, session, request);
  return { accepted: status === 'Accepted', status };
}

/** Authorize, TransactionEvent Started/Updated/Ended. */
function transactionMessages(
  context: Context201,
): Pick<ProtocolAdapter, 'authorize' | 'startTransaction' | 'meterValues' | 'stopTransaction'> {
  const { messages } = context;
  return {
    authorize: async (request: StartRequest): Promise<AuthorizationResult> => {
      const response = await messages.call('Authorize', { idToken: idTokenOf(request) });
      return { accepted: response.idTokenInfo.status === 'Accepted', status: response.idTokenInfo.status };
    },

    startTransaction: (evseId, session, request) => startTransaction(context, evseId, session, request),

    meterValues: async (evseId: number, session: Session, sample: MeterSample) => {
      await messages.transactionEvent(evseId, session, {
        eventType: 'Updated',
        triggerReason: 'MeterValuePeriodic',
        sample,
        context: 'Sample.Periodic',
      });
    },

    stopTransaction: async (evseId: number, session: Session, sample: MeterSample, reason: StopReason) => {
      const [triggerReason, stoppedReason] = STOP_REASONS[reason];
      try {
        await messages.transactionEvent(evseId, session, {
          eventType: 'Ended',
          triggerReason,
          sample,
          context: 'Transaction.End',
          stoppedReason,
        });
      } finally {
        messages.transactions.delete(evseId);
      }
    },
  };
}

/**
 * Creates the OCPP 2.0.1 adapter; with `protocol` `ocpp2.1`, a 2.1 charger that sends and answers
 * what a 2.0.1 one does (every 2.0.1 message it sends is a valid 2.1 one).
 *
 * Session flow: StatusNotification Occupied → Authorize → TransactionEvent Started (triggerReason
 * Authorized, or RemoteStart with `remoteStartId`; seqNo 0; a UUID transactionId) →
 * TransactionEvent Updated every interval (MeterValuePeriodic) → TransactionEvent Ended →
 * StatusNotification Available.
 */
export function createOcpp201Adapter(
  station: StationApi,
  protocol: 'ocpp2.0.1' | 'ocpp2.1' = 'ocpp2.0.1',
): ProtocolAdapter {
  const messages = createMessages(station);
  const context: Context201 = { station, messages };
  const commands = {
    ...remoteControlCommands(context),
    ...deviceModelCommands(station),
    ...managementCommands(context),
    ...smartChargingCommands(context),
    ...firmwareUpdateCommands(context),
  };
  return {
    protocol,
    commands: commands as CommandTable,
    bootNotification: (reason) => messages.bootNotification(reason),
    allStatuses: () => messages.allStatuses(),
    // EVSE 0 (the whole station) has no StatusNotification in 2.0.1.
    statusChanged: async (evseId) => (evseId === 0 ? undefined : messages.statusNotification(evseId, false)),
    heartbeat: async () => void (await messages.call('Heartbeat', {})),
    ...transactionMessages(context),
    reservationExpired: async (reservation) => {
      await messages.call('ReservationStatusUpdate', {
        reservationId: reservation.reservationId,
        reservationUpdateStatus: 'Expired',
      });
    },
  };
}
