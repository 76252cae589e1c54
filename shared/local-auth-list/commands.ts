/**
 * The commands of chargers' local authorization lists (OCPP 1.6 §3.5 and SendLocalList §5.15,
 * 2.0.1 D01/D02), with their version-neutral inputs and results. The OCPP command path implements
 * them (`LOCAL_LIST_COMMANDS` in `shared/ocpp/commands`).
 */
import type { ChargerCommands } from '../charger-commands';

/**
 * What a charger says of its local authorization list (OCPP 1.6 §3.5 / 2.0.1 D): whether it keeps
 * one, and its limits when it said them.
 */
export interface LocalListSupport {
  supported: boolean;
  /** Most entries the list may hold (1.6 `LocalAuthListMaxLength`; 2.0.1 reports it only in a device-model report). */
  maxLength?: number;
  /** Most entries per SendLocalList (1.6 `SendLocalListMaxLength`, 2.0.1 `LocalAuthListCtrlr.ItemsPerMessage`). */
  itemsPerMessage?: number;
  /** Most bytes per SendLocalList (2.0.1 `LocalAuthListCtrlr.BytesPerMessage`). */
  bytesPerMessage?: number;
}

/** One entry of a SendLocalList, version-neutral: an access ID's tag to hold (Accepted) or to remove. */
export interface LocalListEntry {
  /** The normalised ocppIdTag (1.6 idTag ≤ 20 characters, 2.0.1 idToken ≤ 36). */
  idTag: string;
  /** The access ID's type: `RFID` cards go as 2.0.1 `ISO14443`, `Vehicle` IDs as `MacAddress`. */
  type: 'RFID' | 'Vehicle' | 'eMAID';
  /** Differential only: remove the entry (sent without idTagInfo / idTokenInfo). */
  remove?: boolean;
}

/** SendLocalList input, version-neutral (1.6 §5.15, 2.0.1 D01). */
export interface SendLocalListInput {
  /** The list's version after the update (1.6 `listVersion`, 2.0.1 `versionNumber`), > 0. */
  listVersion: number;
  updateType: 'Full' | 'Differential';
  entries: LocalListEntry[];
}

/** The commands of the local authorization list. */
export interface LocalListCommandCatalog {
  /** Whether the charger keeps a local list, and its limits (1.6 GetConfiguration, 2.0.1 GetVariables LocalAuthListCtrlr). */
  LocalListSupport: { input: undefined; result: LocalListSupport };
  /** The version of the charger's local list (0: none; 1.6 -1: local lists not enabled). */
  GetLocalListVersion: { input: undefined; result: number };
  SendLocalList: { input: SendLocalListInput; result: 'Accepted' | 'Failed' | 'NotSupported' | 'VersionMismatch' };
}

/** What the local-list synchronisation sends through (`sync.ts`). */
export type LocalListCommands = ChargerCommands<LocalListCommandCatalog>;
