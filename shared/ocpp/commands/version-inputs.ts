/**
 * What each OCPP version takes of the charger operations' inputs (the command path's
 * `VersionInputs`, `charger-commands.ts`): the reset types and the messages TriggerMessage may ask
 * for. The API's enums (`shared/charger-operations/core-kinds.ts`) are their union
 * (`test/unit/ocpp/version-inputs.test.ts`).
 */
import type { OcppProtocol } from '../../db/entities/common';

/** Reset types per version (1.6 ResetType; 2.0.1 ResetEnumType). */
export const RESET_TYPES = {
  'ocpp1.6': ['Soft', 'Hard'],
  'ocpp2.0.1': ['OnIdle', 'Immediate'],
} as const satisfies Record<OcppProtocol, readonly string[]>;

/** Messages TriggerMessage may ask for, per version (1.6 MessageTrigger; 2.0.1 MessageTriggerEnumType). */
export const TRIGGER_MESSAGES = {
  'ocpp1.6': [
    'BootNotification',
    'DiagnosticsStatusNotification',
    'FirmwareStatusNotification',
    'Heartbeat',
    'MeterValues',
    'StatusNotification',
  ],
  'ocpp2.0.1': [
    'BootNotification',
    'LogStatusNotification',
    'FirmwareStatusNotification',
    'Heartbeat',
    'MeterValues',
    'SignChargingStationCertificate',
    'SignV2GCertificate',
    'StatusNotification',
    'TransactionEvent',
    'SignCombinedCertificate',
    'PublishFirmwareStatusNotification',
  ],
} as const satisfies Record<OcppProtocol, readonly string[]>;
