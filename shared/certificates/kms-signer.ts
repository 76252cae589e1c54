/**
 * The CSMS CA's key on AWS: an asymmetric KMS key (`ECC_NIST_P256`, `SIGN_VERIFY`) that signs with
 * `ECDSA_SHA_256` (docs/certificates.md "The CSMS CA"). The key never leaves KMS: a certificate costs
 * one `kms:Sign` call, with the SHA-256 digest of the certificate's to-be-signed part
 * (`MessageType: DIGEST`), so the request is 32 bytes whatever the certificate's size (a `RAW`
 * message is limited to 4,096 bytes). KMS returns the signature DER-encoded, the form X.509 carries.
 */
import { createHash } from 'node:crypto';
import { GetPublicKeyCommand, KMSClient, SignCommand } from '@aws-sdk/client-kms';
import type { CaSigner } from './ca-signer';

/** The KMS key spec and usage the CA's key must have. */
export const CA_KEY_SPEC = 'ECC_NIST_P256';
/** The signing algorithm the CA signs with. */
export const CA_SIGNING_ALGORITHM = 'ECDSA_SHA_256';

/**
 * A {@link CaSigner} over the KMS key `keyId` (an ID, ARN or alias).
 * @param client the KMS client (default: one for the process's Region and credentials)
 * @returns the signer: `sign` makes one `kms:Sign` call; `publicKey` one `kms:GetPublicKey` call on
 *   first use (kept for the process's life), which is needed only to make or check the CA certificate
 *   (issuing a certificate takes the public key from the CA certificate)
 * @throws (from `publicKey`) when the key is not an ECC_NIST_P256 signing key; (from both) KMS's
 *   errors (access denied, disabled key, throttling), which the caller reports: nothing is signed
 */
export function kmsCaSigner(keyId: string, client: KMSClient = new KMSClient({})): CaSigner {
  let publicKey: Promise<Uint8Array> | undefined;
  const readPublicKey = async () => {
    const answer = await client.send(new GetPublicKeyCommand({ KeyId: keyId }));
    if (answer.KeySpec !== CA_KEY_SPEC || answer.KeyUsage !== 'SIGN_VERIFY' || !answer.PublicKey)
      throw new Error(
        `KMS key ${keyId} is ${answer.KeySpec}/${answer.KeyUsage}; the CA needs ${CA_KEY_SPEC}/SIGN_VERIFY`,
      );
    return answer.PublicKey;
  };
  return {
    keyLocation: `kms:${keyId}`,
    publicKey() {
      publicKey ??= readPublicKey().catch((error: unknown) => {
        publicKey = undefined; // a failure is not kept: the next call asks again
        throw error;
      });
      return publicKey;
    },
    async sign(data) {
      const digest = createHash('sha256').update(data).digest();
      const answer = await client.send(
        new SignCommand({
          KeyId: keyId,
          Message: digest,
          MessageType: 'DIGEST',
          SigningAlgorithm: CA_SIGNING_ALGORITHM,
        }),
      );
      if (!answer.Signature) throw new Error(`KMS returned no signature for key ${keyId}`);
      return answer.Signature;
    },
  };
}
