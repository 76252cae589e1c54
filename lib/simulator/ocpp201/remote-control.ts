/**
 * OCPP 2.0.1 remote control (F) and availability (G) commands: RequestStartTransaction (F01),
 * RequestStopTransaction (F03), TriggerMessage (F06), UnlockConnector (F05), Reset (B11/B12),
 * ChangeAvailability (G03).
 *
 * @module
 */
import type * as V201 from '../../../shared/ocpp/types/v201';
import { meterValue, type Commands, type Context201 } from './messages';
import { acceptRemoteStartProfile } from './smart-charging';

const connectorOf = (evse: { id: number } | undefined): number | undefined =>
  evse && evse.id !== 0 ? evse.id : undefined;

/** RequestStartTransaction and RequestStopTransaction. */
function remoteTransactions({ station }: Context201): Commands {
  return {
    RequestStartTransaction: {
      answer: (req) => {
        const evseId = req.evseId ?? station.defaultConnectorId;
        const refusal = station.cannotStart(evseId, req.idToken.idToken);
        if (refusal) {
          station.log('warn', `RequestStartTransaction rejected: ${refusal}`);
          return { status: 'Rejected' };
        }
        if (req.chargingProfile && !acceptRemoteStartProfile(station, evseId, req.chargingProfile))
          return { status: 'Rejected' };
        station.afterReply(`remote start on EVSE ${evseId}`, () =>
          station.startSession(evseId, {
            idTag: req.idToken.idToken,
            idTokenType: req.idToken.type,
            trigger: 'Remote',
            remoteStartId: req.remoteStartId,
          }),
        );
        return { status: 'Accepted' };
      },
      refuse: () => ({ status: 'Rejected' }),
    },

    RequestStopTransaction: {
      answer: (req) => ({ status: station.remoteStop(req.transactionId) }),
      refuse: () => ({ status: 'Rejected' }),
    },
  };
}

/** What TriggerMessage sends after the reply; undefined: NotImplemented, null: Rejected. */
function triggered(
  { station, messages }: Context201,
  requested: V201.MessageTriggerEnumType,
  evseId: number | undefined,
): (() => Promise<unknown>) | undefined | null {
  const cp = station.chargePoint;
  const targets = evseId === undefined ? cp.connectors.map((c) => c.id) : [evseId];
  switch (requested) {
    case 'BootNotification':
      return () => messages.bootNotification('Triggered');
    case 'Heartbeat':
      return () => messages.call('Heartbeat', {});
    case 'StatusNotification':
      return () => (evseId === undefined ? messages.allStatuses() : messages.statusNotification(evseId, true));
    case 'FirmwareStatusNotification':
      return () => messages.call('FirmwareStatusNotification', { status: 'Idle' });
    case 'LogStatusNotification':
      return () => messages.call('LogStatusNotification', { status: 'Idle' });
    case 'MeterValues':
      return async () => {
        for (const id of targets) {
          const idle = cp.connector(id).session === undefined;
          await messages.call('MeterValues', {
            evseId: id,
            meterValue: [meterValue(station.sample(id), 'Trigger', idle)],
          });
        }
      };
    case 'TransactionEvent': {
      const charging = targets.filter((id) => cp.connector(id).session?.state === 'charging');
      if (evseId !== undefined && charging.length === 0) return null;
      return async () => {
        for (const id of charging) {
          const session = cp.connector(id).session;
          const update = {
            eventType: 'Updated',
            triggerReason: 'Trigger',
            sample: station.sample(id),
            context: 'Trigger',
          } as const;
          if (session) await messages.transactionEvent(id, session, update);
        }
      };
    }
    default:
      return undefined;
  }
}

/** TriggerMessage, UnlockConnector, Reset and ChangeAvailability. */
function operations(context: Context201): Commands {
  const { station } = context;
  const cp = station.chargePoint;
  return {
    TriggerMessage: {
      answer: (req) => {
        const evseId = connectorOf(req.evse);
        if (evseId !== undefined && !cp.hasConnector(evseId)) return { status: 'Rejected' };
        const send = triggered(context, req.requestedMessage, evseId);
        if (send === null) return { status: 'Rejected' };
        if (send === undefined) return { status: 'NotImplemented' };
        station.afterReply(`triggered ${req.requestedMessage}`, send);
        return { status: 'Accepted' };
      },
      refuse: () => ({ status: 'Rejected' }),
    },

    UnlockConnector: {
      answer: (req) => {
        if (!cp.hasConnector(req.evseId) || req.connectorId !== 1) return { status: 'UnknownConnector' };
        if (cp.connector(req.evseId).session) return { status: 'OngoingAuthorizedTransaction' };
        return { status: 'Unlocked' };
      },
      refuse: () => ({ status: 'UnlockFailed' }),
    },

    Reset: {
      answer: (req) => {
        if (req.evseId !== undefined && !cp.hasConnector(req.evseId)) return { status: 'Rejected' };
        const now = station.reset('HardReset', { whenIdle: req.type === 'OnIdle' });
        return { status: now ? 'Accepted' : 'Scheduled' };
      },
      refuse: () => ({ status: 'Rejected' }),
    },

    ChangeAvailability: {
      answer: (req) => ({
        status: station.changeAvailability(connectorOf(req.evse), req.operationalStatus === 'Operative'),
      }),
      refuse: () => ({ status: 'Rejected' }),
    },
  };
}

/** The remote control and availability commands. */
export function remoteControlCommands(context: Context201): Commands {
  return { ...remoteTransactions(context), ...operations(context) };
}
