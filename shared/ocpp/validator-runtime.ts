/**
 * What the generated validators (`validators/{v16,v201}.js`, Ajv standalone code) call at run time:
 * string length in code points (JSON Schema `maxLength` counts characters, not UTF-16 units) and
 * the formats the OCPP schemas use (`date-time`: RFC 3339 with a time zone; `uri`), from
 * `ajv-formats`.
 */
import { fullFormats } from 'ajv-formats/dist/formats.js';

/** Length of a string in Unicode code points. */
export function ucs2length(value: string): number {
  let length = 0;
  for (const _ of value) length++;
  return length;
}

/** The format checks the schemas use, by format name. */
export const formats = { 'date-time': fullFormats['date-time'], uri: fullFormats.uri };
