/**
 * The `GET /api/charging-sessions` item (reference notes, "Charging sessions") from a session
 * record, the charger, port and customer it names, and, when asked or while the session runs, its
 * readings (intervals, energy by time-of-use period, the figures of a session in progress).
 */
import type { ChargerItem, PortItem, SiteItem } from '../chargers/items';
import { portName } from '../chargers/items';
import { embeddedVehicle, type EmbeddedVehicle } from '../access/views';
import type { SessionRecordItem } from './session-records';
import {
  seriesFacts,
  sessionEnergyPoints,
  sessionIntervals,
  type Interval,
  type SeriesReading,
  type SessionSpan,
} from './series';
import { touEnergy, type TouEnergy, type TouPeriod } from './tou';
import { sessionEnergyCost, type CostTariff, type EnergyCost } from './session-cost';
import type { ChargerType } from '../smart-charging/types';

/** A charging session (kWh, kW, %, s; times ISO 8601 UTC). */
export interface ChargingSession {
  id: number;
  startTime: string;
  /** Null while in progress. */
  endTime: string | null;
  updatedAt: string;
  durationSeconds: number | null;
  chargingStartTime: string | null;
  chargingEndTime: string | null;
  chargingDurationSeconds: number | null;
  /** While in progress: so far (null when no register is known yet). */
  energyDeliveredKwh: number | null;
  averageDemandKw: number | null;
  maxDemandKw: number | null;
  socStartPercent: number | null;
  socEndPercent: number | null;
  ocppIdTag: string | null;
  ocppTransactionId: number | null;
  /** Always empty (the reference shape has it; sessions carry no tags here). */
  tags: string[];
  site: { id: number; name: string; locationId: string | null };
  charger: {
    id: number;
    name: string;
    ocppId: string | null;
    externalId: string | null;
    serialNumber: string | null;
    type: ChargerType;
  };
  port: { id: number; name: string; portNumber: number; maximumPowerKw: number | null };
  vehicle: EmbeddedVehicle | null;
  rfid: { id: number; name: string | null } | null;
  customer: { id: number | null; name: string } | null;
  organization: { id: number; name: string };
  /** `includeIntervals=true` only. */
  intervals?: Interval[];
  /** `includeTouEnergy=true` only. */
  touEnergy?: TouEnergy[];
  /**
   * The energy's cost under the site's tariff (`./session-cost.ts`: each tariff period's energy at
   * its `pricePerKwh`, in the tariff's currency, 4 decimals): the cost stored when the session
   * ended under a tariff, on every completed session that has one; with `includeTouEnergy=true`,
   * else computed under the site's tariff now, null for a site without one.
   */
  energyCost?: EnergyCost | null;
}

/** What a session's view is built from besides its record. */
export interface SessionContext {
  charger?: ChargerItem;
  port?: PortItem;
  customerId?: number;
  /** Merged readings, when read. */
  readings?: SeriesReading[];
  /** The site (its timezone, and its older periods), for `touEnergy`. */
  site?: SiteItem;
  /** The site's tariff, whose periods name the `touEnergy` periods when the site has one. */
  tariff?: CostTariff;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** The session's span for its series. */
function spanOf(record: SessionRecordItem): SessionSpan {
  return {
    startMs: Date.parse(record.startTime),
    ...(record.endTime ? { endMs: Date.parse(record.endTime) } : {}),
    meterStartWh: record.meterStartWh,
    meterStopWh: record.meterStopWh,
  };
}

/** Energy delivered so far by the registers of a session in progress, kWh. */
function energySoFar(span: SessionSpan, readings: readonly SeriesReading[] | undefined): number | null {
  const points = readings ? sessionEnergyPoints(span, readings) : [];
  if (points.length < 2) return null;
  return round3(Math.max(0, points[points.length - 1]!.wh - points[0]!.wh) / 1000);
}

/** The end-of-session figures: stored for a completed session, from the readings for one in progress. */
function figures(record: SessionRecordItem, context: SessionContext, nowMs: number) {
  const span = spanOf(record);
  if (record.status === 'Completed' && span.endMs !== undefined) {
    const duration = Math.round((span.endMs - span.startMs) / 1000);
    const energy = record.energyDeliveredKwh ?? null;
    const start = record.chargingStartTime ?? null;
    const end = record.chargingEndTime ?? null;
    return {
      durationSeconds: duration,
      energyDeliveredKwh: energy,
      averageDemandKw: energy !== null && duration > 0 ? round3(energy / (duration / 3600)) : null,
      chargingStartTime: start,
      chargingEndTime: end,
      chargingDurationSeconds: start && end ? Math.round((Date.parse(end) - Date.parse(start)) / 1000) : null,
      maxDemandKw: record.maxDemandKw ?? null,
    };
  }
  const facts = context.readings ? seriesFacts(span, context.readings, nowMs) : undefined;
  return {
    durationSeconds: null,
    energyDeliveredKwh: energySoFar(span, context.readings),
    averageDemandKw: null,
    chargingStartTime: facts?.chargingStartTime ?? null,
    chargingEndTime: null,
    chargingDurationSeconds: null,
    maxDemandKw: facts?.maxDemandKw ?? null,
  };
}

/** The view of one session. With intervals, `maxDemandKw` is their highest average. */
export function toChargingSession(
  record: SessionRecordItem,
  context: SessionContext,
  options: { includeIntervals?: boolean; includeTouEnergy?: boolean },
  nowMs: number,
): ChargingSession {
  const { charger, port } = context;
  const intervals = options.includeIntervals ? sessionIntervals(spanOf(record), context.readings ?? []) : undefined;
  const values = figures(record, context, nowMs);
  return {
    id: record.sessionId,
    startTime: record.startTime,
    endTime: record.endTime ?? null,
    updatedAt: record.updatedAt,
    ...values,
    ...(intervals ? { maxDemandKw: maxAverage(intervals) } : {}),
    socStartPercent: record.socStartPercent ?? null,
    socEndPercent: record.socEndPercent ?? null,
    ocppIdTag: record.idTag ?? null,
    ocppTransactionId: /^[0-9]{1,15}$/.test(record.ocppTransactionId) ? Number(record.ocppTransactionId) : null,
    tags: [],
    site: { id: record.siteId, name: charger?.siteName ?? '', locationId: null },
    charger: {
      id: record.chargerId,
      name: charger?.name ?? '',
      ocppId: charger?.ocppId ?? null,
      externalId: charger?.externalId ?? null,
      serialNumber: charger?.serialNumber ?? null,
      type: charger?.type ?? 'Level 2',
    },
    port: {
      id: record.portId,
      name: port?.name ?? portName(record.portNumber),
      portNumber: record.portNumber,
      maximumPowerKw: port?.maximumPowerKw ?? null,
    },
    vehicle: record.vehicle ? embeddedVehicle(record.vehicle) : null,
    rfid: record.rfid ? { id: record.rfid.id, name: record.rfid.name } : null,
    customer: record.customerName ? { id: context.customerId ?? null, name: record.customerName } : null,
    organization: { id: record.organizationId, name: charger?.organizationName ?? '' },
    ...(intervals ? { intervals } : {}),
    ...(record.energyCost ? { energyCost: record.energyCost } : {}),
    ...(options.includeTouEnergy ? { touEnergy: touOf(record, context), energyCost: costOf(record, context) } : {}),
  };
}

/** The highest 15-minute average of intervals, kW. */
function maxAverage(intervals: readonly Interval[]): number | null {
  const values = intervals.flatMap((i) => (i.averagePowerKw === null ? [] : [i.averagePowerKw]));
  return values.length ? Math.max(...values) : null;
}

/**
 * The site's time-of-use periods: its tariff's (`docs/tariffs.md`), else the periods stored on the
 * site before tariffs existed (`sites set-tou`, retired), else none.
 */
function sitePeriods(context: Pick<SessionContext, 'site' | 'tariff'>): TouPeriod[] {
  if (!context.tariff) return context.site?.touPeriods ?? [];
  return context.tariff.energyPrices.map((p) => ({
    name: p.name,
    days: p.daysOfWeek,
    start: p.startTime,
    end: p.endTime,
  }));
}

/**
 * The session's energy cost: the one stored when it ended (under the tariff of that time), else
 * under the site's tariff now (a session in progress, or one that ended before costs were
 * stored), or null without a tariff.
 */
function costOf(record: SessionRecordItem, context: SessionContext): EnergyCost | null {
  if (record.energyCost) return record.energyCost;
  const { tariff } = context;
  if (!tariff) return null;
  return sessionEnergyCost(spanOf(record), context.readings ?? [], {
    tariff,
    timeZone: context.site?.timezone ?? 'UTC',
  });
}

/** Energy by the site's time-of-use periods, in its timezone. */
function touOf(record: SessionRecordItem, context: SessionContext): TouEnergy[] {
  const points = sessionEnergyPoints(spanOf(record), context.readings ?? []);
  return touEnergy(points, context.site?.timezone ?? 'UTC', sitePeriods(context));
}
