/**
 * Which certificates a CA has revoked, as `$connect` asks it (docs/certificates.md "Revocation"):
 * the serial numbers each CA revoked come from a {@link RevocationSource} (DynamoDB on AWS: one item
 * per CA, read with one request) and are kept per instance by {@link CachedRevocationList} for
 * `ttlMs` (default 60 s). A warm instance answers from memory: a connection with a certificate
 * costs no DynamoDB request more than one with a password, and a revocation reaches every instance
 * within the TTL. CloudFront itself does not consult this list (it would need a connection function
 * and a KeyValueStore; docs/certificates.md says why not).
 */
import { BoundedMap } from '../bounded-map';
import { hex, normalizeSerial } from './serial';
import type { x509 } from './x509';

/** Where the revoked serials of a CA are read. */
export interface RevocationSource {
  /**
   * The serial numbers (OCPP's form: hexadecimal, lowercase, no leading zeros) the CA revoked.
   * @param caKeyId the CA's {@link caKeyId}
   * @throws when the store cannot be read (the cache then answers from what it had, or refuses)
   */
  revokedSerials(caKeyId: string): Promise<Iterable<string>>;
}

/** The revocation list could not be read and nothing was cached: the certificate's status is unknown. */
export class RevocationUnavailableError extends Error {
  constructor(caKeyId: string, cause: unknown) {
    super(`the revocation list of CA ${caKeyId} could not be read`, { cause });
    this.name = 'RevocationUnavailableError';
  }
}

/**
 * A CA's identifier in the revocation store: the SHA-256 of its public key (the `subjectPublicKey`
 * bits), hexadecimal; OCSP's `issuerKeyHash` with SHA-256, and the same across the CA certificate's
 * renewals (the key stays).
 */
export async function caKeyId(ca: x509.X509Certificate): Promise<string> {
  return hex(await ca.publicKey.getKeyIdentifier('SHA-256'));
}

/** Per-instance cache options. */
export interface RevocationCacheOptions {
  /** How long a CA's list is used before it is read again, in ms. @default 60_000 */
  ttlMs?: number;
  /** CAs kept (least recently read forgotten first). @default 64 */
  capacity?: number;
  /** The clock, in ms since the epoch (tests turn it). @default Date.now */
  now?: () => number;
}

interface CachedList {
  serials: ReadonlySet<string>;
  readAt: number;
}

/**
 * The revoked serials of each CA, read from `source` at most once per `ttlMs` per CA (concurrent
 * askers share one read). When a read fails, the list read last is used however old (a store that
 * is down does not admit a certificate revoked before); with none, the check throws
 * {@link RevocationUnavailableError} and the caller refuses.
 */
export class CachedRevocationList {
  private readonly lists: BoundedMap<string, CachedList>;
  private readonly reads = new Map<string, Promise<CachedList>>();
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(
    private readonly source: RevocationSource,
    options: RevocationCacheOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 60_000;
    this.now = options.now ?? Date.now;
    this.lists = new BoundedMap(options.capacity ?? 64);
  }

  private read(id: string): Promise<CachedList> {
    let read = this.reads.get(id);
    if (!read) {
      read = this.source
        .revokedSerials(id)
        .then((serials) => {
          const list = { serials: new Set([...serials].map((s) => normalizeSerial(s) ?? s)), readAt: this.now() };
          this.lists.set(id, list);
          return list;
        })
        .finally(() => this.reads.delete(id));
      this.reads.set(id, read);
    }
    return read;
  }

  /**
   * Whether `issuer` revoked the certificate with `serialNumber`.
   * @throws RevocationUnavailableError when the list cannot be read and none is cached
   */
  async isRevoked(issuer: x509.X509Certificate, serialNumber: string): Promise<boolean> {
    const id = await caKeyId(issuer);
    const serial = normalizeSerial(serialNumber) ?? serialNumber;
    const cached = this.lists.get(id);
    if (cached && this.now() - cached.readAt < this.ttlMs) return cached.serials.has(serial);
    try {
      return (await this.read(id)).serials.has(serial);
    } catch (error) {
      if (cached) return cached.serials.has(serial);
      throw new RevocationUnavailableError(id, error);
    }
  }
}

/** A source over fixed lists (CA key id → revoked serials): tests, and the local stack until it stores them. */
export function staticRevocationSource(lists: Record<string, readonly string[]> = {}): RevocationSource {
  return { revokedSerials: async (id) => lists[id] ?? [] };
}
