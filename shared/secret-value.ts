/**
 * Secrets the functions read on AWS: a generated Secrets Manager secret's string, read once per
 * process and secret (locally: `local-secret-file.ts`). Used by the log
 * upload URLs' secret (`shared/charger-logs/url-secret.ts`) and the webhook secrets' key
 * (`shared/webhooks/secrets.ts`). Only the modules that need a secret import this one, so no other
 * bundle holds the Secrets Manager client.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { processClient } from './aws-clients';

/** The process's Secrets Manager client. */
const secretsManager = /* @__PURE__ */ processClient(
  () => undefined,
  () => new SecretsManagerClient({}),
);

/** The values read, per secret ARN (a failed read is forgotten, so the next call tries again). */
const cache = new Map<string, Promise<string>>();

/**
 * The SecretString of the Secrets Manager secret `arn`: 1 GetSecretValue on the first call of the
 * process for that secret, the same promise after.
 * @param client the Secrets Manager client (tests pass a fake)
 * @throws the SDK's error when the read fails; Error when the secret has no string value
 */
export async function secretStringOf(
  arn: string,
  client: () => SecretsManagerClient = secretsManager,
): Promise<string> {
  let value = cache.get(arn);
  if (!value) {
    value = client()
      .send(new GetSecretValueCommand({ SecretId: arn }))
      .then(({ SecretString }) => {
        if (!SecretString) throw new Error(`the secret ${arn} has no string value`);
        return SecretString;
      });
    const entry = value;
    cache.set(arn, entry);
    entry.catch(() => {
      if (cache.get(arn) === entry) cache.delete(arn);
    });
  }
  return value;
}
