/**
 * What a place for chargers' log files does (`storage.ts` picks one: S3 or the local stack's data
 * directory), and the keys files are stored under.
 */

/** What is stored under a key. */
export interface StoredFile {
  sizeBytes: number;
  /** When it was stored, ISO 8601 UTC. */
  storedAt: string;
}

/** A place for log files, by key (`logs/<organizationId>/<chargerId>/<requestId>`). */
export interface LogStorage {
  /**
   * A URL the charger may HTTP PUT the file to, valid for `expiresInSeconds` (that key only).
   * @param maxLength the most characters the charger takes (2.0.1: 512): the storage issues a
   *   shorter form when it has one; the URL may still be longer (the caller checks)
   */
  uploadUrl(key: string, expiresInSeconds: number, maxLength?: number): Promise<string>;
  /**
   * A URL to download the file, valid for `expiresInSeconds` (that key only), served as an
   * attachment named `fileName` when given.
   */
  downloadUrl(key: string, expiresInSeconds: number, fileName?: string): Promise<string>;
  /** What is stored under `key`; undefined when nothing is. */
  stat(key: string): Promise<StoredFile | undefined>;
}

/** The storage key of one log request: only digits and slashes, so it is also a safe relative path. */
export function storageKeyOf(organizationId: number, chargerId: number, requestId: number): string {
  return `logs/${organizationId}/${chargerId}/${requestId}`;
}

/** Whether `key` is one {@link storageKeyOf} makes. */
export const isStorageKey = (key: string) => /^logs\/\d{1,16}\/\d{1,16}\/\d{1,16}$/.test(key);
