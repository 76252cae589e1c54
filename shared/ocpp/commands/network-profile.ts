/**
 * SetNetworkProfile (OCPP 2.0.1 B09, used by A05 "Upgrade charging station security profile"): a
 * connection profile stored in a slot of the charger; the upgrade-security-profile operation
 * (`shared/charger-operations/security-profile-kind.ts`) sends it, then makes the slot the first of
 * `NetworkConfigurationPriority` and resets the charger. 1.6 has no such message (its upgrade sets
 * the security extension's `SecurityProfile` key).
 */
import type { ChargerOperationCommandCatalog, OperationAnswer } from '../../charger-operations';
import { defineCommand201 } from './command';
import * as V201 from '../validators/v201';

/** SetNetworkProfile: OCPP 2.0 over JSON on `Wired0`, the CSMS URL and the profile given. */
export const setNetworkProfile = defineCommand201<
  ChargerOperationCommandCatalog['SetNetworkProfile']['input'],
  OperationAnswer,
  'SetNetworkProfile'
>({
  name: 'SetNetworkProfile',
  'ocpp2.0.1': {
    call: V201.SetNetworkProfile,
    request: ({ configurationSlot, ocppCsmsUrl, securityProfile, messageTimeout }) => ({
      configurationSlot,
      connectionData: {
        ocppVersion: 'OCPP20',
        ocppTransport: 'JSON',
        ocppCsmsUrl,
        messageTimeout,
        securityProfile,
        ocppInterface: 'Wired0',
      },
    }),
    result: (response) => ({
      ocppStatus: response.status,
      answer: response as unknown as Record<string, unknown>,
    }),
  },
});
