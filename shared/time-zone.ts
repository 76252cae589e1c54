/**
 * Local time in an IANA time zone, from the runtime's `Intl` (DST included): the zone's offset at
 * an instant, the local weekday and minute of an instant, and the instants at which a set of local
 * times of day fall. A leaf module (it imports nothing of the project), shared by the history's
 * time-of-use split (`history/tou.ts`) and the tariff model (`smart-charging/tariff.ts`).
 *
 * DST: local times that happen twice (the hour before a fall-back change) fall twice; local times
 * that never happen (the spring-forward gap) never fall. Offsets are read to the second, so zones
 * with sub-minute historic offsets work as well.
 */

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, number>();

/**
 * The zone's offset from UTC at an instant, ms (local = UTC + offset).
 * @param timeZone an IANA zone name (`America/Los_Angeles`)
 * @param at epoch ms
 * @throws RangeError when the runtime does not know `timeZone`
 */
export function utcOffsetMs(timeZone: string, at: number): number {
  const key = `${timeZone}|${at}`;
  const cached = offsets.get(key);
  if (cached !== undefined) return cached;
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      ...{ year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' },
    });
    formatters.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, Number(p.value)]));
  const local = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
  const offset = local - Math.floor(at / 1000) * 1000;
  if (offsets.size > 50_000) offsets.clear();
  offsets.set(key, offset);
  return offset;
}

/** Local time of an instant: ISO weekday (1 = Monday … 7 = Sunday) and minute of the day (0–1439). */
export interface LocalWeekdayMinute {
  weekday: number;
  minute: number;
}

/**
 * The local ISO weekday and minute of the day of an instant in a zone.
 * @param at epoch ms
 * @throws RangeError when the runtime does not know `timeZone`
 */
export function localWeekdayMinute(timeZone: string, at: number): LocalWeekdayMinute {
  const local = new Date(at + utcOffsetMs(timeZone, at));
  const day = local.getUTCDay();
  return { weekday: day === 0 ? 7 : day, minute: local.getUTCHours() * 60 + local.getUTCMinutes() };
}

/** A span of time `[from, to)` (epoch ms) within which a zone's offset (ms) does not change. */
export interface OffsetPiece {
  from: number;
  to: number;
  offset: number;
}

/** The first whole minute in `(lo, hi]` at which the offset is `target` (a DST transition). */
function transitionAt(timeZone: string, lo: number, hi: number, target: number): number {
  let a = Math.floor(lo / MINUTE_MS);
  let b = Math.ceil(hi / MINUTE_MS);
  while (b - a > 1) {
    const mid = (a + b) >> 1;
    if (utcOffsetMs(timeZone, mid * MINUTE_MS) === target) b = mid;
    else a = mid;
  }
  return b * MINUTE_MS;
}

/**
 * `[from, to)` cut where the zone's offset changes (the offset is probed every hour, and a change
 * is located to the minute: every zone's transitions fall on whole minutes).
 * @returns the pieces in time order, covering `[from, to)` exactly
 */
export function offsetPieces(timeZone: string, from: number, to: number): OffsetPiece[] {
  const pieces: OffsetPiece[] = [];
  let start = from;
  let offset = utcOffsetMs(timeZone, from);
  let probed = from;
  for (let h = Math.floor(from / HOUR_MS) * HOUR_MS + HOUR_MS; probed < to; h += HOUR_MS) {
    const probe = Math.min(h, to);
    const next = utcOffsetMs(timeZone, probe);
    if (next !== offset) {
      const at = transitionAt(timeZone, probed, probe, next);
      pieces.push({ from: start, to: at, offset });
      start = at;
      offset = next;
    }
    probed = probe;
  }
  pieces.push({ from: start, to, offset });
  return pieces;
}

/**
 * The instants that cut `[from, to]` so that between two consecutive ones neither the zone's
 * offset nor the local "time slot" changes: `from`, `to`, every offset change, and every instant
 * whose local time of day is one of `minutesOfDay` (local midnight included whether listed or not).
 * A local time in a spring-forward gap gives no instant; one in the repeated hour gives two.
 * @param minutesOfDay local times of day, minutes after midnight (0–1439; 1440 counts as 0)
 * @param from epoch ms
 * @param to epoch ms, after `from`
 * @returns sorted, distinct epoch ms, the first `from` and the last `to`
 */
export function localTimeCuts(timeZone: string, minutesOfDay: readonly number[], from: number, to: number): number[] {
  const marks = [...new Set([0, ...minutesOfDay.map((m) => m % 1440)])];
  const cuts = new Set([from, to]);
  for (const piece of offsetPieces(timeZone, from, to)) {
    cuts.add(piece.from);
    for (let day = Math.floor((piece.from + piece.offset) / DAY_MS); day * DAY_MS - piece.offset < piece.to; day++) {
      for (const m of marks) {
        const at = day * DAY_MS + m * MINUTE_MS - piece.offset;
        if (at > piece.from && at < piece.to) cuts.add(at);
      }
    }
  }
  return [...cuts].sort((a, b) => a - b);
}
