/**
 * OCPP 2.0.1 UpdateFirmware (L01): Accepted (AcceptedCanceled when an update was in progress:
 * L01.FR.24 cancels it), then performed by the station's {@link FirmwareUpdater} (`../firmware.ts`)
 * with the request's `requestId` in every FirmwareStatusNotification: Downloading, Downloaded,
 * SignatureVerified (when signed), Installing, InstallRebooting, a reboot, Installed (or a failure).
 *
 * @module
 */
import type { Commands, Context201 } from './messages';

/** UpdateFirmware. */
export function firmwareUpdateCommands({ station }: Context201): Commands {
  return {
    UpdateFirmware: {
      answer: (req) => {
        const busy = station.firmware.busy;
        const { firmware } = req;
        station.afterReply('firmware update', async () =>
          station.firmware.start({
            requestId: req.requestId,
            location: firmware.location,
            retrieveAt: new Date(firmware.retrieveDateTime),
            ...(firmware.installDateTime ? { installAt: new Date(firmware.installDateTime) } : {}),
            signed: firmware.signature !== undefined,
          }),
        );
        return { status: busy ? 'AcceptedCanceled' : 'Accepted' };
      },
      refuse: () => ({ status: 'Rejected' }),
    },
  };
}
