/**
 * OCPP 1.6 UpdateFirmware (§5.19): acknowledged (its answer has no status), then performed by the
 * station's {@link FirmwareUpdater} (`../firmware.ts`): FirmwareStatusNotifications through
 * Downloading, Downloaded, Installing, a reboot, Installed (or a failure).
 *
 * @module
 */
import type { Commands, Context16 } from './messages';

/** UpdateFirmware. */
export function firmwareUpdateCommands({ station }: Context16): Commands {
  return {
    UpdateFirmware: {
      answer: (req) => {
        station.afterReply('firmware update', async () =>
          station.firmware.start({ location: req.location, retrieveAt: new Date(req.retrieveDate), signed: false }),
        );
        return {};
      },
      // 1.6 cannot refuse: the answer is empty, and nothing is done.
      refuse: () => ({}),
    },
  };
}
