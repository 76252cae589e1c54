/**
 * What every page needs: the operator's key, a way to call the API with it, and sign-out (also
 * used when the API refuses the key).
 *
 * @module
 */
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { callApi, type ApiError, type CallOptions } from './api';

/** The console's session. */
export interface ConsoleSession {
  /** Calls `/api/…` with the key; see {@link callApi}. */
  call<T>(path: string, options?: CallOptions): Promise<T>;
  /** Forgets the key and shows the key form with `error`'s message (none: a plain sign-out). */
  signOut(error?: ApiError): void;
}

/** Provided by the app shell once a key is set. */
export const SessionContext = createContext<ConsoleSession | null>(null);

/** The current session. @throws Error outside the signed-in shell (a programming error). */
export function useSession(): ConsoleSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside the signed-in shell');
  return session;
}

/** A session calling the API with `key`. */
export function createSession(key: string, signOut: (error?: ApiError) => void): ConsoleSession {
  return { call: (path, options) => callApi(path, key, options), signOut };
}

const KEY_ITEM = 'charging-network.apiKey';

/**
 * The key kept for this tab only (`sessionStorage`: gone when the tab closes; never a cookie or a
 * URL). Storage may be disabled; the key then lives in memory until reload.
 */
export const keyStore = {
  memory: null as string | null,
  get(): string | null {
    try {
      return sessionStorage.getItem(KEY_ITEM) ?? this.memory;
    } catch {
      return this.memory;
    }
  },
  set(key: string | null): void {
    this.memory = key;
    try {
      if (key === null) sessionStorage.removeItem(KEY_ITEM);
      else sessionStorage.setItem(KEY_ITEM, key);
    } catch {
      // storage disabled: memory only
    }
  },
};
