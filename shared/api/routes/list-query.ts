/**
 * Query parameters that lists share (the history lists, alerts, maintenance windows). API Gateway
 * gives a parameter repeated in the URL as one value joined with commas (`siteIds[]=1&siteIds[]=2`
 * → `siteIds[]: "1,2"`; the local gateway does the same), so lists are split on commas; a list may be
 * sent as `name[]` (the reference's form) or bare `name` (its errors and alerts form), both merged.
 * Errors name the parameter as sent (`queryStringParameters.siteIds[]`).
 */
import * as z from 'zod';
import { OCPP_ACTIONS } from '../../ocpp/actions';

/** Most values in one list parameter. */
export const MAX_LIST_VALUES = 50;

/** A numeric ID in a query parameter: a positive integer of at most 15 digits. */
export const ID_PATTERN = /^[1-9][0-9]{0,14}$/;
const withOffset = z.iso.datetime({ offset: true });

/** Splits a comma-joined list, reporting the first bad value. */
function list<T>(parse: (value: string) => T | undefined, what: string) {
  return z.string().transform((joined, ctx) => {
    const values = joined.split(',').map((v) => v.trim());
    if (values.length > MAX_LIST_VALUES) {
      ctx.addIssue({ code: 'custom', message: `at most ${MAX_LIST_VALUES} values` });
      return z.NEVER;
    }
    const parsed: T[] = [];
    for (const value of values) {
      const result = parse(value);
      if (result === undefined) {
        ctx.addIssue({ code: 'custom', message: `${JSON.stringify(value)} is not ${what}` });
        return z.NEVER;
      }
      parsed.push(result);
    }
    return parsed;
  });
}

/** A list of numeric IDs: `1,2,3`. */
export const idList = list((v) => (ID_PATTERN.test(v) ? Number(v) : undefined), 'a positive integer ID').meta({
  description: `Numeric IDs; repeat the parameter (or join with commas), at most ${MAX_LIST_VALUES}`,
  example: '12',
});

/** A list of names (trimmed, 1–200 characters; a name cannot contain a comma here). */
export const nameList = list(
  (v) => (v.length >= 1 && v.length <= 200 ? v : undefined),
  'a name of 1-200 characters',
).meta({
  description: `Names, case-insensitive; repeat the parameter, at most ${MAX_LIST_VALUES}. A name containing a comma cannot be given here (API Gateway joins repeated values with commas): use its ID`,
});

/** A list of OCPP action names (`MeterValues`, `StatusNotification`, …) of either version. */
export const actionList = list(
  (v) => (OCPP_ACTIONS.includes(v) ? v : undefined),
  'an OCPP action (e.g. MeterValues)',
).meta({
  description:
    'OCPP actions of either version (CALL names, e.g. MeterValues, StatusNotification); repeat the parameter',
});

/**
 * A list of values of a closed set (e.g. alert types): each must be one of `values`.
 * @param what how the error names one value (`an alert type`)
 */
export function enumList<V extends string>(values: readonly V[], what: string) {
  return list(
    (v) => ((values as readonly string[]).includes(v) ? (v as V) : undefined),
    `${what} (${values.join(', ')})`,
  );
}

/** An ISO 8601 date-time with a UTC offset, normalised to UTC (`2026-11-21T18:00:00.000Z`). */
export const instant = z
  .string()
  .refine(
    (v) => withOffset.safeParse(v).success,
    'must be an ISO 8601 date-time with a UTC offset, e.g. 2026-11-21T18:00:00Z',
  )
  .transform((v) => new Date(v).toISOString())
  .meta({ format: 'date-time', example: '2026-11-21T18:00:00Z' });

/** `true` or `false`. */
export const flag = z
  .enum(['true', 'false'], { error: 'must be true or false' })
  .transform((v) => v === 'true')
  .meta({ description: 'true or false (default false)' });

/** A page cursor. */
export const cursor = z
  .string()
  .max(2048)
  .meta({ description: 'Cursor from the previous page; keep every other parameter the same' });

/** The union of a list given as `name[]` and as bare `name`; undefined when neither was given. */
export function mergedList<T>(withBrackets: T[] | undefined, bare: T[] | undefined): T[] | undefined {
  if (withBrackets === undefined && bare === undefined) return undefined;
  return [...new Set([...(withBrackets ?? []), ...(bare ?? [])])];
}

/**
 * The `siteIds` and `chargerIds` filters of a list's parsed query, each given as `name[]` (most
 * lists, reference notes "Array filters") or as the bare repeated name (alerts, maintenance
 * windows), or both: their union ({@link mergedList}).
 */
export function siteAndChargerIds(query: {
  siteIds?: number[];
  'siteIds[]'?: number[];
  chargerIds?: number[];
  'chargerIds[]'?: number[];
}): { siteIds?: number[]; chargerIds?: number[] } {
  return {
    siteIds: mergedList(query['siteIds[]'], query.siteIds),
    chargerIds: mergedList(query['chargerIds[]'], query.chargerIds),
  };
}
