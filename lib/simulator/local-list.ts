/**
 * The simulator's local authorization list (OCPP 1.6 §3.5, §5.10, §5.15; 2.0.1 D01, D02): the
 * entries SendLocalList sets (a Full update replaces the list, a Differential one adds, updates,
 * or removes an entry sent without its status), its version, and the status of a tag, which the
 * station uses to authorize offline (1.6 `LocalAuthorizeOffline`, 2.0.1
 * `AuthCtrlr.LocalAuthorizeOffline`) or without asking the CSMS (`LocalPreAuthorize`).
 *
 * @module
 */

/** Most entries the simulator keeps (1.6 `LocalAuthListMaxLength`). */
export const LOCAL_LIST_MAX_LENGTH = 1000;
/** Most entries per SendLocalList (1.6 `SendLocalListMaxLength`, 2.0.1 `ItemsPerMessage`). */
export const SEND_LOCAL_LIST_MAX_LENGTH = 100;

/** One entry of an update: a tag with its status, or without one (remove it). */
export interface LocalListUpdateEntry {
  idTag: string;
  status?: string;
}

/** The local list and its version. */
export class LocalList {
  /** The list's version (0: none). */
  version = 0;
  private readonly entries = new Map<string, string>();

  /** How many entries it holds. */
  get size(): number {
    return this.entries.size;
  }

  /** The tags it holds, sorted. */
  tags(): string[] {
    return [...this.entries.keys()].sort();
  }

  /** The status of a tag (compared upper-cased, as OCPP 1.6 IdToken is case-insensitive), or undefined. */
  statusOf(idTag: string): string | undefined {
    return this.entries.get(idTag.toUpperCase());
  }

  /**
   * Applies a SendLocalList.
   * @returns `Accepted`, or `Failed` when the list would hold more than {@link LOCAL_LIST_MAX_LENGTH}
   *   entries or the message more than {@link SEND_LOCAL_LIST_MAX_LENGTH} (nothing changes then)
   */
  apply(
    updateType: 'Full' | 'Differential',
    version: number,
    update: readonly LocalListUpdateEntry[],
  ): 'Accepted' | 'Failed' {
    if (update.length > SEND_LOCAL_LIST_MAX_LENGTH) return 'Failed';
    const next = new Map(updateType === 'Full' ? [] : this.entries);
    for (const { idTag, status } of update) {
      if (status) next.set(idTag.toUpperCase(), status);
      else next.delete(idTag.toUpperCase());
    }
    if (next.size > LOCAL_LIST_MAX_LENGTH) return 'Failed';
    this.entries.clear();
    for (const [tag, status] of next) this.entries.set(tag, status);
    this.version = version;
    return 'Accepted';
  }
}

/**
 * How the local list authorizes a tag presented now: `offline` (the connection is down, the list
 * accepts it and `LocalAuthorizeOffline` is on), `preAuthorized` (online, the list accepts it and
 * `LocalPreAuthorize` is on), or undefined (ask the CSMS).
 */
export function localAuthorization(
  list: LocalList,
  idTag: string,
  online: boolean,
  settings: { localAuthorizeOffline: boolean; localPreAuthorize: boolean },
): 'offline' | 'preAuthorized' | undefined {
  if (list.statusOf(idTag) !== 'Accepted') return undefined;
  if (!online && settings.localAuthorizeOffline) return 'offline';
  return online && settings.localPreAuthorize ? 'preAuthorized' : undefined;
}
