/**
 * OCPP 1.6 RemoteTrigger (§5.17 TriggerMessage), LocalAuthListManagement (§5.10, §5.15) and
 * FirmwareManagement (§5.9, §5.19) commands. The local list is the station's (`../local-list.ts`);
 * the simulator downloads no firmware, and uploads a generated diagnostics log (`../log-upload.ts`).
 *
 * @module
 */
import type * as V16 from '../../../shared/ocpp/types/v16';
import type { Commands, Context16 } from './messages';
import { answerGetLog, logFileName, uploadAfterReply } from '../log-upload';

type TriggerableMessage = V16.TriggerMessageRequest['requestedMessage'];

/** TriggerMessage: Accepted, then the requested message after the reply; Rejected for an unknown connector. */
function remoteTrigger({ station, messages }: Context16): Commands {
  const cp = station.chargePoint;
  return {
    TriggerMessage: {
      answer: (req) => {
        const { connectorId } = req;
        if (connectorId !== undefined && connectorId !== 0 && !cp.hasConnector(connectorId))
          return { status: 'Rejected' };
        const targets = connectorId ? [connectorId] : cp.connectors.map((c) => c.id);
        const send: Record<TriggerableMessage, () => Promise<unknown>> = {
          BootNotification: () => messages.bootNotification(),
          DiagnosticsStatusNotification: () => messages.call('DiagnosticsStatusNotification', { status: 'Idle' }),
          FirmwareStatusNotification: () => messages.call('FirmwareStatusNotification', { status: 'Idle' }),
          Heartbeat: () => messages.call('Heartbeat', {}),
          MeterValues: async () => {
            for (const id of targets) await messages.sendMeterValues(id, 'Trigger');
          },
          StatusNotification: () =>
            connectorId === undefined ? messages.allStatuses() : messages.statusNotification(connectorId),
        };
        station.afterReply(`triggered ${req.requestedMessage}`, send[req.requestedMessage]);
        return { status: 'Accepted' };
      },
      refuse: () => ({ status: 'Rejected' }),
    },
  };
}

/** GetLocalListVersion and SendLocalList, on the station's local list. */
function localAuthList({ station }: Context16): Commands {
  const list = station.localList;
  return {
    GetLocalListVersion: {
      answer: () => ({ listVersion: list.version }),
      // -1: "the Charge Point does not support Local Authorization Lists" (1.6 §5.10).
      refuse: () => ({ listVersion: -1 }),
    },

    SendLocalList: {
      answer: (req) => {
        const entries = (req.localAuthorizationList ?? []).map((e) => ({
          idTag: e.idTag,
          status: e.idTagInfo?.status,
        }));
        const status = list.apply(req.updateType, req.listVersion, entries);
        station.log('info', `local list ${req.updateType} v${req.listVersion}: ${status}, ${list.size} entries`);
        return { status };
      },
      refuse: () => ({ status: 'Failed' }),
    },
  };
}

/** GetDiagnostics and the security extension's GetLog, a generated log uploaded with PUT (UpdateFirmware: `firmware.ts`). */
function firmware({ station, messages }: Context16): Commands {
  return {
    GetDiagnostics: {
      // Uploading, the upload, then Uploaded or UploadFailed (§4.4).
      answer: (req) => {
        uploadAfterReply(
          station,
          { url: req.location, logType: 'DiagnosticsLog', oldest: req.startTime, latest: req.stopTime },
          (status) =>
            messages.call('DiagnosticsStatusNotification', { status: status === 'Failed' ? 'UploadFailed' : status }),
        );
        return { fileName: logFileName('DiagnosticsLog') };
      },
      // No fileName: no diagnostics available.
      refuse: () => ({}),
    },
    // The security extension's GetLog (edition 2): as 2.0.1's, reported with LogStatusNotification.
    GetLog: {
      answer: (req) => answerGetLog(station, req, (payload) => messages.call('LogStatusNotification', payload)),
      refuse: () => ({ status: 'Rejected' }),
    },
  };
}

/** RemoteTrigger, LocalAuthListManagement and FirmwareManagement commands. */
export function managementCommands(context: Context16): Commands {
  return { ...remoteTrigger(context), ...localAuthList(context), ...firmware(context) };
}
