/**
 * GetCompositeSchedule (OCPP 1.6 Smart Charging §5.7, 2.0.1 functional block K, K08): what a
 * charger says it will enforce on a port (or, for port 0, on its grid connection) over the next
 * `duration` seconds, its profiles and its own limits combined. One declaration for the two domains
 * that send it: the charger operation an operator asks for (`CHARGER_OPERATION_COMMANDS`) and
 * smart charging's drift check after a profile (`SMART_CHARGING_COMMANDS`).
 */
import type {
  CompositeSchedule,
  CompositeScheduleAnswer,
  CompositeSchedulePeriod,
  CompositeScheduleRequest,
} from '../../site-power';
import type * as Ocpp16 from '../types/v16';
import type * as Ocpp201 from '../types/v201';
import { defineCommand } from './command';
import * as V16 from '../validators/v16';
import * as V201 from '../validators/v201';

/** The fields of a period kept (OCPP 2.1's additions among them); not `customData`, `phaseToUse` or V2X's. */
const PERIOD_FIELDS = [
  'limit',
  'limit_L2',
  'limit_L3',
  'numberPhases',
  'setpoint',
  'setpoint_L2',
  'setpoint_L3',
  'operationMode',
] as const;

/**
 * A period as stored: OCPP's fields that say what the charger enforces. A 2.1 answer passes here
 * too (read by the 2.0.1 mapping, its `limit` optional and its setpoints and `operationMode`
 * kept): see `CompositeSchedulePeriod`.
 */
function periodOf(period: { startPeriod: number } & Partial<Record<(typeof PERIOD_FIELDS)[number], unknown>>) {
  const out: CompositeSchedulePeriod = { startPeriod: period.startPeriod };
  for (const field of PERIOD_FIELDS)
    if (period[field] !== undefined) (out as unknown as Record<string, unknown>)[field] = period[field];
  return out;
}

/** The 1.6 answer's schedule, version-neutral (its `scheduleStart`, else the schedule's `startSchedule`). */
function schedule16(response: Ocpp16.GetCompositeScheduleResponse): CompositeSchedule | undefined {
  const schedule = response.chargingSchedule;
  if (!schedule) return undefined;
  const scheduleStart = response.scheduleStart ?? schedule.startSchedule;
  return {
    ...(response.connectorId === undefined ? {} : { portNumber: response.connectorId }),
    ...(scheduleStart === undefined ? {} : { scheduleStart }),
    ...(schedule.duration === undefined ? {} : { duration: schedule.duration }),
    chargingRateUnit: schedule.chargingRateUnit,
    chargingSchedulePeriod: schedule.chargingSchedulePeriod.map(periodOf),
  };
}

/** The 2.0.1 answer's schedule, version-neutral. */
function schedule201(response: Ocpp201.GetCompositeScheduleResponse): CompositeSchedule | undefined {
  const schedule = response.schedule;
  if (!schedule) return undefined;
  return {
    portNumber: schedule.evseId,
    scheduleStart: schedule.scheduleStart,
    duration: schedule.duration,
    chargingRateUnit: schedule.chargingRateUnit,
    chargingSchedulePeriod: schedule.chargingSchedulePeriod.map(periodOf),
  };
}

/**
 * GetCompositeSchedule: 1.6 `{ connectorId, duration, chargingRateUnit? }`, 2.0.1 `{ evseId,
 * duration, chargingRateUnit? }`; the answer's status, its schedule version-neutral, and the whole
 * answer (a 1.6 answer may omit its connectorId: the schedule's `portNumber` is then absent and the
 * sender knows which it asked).
 */
export const getCompositeSchedule = defineCommand<
  CompositeScheduleRequest,
  CompositeScheduleAnswer,
  'GetCompositeSchedule',
  'GetCompositeSchedule'
>({
  name: 'GetCompositeSchedule',
  'ocpp1.6': {
    call: V16.GetCompositeSchedule,
    request: ({ portNumber, duration, chargingRateUnit }) => ({
      connectorId: portNumber,
      duration,
      ...(chargingRateUnit === undefined ? {} : { chargingRateUnit }),
    }),
    result: (response) => answerOf(response, schedule16(response)),
  },
  'ocpp2.0.1': {
    call: V201.GetCompositeSchedule,
    request: ({ portNumber, duration, chargingRateUnit }) => ({
      evseId: portNumber,
      duration,
      ...(chargingRateUnit === undefined ? {} : { chargingRateUnit }),
    }),
    result: (response) => answerOf(response, schedule201(response)),
  },
});

/** The answer: status, schedule (only with Accepted), whole payload. */
function answerOf(
  response: { status: 'Accepted' | 'Rejected' },
  schedule: CompositeSchedule | undefined,
): CompositeScheduleAnswer {
  return {
    ocppStatus: response.status,
    ...(response.status === 'Accepted' && schedule ? { schedule } : {}),
    answer: response as unknown as Record<string, unknown>,
  };
}
