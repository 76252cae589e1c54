/**
 * Preact hooks over the API: {@link usePoll} refreshes every 5 s while the tab is visible (a
 * {@link Poller}), {@link useLoad} loads once per change of its inputs. Both keep the last good
 * data when a later load fails, so a page stays readable while it says what went wrong.
 *
 * @module
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError } from './api';
import { Poller, type VisibilitySource } from './poller';

/** The refresh interval of live pages, ms. 12 refreshes a minute, well under the 200-requests key limit. */
export const REFRESH_MS = 5000;

/** The browser's page visibility. */
export const documentVisibility: VisibilitySource = {
  isVisible: () => document.visibilityState === 'visible',
  subscribe(listener) {
    document.addEventListener('visibilitychange', listener);
    return () => document.removeEventListener('visibilitychange', listener);
  },
};

/** State of a loaded resource. */
export interface Loaded<T> {
  /** The last good data (kept when a later load fails). */
  data: T | undefined;
  /** The last load's error, cleared by the next success. */
  error: unknown;
  /** True until the first load has finished. */
  loading: boolean;
  /** When `data` was loaded. */
  updatedAt: Date | undefined;
  /** Loads again now. */
  refresh(): void;
}

type Load<T> = (signal: AbortSignal) => Promise<T>;

function useLoadedState<T>(onUnauthorized: (error: ApiError) => void) {
  const [state, setState] = useState<Omit<Loaded<T>, 'refresh'>>({
    data: undefined,
    error: undefined,
    loading: true,
    updatedAt: undefined,
  });
  const report = (result: { data?: T; error?: unknown }) => {
    if (result.error instanceof ApiError && result.error.kind === 'unauthorized') onUnauthorized(result.error);
    setState((previous) =>
      result.error === undefined
        ? { data: result.data, error: undefined, loading: false, updatedAt: new Date() }
        : { ...previous, error: result.error, loading: false },
    );
  };
  return { state, setState, report };
}

/**
 * Loads with `load` now and every {@link REFRESH_MS} while the page is visible; starts over when
 * `deps` change. A 401 calls `onUnauthorized` and stops.
 */
export function usePoll<T>(
  load: Load<T>,
  deps: unknown[],
  onUnauthorized: (error: ApiError) => void,
  intervalMs = REFRESH_MS,
): Loaded<T> {
  const { state, setState, report } = useLoadedState<T>(onUnauthorized);
  const poller = useRef<Poller<T> | undefined>(undefined);
  useEffect(() => {
    setState({ data: undefined, error: undefined, loading: true, updatedAt: undefined });
    const current = new Poller<T>({ load, intervalMs, onResult: report, visibility: documentVisibility });
    poller.current = current;
    current.start();
    return () => current.stop();
  }, deps);
  return { ...state, refresh: () => poller.current?.refresh() };
}

/** Loads with `load` once, and again when `deps` change or `refresh()` is called. */
export function useLoad<T>(load: Load<T>, deps: unknown[], onUnauthorized: (error: ApiError) => void): Loaded<T> {
  const { state, setState, report } = useLoadedState<T>(onUnauthorized);
  const [round, setRound] = useState(0);
  // New inputs: forget the old data (a refresh keeps it).
  useEffect(() => setState({ data: undefined, error: undefined, loading: true, updatedAt: undefined }), deps);
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => controller.signal.aborted || report({ data }),
      (error: unknown) => controller.signal.aborted || report({ error }),
    );
    return () => controller.abort();
  }, [...deps, round]);
  return { ...state, refresh: () => setRound((n) => n + 1) };
}
