/**
 * Caltech ACN-Data charging sessions for the ACN benchmark (see `test/bench/data/README.md`): the
 * month file's format, its reader, and the sessions as the replay sees them (periods of the month).
 *
 * The month file is a gzipped CSV with the header
 * `sessionID,spaceID,connectionTime,disconnectTime,kWhDelivered`: ACN-Data's own field names (the
 * API's `spaceID` is the parking space, which acnportal uses as the EVSE's id), instants in ISO 8601
 * UTC, energy in kWh.
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import * as z from 'zod';

/** The header of a month file, in column order. */
export const SESSION_COLUMNS = ['sessionID', 'spaceID', 'connectionTime', 'disconnectTime', 'kWhDelivered'] as const;

/** One ACN-Data charging session: instants in ms since the epoch, energy in kWh. */
export interface AcnSession {
  /** ACN-Data `sessionID`. */
  readonly sessionId: string;
  /** ACN-Data `spaceID`: the EVSE (acnportal's `station_id`). */
  readonly spaceId: string;
  /** ACN-Data `connectionTime`, ms since the epoch. */
  readonly connectionTime: number;
  /** ACN-Data `disconnectTime`, ms since the epoch. */
  readonly disconnectTime: number;
  /** ACN-Data `kWhDelivered`: what the vehicle took in reality, the replay's request, kWh (≥ 0). */
  readonly kWhDelivered: number;
}

const row = z.object({
  sessionID: z.string().min(1),
  spaceID: z.string().min(1),
  connectionTime: z.iso.datetime(),
  disconnectTime: z.iso.datetime(),
  kWhDelivered: z.coerce.number().nonnegative(),
});

/**
 * Parses a month file's CSV text (no quoting: ACN-Data's ids hold no commas).
 * @param csv the text, header first
 * @returns the sessions, in file order
 * @throws Error naming the line and field when the header differs from {@link SESSION_COLUMNS} or a
 *   row does not validate (ISO 8601 instants, kWh ≥ 0, disconnect not before connection)
 */
export function parseSessionsCsv(csv: string): AcnSession[] {
  const [header, ...lines] = csv.trim().split(/\r?\n/);
  if (header !== SESSION_COLUMNS.join(',')) throw new Error(`sessions: header must be ${SESSION_COLUMNS.join(',')}`);
  return lines.map((line, i) => {
    const cells = line.split(',');
    const parsed = row.safeParse(Object.fromEntries(SESSION_COLUMNS.map((c, j) => [c, cells[j]])));
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new Error(`sessions line ${i + 2}: ${issue.path.join('.')}: ${issue.message}`);
    }
    const s = parsed.data;
    const session = {
      sessionId: s.sessionID,
      spaceId: s.spaceID,
      connectionTime: Date.parse(s.connectionTime),
      disconnectTime: Date.parse(s.disconnectTime),
      kWhDelivered: s.kWhDelivered,
    };
    if (session.disconnectTime < session.connectionTime) {
      throw new Error(`sessions line ${i + 2}: disconnectTime: before connectionTime`);
    }
    return session;
  });
}

/**
 * Writes sessions as a month file's CSV text (the inverse of {@link parseSessionsCsv}).
 * @param sessions the sessions, written in the given order
 * @returns the CSV text, header first, one line per session, ending with a newline
 */
export function formatSessionsCsv(sessions: readonly AcnSession[]): string {
  const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
  const lines = sessions.map((s) =>
    [s.sessionId, s.spaceId, iso(s.connectionTime), iso(s.disconnectTime), s.kWhDelivered].join(','),
  );
  return `${[SESSION_COLUMNS.join(','), ...lines].join('\n')}\n`;
}

/**
 * Reads a month file (`.csv.gz`, or plain `.csv`).
 * @param path the file's path
 * @returns its sessions
 * @throws the file system's error when the file cannot be read, or {@link parseSessionsCsv}'s
 */
export function loadSessions(path: string): AcnSession[] {
  const bytes = readFileSync(path);
  return parseSessionsCsv((path.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8'));
}

/** One session as the replay sees it: periods counted from the month's start. */
export interface ReplaySession {
  /** ACN-Data `sessionID`. */
  readonly id: string;
  /** First period the vehicle is plugged in. */
  readonly arrival: number;
  /** First period it is gone (exclusive; > `arrival`). */
  readonly departure: number;
  /** Energy it asks for: ACN-Data's `kWhDelivered`, Wh (> 0). */
  readonly requestedWh: number;
}

/** A month cut into periods: `startMs` is period 0. */
export interface ReplayWindow {
  /** The month's first instant (local midnight), ms since the epoch; sessions connecting from it count. */
  readonly startMs: number;
  /** The month's end (exclusive), ms since the epoch: sessions connecting from it do not count. */
  readonly endMs: number;
  /** Period length, ms (acnportal's `period`; 5 min in the benchmark). */
  readonly periodMs: number;
}

/** The sessions of a window, and what was left out. */
export interface WindowSessions {
  readonly sessions: ReplaySession[];
  /** Sessions that connected in the window but arrive and leave in the same period (acnsim cannot run them). */
  readonly droppedShort: number;
  /** Sessions that connected in the window with 0 kWh delivered (nothing to ask for). */
  readonly droppedEmpty: number;
}

/**
 * The sessions connecting in a window, in periods, as acnportal's `acndata_events` makes its EVs:
 * arrival and departure are the periods holding `connectionTime` and `disconnectTime`, rounded down
 * (`_datetime_to_timestamp(dt, period)` with `round_up=False`, minus the start's period); the request
 * is `kWhDelivered` unchanged (`force_feasible=False`, so a few sessions ask more than 6.6 kW can
 * deliver in their stay, as in reality some stations gave more). Sessions arriving and leaving in
 * the same period are left out (acnsim's `SessionInfo` refuses `departure <= arrival`), and so are
 * sessions with 0 kWh.
 * @param all the sessions of a month file
 * @param window the month and its period
 * @returns the replay's sessions, by arrival then file order, and the counts left out
 */
export function windowSessions(all: readonly AcnSession[], window: ReplayWindow): WindowSessions {
  const period = (ms: number) => Math.floor(ms / window.periodMs);
  const offset = period(window.startMs);
  const inWindow = all.filter((s) => s.connectionTime >= window.startMs && s.connectionTime < window.endMs);
  const droppedEmpty = inWindow.filter((s) => s.kWhDelivered <= 0).length;
  const timed = inWindow
    .filter((s) => s.kWhDelivered > 0)
    .map((s) => ({
      id: s.sessionId,
      arrival: period(s.connectionTime) - offset,
      departure: period(s.disconnectTime) - offset,
      requestedWh: s.kWhDelivered * 1000,
    }));
  const sessions = timed.filter((s) => s.departure > s.arrival);
  sessions.sort((a, b) => a.arrival - b.arrival);
  return { sessions, droppedShort: timed.length - sessions.length, droppedEmpty };
}
