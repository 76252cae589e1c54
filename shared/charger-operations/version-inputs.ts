/**
 * What each OCPP version takes of the charger operations' inputs: the reset types, the messages
 * a trigger may ask for and the certificate types of the certificate operations, per version, and the API's enums, their union (in this order: 1.6's,
 * then what 2.0.1 adds). The one list of each: the command path hands a charger's version's lists
 * to the domain (`VersionInputs`, `shared/ocpp/commands/charger-commands.ts`), the operation kinds'
 * bodies and the CLI take the unions (`core-kinds.ts`, `bin/admin-operations.ts`);
 * `test/unit/ocpp/version-inputs.test.ts` checks each list against the official schemas' enums.
 */
import type { BaseProtocol } from '../db/entities/common';

/** Reset types per version (1.6 §5.14 ResetType; 2.0.1 B11/B12 ResetEnumType). */
export const RESET_TYPES = {
  'ocpp1.6': ['Soft', 'Hard'],
  'ocpp2.0.1': ['OnIdle', 'Immediate'],
} as const satisfies Record<BaseProtocol, readonly string[]>;

/**
 * Messages a charger may be asked for, per version (1.6 §5.17 MessageTrigger and, through the
 * security extension's ExtendedTriggerMessage, {@link EXTENDED_TRIGGER_MESSAGES}; 2.0.1 F06
 * MessageTriggerEnumType).
 */
export const TRIGGER_MESSAGES = {
  'ocpp1.6': [
    'BootNotification',
    'DiagnosticsStatusNotification',
    'FirmwareStatusNotification',
    'Heartbeat',
    'MeterValues',
    'StatusNotification',
    'LogStatusNotification',
    'SignChargePointCertificate',
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
} as const satisfies Record<BaseProtocol, readonly string[]>;

/**
 * The 1.6 messages only the security extension (edition 2, ExtendedTriggerMessage's
 * MessageTriggerEnumType) may ask for: a 1.6 charger is sent ExtendedTriggerMessage for these,
 * TriggerMessage for the rest (what every 1.6 charger takes).
 */
export const EXTENDED_TRIGGER_MESSAGES: readonly string[] = ['LogStatusNotification', 'SignChargePointCertificate'];

/**
 * Certificate types InstallCertificate installs, per version (1.6 security whitepaper
 * CertificateUseEnumType; 2.0.1 M05 InstallCertificateUseEnumType).
 */
export const INSTALL_CERTIFICATE_TYPES = {
  'ocpp1.6': ['CentralSystemRootCertificate', 'ManufacturerRootCertificate'],
  'ocpp2.0.1': ['V2GRootCertificate', 'MORootCertificate', 'CSMSRootCertificate', 'ManufacturerRootCertificate'],
} as const satisfies Record<BaseProtocol, readonly string[]>;

/**
 * Certificate types GetInstalledCertificateIds asks for, per version (1.6 CertificateUseEnumType,
 * one per request; 2.0.1 M03 GetCertificateIdUseEnumType, any number).
 */
export const CERTIFICATE_ID_TYPES = {
  'ocpp1.6': ['CentralSystemRootCertificate', 'ManufacturerRootCertificate'],
  'ocpp2.0.1': [
    'V2GRootCertificate',
    'MORootCertificate',
    'CSMSRootCertificate',
    'V2GCertificateChain',
    'ManufacturerRootCertificate',
  ],
} as const satisfies Record<BaseProtocol, readonly string[]>;

/** The one certificate type both versions name differently: the CSMS's root, 1.6's Central System root. */
const SAME_CERTIFICATE_TYPE: Readonly<Record<string, string>> = {
  CSMSRootCertificate: 'CentralSystemRootCertificate',
  CentralSystemRootCertificate: 'CSMSRootCertificate',
};

/**
 * The name of `type` a charger's version takes: itself, or the other version's name of the same
 * type (CSMSRootCertificate ↔ CentralSystemRootCertificate), so one request addresses a mixed
 * fleet; undefined when the version has no such type.
 * @param takes the version's list ({@link INSTALL_CERTIFICATE_TYPES} or {@link CERTIFICATE_ID_TYPES})
 */
export function certificateTypeTaken(type: string, takes: readonly string[]): string | undefined {
  if (takes.includes(type)) return type;
  const same = SAME_CERTIFICATE_TYPE[type];
  return same && takes.includes(same) ? same : undefined;
}

/** The members of both versions' lists, each once: 1.6's first, then those only 2.0.1 has. */
function union<V extends string>(perVersion: Record<BaseProtocol, readonly V[]>): readonly V[] {
  return [...new Set([...perVersion['ocpp1.6'], ...perVersion['ocpp2.0.1']])];
}

/** Every reset type of either version: `Soft`, `Hard`, `OnIdle`, `Immediate` (the API's `type`). */
export const ALL_RESET_TYPES = union(RESET_TYPES);

/** Every message either version may trigger (the API's `requestedMessage`); a charger is asked only for its version's. */
export const ALL_TRIGGER_MESSAGES = union(TRIGGER_MESSAGES);

/** Every type either version installs (the API's `certificateType`). */
export const ALL_INSTALL_CERTIFICATE_TYPES = union(INSTALL_CERTIFICATE_TYPES);

/** Every type either version lists installed certificates of (the API's `certificateTypes`). */
export const ALL_CERTIFICATE_ID_TYPES = union(CERTIFICATE_ID_TYPES);
