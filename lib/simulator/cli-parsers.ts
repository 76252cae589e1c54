/**
 * Argument parsers of the simulator CLI (`bin/simulate.ts`) for commander options: each returns
 * the parsed value or throws commander's InvalidArgumentError with the expectation.
 *
 * @module
 */
import { InvalidArgumentError } from 'commander';

/** A positive integer. */
export const positiveInteger = (value: string): number => {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new InvalidArgumentError('expected a positive integer');
  return parsed;
};

/** A positive finite number. */
export const positiveNumber = (value: string): number => {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) throw new InvalidArgumentError('expected a positive number');
  return parsed;
};

/** A percentage, 0–100. */
export const percent = (value: string): number => {
  const parsed = Number(value);
  if (value.trim() === '' || !Number.isFinite(parsed) || parsed < 0 || parsed > 100)
    throw new InvalidArgumentError('expected 0–100');
  return parsed;
};

/** A comma-separated list, each item parsed by `item`. */
export const list =
  <T>(item: (value: string) => T) =>
  (value: string): T[] =>
    value.split(',').map((part) => item(part.trim()));

/** One of `choices`, case-insensitively; returns the choice as spelled there. */
export const oneOf =
  <T extends string>(choices: readonly T[]) =>
  (value: string): T => {
    const found = choices.find((choice) => choice.toLowerCase() === value.toLowerCase());
    if (!found) throw new InvalidArgumentError(`expected one of ${choices.join(', ')}`);
    return found;
  };

/** A non-empty string (a charger identity). */
export const nonEmpty = (value: string): string => {
  if (!value) throw new InvalidArgumentError('empty identity');
  return value;
};
