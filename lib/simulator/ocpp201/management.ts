/**
 * OCPP 2.0.1 reservation (H01 ReserveNow, H02 CancelReservation), local authorization list (D01
 * SendLocalList, D02 GetLocalListVersion), ClearCache (C11), DataTransfer (P01) and GetLog (N01,
 * a generated log uploaded with PUT: `../log-upload.ts`) commands.
 * Reservation rules are the station's (`reservations.ts`), and so is the local list (`local-list.ts`).
 *
 * @module
 */
import type { Commands, Context201 } from './messages';
import { answerGetLog } from '../log-upload';

/** ReserveNow and CancelReservation (no evseId: any EVSE). */
function reservation({ station }: Context201): Commands {
  return {
    ReserveNow: {
      answer: (req) => ({
        status: station.reserve({
          reservationId: req.id,
          ...(req.evseId ? { connectorId: req.evseId } : {}),
          idTag: req.idToken.idToken,
          expiresAt: new Date(req.expiryDateTime),
        }),
      }),
      refuse: () => ({ status: 'Rejected' }),
    },

    CancelReservation: {
      answer: (req) => ({ status: station.cancelReservation(req.reservationId) ? 'Accepted' : 'Rejected' }),
      refuse: () => ({ status: 'Rejected' }),
    },
  };
}

/** GetLocalListVersion, SendLocalList, ClearCache and DataTransfer. */
function localList({ station }: Context201): Commands {
  const list = station.localList;
  return {
    ClearCache: {
      answer: () => ({ status: 'Accepted' }),
      refuse: () => ({ status: 'Rejected' }),
    },

    DataTransfer: {
      answer: () => ({ status: 'UnknownVendorId' }),
      refuse: () => ({ status: 'Rejected' }),
    },

    GetLocalListVersion: {
      answer: () => ({ versionNumber: list.version }),
      refuse: () => ({ versionNumber: 0 }),
    },

    SendLocalList: {
      answer: (req) => {
        const entries = (req.localAuthorizationList ?? []).map((e) => ({
          idTag: e.idToken.idToken,
          status: e.idTokenInfo?.status,
        }));
        const status = list.apply(req.updateType, req.versionNumber, entries);
        station.log('info', `local list ${req.updateType} v${req.versionNumber}: ${status}, ${list.size} entries`);
        return { status };
      },
      refuse: () => ({ status: 'Failed' }),
    },
  };
}

/** GetLog (N01): Accepted, then Uploading, the upload of a generated log and Uploaded or UploadFailure. */
function diagnostics({ station, messages }: Context201): Commands {
  return {
    GetLog: {
      answer: (req) => answerGetLog(station, req, (payload) => messages.call('LogStatusNotification', payload)),
      refuse: () => ({ status: 'Rejected' }),
    },
  };
}

/** Reservation, local list, cache, data transfer and log commands. */
export function managementCommands(context: Context201): Commands {
  return { ...reservation(context), ...localList(context), ...diagnostics(context) };
}
