/**
 * The sessions page's data: its filters and the query they make, and its CSV export: one row per
 * session of `GET /api/charging-sessions` (with `includeTouEnergy=true`), the API's own values and
 * names, written with Papa Parse's `unparse` (RFC 4180 quoting). Columns: the session, where, who, time and energy; then one column of energy
 * per time-of-use period met in the rows (`touEnergyKwh.<period>`, in the order first met); then
 * the energy cost and its currency (empty for a site without a tariff).
 *
 * @module
 */
import { unparse } from 'papaparse';
import type { ChargingSession } from './types';

/** The page's filters, as the form holds them ('' = any). Dates are `YYYY-MM-DD`, UTC days. */
export interface SessionFilterForm {
  siteId: string;
  chargerId: string;
  vehicleId: string;
  rfidId: string;
  from: string;
  to: string;
  inProgress: boolean;
}

/** Most pages the CSV export reads (100 sessions each). */
export const CSV_MAX_PAGES = 50;
const DAY_MS = 24 * 3600 * 1000;

/** The default filters: the last 30 days (UTC), sessions in progress included. */
export function defaultSessionFilters(now = Date.now()): SessionFilterForm {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return {
    siteId: '',
    chargerId: '',
    vehicleId: '',
    rfidId: '',
    from: day(now - 30 * DAY_MS),
    to: '',
    inProgress: true,
  };
}

/**
 * The query of `GET /api/charging-sessions` for `filters` (and a page's cursor): `from` is the
 * start of its UTC day (`startTimeAfter`), `to` the end of its (`startTimeBefore`, exclusive).
 */
export function sessionsQuery(filters: SessionFilterForm, cursor: string | null = null): string {
  const query = new URLSearchParams({ includeTouEnergy: 'true' });
  if (filters.siteId) query.set('siteIds[]', filters.siteId);
  if (filters.chargerId) query.set('chargerIds[]', filters.chargerId);
  if (filters.vehicleId) query.set('vehicleIds[]', filters.vehicleId);
  if (filters.rfidId) query.set('rfidIds[]', filters.rfidId);
  if (filters.from) query.set('startTimeAfter', `${filters.from}T00:00:00Z`);
  if (filters.to) query.set('startTimeBefore', new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS).toISOString());
  if (filters.inProgress) query.set('includeInProgressSessions', 'true');
  if (cursor) query.set('nextPageCursor', cursor);
  return query.toString();
}

/** The fixed columns, each the API's field (dotted for nested objects) and how it is read. */
const COLUMNS: [string, (s: ChargingSession) => string | number | null | undefined][] = [
  ['id', (s) => s.id],
  ['startTime', (s) => s.startTime],
  ['endTime', (s) => s.endTime],
  ['durationSeconds', (s) => s.durationSeconds],
  ['chargingDurationSeconds', (s) => s.chargingDurationSeconds],
  ['site.name', (s) => s.site.name],
  ['charger.name', (s) => s.charger.name],
  ['charger.ocppId', (s) => s.charger.ocppId],
  ['port.portNumber', (s) => s.port.portNumber],
  ['vehicle.name', (s) => s.vehicle?.name],
  ['vehicle.vin', (s) => s.vehicle?.vin],
  ['rfid.name', (s) => s.rfid?.name],
  ['ocppIdTag', (s) => s.ocppIdTag],
  ['customer.name', (s) => s.customer?.name],
  ['energyDeliveredKwh', (s) => s.energyDeliveredKwh],
  ['socStartPercent', (s) => s.socStartPercent],
  ['socEndPercent', (s) => s.socEndPercent],
  ['averageDemandKw', (s) => s.averageDemandKw],
];

/**
 * The CSV of `sessions`: a header row, then one row per session in the given order. A value the
 * API gives as null is an empty cell; numbers are written as the API gives them (a dot decimal).
 */
export function sessionsCsv(sessions: readonly ChargingSession[]): string {
  const periods = [...new Set(sessions.flatMap((s) => (s.touEnergy ?? []).map((t) => t.period)))];
  const header = [
    ...COLUMNS.map(([name]) => name),
    ...periods.map((p) => `touEnergyKwh.${p}`),
    'energyCost.amount',
    'energyCost.currency',
  ];
  const rows = sessions.map((session) => {
    const tou = new Map((session.touEnergy ?? []).map((t) => [t.period, t.energyDeliveredKwh]));
    return [
      ...COLUMNS.map(([, read]) => read(session) ?? ''),
      ...periods.map((p) => tou.get(p) ?? ''),
      session.energyCost?.amount ?? '',
      session.energyCost?.currency ?? '',
    ];
  });
  return unparse({ fields: header, data: rows }, { newline: '\r\n' });
}
