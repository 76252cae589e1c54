/**
 * A certificate authority's signing key, wherever it is kept (docs/certificates.md "The CSMS CA"):
 * one interface, {@link CaSigner}, that the CA's code signs through, so that the same code issues
 * certificates on AWS (the key is a KMS key: `kms-signer.ts`) and on a laptop (the key is a file of
 * the data directory: {@link fileCaSigner}). The private key never leaves its store: what is signed
 * is handed to the signer, which returns the signature.
 *
 * The X.509 library signs through WebCrypto; {@link signerCrypto} gives it a WebCrypto whose `sign`
 * is the signer's, so certificates, CA certificates and OCSP responses are built by the library and
 * signed by the store.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, sign, webcrypto } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { EC_P256_SHA256, x509 } from './x509';

/**
 * The signing half of a CA: an ECDSA P-256 key used with SHA-256.
 *
 * @example
 * const signer = await fileCaSigner('.data/certificates/ca-key.pem'); // or kmsCaSigner(keyId)
 * const der = await signer.sign(tbsBytes); // one signature: one kms:Sign call on AWS
 */
export interface CaSigner {
  /** Where the key is, for logs: `kms:<key id>` or `file:<path>`. */
  readonly keyLocation: string;
  /** The public key, as DER SubjectPublicKeyInfo. */
  publicKey(): Promise<Uint8Array>;
  /**
   * Signs `data` (ECDSA P-256, SHA-256 of `data`).
   * @returns the signature DER-encoded (`ECDSA-Sig-Value`, RFC 3279), as X.509 and OCSP carry it
   * @throws the store's error (KMS unreachable, access denied): a signature that cannot be made is
   *   not made up
   */
  sign(data: Uint8Array): Promise<Uint8Array>;
}

/** A signer over a private key held in this process (the local CA's file, the test PKI's keys). */
export function keyObjectSigner(privateKey: KeyObject, keyLocation: string): CaSigner {
  const spki = new Uint8Array(createPublicKey(privateKey).export({ type: 'spki', format: 'der' }));
  return {
    keyLocation,
    publicKey: async () => spki,
    sign: async (data) => new Uint8Array(sign('sha256', data, { key: privateKey, dsaEncoding: 'der' })),
  };
}

/** A new ECDSA P-256 private key, made by the system's CSPRNG. */
export function generateEcKey(): KeyObject {
  return generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
}

/**
 * The signer of a key kept in the PEM file `path` (PKCS #8): read from it, or made and written there
 * (mode 600, its folder created) when it does not exist yet. Two processes that start together
 * agree on one key (the file is created exclusively; the loser reads the winner's).
 * @throws the file system's error other than a missing file, or the key's parse error (a file
 *   that is not an EC P-256 private key is not replaced: someone put it there)
 */
export async function fileCaSigner(path: string): Promise<CaSigner> {
  const location = `file:${path}`;
  const fromPem = (pem: string) => {
    const key = createPrivateKey(pem);
    if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1')
      throw new Error(`${path} is not an EC P-256 private key`);
    return keyObjectSigner(key, location);
  };
  try {
    return fromPem(await readFile(path, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dirname(path), { recursive: true });
  const key = generateEcKey();
  try {
    await writeFile(path, key.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
    return keyObjectSigner(key, location);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return fromPem(await readFile(path, 'utf8'));
    throw error;
  }
}

/** The signer's public key as a WebCrypto key, which the library takes as the "signing key" handle. */
export async function signerPublicKey(signer: CaSigner): Promise<webcrypto.CryptoKey> {
  return webcrypto.subtle.importKey(
    'spki',
    await signer.publicKey(),
    { name: 'ECDSA', namedCurve: EC_P256_SHA256.namedCurve },
    true,
    ['verify'],
  ) as Promise<webcrypto.CryptoKey>;
}

/**
 * A WebCrypto for the X.509 library whose `subtle.sign` is `signer`'s (whatever key it is handed:
 * this crypto signs with the signer only); every other operation is Node's WebCrypto. The library
 * expects WebCrypto's ECDSA signature form (r‖s), and the signer returns DER: the library's own
 * formatter converts it, and the library converts back to DER when it writes the certificate.
 */
export function signerCrypto(signer: CaSigner): webcrypto.Crypto {
  const formatter = new x509.AsnEcSignatureFormatter();
  const subtle = new Proxy(webcrypto.subtle, {
    get(target, property) {
      if (property === 'sign')
        return async (_algorithm: unknown, _key: unknown, data: webcrypto.BufferSource) => {
          const bytes = ArrayBuffer.isView(data)
            ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
            : new Uint8Array(data);
          const der = await signer.sign(bytes);
          const raw = formatter.toWebSignature(EC_P256_SHA256, der);
          if (!raw) throw new Error(`the signature from ${signer.keyLocation} is not a DER ECDSA signature`);
          return raw;
        };
      const value = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return {
    subtle,
    getRandomValues: <T extends ArrayBufferView | null>(array: T) => webcrypto.getRandomValues(array as never) as T,
    randomUUID: () => webcrypto.randomUUID(),
  } as webcrypto.Crypto;
}
