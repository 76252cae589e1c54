/**
 * OCPP 1.6 SmartCharging feature profile (§3.13, §5.5 ClearChargingProfile, §5.7
 * GetCompositeSchedule, §5.16 SetChargingProfile): the charge point stores the profiles and its
 * meter obeys them (see `charging-profiles.ts` for the semantics). Without smart charging every
 * command here is answered with CALLERROR NotSupported.
 *
 * 1.6 specifics: a TxProfile without `transactionId` belongs to the transaction running on its
 * connector; either rate unit is converted (1.6 does not require rejecting the other one).
 *
 * @module
 */
import type { ChargingProfile } from '../charging-profiles';
import { isoNow, type StationApi } from '../protocol';
import { neutralProfile, requestedCompositeSchedule, smartChargingNotSupported, tryInstall } from '../smart-charging';
import type { Commands, Context16, Request } from './messages';

/** A 1.6 `csChargingProfiles` / RemoteStartTransaction `chargingProfile`. */
type CsChargingProfile = Request<'SetChargingProfile'>['csChargingProfiles'];

/** Converts a 1.6 profile set on `connectorId` to the protocol-neutral form. */
export function profileFrom16(connectorId: number, profile: CsChargingProfile, receivedAt: Date): ChargingProfile {
  const identity = { id: profile.chargingProfileId, connectorId, purpose: profile.chargingProfilePurpose };
  return neutralProfile(identity, profile, profile.chargingSchedule, receivedAt);
}

/**
 * The chargingProfile of a RemoteStartTransaction (§5.11): installed as the TxProfile of the
 * transaction about to start. Ignored (logged) without smart charging.
 * @returns false when the profile is refused (the remote start is then Rejected)
 */
export function acceptRemoteStartProfile(
  station: StationApi,
  connectorId: number,
  profile: CsChargingProfile,
): boolean {
  if (!station.smartCharging.enabled) {
    station.log('warn', 'RemoteStartTransaction: chargingProfile ignored (no smart charging)');
    return true;
  }
  const neutral = profileFrom16(connectorId, profile, new Date());
  return tryInstall(station, 'RemoteStartTransaction', neutral, { strictRateUnit: false, remoteStart: true });
}

/** SetChargingProfile, ClearChargingProfile and GetCompositeSchedule. */
export function smartChargingCommands({ station }: Context16): Commands {
  const cp = station.chargePoint;
  const { smartCharging } = station;
  return {
    SetChargingProfile: {
      answer: (req) => {
        if (!smartCharging.enabled) smartChargingNotSupported('SetChargingProfile');
        let profile = profileFrom16(req.connectorId, req.csChargingProfiles, new Date());
        const running = cp.hasConnector(req.connectorId)
          ? cp.connector(req.connectorId).session?.transactionId
          : undefined;
        if (profile.purpose === 'TxProfile' && profile.transactionId === undefined && running !== undefined) {
          profile = { ...profile, transactionId: running };
        }
        return {
          status: tryInstall(station, 'SetChargingProfile', profile, { strictRateUnit: false })
            ? 'Accepted'
            : 'Rejected',
        };
      },
      refuse: () => ({ status: 'Rejected' }),
    },

    ClearChargingProfile: {
      answer: (req) => {
        if (!smartCharging.enabled) smartChargingNotSupported('ClearChargingProfile');
        const criteria = {
          ...(req.id === undefined ? {} : { id: req.id }),
          ...(req.connectorId === undefined ? {} : { connectorId: req.connectorId }),
          ...(req.chargingProfilePurpose ? { purpose: req.chargingProfilePurpose } : {}),
          ...(req.stackLevel === undefined ? {} : { stackLevel: req.stackLevel }),
        };
        const removed = station.changeProfiles((profiles) => profiles.clear(criteria));
        return { status: removed > 0 ? 'Accepted' : 'Unknown' };
      },
      refuse: () => ({ status: 'Unknown' }),
    },

    GetCompositeSchedule: {
      answer: (req) => {
        const schedule = requestedCompositeSchedule(station, req.connectorId, req.duration, req.chargingRateUnit);
        if (!schedule) return { status: 'Rejected' };
        return {
          status: 'Accepted',
          connectorId: req.connectorId,
          scheduleStart: isoNow(schedule.start),
          chargingSchedule: {
            duration: req.duration,
            startSchedule: isoNow(schedule.start),
            chargingRateUnit: schedule.rateUnit,
            chargingSchedulePeriod: schedule.periods,
          },
        };
      },
      refuse: () => ({ status: 'Rejected' }),
    },
  };
}
