/**
 * The one retry helper of the project (p-retry with jittered exponential backoff): DynamoDB
 * transaction conflicts, unprocessed batch items, optimistic-version races, and the waits for what
 * another process writes ({@link pollUntil}) all wait the same way.
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
  /** Longest time to keep retrying, ms: the last delay is cut to it, no attempt starts after it. @default no limit */
  maxRetryTimeMs?: number;
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
  const { retries = 5, minTimeoutMs = 5, maxTimeoutMs = 250, maxRetryTimeMs, shouldRetry } = options;
  return pRetry(
    async (attemptNumber) => {
      try {
        return await attempt(attemptNumber);
      } catch (error) {
        if (shouldRetry && error instanceof Error && !shouldRetry(error)) throw new AbortError(error);
        throw error;
      }
    },
    {
      retries,
      minTimeout: minTimeoutMs,
      maxTimeout: maxTimeoutMs,
      ...(maxRetryTimeMs === undefined ? {} : { maxRetryTime: maxRetryTimeMs }),
      factor: 2,
      randomize: true,
    },
  );
}

/** A read {@link pollUntil}'s `done` refused, carrying its value. */
class NotYet<T> extends Error {
  constructor(readonly value: T) {
    super('not yet');
  }
}

/**
 * Reads something another process writes until it is there or `waitMs` have passed, backing off
 * between reads as {@link withRetry} does (delays `minTimeoutMs × 2^n × [1, 2)`, at most
 * `maxTimeoutMs`, the last one cut at `waitMs`). The first read is at once; `waitMs` 0 reads once.
 * @param read one read (a GetItem, …)
 * @param done whether a value read is the one awaited
 * @param options `waitMs`, ms; `minTimeoutMs` (default 50) and `maxTimeoutMs` (default 500) bound the delays, ms
 * @returns the first value `done` accepts, else the last one read (at `waitMs`)
 * @throws what `read` throws, at once (not read again)
 */
export async function pollUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  options: { waitMs: number; minTimeoutMs?: number; maxTimeoutMs?: number },
): Promise<T> {
  const { waitMs, minTimeoutMs = 50, maxTimeoutMs = 500 } = options;
  try {
    return await withRetry(
      async () => {
        const value = await read();
        if (done(value)) return value;
        throw new NotYet(value);
      },
      {
        retries: Number.POSITIVE_INFINITY,
        maxRetryTimeMs: waitMs,
        minTimeoutMs,
        maxTimeoutMs,
        shouldRetry: (error) => error instanceof NotYet,
      },
    );
  } catch (error) {
    if (error instanceof NotYet) return error.value as T;
    throw error;
  }
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
