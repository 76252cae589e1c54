/**
 * OCPP 2.0.1 functional block K, Smart Charging, from the station's side: external limits
 * (NotifyChargingLimit K12, ClearedChargingLimit K13), the vehicle's own needs and chosen schedule
 * over ISO 15118 (NotifyEVChargingNeeds K15, NotifyEVChargingSchedule K17) and the profiles the
 * station holds (ReportChargingProfiles K09). Values are checked here, against bounds no real
 * station or vehicle reaches, so nothing stored can trip the allocation: a value outside them is a
 * `PropertyConstraintViolation` (too many periods: `OccurrenceConstraintViolation`) naming the
 * field, and nothing is stored. What is stored re-allocates the site (`shared/site-power`).
 */
import { ocpp201 } from '../handler';
import { OcppCallError } from '../errors';
import * as V201 from '../validators/v201';
import { storableId } from '../../charging';
import type * as Ocpp201 from '../types/v201';
import {
  clearExternalLimit,
  type EvChargingNeedsReport,
  type LimitSchedule,
  MAX_REPORTED_PROFILES,
  recordChargingProfilesReport,
  recordEvChargingNeeds,
  recordEvChargingSchedule,
  recordExternalLimit,
} from '../../site-power';

/** Most periods taken in an external limit's schedule (a day in 15-minute periods). */
export const MAX_LIMIT_PERIODS = 96;
/** Largest limit taken, per unit: 1 MW, 10 000 A. */
export const MAX_LIMIT = { W: 1_000_000, A: 10_000 } as const;
/** Largest energy request taken, Wh (1 MWh). */
export const MAX_ENERGY_WH = 1_000_000;
/** Largest voltage taken, V. */
const MAX_VOLTAGE_V = 2_000;
/** Latest `startPeriod` / `duration` taken, s (a year). */
const MAX_SECONDS = 31_536_000;

function violation(field: string, problem: string): never {
  throw new OcppCallError('PropertyConstraintViolation', `${field} ${problem}`, { field });
}

/** A number within [min, max] (min exclusive when `positive`), else a violation naming the field. */
function within(field: string, value: number | undefined, max: number, positive = false): number | undefined {
  if (value === undefined) return undefined;
  if (value > max || value < 0 || (positive && value === 0)) {
    violation(field, `must be ${positive ? 'above 0' : '0 or more'} and at most ${max}`);
  }
  return value;
}

/** `numberPhases` 1–3, else a violation naming the field. */
function phases(field: string, value: number | undefined): { numberPhases?: number } {
  if (value === undefined) return {};
  if (value < 1 || value > 3) violation(field, 'must be 1, 2 or 3');
  return { numberPhases: value };
}

/** An integer DynamoDB can keep (a safe integer), else a violation naming the field. */
function storable(field: string, value: number): number {
  return storableId(value) ?? violation(field, 'is not an integer this CSMS can keep');
}

/** An ISO 8601 instant as UTC, else a violation naming the field. */
function instant(field: string, value: string): string {
  const ms = Date.parse(value);
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) violation(field, 'is not a time this CSMS can keep');
  return new Date(ms).toISOString();
}

/**
 * The first `chargingSchedule` of a NotifyChargingLimit (K12) as stored: limits in its unit (A per
 * phase or W), `startSchedule` in UTC (when received if absent), periods in s from the start.
 * @param field the schedule's path in the payload, to name it in errors
 * @throws OcppCallError OccurrenceConstraintViolation (more than {@link MAX_LIMIT_PERIODS} periods),
 *   PropertyConstraintViolation (a limit below 0 or above {@link MAX_LIMIT}, periods not increasing,
 *   `numberPhases` outside 1–3, a time or duration this CSMS cannot keep)
 */
export function limitSchedule(
  schedule: Ocpp201.ChargingScheduleType,
  field: string,
  receivedAt: string,
): LimitSchedule {
  const periods = schedule.chargingSchedulePeriod;
  const unit = schedule.chargingRateUnit;
  if (periods.length > MAX_LIMIT_PERIODS) {
    const at = `${field}.chargingSchedulePeriod`;
    const problem = `has ${periods.length} periods; at most ${MAX_LIMIT_PERIODS} are taken`;
    throw new OcppCallError('OccurrenceConstraintViolation', `${at} ${problem}`, { field: at });
  }
  periods.forEach((period, i) => {
    const at = `${field}.chargingSchedulePeriod.${i}`;
    within(`${at}.limit`, period.limit, MAX_LIMIT[unit]);
    within(`${at}.startPeriod`, period.startPeriod, MAX_SECONDS);
    if (i > 0 && period.startPeriod <= periods[i - 1]!.startPeriod) violation(`${at}.startPeriod`, 'must increase');
  });
  const duration = within(`${field}.duration`, schedule.duration, MAX_SECONDS);
  return {
    chargingRateUnit: unit,
    startSchedule: instant(`${field}.startSchedule`, schedule.startSchedule ?? receivedAt),
    ...(duration !== undefined ? { duration } : {}),
    periods: periods.map(({ startPeriod, limit, numberPhases }, i) => ({
      startPeriod,
      limit,
      ...phases(`${field}.chargingSchedulePeriod.${i}.numberPhases`, numberPhases),
    })),
  };
}

/**
 * The vehicle's ISO 15118 needs of a NotifyEVChargingNeeds (K15) as stored, in the units sent (Wh,
 * A, V, W, %).
 * @throws OcppCallError PropertyConstraintViolation naming the field: a departure not in the future,
 *   an energy request of 0 or above {@link MAX_ENERGY_WH}, `evMinCurrent` above `evMaxCurrent`, a
 *   current, voltage or power beyond what any vehicle has
 */
export function evChargingNeeds(needs: Ocpp201.ChargingNeedsType, receivedAt: string): EvChargingNeedsReport {
  const ac = needs.acChargingParameters;
  const dc = needs.dcChargingParameters;
  const acAt = 'chargingNeeds.acChargingParameters';
  const dcAt = 'chargingNeeds.dcChargingParameters';
  const departureTime = needs.departureTime && instant('chargingNeeds.departureTime', needs.departureTime);
  if (departureTime && departureTime <= receivedAt) violation('chargingNeeds.departureTime', 'is not in the future');
  if (ac && ac.evMinCurrent > ac.evMaxCurrent) violation(`${acAt}.evMinCurrent`, 'is above evMaxCurrent');
  const values = {
    energyAmountWh: ac
      ? within(`${acAt}.energyAmount`, ac.energyAmount, MAX_ENERGY_WH, true)
      : within(`${dcAt}.energyAmount`, dc?.energyAmount, MAX_ENERGY_WH, true),
    minCurrentA: within(`${acAt}.evMinCurrent`, ac?.evMinCurrent, MAX_LIMIT.A),
    maxCurrentA: ac
      ? within(`${acAt}.evMaxCurrent`, ac.evMaxCurrent, MAX_LIMIT.A)
      : within(`${dcAt}.evMaxCurrent`, dc?.evMaxCurrent, MAX_LIMIT.A),
    maxVoltageV: ac
      ? within(`${acAt}.evMaxVoltage`, ac.evMaxVoltage, MAX_VOLTAGE_V)
      : within(`${dcAt}.evMaxVoltage`, dc?.evMaxVoltage, MAX_VOLTAGE_V),
    maxPowerW: within(`${dcAt}.evMaxPower`, dc?.evMaxPower, MAX_LIMIT.W),
    socPercent: within(`${dcAt}.stateOfCharge`, dc?.stateOfCharge, 100),
    evEnergyCapacityWh: within(`${dcAt}.evEnergyCapacity`, dc?.evEnergyCapacity, MAX_ENERGY_WH, true),
  };
  const defined = Object.entries(values).filter(([, value]) => value !== undefined);
  return {
    requestedEnergyTransfer: needs.requestedEnergyTransfer,
    ...(departureTime ? { departureTime } : {}),
    ...Object.fromEntries(defined),
  };
}

/** No session in progress on the EVSE: nothing to attach the report to. */
const NO_TRANSACTION = { status: 'Rejected', statusInfo: { reasonCode: 'NoTransaction' } } as const;

/** The whole station: no evseId, or 0. */
const evseOf = (evseId: number | undefined) => (evseId ? evseId : undefined);

/** OCPP 2.0.1 smart charging handlers (station to CSMS). */
export const smartCharging = [
  ocpp201(V201.NotifyChargingLimit, async ({ db, connection, receivedAt }, payload) => {
    const schedule = payload.chargingSchedule?.[0];
    await recordExternalLimit(
      db,
      connection,
      {
        portNumber: evseOf(payload.evseId),
        source: payload.chargingLimit.chargingLimitSource,
        isGridCritical: payload.chargingLimit.isGridCritical,
        schedule: schedule && limitSchedule(schedule, 'chargingSchedule.0', receivedAt),
      },
      receivedAt,
    );
    return {};
  }),
  ocpp201(V201.ClearedChargingLimit, async ({ db, connection }, payload) => {
    await clearExternalLimit(db, connection, {
      portNumber: evseOf(payload.evseId),
      source: payload.chargingLimitSource,
    });
    return {};
  }),
  ocpp201(V201.NotifyEVChargingNeeds, async ({ db, connection, receivedAt }, payload) => {
    const needs = evChargingNeeds(payload.chargingNeeds, receivedAt);
    const recorded = await recordEvChargingNeeds(db, connection, payload.evseId, needs, receivedAt);
    return recorded ? { status: 'Accepted' } : NO_TRANSACTION;
  }),
  ocpp201(V201.NotifyEVChargingSchedule, async ({ db, connection, receivedAt }, payload) => {
    const { chargingSchedule: schedule } = payload;
    const first = schedule.chargingSchedulePeriod[0];
    const recorded = await recordEvChargingSchedule(
      db,
      connection,
      payload.evseId,
      {
        timeBase: instant('timeBase', payload.timeBase),
        chargingRateUnit: schedule.chargingRateUnit,
        startPeriod: within('chargingSchedule.chargingSchedulePeriod.0.startPeriod', first.startPeriod, MAX_SECONDS)!,
        limit: within(
          'chargingSchedule.chargingSchedulePeriod.0.limit',
          first.limit,
          MAX_LIMIT[schedule.chargingRateUnit],
        )!,
        ...phases('chargingSchedule.chargingSchedulePeriod.0.numberPhases', first.numberPhases),
        periodCount: schedule.chargingSchedulePeriod.length,
      },
      receivedAt,
    );
    return recorded ? { status: 'Accepted' } : NO_TRANSACTION;
  }),
  ocpp201(V201.ReportChargingProfiles, async ({ db, connection, receivedAt }, payload) => {
    const profiles = payload.chargingProfile.slice(0, MAX_REPORTED_PROFILES).map((p, i) => ({
      id: storable(`chargingProfile.${i}.id`, p.id),
      stackLevel: storable(`chargingProfile.${i}.stackLevel`, p.stackLevel),
      chargingProfilePurpose: p.chargingProfilePurpose,
      chargingProfileKind: p.chargingProfileKind,
      ...(p.transactionId !== undefined ? { transactionId: p.transactionId } : {}),
    }));
    const { requestId, chargingLimitSource, evseId, tbc } = payload;
    const report = {
      requestId: storable('requestId', requestId),
      chargingLimitSource,
      evseId,
      ...(tbc !== undefined ? { tbc } : {}),
      profiles,
      profileCount: payload.chargingProfile.length,
    };
    await recordChargingProfilesReport(db, connection, report, receivedAt);
    return {};
  }),
];
