/**
 * OCPP 2.0.1 SmartCharging functional block (K): SetChargingProfile (K01), ClearChargingProfile
 * (K10), GetCompositeSchedule (K08), profiles given with RequestStartTransaction (K05), and the
 * ISO 15118 charging needs of the EV (K15 NotifyEVChargingNeeds). The profile semantics are in
 * `charging-profiles.ts`. Without smart charging the commands are answered with CALLERROR
 * NotSupported.
 *
 * 2.0.1 specifics: a TxProfile must carry the running transaction's `transactionId`; a profile in
 * a rate unit not in `SmartChargingCtrlr.RateUnit` is Rejected (K01.FR.26);
 * `ChargingStationExternalConstraints` is not the CSMS's to set (Rejected); of up to three
 * schedules the first is used.
 *
 * @module
 */
import type * as V201 from '../../../shared/ocpp/types/v201';
import type { Session } from '../charge-point';
import type { ChargingProfile, ClearCriteria, ProfilePurpose } from '../charging-profiles';
import { isoNow, type StartRequest, type StationApi } from '../protocol';
import { neutralProfile, requestedCompositeSchedule, smartChargingNotSupported, tryInstall } from '../smart-charging';
import { AC_PHASES, AC_VOLTAGE_V, DC_VOLTAGE_V } from '../supply';
import type { Commands, Context201, Messages201 } from './messages';

/** The neutral purpose of a 2.0.1 purpose; undefined for ChargingStationExternalConstraints. */
function purposeOf(purpose: V201.ChargingProfilePurposeEnumType): ProfilePurpose | undefined {
  if (purpose === 'ChargingStationExternalConstraints') return undefined;
  return purpose === 'ChargingStationMaxProfile' ? 'ChargePointMaxProfile' : purpose;
}

/** Converts a 2.0.1 profile set on `evseId` to the neutral form; undefined for ExternalConstraints. */
export function profileFrom201(
  evseId: number,
  profile: V201.ChargingProfileType,
  receivedAt: Date,
): ChargingProfile | undefined {
  const purpose = purposeOf(profile.chargingProfilePurpose);
  if (!purpose) return undefined;
  const [schedule] = profile.chargingSchedule;
  return neutralProfile({ id: profile.id, connectorId: evseId, purpose }, profile, schedule, receivedAt);
}

/** Installs `profile` on `evseId` after the checks; false when refused. */
function install(
  station: StationApi,
  action: string,
  evseId: number,
  profile: V201.ChargingProfileType,
  remoteStart = false,
): boolean {
  const neutral = profileFrom201(evseId, profile, new Date());
  if (!neutral) {
    station.log('warn', `${action}: ChargingStationExternalConstraints cannot be set by the CSMS`);
    return false;
  }
  if (!remoteStart && neutral.purpose === 'TxProfile' && neutral.transactionId === undefined) {
    station.log('warn', `${action}: a TxProfile needs the transactionId`);
    return false;
  }
  return tryInstall(station, action, neutral, { strictRateUnit: true, remoteStart });
}

/**
 * The chargingProfile of a RequestStartTransaction (K05): the TxProfile of the transaction about
 * to start. Ignored (logged) without smart charging.
 * @returns false when refused (the request is then Rejected)
 */
export function acceptRemoteStartProfile(
  station: StationApi,
  evseId: number,
  profile: V201.ChargingProfileType,
): boolean {
  if (!station.smartCharging.enabled) {
    station.log('warn', 'RequestStartTransaction: chargingProfile ignored (no smart charging)');
    return true;
  }
  return install(station, 'RequestStartTransaction', evseId, profile, true);
}

/** ClearChargingProfile criteria in neutral form; undefined when they can match nothing. */
function clearCriteria(req: V201.ClearChargingProfileRequest): ClearCriteria | undefined {
  if (req.chargingProfileId !== undefined) return { id: req.chargingProfileId };
  const criteria = req.chargingProfileCriteria;
  const purpose = criteria?.chargingProfilePurpose && purposeOf(criteria.chargingProfilePurpose);
  if (criteria?.chargingProfilePurpose && !purpose) return undefined;
  return {
    ...(criteria?.evseId === undefined ? {} : { connectorId: criteria.evseId }),
    ...(purpose ? { purpose } : {}),
    ...(criteria?.stackLevel === undefined ? {} : { stackLevel: criteria.stackLevel }),
  };
}

/** SetChargingProfile, ClearChargingProfile and GetCompositeSchedule. */
export function smartChargingCommands({ station }: Context201): Commands {
  const { smartCharging } = station;
  return {
    SetChargingProfile: {
      answer: (req) => {
        if (!smartCharging.enabled) smartChargingNotSupported('SetChargingProfile');
        return {
          status: install(station, 'SetChargingProfile', req.evseId, req.chargingProfile) ? 'Accepted' : 'Rejected',
        };
      },
      refuse: () => ({ status: 'Rejected' }),
    },

    ClearChargingProfile: {
      answer: (req) => {
        if (!smartCharging.enabled) smartChargingNotSupported('ClearChargingProfile');
        const criteria = clearCriteria(req);
        const removed = criteria ? station.changeProfiles((profiles) => profiles.clear(criteria)) : 0;
        return { status: removed > 0 ? 'Accepted' : 'Unknown' };
      },
      refuse: () => ({ status: 'Unknown' }),
    },

    GetCompositeSchedule: {
      answer: (req) => {
        const schedule = requestedCompositeSchedule(station, req.evseId, req.duration, req.chargingRateUnit);
        if (!schedule) return { status: 'Rejected' };
        return {
          status: 'Accepted',
          schedule: {
            evseId: req.evseId,
            duration: req.duration,
            scheduleStart: isoNow(schedule.start),
            chargingRateUnit: schedule.rateUnit,
            chargingSchedulePeriod: schedule.periods,
          },
        };
      },
      refuse: () => ({ status: 'Rejected' }),
    },
  };
}

/**
 * The EV's ISO 15118 charging needs (K15): energy to its target SoC, departure time, and its
 * current (AC, per phase, three phases) or power (DC) limits from the EV model.
 */
export function chargingNeeds(
  session: Session,
  request: StartRequest,
  currentType: 'AC' | 'DC',
): V201.ChargingNeedsType {
  const { ev } = session;
  const target = request.targetSocPercent ?? session.targetSocPercent ?? 100;
  const energyAmount = Math.max(0, Math.round(((target - ev.socPercent) / 100) * ev.batteryWh));
  const departure = request.departureAt ?? session.departureAt;
  const departureTime = departure ? { departureTime: isoNow(departure) } : {};
  if (currentType === 'AC') {
    const evMaxCurrent = Math.max(6, Math.round(ev.maxPowerW / (AC_VOLTAGE_V * AC_PHASES)));
    const acChargingParameters = { energyAmount, evMinCurrent: 6, evMaxCurrent, evMaxVoltage: AC_VOLTAGE_V };
    return { requestedEnergyTransfer: 'AC_three_phase', acChargingParameters, ...departureTime };
  }
  const dcChargingParameters = {
    evMaxCurrent: Math.round(ev.maxPowerW / DC_VOLTAGE_V),
    evMaxVoltage: DC_VOLTAGE_V,
    energyAmount,
    evMaxPower: Math.round(ev.maxPowerW),
    stateOfCharge: Math.round(ev.socPercent),
    evEnergyCapacity: Math.round(ev.batteryWh),
    fullSoC: Math.round(target),
  };
  return { requestedEnergyTransfer: 'DC', dcChargingParameters, ...departureTime };
}

/**
 * Sends NotifyEVChargingNeeds for a session that just started (with `--iso15118`). A refusal or a
 * CALLERROR (a CSMS without K15 answers NotSupported) is logged, never fatal.
 */
export async function notifyChargingNeeds(
  station: StationApi,
  messages: Messages201,
  evseId: number,
  session: Session,
  request: StartRequest,
): Promise<void> {
  const needs = chargingNeeds(session, request, station.chargePoint.currentType);
  try {
    const response = await messages.call('NotifyEVChargingNeeds', { evseId, chargingNeeds: needs });
    station.log('info', `NotifyEVChargingNeeds on EVSE ${evseId}: ${response.status}`);
  } catch (error) {
    station.log('warn', error instanceof Error ? error.message : String(error));
  }
}
