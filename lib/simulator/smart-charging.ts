/**
 * Smart charging rules both OCPP adapters share: the charge point's smart-charging capabilities,
 * a received profile in the protocol-neutral form, whether a charging profile may be installed, and
 * composite schedules (1.6 GetCompositeSchedule, 2.0.1 K08). Which profile is in force is
 * `charging-profiles.ts`; what the EV draws is `ChargePoint.offer`.
 *
 * @module
 */
import { createRPCError } from 'ocpp-rpc';
import type { ChargePoint } from './charge-point';
import {
  profileBoundaries,
  type ChargingProfile,
  type ChargingProfiles,
  type ProfilePurpose,
  type RateUnit,
  type SchedulePeriod,
} from './charging-profiles';

/** What the charge point supports (1.6 SmartCharging configuration keys, 2.0.1 SmartChargingCtrlr). */
export interface SmartChargingConfig {
  /** False: no SmartCharging feature profile; profile commands get CALLERROR NotSupported. */
  readonly enabled: boolean;
  /**
   * Units advertised (1.6 `ChargingScheduleAllowedChargingRateUnit`, 2.0.1 `SmartChargingCtrlr.RateUnit`).
   * OCPP 2.0.1 rejects a profile in another unit (K01.FR.26); 1.6 converts either unit.
   */
  readonly rateUnits: readonly RateUnit[];
  /** Highest `stackLevel` accepted (1.6 `ChargeProfileMaxStackLevel`, 2.0.1 `ProfileStackLevel`). */
  readonly maxStackLevel: number;
  /** Most profiles installed at once (1.6 `MaxChargingProfilesInstalled`, 2.0.1 `Entries`). */
  readonly maxProfiles: number;
  /** Most periods in a schedule (1.6 `ChargingScheduleMaxPeriods`, 2.0.1 `PeriodsPerSchedule`). */
  readonly maxPeriods: number;
}

/** Limits advertised unless told otherwise. */
export const SMART_CHARGING_LIMITS = { maxStackLevel: 10, maxProfiles: 10, maxPeriods: 24 } as const;

/**
 * The fields of a received charging profile that both versions name and mean alike (1.6
 * `csChargingProfiles`, 2.0.1 ChargingProfileType): all but its id, purpose and schedule.
 */
export interface ReceivedProfileFields {
  readonly stackLevel: number;
  readonly chargingProfileKind: ChargingProfile['kind'];
  readonly recurrencyKind?: 'Daily' | 'Weekly';
  /** 1.6: an integer; 2.0.1: a string. */
  readonly transactionId?: number | string;
  /** UTC ISO 8601. */
  readonly validFrom?: string;
  /** UTC ISO 8601. */
  readonly validTo?: string;
}

/** A received `chargingSchedule` (1.6 ChargingSchedule, 2.0.1 ChargingScheduleType: the same fields used). */
export interface ReceivedSchedule {
  readonly chargingRateUnit: RateUnit;
  readonly chargingSchedulePeriod: readonly SchedulePeriod[];
  /** UTC ISO 8601. */
  readonly startSchedule?: string;
  /** Seconds. */
  readonly duration?: number;
}

/**
 * A received profile in the protocol-neutral form: `identity` as the adapter read it (1.6
 * `chargingProfileId` and the request's `connectorId`; 2.0.1 `id`, the request's `evseId` and the
 * purpose mapped), the other fields copied, the dates parsed (an invalid one is an Invalid Date,
 * which {@link profileRefusal} refuses).
 */
export function neutralProfile(
  identity: { readonly id: number; readonly connectorId: number; readonly purpose: ProfilePurpose },
  profile: ReceivedProfileFields,
  schedule: ReceivedSchedule,
  receivedAt: Date,
): ChargingProfile {
  return {
    ...identity,
    stackLevel: profile.stackLevel,
    kind: profile.chargingProfileKind,
    ...(profile.recurrencyKind ? { recurrencyKind: profile.recurrencyKind } : {}),
    ...(profile.transactionId === undefined ? {} : { transactionId: profile.transactionId }),
    ...(profile.validFrom ? { validFrom: new Date(profile.validFrom) } : {}),
    ...(profile.validTo ? { validTo: new Date(profile.validTo) } : {}),
    schedule: {
      rateUnit: schedule.chargingRateUnit,
      periods: schedule.chargingSchedulePeriod,
      ...(schedule.startSchedule ? { startSchedule: new Date(schedule.startSchedule) } : {}),
      ...(schedule.duration === undefined ? {} : { duration: schedule.duration }),
    },
    receivedAt,
  };
}

/** Options of {@link profileRefusal}. */
export interface ProfileChecks {
  /** Reject a `chargingRateUnit` not in `rateUnits` (2.0.1 K01.FR.26). */
  readonly strictRateUnit: boolean;
  /**
   * The profile comes with a remote start (1.6 RemoteStartTransaction, 2.0.1 RequestStartTransaction):
   * it must be a TxProfile without transactionId, for the transaction about to start.
   */
  readonly remoteStart?: boolean;
}

/**
 * Why `profile` cannot be installed, or undefined when it can: unknown connector; an invalid date;
 * with a remote start, anything but a TxProfile without transactionId; a ChargePointMaxProfile not
 * on connector 0; a TxProfile on connector 0, without a running
 * transaction on its connector, or naming another transaction; a stack level above the maximum;
 * too many periods; a rate unit not supported (with `strictRateUnit`); or too many profiles.
 */
export function profileRefusal(
  cp: ChargePoint,
  config: SmartChargingConfig,
  profile: ChargingProfile,
  checks: ProfileChecks,
): string | undefined {
  const { connectorId, purpose, validFrom, validTo, schedule } = profile;
  if (connectorId !== 0 && !cp.hasConnector(connectorId)) return `unknown connector ${connectorId}`;
  if ([validFrom, validTo, schedule.startSchedule].some((date) => date && Number.isNaN(date.getTime())))
    return 'invalid date';
  if (checks.remoteStart) {
    if (purpose !== 'TxProfile' || profile.transactionId !== undefined)
      return 'a remote start takes a TxProfile without transactionId';
  } else if (purpose === 'ChargePointMaxProfile' && connectorId !== 0) {
    return 'a charge point maximum profile must be set on connector 0';
  } else if (purpose === 'TxProfile') {
    if (connectorId === 0) return 'a TxProfile must name a connector';
    const running = cp.connector(connectorId).session?.transactionId;
    if (running === undefined) return `no transaction on connector ${connectorId}`;
    if (profile.transactionId !== undefined && profile.transactionId !== running) {
      return `transaction ${String(profile.transactionId)} is not the one on connector ${connectorId}`;
    }
  }
  if (profile.stackLevel > config.maxStackLevel)
    return `stackLevel ${profile.stackLevel} exceeds ${config.maxStackLevel}`;
  if (profile.schedule.periods.length > config.maxPeriods) return `more than ${config.maxPeriods} schedule periods`;
  if (checks.strictRateUnit && !config.rateUnits.includes(profile.schedule.rateUnit)) {
    return `chargingRateUnit ${profile.schedule.rateUnit} is not supported (${config.rateUnits.join(',')})`;
  }
  const after = cp.profiles.count - cp.profiles.replacedBy(profile).length + 1;
  if (after > config.maxProfiles) return `more than ${config.maxProfiles} charging profiles installed`;
  return undefined;
}

/**
 * What {@link tryInstall} needs of the station (the adapters pass their `StationApi`, which has it;
 * declared here so that this module does not import the adapter protocol that imports it).
 */
export interface ProfileInstaller {
  readonly chargePoint: ChargePoint;
  readonly smartCharging: SmartChargingConfig;
  log(level: 'info' | 'warn', message: string): void;
  changeProfiles<T>(change: (profiles: ChargingProfiles) => T): T;
}

/**
 * Installs `profile` unless {@link profileRefusal} objects (then logs why).
 * @returns true when installed
 */
export function tryInstall(
  station: ProfileInstaller,
  action: string,
  profile: ChargingProfile,
  checks: ProfileChecks,
): boolean {
  const refusal = profileRefusal(station.chargePoint, station.smartCharging, profile, checks);
  if (refusal) {
    station.log('warn', `${action}: charging profile ${profile.id} rejected: ${refusal}`);
    return false;
  }
  station.changeProfiles((profiles) => profiles.install(profile));
  station.log(
    'info',
    `${action}: charging profile ${profile.id} (${profile.purpose}, stack level ${profile.stackLevel}) installed`,
  );
  return true;
}

/**
 * The CALLERROR a charge point without smart charging answers profile commands with.
 * @throws always: ocpp-rpc's RPCNotSupportedError, sent as CALLERROR NotSupported
 */
export function smartChargingNotSupported(action: string): never {
  throw createRPCError('NotSupported', `${action}: smart charging is not supported by this charge point`);
}

/**
 * The composite schedule a GetCompositeSchedule asks for (1.6 §5.7, 2.0.1 K08), from now for
 * `durationS` seconds, in `rateUnit` or else the first unit the charge point advertises (W when it
 * advertises none).
 * @returns undefined for a connector (2.0.1: EVSE) the charge point does not have: the answer is Rejected
 * @throws CALLERROR NotSupported without smart charging ({@link smartChargingNotSupported})
 */
export function requestedCompositeSchedule(
  station: Pick<ProfileInstaller, 'chargePoint' | 'smartCharging'>,
  connectorId: number,
  durationS: number,
  rateUnit: RateUnit | undefined,
): CompositeSchedule | undefined {
  const { chargePoint: cp, smartCharging } = station;
  if (!smartCharging.enabled) smartChargingNotSupported('GetCompositeSchedule');
  if (connectorId !== 0 && !cp.hasConnector(connectorId)) return undefined;
  const unit = rateUnit ?? smartCharging.rateUnits[0] ?? 'W';
  return compositeSchedule(cp, connectorId, new Date(), durationS, unit);
}

/** A composite schedule: the limit a connector (or, for 0, the whole charge point) will get. */
export interface CompositeSchedule {
  /** Start of the schedule (the request time). */
  readonly start: Date;
  /** Length, s. */
  readonly durationS: number;
  /** Unit of every limit. */
  readonly rateUnit: RateUnit;
  /** Periods from `start`, consecutive equal limits merged; limits rounded to 0.1. */
  readonly periods: [SchedulePeriod, ...SchedulePeriod[]];
}

/** The limit at `at` in W: port maximum (× connectors for 0), capped by the profiles in force. */
function limitAt(cp: ChargePoint, connectorId: number, at: Date): { limitW: number; phases?: number } {
  const capW = cp.chargePointLimitW(at) ?? Infinity;
  if (connectorId === 0) return { limitW: Math.min(cp.maxPowerW * cp.connectors.length, capW) };
  const own = cp.transactionLimitW(connectorId, at);
  return {
    limitW: Math.min(cp.maxPowerW, own.limitW ?? Infinity, capW),
    ...(own.phases ? { phases: own.phases } : {}),
  };
}

/**
 * The composite schedule of a connector for `durationS` seconds from `start` (1.6 §5.7, 2.0.1 K08):
 * the port maximum combined with the ChargePointMaxProfile and the transaction-level profile in
 * force, evaluated at every time one of them may change. The charge point cap is not shared out
 * here: it is what the connector may get at most.
 */
export function compositeSchedule(
  cp: ChargePoint,
  connectorId: number,
  start: Date,
  durationS: number,
  rateUnit: RateUnit,
): CompositeSchedule {
  const end = new Date(start.getTime() + durationS * 1000);
  const transaction = connectorId === 0 ? undefined : cp.connector(connectorId).session;
  const relevant = cp.profiles.list().filter((p) => p.connectorId === 0 || p.connectorId === connectorId);
  const times = [start, ...relevant.flatMap((profile) => profileBoundaries(profile, start, end, transaction))]
    .map((time) => time.getTime())
    .sort((a, b) => a - b);
  const periods: SchedulePeriod[] = [];
  for (const time of new Set(times)) {
    const { limitW, phases } = limitAt(cp, connectorId, new Date(time));
    const limit = cp.wattsToLimit(limitW, rateUnit, phases);
    const last = periods.at(-1);
    if (last && last.limit === limit && last.numberPhases === phases) continue;
    periods.push({
      startPeriod: Math.round((time - start.getTime()) / 1000),
      limit,
      ...(phases ? { numberPhases: phases } : {}),
    });
  }
  const [first, ...rest] = periods;
  if (!first) throw new Error('a composite schedule has at least one period');
  return { start, durationS, rateUnit, periods: [first, ...rest] };
}
