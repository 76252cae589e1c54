/**
 * The secret that proves a request came through CloudFront (the "secret origin header" design):
 * both APIs keep their `execute-api` endpoints, because CloudFront can only reach an API there
 * without a custom domain and the WebSocket `@connections` management API (PostToConnection) is
 * served there too, so disabling them would break the product. Instead CloudFront adds
 * {@link ORIGIN_VERIFY_HEADER} with this secret to every request it forwards, and the functions
 * that take requests from outside (every HTTP function, OCPP `$connect`) refuse requests without it
 * (`lambdas/lib/origin-verify.ts`).
 */
import { Validations } from 'aws-cdk-lib';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { ORIGIN_VERIFY_ENV, ORIGIN_VERIFY_HEADER } from '../../lambdas/lib/origin-verify';

export { ORIGIN_VERIFY_ENV, ORIGIN_VERIFY_HEADER };

/**
 * A Secrets Manager secret generated at deployment (48 letters and digits). Its value reaches
 * CloudFront's origin custom header and the functions' {@link ORIGIN_VERIFY_ENV} through a
 * CloudFormation dynamic reference, so it never appears in the template or the cloud assembly,
 * and the functions need no Secrets Manager permission (CloudFormation resolves it at deployment).
 */
export class OriginVerifySecret extends Construct {
  /** The secret. */
  public readonly secret: Secret;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.secret = new Secret(this, 'Secret', {
      description: `Value of the ${ORIGIN_VERIFY_HEADER} header CloudFront adds to requests to the APIs`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    Validations.of(this.secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'The value only proves that a request came through CloudFront (it authorizes nothing: API keys and charger passwords do), and CloudFront and the functions receive it at deployment, so an automatic rotation would not reach them; docs/deploy.md ("Only through CloudFront") says how to replace it.',
    });
  }

  /** The header CloudFront sets on both origins: `{ 'x-origin-verify': <secret> }` (a token). */
  public get originCustomHeaders(): Record<string, string> {
    return { [ORIGIN_VERIFY_HEADER]: this.value };
  }

  /**
   * Makes `fn` check requests against the secret (sets {@link ORIGIN_VERIFY_ENV}).
   *
   * @param fn - a function API Gateway invokes for requests from outside
   */
  public requireOn(fn: IFunction & { addEnvironment(key: string, value: string): unknown }): void {
    fn.addEnvironment(ORIGIN_VERIFY_ENV, this.value);
  }

  private get value(): string {
    return this.secret.secretValue.unsafeUnwrap();
  }
}
