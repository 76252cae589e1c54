/**
 * Smart charging commands (OCPP 1.6 Smart Charging profile, §5.16 SetChargingProfile, §5.5
 * ClearChargingProfile, §5.8 GetConfiguration of `SupportedFeatureProfiles` and
 * `ChargingScheduleAllowedChargingRateUnit`; OCPP 2.0.1 functional block K, K01 SetChargingProfile,
 * K10 ClearChargingProfile, K09 GetChargingProfiles (2.0.1 only), and the `SmartChargingCtrlr`
 * component of the device model).
 *
 * The profiles this CSMS installs have fixed IDs, so each new one replaces its predecessor
 * (K01.FR.05 / 1.6 §3.13.3): a TxDefaultProfile on every connector (id `TX_DEFAULT_PROFILE_ID`)
 * and one TxProfile per connector (`txProfileId`), all at stack level `STACK_LEVEL` (the IDs are
 * the domain's, `shared/site-power/commands.ts`, which tells ours from a charger's others). A
 * TxProfile carries the next hours of the port's plan as periods from an absolute `startSchedule`
 * (kind Absolute), so that a charger that loses its connection follows the plan; a TxDefaultProfile
 * is one period (kind Relative).
 */
import {
  STACK_LEVEL,
  TX_DEFAULT_PROFILE_ID,
  txProfileId,
  type ChargingProfileInput,
  type ChargingProfilesRequest,
  type ChargingRateUnit,
  type SmartChargingCommandCatalog,
  type SmartChargingSupport,
} from '../../site-power';
import type { CommandSet } from './charger-commands';
import type * as Ocpp16 from '../types/v16';
import type * as Ocpp201 from '../types/v201';
import { defineCommand, defineCommand201 } from './command';
import { getCompositeSchedule } from './composite-schedule';
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

/** The profile's ID by purpose and port. */
function profileId(input: ChargingProfileInput): number {
  return input.purpose === 'TxDefaultProfile' ? TX_DEFAULT_PROFILE_ID : txProfileId(input.portNumber);
}

/** The schedule's periods (at least one), with the phases when known. */
function periods(input: ChargingProfileInput) {
  const [first, ...rest] = input.periods.map((p) => ({
    startPeriod: p.startPeriod,
    limit: p.limit,
    ...(input.numberPhases !== undefined ? { numberPhases: input.numberPhases } : {}),
  }));
  return [first!, ...rest] as [typeof first & {}, ...(typeof first & {})[]];
}

/** `Absolute` from `startSchedule` when it has one, else `Relative`. */
function kind(input: ChargingProfileInput) {
  return input.startSchedule ? ('Absolute' as const) : ('Relative' as const);
}

/** A `maxPeriods` a charger reported: a positive integer, else none. */
function periodCount(value: string | undefined): { maxPeriods?: number } {
  const maxPeriods = positiveCount(value);
  return maxPeriods === undefined ? {} : { maxPeriods };
}

/** OCPP 1.6 `ChargingScheduleAllowedChargingRateUnit` (`Current`, `Power`, comma-separated) as units. */
function rateUnitsOf16(value: string | undefined): ChargingRateUnit[] {
  const words = (value ?? '').split(',').map((w) => w.trim());
  return [...(words.includes('Current') ? (['A'] as const) : []), ...(words.includes('Power') ? (['W'] as const) : [])];
}

/** OCPP 2.0.1 `SmartChargingCtrlr.RateUnit` (`A`, `W`, comma-separated) as units. */
function rateUnitsOf201(value: string | undefined): ChargingRateUnit[] {
  const words = (value ?? '').split(',').map((w) => w.trim());
  return (['A', 'W'] as const).filter((unit) => words.includes(unit));
}

/** Whether the charger takes charging profiles and in which units. */
export const smartChargingSupport = defineCommand<undefined, SmartChargingSupport, 'GetConfiguration', 'GetVariables'>({
  name: 'SmartChargingSupport',
  'ocpp1.6': {
    call: V16.GetConfiguration,
    request: () => ({
      key: ['SupportedFeatureProfiles', 'ChargingScheduleAllowedChargingRateUnit', 'ChargingScheduleMaxPeriods'],
    }),
    result: (response: Ocpp16.GetConfigurationResponse) => ({
      supported: supportsFeatureProfile(response, 'SmartCharging'),
      rateUnits: rateUnitsOf16(configurationValue(response, 'ChargingScheduleAllowedChargingRateUnit')),
      ...periodCount(configurationValue(response, 'ChargingScheduleMaxPeriods')),
    }),
  },
  'ocpp2.0.1': {
    call: V201.GetVariables,
    request: () => ({
      getVariableData: controllerVariables('SmartChargingCtrlr', [
        'Enabled',
        'Available',
        'RateUnit',
        'PeriodsPerSchedule',
      ]),
    }),
    result: (response: Ocpp201.GetVariablesResponse) => ({
      supported: controllerEnabled(response, 'SmartChargingCtrlr'),
      rateUnits: rateUnitsOf201(controllerValue(response, 'SmartChargingCtrlr', 'RateUnit')),
      ...periodCount(controllerValue(response, 'SmartChargingCtrlr', 'PeriodsPerSchedule')),
    }),
  },
});

/** Installs a profile on a port: 1.6 SetChargingProfile (connectorId, csChargingProfiles); 2.0.1 SetChargingProfile (evseId, chargingProfile). */
export const setChargingProfile = defineCommand<
  ChargingProfileInput,
  'Accepted' | 'Rejected' | 'NotSupported',
  'SetChargingProfile',
  'SetChargingProfile'
>({
  name: 'SetChargingProfile',
  'ocpp1.6': {
    call: V16.SetChargingProfile,
    request: (input) => ({
      connectorId: input.portNumber,
      csChargingProfiles: {
        chargingProfileId: profileId(input),
        ...(input.purpose === 'TxProfile' ? { transactionId: Number(input.ocppTransactionId) } : {}),
        stackLevel: STACK_LEVEL,
        chargingProfilePurpose: input.purpose,
        chargingProfileKind: kind(input),
        chargingSchedule: {
          ...(input.startSchedule ? { startSchedule: input.startSchedule } : {}),
          chargingRateUnit: input.unit,
          chargingSchedulePeriod: periods(input),
        },
      },
    }),
    result: (response) => response.status,
  },
  'ocpp2.0.1': {
    call: V201.SetChargingProfile,
    request: (input) => ({
      evseId: input.portNumber,
      chargingProfile: {
        id: profileId(input),
        stackLevel: STACK_LEVEL,
        chargingProfilePurpose: input.purpose,
        chargingProfileKind: kind(input),
        ...(input.purpose === 'TxProfile' ? { transactionId: input.ocppTransactionId } : {}),
        chargingSchedule: [
          {
            id: profileId(input),
            ...(input.startSchedule ? { startSchedule: input.startSchedule } : {}),
            chargingRateUnit: input.unit,
            chargingSchedulePeriod: periods(input),
          },
        ],
      },
    }),
    result: (response) => response.status,
  },
});

/** Clears this CSMS's profiles of one purpose (its stack level) on every port. */
export const clearChargingProfile = defineCommand<
  { purpose: 'TxProfile' | 'TxDefaultProfile' },
  'Accepted' | 'Unknown',
  'ClearChargingProfile',
  'ClearChargingProfile'
>({
  name: 'ClearChargingProfile',
  'ocpp1.6': {
    call: V16.ClearChargingProfile,
    request: ({ purpose }) => ({ chargingProfilePurpose: purpose, stackLevel: STACK_LEVEL }),
    result: (response) => response.status,
  },
  'ocpp2.0.1': {
    call: V201.ClearChargingProfile,
    request: ({ purpose }) => ({
      chargingProfileCriteria: { chargingProfilePurpose: purpose, stackLevel: STACK_LEVEL },
    }),
    result: (response) => response.status,
  },
});

/**
 * GetChargingProfiles (2.0.1 K09): every profile the station holds on the EVSE (`{ requestId,
 * evseId, chargingProfile: {} }`); `Accepted` means ReportChargingProfiles messages follow,
 * `NoProfiles` that it holds none. OCPP 1.6 has no such action: a 1.6 charger answers NotSupported
 * without a CALL.
 */
export const getChargingProfiles = defineCommand201<
  ChargingProfilesRequest,
  'Accepted' | 'NoProfiles',
  'GetChargingProfiles'
>({
  name: 'GetChargingProfiles',
  'ocpp2.0.1': {
    call: V201.GetChargingProfiles,
    request: ({ requestId, portNumber }) => ({ requestId, evseId: portNumber, chargingProfile: {} }),
    result: (response) => response.status,
  },
});

/** The OCPP declaration of each smart-charging command: what the `allocate` function wires into `ocppChargerCommands`. */
export const SMART_CHARGING_COMMANDS: CommandSet<SmartChargingCommandCatalog> = {
  SmartChargingSupport: smartChargingSupport,
  SetChargingProfile: setChargingProfile,
  ClearChargingProfile: clearChargingProfile,
  GetCompositeSchedule: getCompositeSchedule,
  GetChargingProfiles: getChargingProfiles,
};
