/**
 * The one retry helper of the project (p-retry with jittered exponential backoff): DynamoDB
 * transaction conflicts, unprocessed batch items, optimistic-version races, and the command path's
 * polling all wait the same way.
 */
import pRetry, { AbortError } from 'p-retry';
import { BusyError } from '../errors';

/** How to retry. */
export interface RetryOptions {
  /** Retries after the first attempt. @default 5 */
  retries?: number;
  /** First delay, ms. @default 5 */
  minTimeoutMs?: number;
  /** Longest delay, ms. @default 250 */
  maxTimeoutMs?: number;
  /** Whether an error is worth another attempt. @default every error */
  shouldRetry?: (error: Error) => boolean;
}

/**
 * Runs `attempt` until it resolves, retrying failures with jittered exponential backoff (delays
 * `minTimeoutMs × 2^n × [1, 2)`, at most `maxTimeoutMs`).
 * @param attempt receives the attempt number (1 = first)
 * @returns the first successful result
 * @throws the last error when retries are exhausted, or at once an error `shouldRetry` refuses
 */
export function withRetry<T>(attempt: (attemptNumber: number) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { retries = 5, minTimeoutMs = 5, maxTimeoutMs = 250, shouldRetry } = options;
  return pRetry(
    async (attemptNumber) => {
      try {
        return await attempt(attemptNumber);
      } catch (error) {
        if (shouldRetry && error instanceof Error && !shouldRetry(error)) throw new AbortError(error);
        throw error;
      }
    },
    { retries, minTimeout: minTimeoutMs, maxTimeout: maxTimeoutMs, factor: 2, randomize: true },
  );
}

/** Thrown inside an attempt to ask {@link withRetry} for another one (a lost race, a partial batch). */
export class RetryableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RetryableError';
  }
}

/** `shouldRetry` that retries only {@link RetryableError}s. */
export const onlyRetryable = (error: Error): boolean => error instanceof RetryableError;

/**
 * Runs an optimistic read-then-write `attempt` again (with fresh reads) while it throws
 * {@link RetryableError} because a concurrent writer won the race; any other error ends it.
 * @param attempt receives the attempt number (1 = first), so a later attempt may take another way
 * @param busyMessage the {@link BusyError} message when the races outlast the retries
 * @throws BusyError after 6 lost races in a row (the first attempt and 5 retries)
 */
export async function retryRaces<T>(attempt: (attemptNumber: number) => Promise<T>, busyMessage: string): Promise<T> {
  try {
    return await withRetry(attempt, { shouldRetry: onlyRetryable });
  } catch (error) {
    if (error instanceof RetryableError) throw new BusyError(busyMessage);
    throw error;
  }
}
