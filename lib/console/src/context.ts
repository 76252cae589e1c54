/**
 * What every page needs: the caller's credential (an API key, or a signed-in person's access
 * token), a way to call the API with it, sign-out (also used when the API refuses it), and who the
 * caller is (`GET /api/me`: the role the pages enable their forms by), and the sites' time zones
 * every time is shown in (`./site-zones.ts`).
 *
 * @module
 */
import { createContext } from 'preact';
import { useContext, useEffect, useState } from 'preact/hooks';
import { callApi, type ApiError, type CallOptions } from './api';
import { useLoad, type Loaded } from './live';
import { siteZones, type SiteZones } from './site-zones';
import type { Me, Role } from './types';

/** The console's session. */
export interface ConsoleSession {
  /** Calls `/api/…` with the credential; see {@link callApi}. */
  call<T>(path: string, options?: CallOptions): Promise<T>;
  /** Forgets the credential and shows the sign-in page with `error`'s message (none: a plain sign-out). */
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

/**
 * `GET path` of the API with the signed-in session, once per path (and on `refresh()`); a 401
 * signs out. `T` is the answer's JSON shape.
 */
export function useRead<T>(path: string): Loaded<T> {
  const session = useSession();
  return useLoad((signal) => session.call<T>(path, { signal }), [session, path], session.signOut);
}

/** A session calling the API with `credential` (an API key or an access token). */
export function createSession(credential: string, signOut: (error?: ApiError) => void): ConsoleSession {
  return { call: (path, options) => callApi(path, credential, options), signOut };
}

/** The roles, lowest first (the API's order: each may do everything of those before it). */
const ROLE_ORDER: readonly Role[] = ['viewer', 'operator', 'admin', 'owner'];

/** True when `role` may do what `needed` may. */
export function roleAtLeast(role: Role, needed: Role): boolean {
  return ROLE_ORDER.indexOf(role) >= ROLE_ORDER.indexOf(needed);
}

/** Who is calling, once `GET /api/me` has answered (null before). */
export const MeContext = createContext<Me | null>(null);

/**
 * Why the caller may not do what needs `needed`, in words, or null when it may (also while
 * `GET /api/me` has not answered: the API refuses what the role may not do anyway, with a 403).
 */
export function useRoleRefusal(needed: Role, what: string): string | null {
  const me = useContext(MeContext);
  if (!me || roleAtLeast(me.role, needed)) return null;
  return `${what} needs the role ${needed} or above; you are ${article(me.role)} ${me.role}.`;
}

function article(role: Role): string {
  return /^[aeiou]/.test(role) ? 'an' : 'a';
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

/** No site known: every time on the browser's clock. */
const UNKNOWN: SiteZones = siteZones([]);

/** Provided by the signed-in shell. */
export const SiteZonesContext = createContext<SiteZones>(UNKNOWN);

/** The caller's site zones (the browser's clock until `GET /api/sites` has answered). */
export function useSiteZones(): SiteZones {
  return useContext(SiteZonesContext);
}

/**
 * Reads the sites' zones once per session, for the shell to provide. A failed read leaves the
 * browser's clock (the pages that need the sites show that error themselves).
 */
export function useLoadSiteZones(session: ConsoleSession): SiteZones {
  const [zones, setZones] = useState<SiteZones>(UNKNOWN);
  useEffect(() => {
    let live = true;
    session
      .call<{ data: { id: number; timezone?: string | null }[] }>('/api/sites')
      .then((answer) => live && setZones(siteZones(answer.data)))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [session]);
  return zones;
}
