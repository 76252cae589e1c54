/**
 * Answers of the history endpoints (reference notes: "Charging sessions", "Charger health",
 * "Alerts, errors, OCPP messages"), each checked at compile time against the domain's type.
 */
import * as z from 'zod';
import { conformsTo, EmbeddedVehicle, Pagination } from './common';
import type * as sessions from '../../history/session-views';
import type * as health from '../../history/charger-health';
import type * as errors from '../../history/error-list';
import type * as messages from '../../history/message-list';
import { CHARGER_TYPES } from '../../smart-charging/types';

const nullableTime = z.string().nullable();

/** One 15-minute interval. */
export const SessionInterval = z
  .object({
    startTime: z.string().meta({ description: 'Start of the slot (UTC, aligned to the hour)' }),
    endTime: z.string(),
    energyDeliveredKwh: z
      .number()
      .nullable()
      .meta({ description: 'kWh in the slot (null until two registers are known)' }),
    averagePowerKw: z.number().nullable().meta({ description: 'energyDeliveredKwh ÷ 0.25 h (the whole slot)' }),
    maxPowerKw: z.number().nullable().meta({ description: 'Highest power reading in the slot' }),
    socPercent: z.number().nullable().meta({ description: 'Last SoC reading in the slot' }),
  })
  .meta({ id: 'SessionInterval' });

/** Energy of one time-of-use period. */
export const TouEnergy = z
  .object({ period: z.string().meta({ example: 'peak' }), energyDeliveredKwh: z.number() })
  .meta({ id: 'TouEnergy' });

/** A charging session (reference notes, "Charging sessions"). */
export const ChargingSession = conformsTo<sessions.ChargingSession>()(
  z
    .object({
      id: z.number().int(),
      startTime: z.string(),
      endTime: nullableTime,
      updatedAt: z.string(),
      durationSeconds: z.number().nullable(),
      chargingStartTime: nullableTime.meta({ description: 'First reading at or above 0.1 kW' }),
      chargingEndTime: nullableTime.meta({ description: 'Last reading at or above 0.1 kW (null while in progress)' }),
      chargingDurationSeconds: z.number().nullable(),
      energyDeliveredKwh: z.number().nullable().meta({ description: 'While in progress: so far' }),
      averageDemandKw: z.number().nullable().meta({ description: 'energyDeliveredKwh ÷ the session duration' }),
      maxDemandKw: z.number().nullable().meta({ description: 'The highest 15-minute average power' }),
      socStartPercent: z.number().nullable(),
      socEndPercent: z.number().nullable(),
      ocppIdTag: z.string().nullable(),
      ocppTransactionId: z.number().int().nullable(),
      tags: z
        .array(z.string())
        .meta({ description: 'Always empty: sessions have no tags here (kept for the reference shape)' }),
      site: z.object({ id: z.number().int(), name: z.string(), locationId: z.string().nullable() }),
      charger: z.object({
        id: z.number().int(),
        name: z.string(),
        ocppId: z.string().nullable(),
        externalId: z.string().nullable(),
        serialNumber: z.string().nullable(),
        type: z.enum(CHARGER_TYPES),
      }),
      port: z.object({
        id: z.number().int(),
        name: z.string(),
        portNumber: z.number().int(),
        maximumPowerKw: z.number().nullable(),
      }),
      vehicle: EmbeddedVehicle.nullable(),
      rfid: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable(),
      customer: z.object({ id: z.number().int().nullable(), name: z.string() }).nullable(),
      organization: z.object({ id: z.number().int(), name: z.string() }),
      intervals: z.array(SessionInterval).optional().meta({ description: 'includeIntervals=true only' }),
      touEnergy: z.array(TouEnergy).optional().meta({ description: 'includeTouEnergy=true only' }),
    })
    .meta({ id: 'ChargingSession' }),
);

/** `GET /api/charging-sessions` answer. */
export const ChargingSessionList = z.object({ data: z.array(ChargingSession), pagination: Pagination });

const Uptime = z
  .object({
    faultedSeconds: z.number(),
    availableSeconds: z.number(),
    unavailableSeconds: z.number(),
    uptimePercent: z.number(),
  })
  .meta({ id: 'Uptime' });
const ErrorCounts = z
  .object({ endedEarly: z.number(), failedToStart: z.number(), other: z.number(), total: z.number() })
  .meta({ id: 'ErrorCounts' });
const Utilization = z
  .object({ chargingSessionSeconds: z.number(), utilizationPercent: z.number() })
  .meta({ id: 'Utilization' });

/** `GET /api/charger-health` answer. */
export const ChargerHealthReport = conformsTo<health.ChargerHealthReport>()(
  z
    .object({
      summary: z.object({
        startTime: z.string(),
        endTime: z.string(),
        errorCounts: ErrorCounts,
        chargingSessionsCount: z.number(),
        uptime: Uptime,
      }),
      data: z.array(
        z.object({
          chargerId: z.number().int(),
          serialNumber: z.string().nullable(),
          name: z.string(),
          activeTimeInIntervalSeconds: z.number(),
          site: z.object({ id: z.number().int(), name: z.string() }),
          connectivity: z.object({ onlineSeconds: z.number(), offlineSeconds: z.number(), onlinePercent: z.number() }),
          maintenance: z.object({ maintenanceSeconds: z.number(), maintenancePercent: z.number() }),
          uptime: Uptime,
          utilization: Utilization,
          errorCounts: ErrorCounts,
          chargingSessionsCount: z.number(),
          reportUrl: z
            .string()
            .nullable()
            .meta({ description: 'The charger page of the operator console, relative to the API origin' }),
          ocppPasswordSet: z.boolean().meta({
            description:
              'Whether the charger has an OCPP Basic-auth password; false is a warning: anyone who knows its OCPP ' +
              'identity can connect as it',
          }),
          ports: z.array(
            z.object({
              id: z.number().int(),
              name: z.string(),
              maintenance: z.object({ maintenanceSeconds: z.number(), maintenancePercent: z.number() }).meta({
                description: "Time under the charger's whole-charger windows or the port's own (not in the reference)",
              }),
              uptime: Uptime,
              utilization: Utilization,
              errorCounts: ErrorCounts,
              chargingSessionsCount: z.number(),
            }),
          ),
        }),
      ),
    })
    .meta({ id: 'ChargerHealthReport' }),
);

/** One charger error report. */
export const ChargerErrorReport = conformsTo<errors.ChargerErrorReport>()(
  z
    .object({
      id: z.number().int(),
      timestamp: z.string(),
      ocppErrorCode: z.string().meta({ example: 'GroundFailure' }),
      vendorErrorCode: z.string().nullable(),
      ocppInfo: z.string().nullable(),
      ocppStatus: z.string().meta({ example: 'Faulted' }),
      errorCategory: z.enum(['endedCharging', 'preventedCharging', 'other']),
      chargingSession: z.object({ id: z.number().int() }).nullable(),
      site: z.object({ id: z.number().int(), name: z.string() }),
      charger: z.object({ id: z.number().int(), name: z.string() }),
      port: z.object({ id: z.number().int(), name: z.string(), portNumber: z.number().int() }).nullable(),
      organization: z.object({ id: z.number().int(), name: z.string() }),
    })
    .meta({ id: 'ChargerErrorReport' }),
);

/** `GET /api/errors` answer. */
export const ChargerErrorList = z.object({ data: z.array(ChargerErrorReport), pagination: Pagination });

/** A logged frame as text. */
const LoggedFrame = conformsTo<messages.LoggedFrame>()(
  z
    .object({
      text: z.string().meta({ description: 'The frame as it went over the WebSocket, or its first 32 KB' }),
      bytes: z.number().int().meta({ description: "The whole frame's size in bytes of UTF-8" }),
      truncated: z.boolean().meta({ description: 'Whether `text` is only the first 32 KB of the frame' }),
    })
    .meta({ id: 'OcppFrame' }),
);

/** One logged OCPP exchange. */
export const OcppMessage = conformsTo<messages.OcppMessage>()(
  z
    .object({
      id: z.string(),
      createdAt: z.string(),
      ocppChargerIdentity: z.string(),
      messageType: z.string().meta({ example: 'MeterValues' }),
      direction: z.enum(['fromCharger', 'toCharger']),
      messagePayload: z.unknown().meta({
        description:
          "The CALL's payload parsed from its frame; `{ truncated: true, bytes }` when the frame was over 32 KB; " +
          'null when the frame has none. A number beyond the precision of a double is exact only in `messageFrame`.',
      }),
      messageResponse: z.unknown().meta({
        description: 'The CALLRESULT payload, `{ errorCode, errorDescription }` of a CALLERROR, or null (no answer).',
      }),
      responseType: z.enum(['CALLRESULT', 'CALLERROR']).nullable(),
      messageFrame: LoggedFrame.meta({ description: 'The CALL frame as it went over the WebSocket' }),
      responseFrame: LoggedFrame.nullable().meta({
        description: 'The answer frame (CALLRESULT or CALLERROR) as text; null without an answer.',
      }),
      chargerId: z.number().int(),
      protocol: z.enum(['ocpp1.6', 'ocpp2.0.1']),
    })
    .meta({ id: 'OcppMessage' }),
);

/** `GET /api/ocpp-messages` answer. */
export const OcppMessageList = z.object({ data: z.array(OcppMessage), pagination: Pagination });
