/**
 * Time-of-use periods of a site, pure: parsing the operator's `name=HH:MM-HH:MM/Days` notation, the
 * period of a local time, and a session's energy split by period in the site's timezone (DST
 * included: local times come from the IANA zone's offset at each instant).
 *
 * Rules (docs/history-and-health.md, "TOU"): the first period (in the site's order) that covers a local
 * time names it; a period whose end is at or before its start runs past midnight and belongs to
 * the day it starts on (`21:00-07:00/Fri` covers Friday 21:00 to Saturday 07:00; `00:00-00:00`
 * is a whole day); periods may share a name (their energy is summed). Time covered by no period is
 * `other`; a site without periods has one period, `all`. Energy between two registers that spans a
 * boundary is split in proportion to the time on each side (`series.ts`).
 */
import { distributeEnergy, type Bin } from './series';
import { InvalidHistoryInputError } from './errors';
import { localTimeCuts, localWeekdayMinute } from '../time-zone';

/** One period, as stored on the site. */
export interface TouPeriod {
  name: string;
  /** ISO weekdays: 1 = Monday … 7 = Sunday. */
  days: number[];
  /** `HH:MM`, inclusive. */
  start: string;
  /** `HH:MM` (up to `24:00`), exclusive. */
  end: string;
}

/** Energy of one period, kWh. */
export interface TouEnergy {
  period: string;
  energyDeliveredKwh: number;
}

/** The one period of a site without periods. */
const ALL_PERIOD = 'all';
/** Time covered by none of a site's periods. */
export const UNCOVERED_PERIOD = 'other';

const DAY_NAMES = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
/** A period's name: 1–32 letters, digits, `_` or `-`, starting with a letter (and not {@link UNCOVERED_PERIOD}). */
export const TOU_PERIOD_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,31}$/;
const TIME = /^([01][0-9]|2[0-3]):([0-5][0-9])$|^24:00$/;

/** Minutes after midnight of `HH:MM`. */
function minutes(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h! * 60 + m!;
}

/**
 * Reads the operator's day notation: `Mon-Fri`, `Sat,Sun`, `Fri-Mon` (ranges wrap past Sunday),
 * `Tue`; names of 3 letters or more, any case (`monday`).
 * @param field the input named in errors
 * @returns ISO weekdays (1 = Monday … 7 = Sunday), ascending, distinct
 * @throws InvalidHistoryInputError naming `field` when a part is not a day or a range of days
 */
export function parseDays(text: string, field: string): number[] {
  const days = new Set<number>();
  for (const part of text.split(',')) {
    const [from, to = from] = part.trim().toLowerCase().split('-');
    const a = DAY_NAMES.indexOf(from!.slice(0, 3));
    const b = DAY_NAMES.indexOf(to!.slice(0, 3));
    if (a < 0 || b < 0 || from!.length < 3 || to!.length < 3) {
      throw new InvalidHistoryInputError(field, `days must be like Mon-Fri or Sat,Sun, got ${JSON.stringify(text)}`);
    }
    for (let d = a; ; d = (d + 1) % 7) {
      days.add(d + 1);
      if (d === b) break;
    }
  }
  return [...days].sort((x, y) => x - y);
}

/**
 * Parses `name=HH:MM-HH:MM` with an optional `/Days` (default every day), e.g.
 * `peak=16:00-21:00/Mon-Fri`.
 * @throws InvalidHistoryInputError naming `field` when the text is not such a period
 */
export function parseTouPeriod(text: string, field = 'period'): TouPeriod {
  const match = /^([^=]+)=([^-/]+)-([^/]+)(?:\/(.+))?$/.exec(text.trim());
  if (!match) throw new InvalidHistoryInputError(field, `must be name=HH:MM-HH:MM[/Days], got ${JSON.stringify(text)}`);
  const [, name, start, end, days] = match.map((s) => s?.trim());
  if (!TOU_PERIOD_NAME.test(name!) || name === UNCOVERED_PERIOD) {
    throw new InvalidHistoryInputError(field, `name must be 1-32 letters, digits, _ or - (not "${UNCOVERED_PERIOD}")`);
  }
  for (const time of [start!, end!]) {
    if (!TIME.test(time)) throw new InvalidHistoryInputError(field, `times must be HH:MM (00:00-24:00), got ${time}`);
  }
  if (start === '24:00') throw new InvalidHistoryInputError(field, 'a period cannot start at 24:00');
  return { name: name!, start: start!, end: end!, days: days ? parseDays(days, field) : [1, 2, 3, 4, 5, 6, 7] };
}

/** The period covering minute `minute` (0–1439) of ISO weekday `day` (1–7). */
export function periodAt(periods: readonly TouPeriod[], day: number, minute: number): string {
  if (periods.length === 0) return ALL_PERIOD;
  const previousDay = day === 1 ? 7 : day - 1;
  for (const p of periods) {
    const s = minutes(p.start);
    const e = minutes(p.end);
    if (s < e) {
      if (p.days.includes(day) && minute >= s && minute < e) return p.name;
    } else if ((p.days.includes(day) && minute >= s) || (p.days.includes(previousDay) && minute < e)) {
      return p.name;
    }
  }
  return UNCOVERED_PERIOD;
}

/** `[from, to)` cut into bins within which the period does not change, each with its period. */
export function periodBins(
  timeZone: string,
  periods: readonly TouPeriod[],
  from: number,
  to: number,
): (Bin & { period: string })[] {
  const cuts = localTimeCuts(
    timeZone,
    periods.flatMap((p) => [minutes(p.start), minutes(p.end)]),
    from,
    to,
  );
  return cuts.slice(1).map((end, i) => {
    const { weekday, minute } = localWeekdayMinute(timeZone, cuts[i]!);
    return { from: cuts[i]!, to: end, period: periodAt(periods, weekday, minute) };
  });
}

/**
 * A session's energy by period: every named period of the site in its order (0 when none fell in
 * it), then `other` when energy fell outside every period; `all` for a site without periods.
 * @param points the session's registers in time order (`sessionEnergyPoints`)
 */
export function touEnergy(
  points: readonly { at: number; wh: number }[],
  timeZone: string,
  periods: readonly TouPeriod[],
): TouEnergy[] {
  const totals = new Map<string, number>(periods.length ? periods.map((p) => [p.name, 0]) : [[ALL_PERIOD, 0]]);
  if (points.length >= 2) {
    const bins = periodBins(timeZone, periods, points[0]!.at, points[points.length - 1]!.at + 1);
    distributeEnergy(points, bins).forEach((wh, i) => {
      const period = bins[i]!.period;
      totals.set(period, (totals.get(period) ?? 0) + wh);
    });
  }
  return [...totals]
    .filter(([period, wh]) => period !== UNCOVERED_PERIOD || wh > 0)
    .map(([period, wh]) => ({ period, energyDeliveredKwh: Math.round(wh) / 1000 }));
}
