import { describe, expect, it } from 'vitest';
import {
  ALL_CERTIFICATE_ID_TYPES,
  ALL_INSTALL_CERTIFICATE_TYPES,
  type CERTIFICATE_ID_TYPES,
  certificateTypeTaken,
  EXTENDED_TRIGGER_MESSAGES,
  INSTALL_CERTIFICATE_TYPES,
  ALL_RESET_TYPES,
  ALL_TRIGGER_MESSAGES,
  RESET_TYPES,
  TRIGGER_MESSAGES,
} from '../../../shared/charger-operations/version-inputs';
import type * as V16 from '../../../shared/ocpp/types/v16';
import type * as V201 from '../../../shared/ocpp/types/v201';

/** Compile-time: a list holds exactly the members of a union. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

describe("what each OCPP version takes of the charger operations' inputs", () => {
  it("lists exactly each version's reset types and trigger messages (the official schemas' enums)", () => {
    const checks: [
      Same<(typeof RESET_TYPES)['ocpp1.6'][number], V16.ResetRequest['type']>,
      Same<(typeof RESET_TYPES)['ocpp2.0.1'][number], V201.ResetEnumType>,
      Same<
        (typeof TRIGGER_MESSAGES)['ocpp1.6'][number],
        V16.TriggerMessageRequest['requestedMessage'] | V16.ExtendedTriggerMessageRequest['requestedMessage']
      >,
      Same<(typeof TRIGGER_MESSAGES)['ocpp2.0.1'][number], V201.MessageTriggerEnumType>,
    ] = [true, true, true, true];
    expect(checks).toEqual([true, true, true, true]);
  });

  it("lists exactly each version's certificate types (the official schemas' enums)", () => {
    const checks: [
      Same<(typeof INSTALL_CERTIFICATE_TYPES)['ocpp1.6'][number], V16.CertificateUseEnumType>,
      Same<(typeof INSTALL_CERTIFICATE_TYPES)['ocpp2.0.1'][number], V201.InstallCertificateUseEnumType>,
      Same<(typeof CERTIFICATE_ID_TYPES)['ocpp1.6'][number], V16.GetInstalledCertificateIdsRequest['certificateType']>,
      Same<(typeof CERTIFICATE_ID_TYPES)['ocpp2.0.1'][number], V201.GetCertificateIdUseEnumType>,
    ] = [true, true, true, true];
    expect(checks).toEqual([true, true, true, true]);
    expect(ALL_INSTALL_CERTIFICATE_TYPES).toHaveLength(5);
    expect(ALL_CERTIFICATE_ID_TYPES).toHaveLength(6);
  });

  it('asks a 1.6 charger with ExtendedTriggerMessage only for what plain TriggerMessage lacks', () => {
    type ExtensionOnly = Exclude<
      V16.ExtendedTriggerMessageRequest['requestedMessage'],
      V16.TriggerMessageRequest['requestedMessage']
    >;
    const exact: Same<ExtensionOnly, 'LogStatusNotification' | 'SignChargePointCertificate'> = true;
    expect(exact).toBe(true);
    expect([...EXTENDED_TRIGGER_MESSAGES].sort()).toEqual(['LogStatusNotification', 'SignChargePointCertificate']);
  });

  it("takes the CSMS root by either version's name, and nothing a version lacks", () => {
    const v16 = INSTALL_CERTIFICATE_TYPES['ocpp1.6'];
    const v201 = INSTALL_CERTIFICATE_TYPES['ocpp2.0.1'];
    expect(certificateTypeTaken('CSMSRootCertificate', v16)).toBe('CentralSystemRootCertificate');
    expect(certificateTypeTaken('CentralSystemRootCertificate', v201)).toBe('CSMSRootCertificate');
    expect(certificateTypeTaken('ManufacturerRootCertificate', v16)).toBe('ManufacturerRootCertificate');
    expect(certificateTypeTaken('V2GRootCertificate', v16)).toBeUndefined();
    expect(certificateTypeTaken('V2GCertificateChain', v201)).toBeUndefined();
  });

  it("makes the API's enums the union of both versions' values", () => {
    expect([...ALL_RESET_TYPES].sort()).toEqual([...RESET_TYPES['ocpp1.6'], ...RESET_TYPES['ocpp2.0.1']].sort());
    expect([...ALL_TRIGGER_MESSAGES].sort()).toEqual(
      [...new Set([...TRIGGER_MESSAGES['ocpp1.6'], ...TRIGGER_MESSAGES['ocpp2.0.1']])].sort(),
    );
  });
});
