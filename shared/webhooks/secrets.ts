/**
 * Endpoints' signing secrets (docs/webhooks.md, "Security"): made as Standard
 * Webhooks secrets (`whsec_` + 24 random bytes in base64), stored encrypted with AES-256-GCM
 * (node:crypto) and a key that never leaves the functions: on AWS a generated Secrets Manager
 * secret (`WEBHOOK_KEY_SECRET_ARN`, `lib/aws/webhooks.ts`), locally `WEBHOOK_KEY` (the local
 * stack keeps it in a file of its data folder). Each ciphertext is bound to its endpoint (the
 * endpoint's ID is the additional authenticated data), so one cannot be moved to another endpoint.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { secretStringOf } from '../secret-value';
import { WebhooksNotConfiguredError } from './errors';

/** The prefix of a Standard Webhooks secret. */
export const SECRET_PREFIX = 'whsec_';
/** The version tag of our ciphertexts: `v1.` + base64url(IV 12 bytes | tag 16 bytes | ciphertext). */
const SEALED_PREFIX = 'v1.';

/** A new signing secret: `whsec_` + 24 random bytes in base64 (what `standardwebhooks` takes). */
export function newSigningSecret(): string {
  return SECRET_PREFIX + randomBytes(24).toString('base64');
}

/**
 * The 256-bit key: SHA-256 of `WEBHOOK_KEY`, else of the SecretString of `WEBHOOK_KEY_SECRET_ARN`
 * (1 GetSecretValue per process).
 * @throws WebhooksNotConfiguredError when neither is set; the SDK's error when the read fails
 */
async function encryptionKey(): Promise<Buffer> {
  const local = process.env.WEBHOOK_KEY;
  const arn = process.env.WEBHOOK_KEY_SECRET_ARN;
  if (!local && !arn) throw new WebhooksNotConfiguredError('WEBHOOK_KEY_SECRET_ARN');
  const material = local || (await secretStringOf(arn!));
  return createHash('sha256').update(material).digest();
}

/** Additional authenticated data of an endpoint's secret. */
const aadOf = (webhookEndpointId: number) => Buffer.from(`webhookEndpoint:${webhookEndpointId}`);

/**
 * Encrypts an endpoint's secret for storage.
 * @returns `v1.<base64url>`
 * @throws WebhooksNotConfiguredError (no key)
 */
export async function sealSecret(secret: string, webhookEndpointId: number): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await encryptionKey(), iv);
  cipher.setAAD(aadOf(webhookEndpointId));
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url');
}

/**
 * Decrypts a stored secret.
 * @throws WebhooksNotConfiguredError (no key); Error when the ciphertext is not ours, was altered,
 *   belongs to another endpoint, or the key changed
 */
export async function openSecret(sealed: string, webhookEndpointId: number): Promise<string> {
  if (!sealed.startsWith(SEALED_PREFIX)) throw new Error('not a sealed webhook secret');
  const raw = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', await encryptionKey(), raw.subarray(0, 12));
  decipher.setAAD(aadOf(webhookEndpointId));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
