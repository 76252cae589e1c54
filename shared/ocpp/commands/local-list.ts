/**
 * Local authorization list commands (OCPP 1.6 Local Auth List Management profile: §5.10
 * GetLocalListVersion, §5.15 SendLocalList, the configuration keys of §9.1 `LocalAuthListEnabled`,
 * `LocalAuthListMaxLength`, `SendLocalListMaxLength` and §9.1.29 `SupportedFeatureProfiles`; OCPP
 * 2.0.1 functional block D: D01 SendLocalList, D02 GetLocalListVersion, and the
 * `LocalAuthListCtrlr` component of the device model: `Enabled`, `Available`, `ItemsPerMessage`,
 * `BytesPerMessage`).
 *
 * An entry to hold is sent Accepted without expiry (an access ID has none, spec §2.1); an entry to
 * remove is sent without `idTagInfo` / `idTokenInfo`, which is how a Differential update deletes it
 * (1.6 §5.15, D01.FR.17). A 2.0.1 idToken needs a type: RFID cards go as `ISO14443`, vehicle IDs as
 * `MacAddress` (docs/local-authorization-list.md).
 */
import type { LocalListCommandCatalog, LocalListEntry, LocalListSupport } from '../../local-auth-list';
import type { CommandSet } from './charger-commands';
import type * as Ocpp16 from '../types/v16';
import type * as Ocpp201 from '../types/v201';
import { defineCommand } from './command';
import {
  configurationValue,
  controllerEnabled,
  controllerValue,
  controllerVariables,
  positiveCount,
  supportsFeatureProfile,
} from './capability-readings';
import * as V16 from '../validators/v16';
import * as V201 from '../validators/v201';

/** The limits that were reported, without the others. */
function limits(values: Omit<LocalListSupport, 'supported'>): Omit<LocalListSupport, 'supported'> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
}

/** Whether the charger keeps a local list, and its limits. */
export const localListSupport = defineCommand<undefined, LocalListSupport, 'GetConfiguration', 'GetVariables'>({
  name: 'LocalListSupport',
  'ocpp1.6': {
    call: V16.GetConfiguration,
    request: () => ({
      key: ['SupportedFeatureProfiles', 'LocalAuthListEnabled', 'LocalAuthListMaxLength', 'SendLocalListMaxLength'],
    }),
    result: (response: Ocpp16.GetConfigurationResponse) => ({
      supported:
        supportsFeatureProfile(response, 'LocalAuthListManagement') &&
        configurationValue(response, 'LocalAuthListEnabled')?.toLowerCase() !== 'false',
      ...limits({
        maxLength: positiveCount(configurationValue(response, 'LocalAuthListMaxLength')),
        itemsPerMessage: positiveCount(configurationValue(response, 'SendLocalListMaxLength')),
      }),
    }),
  },
  'ocpp2.0.1': {
    call: V201.GetVariables,
    request: () => ({
      getVariableData: controllerVariables('LocalAuthListCtrlr', [
        'Enabled',
        'Available',
        'ItemsPerMessage',
        'BytesPerMessage',
      ]),
    }),
    // The list's capacity is `Entries`' maxLimit, a characteristic GetVariables does not read (only a
    // report does): a 2.0.1 charger's list is bounded by its own Failed answer.
    result: (response: Ocpp201.GetVariablesResponse) => ({
      supported: controllerEnabled(response, 'LocalAuthListCtrlr'),
      ...limits({
        itemsPerMessage: positiveCount(controllerValue(response, 'LocalAuthListCtrlr', 'ItemsPerMessage')),
        bytesPerMessage: positiveCount(controllerValue(response, 'LocalAuthListCtrlr', 'BytesPerMessage')),
      }),
    }),
  },
});

/** GetLocalListVersion (both versions, no input): the version the charger holds. */
export const getLocalListVersion = defineCommand<undefined, number, 'GetLocalListVersion', 'GetLocalListVersion'>({
  name: 'GetLocalListVersion',
  'ocpp1.6': {
    call: V16.GetLocalListVersion,
    request: () => ({}),
    result: (response) => response.listVersion,
  },
  'ocpp2.0.1': {
    call: V201.GetLocalListVersion,
    request: () => ({}),
    result: (response) => response.versionNumber,
  },
});

/** An entry as OCPP 1.6 carries it. */
function entry16(entry: LocalListEntry): NonNullable<Ocpp16.SendLocalListRequest['localAuthorizationList']>[number] {
  return entry.remove ? { idTag: entry.idTag } : { idTag: entry.idTag, idTagInfo: { status: 'Accepted' } };
}

/** An entry as OCPP 2.0.1 carries it. */
function entry201(entry: LocalListEntry): Ocpp201.AuthorizationData {
  const type = entry.type === 'Vehicle' ? 'MacAddress' : entry.type === 'eMAID' ? 'eMAID' : 'ISO14443';
  const idToken = { idToken: entry.idTag, type } as const;
  return entry.remove ? { idToken } : { idToken, idTokenInfo: { status: 'Accepted' } };
}

/** SendLocalList: 1.6 (listVersion, updateType, localAuthorizationList); 2.0.1 (versionNumber, updateType, list of ≥ 1). */
export const sendLocalList = defineCommand<
  { listVersion: number; updateType: 'Full' | 'Differential'; entries: LocalListEntry[] },
  'Accepted' | 'Failed' | 'NotSupported' | 'VersionMismatch',
  'SendLocalList',
  'SendLocalList'
>({
  name: 'SendLocalList',
  'ocpp1.6': {
    call: V16.SendLocalList,
    request: ({ listVersion, updateType, entries }) => ({
      listVersion,
      updateType,
      localAuthorizationList: entries.map(entry16),
    }),
    result: (response) => response.status,
  },
  'ocpp2.0.1': {
    call: V201.SendLocalList,
    request: ({ listVersion, updateType, entries }) => {
      const [first, ...rest] = entries.map(entry201);
      return { versionNumber: listVersion, updateType, ...(first ? { localAuthorizationList: [first, ...rest] } : {}) };
    },
    result: (response) => response.status,
  },
});

/** The OCPP declaration of each local-list command: what the local-list function wires into `ocppChargerCommands`. */
export const LOCAL_LIST_COMMANDS: CommandSet<LocalListCommandCatalog> = {
  LocalListSupport: localListSupport,
  GetLocalListVersion: getLocalListVersion,
  SendLocalList: sendLocalList,
};
