/**
 * The secret our log-file tokens are signed with (`tokens.ts`): locally `LOG_URL_SECRET` (the
 * local stack reads it from the data folder, `localUrlSecret`); on AWS the generated Secrets
 * Manager secret named by `LOG_URL_SECRET_ARN` (`lib/aws/charger-logs.ts`), read with
 * GetSecretValue once per process. Only the functions that sign or check short upload URLs import
 * this module (the operation worker, the upload function), so no other bundle holds the Secrets
 * Manager client.
 */
import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { secretStringOf } from '../secret-value';
import { LogStorageNotConfiguredError } from './storage';

/**
 * The URL secret: `LOG_URL_SECRET`, else the SecretString of `LOG_URL_SECRET_ARN` (1
 * GetSecretValue on the first call of the process; the same promise after: `secretStringOf`).
 * @param client the Secrets Manager client (tests pass a fake) @default the process's
 * @throws LogStorageNotConfiguredError when neither is set; the SDK's error when the read fails;
 *   Error when the secret has no string value
 */
export async function logUrlSecret(client?: () => SecretsManagerClient): Promise<string> {
  const local = process.env.LOG_URL_SECRET;
  if (local) return local;
  const arn = process.env.LOG_URL_SECRET_ARN;
  if (!arn) throw new LogStorageNotConfiguredError();
  return secretStringOf(arn, client);
}
