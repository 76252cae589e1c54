/**
 * The tariff messages only OCPP 2.1 has (I07 SetDefaultTariff, I09 ClearTariffs, I10
 * ChangeTransactionTariff): the site's tariff as a station's default tariff, its removal, and a new
 * version of it for the transactions in progress (docs/tariffs.md, "OCPP 2.1 stations"). A 1.6 or
 * 2.0.1 charger answers NotSupported without a CALL (and is never sent them: only 2.1 stations
 * are). One declaration for what sends them: the table stream's tariff updates
 * (`shared/charging/tariff-updates.ts`).
 */
import type { TariffCommandCatalog } from '../../charging';
import type { CommandSet } from './charger-commands';
import { defineCommand21 } from './command';
import * as V21 from '../validators/v21';
import type { TariffType } from '../types/v21';

/**
 * A schema type with its bounded arrays (tuples of 1 to n items) read as plain arrays: what the
 * domain's `StationTariff` is checked against at compile time. The arrays' lengths (at least one
 * price, one to seven days) are `toStationTariff`'s to keep, and the CALL's schema validation
 * checks them before anything is sent.
 */
type Unbounded<T> = T extends readonly (infer Item)[]
  ? Unbounded<Item>[]
  : T extends object
    ? { [K in keyof T]: Unbounded<T[K]> }
    : T;

/** SetDefaultTariff (I07) for every EVSE (`evseId` 0), answered with a TariffSetStatusEnumType. */
export const setDefaultTariff = defineCommand21<
  TariffCommandCatalog['SetDefaultTariff']['input'],
  TariffCommandCatalog['SetDefaultTariff']['result'],
  'SetDefaultTariff'
>({
  name: 'SetDefaultTariff',
  'ocpp2.1': {
    call: V21.SetDefaultTariff,
    // `satisfies` checks every field; only the arrays' lengths are asserted (see `Unbounded`).
    request: ({ tariff }) => ({ evseId: 0, tariff: tariff satisfies Unbounded<TariffType> as TariffType }),
    result: ({ status }) => ({ status }),
  },
});

/** ClearTariffs (I09) of the tariffIds given, on every EVSE (no `evseId`), answered per tariff. */
export const clearTariffs = defineCommand21<
  TariffCommandCatalog['ClearTariffs']['input'],
  TariffCommandCatalog['ClearTariffs']['result'],
  'ClearTariffs'
>({
  name: 'ClearTariffs',
  'ocpp2.1': {
    call: V21.ClearTariffs,
    request: ({ tariffIds }) => ({ tariffIds }),
    result: ({ clearTariffsResult }) => ({ statuses: clearTariffsResult.map((r) => r.status) }),
  },
});

/**
 * ChangeTransactionTariff (I10) of one transaction in progress (`transactionId` the station's),
 * answered with a TariffChangeStatusEnumType.
 */
export const changeTransactionTariff = defineCommand21<
  TariffCommandCatalog['ChangeTransactionTariff']['input'],
  TariffCommandCatalog['ChangeTransactionTariff']['result'],
  'ChangeTransactionTariff'
>({
  name: 'ChangeTransactionTariff',
  'ocpp2.1': {
    call: V21.ChangeTransactionTariff,
    // As SetDefaultTariff's: checked by `satisfies` but for the arrays' lengths.
    request: ({ ocppTransactionId, tariff }) => ({
      transactionId: ocppTransactionId,
      tariff: tariff satisfies Unbounded<TariffType> as TariffType,
    }),
    result: ({ status }) => ({ status }),
  },
});

/** The OCPP declaration of the tariff commands: what the stream's sender wires into `ocppChargerCommands`. */
export const TARIFF_COMMANDS: CommandSet<TariffCommandCatalog> = {
  SetDefaultTariff: setDefaultTariff,
  ClearTariffs: clearTariffs,
  ChangeTransactionTariff: changeTransactionTariff,
};
