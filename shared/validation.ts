/**
 * Value rules shared by the domain's input schemas (operator CLI) and the API's request schemas.
 */
import * as z from 'zod';

/**
 * A name or label as people type it: trimmed, 1–`max` characters, no control characters.
 * @param max longest accepted length after trimming (default 200)
 */
export const text = (max = 200) =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
    .regex(/^[^\p{Cc}]*$/u, 'must not contain control characters');
