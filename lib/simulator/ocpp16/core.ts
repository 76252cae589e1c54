/**
 * OCPP 1.6 Core feature profile commands the charge point answers (§5): remote start and stop,
 * Reset, ChangeAvailability, UnlockConnector, ClearCache, DataTransfer. Configuration is
 * `configuration.ts`.
 *
 * @module
 */
import type { Commands, Context16 } from './messages';
import { acceptRemoteStartProfile } from './smart-charging';

/** RemoteStartTransaction (§5.11) and RemoteStopTransaction (§5.12). */
function remoteControl({ station }: Context16): Commands {
  return {
    RemoteStartTransaction: {
      answer: (req) => {
        const connectorId = req.connectorId ?? station.defaultConnectorId;
        const refusal = station.cannotStart(connectorId, req.idTag);
        if (refusal) {
          station.log('warn', `RemoteStartTransaction rejected: ${refusal}`);
          return { status: 'Rejected' };
        }
        if (req.chargingProfile && !acceptRemoteStartProfile(station, connectorId, req.chargingProfile)) {
          return { status: 'Rejected' };
        }
        station.afterReply(`remote start on connector ${connectorId}`, () =>
          station.startSession(connectorId, { idTag: req.idTag, trigger: 'Remote' }),
        );
        return { status: 'Accepted' };
      },
      refuse: () => ({ status: 'Rejected' }),
    },

    RemoteStopTransaction: {
      answer: (req) => ({ status: station.remoteStop(req.transactionId) }),
      refuse: () => ({ status: 'Rejected' }),
    },
  };
}

/** Reset (§5.14), ChangeAvailability (§5.2), UnlockConnector (§5.18), ClearCache, DataTransfer. */
function operations({ station }: Context16): Commands {
  const cp = station.chargePoint;
  return {
    Reset: {
      answer: (req) => {
        station.reset(req.type === 'Hard' ? 'HardReset' : 'SoftReset');
        return { status: 'Accepted' };
      },
      refuse: () => ({ status: 'Rejected' }),
    },

    ChangeAvailability: {
      answer: (req) => ({
        status: station.changeAvailability(
          req.connectorId === 0 ? undefined : req.connectorId,
          req.type === 'Operative',
        ),
      }),
      refuse: () => ({ status: 'Rejected' }),
    },

    UnlockConnector: {
      answer: (req) => {
        if (!cp.hasConnector(req.connectorId)) return { status: 'NotSupported' };
        if (cp.connector(req.connectorId).session?.state === 'charging') {
          station.afterReply(`unlock of connector ${req.connectorId}`, () =>
            station.stopSession(req.connectorId, 'UnlockCommand'),
          );
        }
        return { status: 'Unlocked' };
      },
      refuse: () => ({ status: 'UnlockFailed' }),
    },

    ClearCache: {
      answer: () => ({ status: 'Accepted' }),
      refuse: () => ({ status: 'Rejected' }),
    },

    DataTransfer: {
      answer: () => ({ status: 'UnknownVendorId' }),
      refuse: () => ({ status: 'Rejected' }),
    },
  };
}

/** The Core commands except configuration. */
export function coreCommands(context: Context16): Commands {
  return { ...remoteControl(context), ...operations(context) };
}
