/**
 * The {@link IdentityDirectory} of an Amazon Cognito user pool (`USER_POOL_ID`): AdminCreateUser
 * invites (Cognito e-mails the temporary password, asked to be changed at the first sign-in),
 * AdminDeleteUser removes. The pool signs people in by e-mail address (its usernames are the
 * addresses, kept as given; Cognito compares them case-insensitively).
 *
 * The local stack registers its own directory instead (`useIdentityDirectory`). The SDK is loaded
 * on first use: only the people's function pays for it.
 */
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { localEndpointConfig, processClient } from '../aws-clients';
import { IdentityAccountExistsError, registeredDirectory, type IdentityDirectory } from './directory';
import { IdentityNotConfiguredError } from './errors';

type CognitoModule = typeof import('@aws-sdk/client-cognito-identity-provider');

let sdk: Promise<CognitoModule> | undefined;
/** The SDK module, imported once. */
const cognitoSdk = (): Promise<CognitoModule> => (sdk ??= import('@aws-sdk/client-cognito-identity-provider'));

/** The process's client: the Region's endpoint on AWS, `COGNITO_ENDPOINT` locally. */
const client = (module: CognitoModule) =>
  processClient(
    () => process.env.COGNITO_ENDPOINT,
    (endpoint): CognitoIdentityProviderClient =>
      new module.CognitoIdentityProviderClient(endpoint ? localEndpointConfig(endpoint) : {}),
  )();

/**
 * The directory of the pool `userPoolId`.
 * @param userPoolId e.g. `eu-west-1_AbCdEf123`
 */
export function cognitoDirectory(userPoolId: string): IdentityDirectory {
  return {
    async invite(email, options = {}) {
      const module = await cognitoSdk();
      try {
        const { User } = await client(module).send(
          new module.AdminCreateUserCommand({
            UserPoolId: userPoolId,
            Username: email,
            UserAttributes: [
              { Name: 'email', Value: email },
              // The invitation proves the address: the person signs in with what it received there.
              { Name: 'email_verified', Value: 'true' },
            ],
            DesiredDeliveryMediums: ['EMAIL'],
            ...(options.temporaryPassword ? { TemporaryPassword: options.temporaryPassword } : {}),
            ...(options.sendInvitation === false ? { MessageAction: 'SUPPRESS' } : {}),
          }),
        );
        const subject = User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
        if (!subject) throw new Error(`Cognito created ${email} without a sub`);
        return { subject };
      } catch (error) {
        if ((error as Error).name === 'UsernameExistsException') throw new IdentityAccountExistsError(email);
        throw error;
      }
    },
    async remove(email) {
      const module = await cognitoSdk();
      try {
        await client(module).send(new module.AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: email }));
      } catch (error) {
        if ((error as Error).name !== 'UserNotFoundException') throw error;
      }
    },
  };
}

/**
 * The directory of this process: the one registered (`useIdentityDirectory`: the local stack's
 * accounts), else the user pool `USER_POOL_ID`.
 * @throws IdentityNotConfiguredError when neither is there (no identity provider: people cannot be invited)
 */
export function processDirectory(env: NodeJS.ProcessEnv = process.env): IdentityDirectory {
  const registered = registeredDirectory();
  if (registered) return registered;
  const userPoolId = env.USER_POOL_ID;
  if (!userPoolId) throw new IdentityNotConfiguredError();
  return cognitoDirectory(userPoolId);
}
