/**
 * The console's API client: `fetch` on the same origin's `/api/*` with the operator's key as
 * `Authorization: Bearer …` (never in a URL or a cookie). Every failure becomes an {@link ApiError}
 * whose message says what happened in words: a refused key (401), the rate limit (429, with its
 * `Retry-After`), an API that cannot be reached, or the problem document's detail.
 *
 * No DOM here, so it is unit-testable in Node.
 *
 * @module
 */

/** What kind of failure an {@link ApiError} is. */
export type ApiErrorKind = 'unauthorized' | 'rateLimited' | 'notFound' | 'unreachable' | 'client' | 'server';

/** A failed API call. */
export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    /** HTTP status; 0 when no answer came. */
    readonly status: number,
    message: string,
    /** Seconds to wait, from `Retry-After` (429 only). */
    readonly retryAfterSeconds?: number,
    /** `errors` of the problem document: the invalid fields. */
    readonly fieldErrors: { path: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** True when `key` can be sent in an HTTP header: printable ASCII without spaces, 1–200 characters. */
export function isWellFormedKey(key: string): boolean {
  return /^[\x21-\x7e]{1,200}$/.test(key);
}

/**
 * True when `credential` (an API key, or a person's access token: a JWT, longer than any key) can
 * be sent in an HTTP header: printable ASCII without spaces, at most 8 KiB.
 */
export function isSendableCredential(credential: string): boolean {
  return /^[\x21-\x7e]{1,8192}$/.test(credential);
}

/** Options of one call. */
export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body (sent with `Content-Type: application/json`). */
  body?: unknown;
  signal?: AbortSignal;
}

/** The `fetch` to use (the browser's; tests may pass another). */
export type Fetch = (input: string, init: RequestInit) => Promise<Response>;

/**
 * Calls `path` (`/api/…`) with `key` (an API key or an access token) and returns the parsed JSON body (undefined for an empty one).
 *
 * @throws ApiError for any non-2xx answer, an answer that is not JSON, or no answer at all.
 * @throws DOMException `AbortError` when `signal` aborts.
 */
export async function callApi<T>(
  path: string,
  key: string,
  options: CallOptions = {},
  fetchImpl: Fetch = fetch,
): Promise<T> {
  if (!isSendableCredential(key))
    throw new ApiError(
      'unauthorized',
      0,
      'That API key is malformed: paste the whole key (it starts with cnk_ and has no spaces).',
    );
  const headers: Record<string, string> = { authorization: `Bearer ${key}`, accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetchImpl(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      credentials: 'omit',
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(
      'unreachable',
      0,
      `The API is not reachable (${(error as Error).message}). Is the server running?`,
    );
  }
  const text = await response.text().catch(() => '');
  const body = parseJson(text);
  if (response.ok) {
    if (text && body === undefined)
      throw new ApiError('server', response.status, `The API answered ${response.status} with a body that is not JSON`);
    return body as T;
  }
  throw errorFor(response, body);
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function errorFor(response: Response, body: unknown): ApiError {
  const problem = (typeof body === 'object' && body !== null ? body : {}) as { detail?: unknown; errors?: unknown };
  const detail = typeof problem.detail === 'string' ? problem.detail : response.statusText || 'no detail';
  const fieldErrors = Array.isArray(problem.errors) ? (problem.errors as { path: string; message: string }[]) : [];
  const status = response.status;
  if (status === 401)
    return new ApiError('unauthorized', status, `The API refused this key (401 Unauthorized: ${detail}).`);
  if (status === 429) {
    const retryAfter = Number(response.headers.get('retry-after'));
    const seconds = Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : 60;
    return new ApiError('rateLimited', status, `Rate-limited (429): ${detail}. Retrying in ${seconds} s.`, seconds);
  }
  if (status === 404) return new ApiError('notFound', status, `Not found (404): ${detail}`);
  if (status >= 500) return new ApiError('server', status, `The API failed (${status}): ${detail}`);
  return new ApiError('client', status, `${status}: ${detail}`, undefined, fieldErrors);
}

/**
 * The cursor of the next page of a list answer, or null on the last: `pagination.nextPageCursor`
 * (every list of this API, spec §8) or a top-level `nextPageCursor`.
 */
export function nextPageCursorOf(page: {
  pagination?: { nextPageCursor: string | null } | null;
  nextPageCursor?: string | null;
}): string | null {
  return page.pagination?.nextPageCursor ?? page.nextPageCursor ?? null;
}

/** The message to show for any error thrown while loading. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return `Unexpected error: ${error instanceof Error ? error.message : String(error)}`;
}
