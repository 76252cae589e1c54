/**
 * Charging profiles installed on the simulated charge point (OCPP 1.6 §3.13 "Smart Charging",
 * OCPP 2.0.1 part 2 K "SmartCharging"), in protocol-neutral form, and which limit is in force.
 *
 * Semantics (both versions):
 * - Purposes: `ChargePointMaxProfile` (2.0.1 `ChargingStationMaxProfile`) caps the whole charge point;
 *   `TxDefaultProfile` applies to every transaction on its connector (connector 0: every connector);
 *   `TxProfile` applies to one transaction and overrides the TxDefaultProfile whatever the stack levels.
 * - Within a purpose the profile with the highest `stackLevel` that has a period in force wins
 *   (a profile that is not valid yet, expired, or past its schedule `duration` falls through to the
 *   next one); on equal stack levels a TxDefaultProfile of the connector beats one of connector 0.
 * - The period in force is the last one whose `startPeriod` (seconds from the schedule start) has
 *   passed. The schedule starts at `startSchedule` (Absolute; when absent, when the profile was
 *   received), at the start of the transaction (Relative; now when there is none) or at the last
 *   daily/weekly recurrence of `startSchedule` (Recurring). `validFrom`/`validTo` bound the profile.
 * - Schedules run on the wall clock, as the CSMS computes them; the simulator's `speed` only
 *   accelerates energy and SoC.
 *
 * Pure data and time arithmetic: units (A or W) are converted by the caller (see
 * `ChargePoint.limitToWatts`), which knows the supply.
 *
 * @module
 */

/** Protocol-neutral purpose (2.0.1 `ChargingStationMaxProfile` is `ChargePointMaxProfile` here). */
export type ProfilePurpose = 'ChargePointMaxProfile' | 'TxDefaultProfile' | 'TxProfile';

/** `chargingRateUnit`: amperes (per phase on AC) or watts. */
export type RateUnit = 'A' | 'W';

/** One `chargingSchedulePeriod`. */
export interface SchedulePeriod {
  /** Start of the period, seconds from the start of the schedule. */
  readonly startPeriod: number;
  /** Limit in the schedule's {@link RateUnit}. */
  readonly limit: number;
  /** Phases that may be used (AC); 3 when absent. */
  readonly numberPhases?: number;
}

/** A `chargingSchedule` (2.0.1: the first of the profile's schedules). */
export interface ChargingSchedule {
  /** Start of an Absolute or Recurring schedule. */
  readonly startSchedule?: Date;
  /** Length of the schedule, s; absent: the last period lasts forever. */
  readonly duration?: number;
  /** Unit of every `limit`. */
  readonly rateUnit: RateUnit;
  /** Periods, sorted by `startPeriod`. */
  readonly periods: readonly SchedulePeriod[];
}

/** An installed charging profile. */
export interface ChargingProfile {
  /** 1.6 `chargingProfileId`, 2.0.1 `id`. */
  readonly id: number;
  /** 1.6 `connectorId`, 2.0.1 `evseId`: 0 is the whole charge point. */
  readonly connectorId: number;
  /** Precedence within the purpose; higher wins. */
  readonly stackLevel: number;
  /** What the profile limits. */
  readonly purpose: ProfilePurpose;
  /** How the schedule start is found. */
  readonly kind: 'Absolute' | 'Relative' | 'Recurring';
  /** Period of a Recurring profile. @default 'Daily' */
  readonly recurrencyKind?: 'Daily' | 'Weekly';
  /**
   * TxProfile only: the transaction it belongs to. Absent on a profile given with a remote start,
   * which belongs to the transaction that start opens on its connector.
   */
  readonly transactionId?: number | string;
  /** Not in force before this time. */
  readonly validFrom?: Date;
  /** Not in force from this time on. */
  readonly validTo?: Date;
  /** The schedule. */
  readonly schedule: ChargingSchedule;
  /** When the charge point received it (start of an Absolute schedule without `startSchedule`). */
  readonly receivedAt: Date;
}

/** The running transaction on a connector, as profile selection needs it. */
export interface TransactionRef {
  /** Its id (undefined while the start is in flight). */
  readonly transactionId?: number | string;
  /** When the session started: the start of Relative schedules. */
  readonly startedAt: Date;
}

/** A profile and its period in force at some time. */
export interface ActiveLimit {
  /** The winning profile. */
  readonly profile: ChargingProfile;
  /** Its period in force (limit in the profile's rate unit). */
  readonly period: SchedulePeriod;
}

/** Criteria of ClearChargingProfile; every given field must match. */
export interface ClearCriteria {
  /** The profile id; when given, the other criteria are ignored. */
  readonly id?: number;
  /** Connector/EVSE the profiles were set on (0: the charge point). */
  readonly connectorId?: number;
  /** Purpose. */
  readonly purpose?: ProfilePurpose;
  /** Stack level. */
  readonly stackLevel?: number;
}

const DAY_MS = 86_400_000;
/** Recurrences of a Recurring profile a composite schedule looks at (a year of a daily profile). */
const MAX_RECURRENCES = 366;

/** Start of the profile's schedule for an evaluation at `at`; undefined when it has not started. */
function scheduleStart(profile: ChargingProfile, at: Date, transaction?: TransactionRef): Date | undefined {
  const base = profile.schedule.startSchedule ?? profile.receivedAt;
  switch (profile.kind) {
    case 'Absolute':
      return base;
    case 'Relative':
      return transaction?.startedAt ?? at;
    case 'Recurring': {
      if (at.getTime() < base.getTime()) return undefined;
      const cycleMs = (profile.recurrencyKind === 'Weekly' ? 7 : 1) * DAY_MS;
      const cycles = Math.floor((at.getTime() - base.getTime()) / cycleMs);
      return new Date(base.getTime() + cycles * cycleMs);
    }
  }
}

/**
 * The period of `profile` in force at `at`: undefined outside `validFrom`/`validTo`, before the
 * schedule starts, after its `duration`, or before its first period.
 */
export function periodInForce(
  profile: ChargingProfile,
  at: Date,
  transaction?: TransactionRef,
): SchedulePeriod | undefined {
  const time = at.getTime();
  if (profile.validFrom && time < profile.validFrom.getTime()) return undefined;
  if (profile.validTo && time >= profile.validTo.getTime()) return undefined;
  const start = scheduleStart(profile, at, transaction);
  if (!start) return undefined;
  const elapsedS = (time - start.getTime()) / 1000;
  const { duration, periods } = profile.schedule;
  if (elapsedS < 0 || (duration !== undefined && elapsedS >= duration)) return undefined;
  let inForce: SchedulePeriod | undefined;
  for (const period of periods) if (period.startPeriod <= elapsedS) inForce = period;
  return inForce;
}

/**
 * Times in `[from, to)` at which `profile`'s limit may change: validity bounds, period starts and
 * schedule ends (for every recurrence of a Recurring profile). Used for composite schedules.
 */
export function profileBoundaries(
  profile: ChargingProfile,
  from: Date,
  to: Date,
  transaction?: TransactionRef,
): Date[] {
  const times: number[] = [];
  if (profile.validFrom) times.push(profile.validFrom.getTime());
  if (profile.validTo) times.push(profile.validTo.getTime());
  const starts: number[] = [];
  if (profile.kind === 'Recurring') {
    const cycleMs = (profile.recurrencyKind === 'Weekly' ? 7 : 1) * DAY_MS;
    const first =
      scheduleStart(profile, from, transaction)?.getTime() ??
      (profile.schedule.startSchedule ?? profile.receivedAt).getTime();
    for (let start = first; start < to.getTime() && starts.length < MAX_RECURRENCES; start += cycleMs)
      starts.push(start);
  } else {
    starts.push((scheduleStart(profile, from, transaction) ?? from).getTime());
  }
  for (const start of starts) {
    for (const period of profile.schedule.periods) times.push(start + period.startPeriod * 1000);
    if (profile.schedule.duration !== undefined) times.push(start + profile.schedule.duration * 1000);
  }
  return times.filter((time) => time > from.getTime() && time < to.getTime()).map((time) => new Date(time));
}

/** The first candidate (in precedence order) that has a period in force. */
function firstInForce(candidates: ChargingProfile[], at: Date, transaction?: TransactionRef): ActiveLimit | undefined {
  for (const profile of candidates) {
    const period = periodInForce(profile, at, transaction);
    if (period) return { profile, period };
  }
  return undefined;
}

/** Highest stack level first; on a tie, a connector's own profile before one of connector 0. */
const byPrecedence = (a: ChargingProfile, b: ChargingProfile): number =>
  b.stackLevel - a.stackLevel || b.connectorId - a.connectorId;

/**
 * The profiles installed on a charge point. Installing replaces a profile with the same id, and
 * one with the same connector, purpose and stack level (1.6 §5.16.3; for TxProfiles, of the same
 * transaction).
 */
export class ChargingProfiles {
  private readonly byId = new Map<number, ChargingProfile>();

  /** Number of installed profiles. */
  get count(): number {
    return this.byId.size;
  }

  /** Every installed profile. */
  list(): ChargingProfile[] {
    return [...this.byId.values()];
  }

  /** The profiles `profile` would replace. */
  replacedBy(profile: ChargingProfile): ChargingProfile[] {
    return this.list().filter(
      (other) =>
        other.id === profile.id ||
        (other.connectorId === profile.connectorId &&
          other.purpose === profile.purpose &&
          other.stackLevel === profile.stackLevel &&
          other.transactionId === profile.transactionId),
    );
  }

  /** Installs a profile (periods sorted by `startPeriod`), replacing the ones it supersedes. */
  install(profile: ChargingProfile): void {
    for (const replaced of this.replacedBy(profile)) this.byId.delete(replaced.id);
    const periods = [...profile.schedule.periods].sort((a, b) => a.startPeriod - b.startPeriod);
    this.byId.set(profile.id, { ...profile, schedule: { ...profile.schedule, periods } });
  }

  /**
   * Removes the profile with `criteria.id` when given (1.6 §5.5, 2.0.1 K10), else every
   * profile matching all the other given criteria.
   * @returns the number of profiles removed (0: the CSMS gets `Unknown`)
   */
  clear(criteria: ClearCriteria): number {
    const matches = (profile: ChargingProfile): boolean =>
      criteria.id !== undefined
        ? profile.id === criteria.id
        : (criteria.connectorId === undefined || profile.connectorId === criteria.connectorId) &&
          (criteria.purpose === undefined || profile.purpose === criteria.purpose) &&
          (criteria.stackLevel === undefined || profile.stackLevel === criteria.stackLevel);
    const removed = this.list().filter(matches);
    for (const profile of removed) this.byId.delete(profile.id);
    return removed.length;
  }

  /** Removes the TxProfiles of a connector: its transaction ended (a TxProfile lives as long as its transaction). */
  clearTransaction(connectorId: number): number {
    return this.clear({ connectorId, purpose: 'TxProfile' });
  }

  /**
   * The transaction-level limit of a connector at `at`: its TxProfile in force for the running
   * transaction if any, else its (or connector 0's) TxDefaultProfile in force.
   */
  transactionLimit(connectorId: number, at: Date, transaction?: TransactionRef): ActiveLimit | undefined {
    const profiles = this.list().sort(byPrecedence);
    const txProfiles = transaction
      ? profiles.filter(
          (p) =>
            p.purpose === 'TxProfile' &&
            p.connectorId === connectorId &&
            (p.transactionId === undefined || p.transactionId === transaction.transactionId),
        )
      : [];
    const defaults = profiles.filter(
      (p) => p.purpose === 'TxDefaultProfile' && (p.connectorId === connectorId || p.connectorId === 0),
    );
    return firstInForce(txProfiles, at, transaction) ?? firstInForce(defaults, at, transaction);
  }

  /** The ChargePointMaxProfile in force at `at`, capping the whole charge point. */
  chargePointLimit(at: Date): ActiveLimit | undefined {
    return firstInForce(
      this.list()
        .filter((p) => p.purpose === 'ChargePointMaxProfile')
        .sort(byPrecedence),
      at,
    );
  }
}
