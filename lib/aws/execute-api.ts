/**
 * Helpers about API Gateway's default `execute-api` endpoints and the cdk-nag acknowledgements
 * that the API constructs share.
 */
import { Stack, Validations } from 'aws-cdk-lib';
import type { IApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { IConstruct } from 'constructs';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';

/**
 * The host name of an API's default endpoint, `<apiId>.execute-api.<region>.<urlSuffix>`: what
 * CloudFront uses as the origin domain (API Gateway routes on this `Host`).
 *
 * @param api - an HTTP or WebSocket API
 * @returns the domain name (a token until deployment)
 */
export function executeApiDomainName(api: IApi): string {
  const stack = Stack.of(api);
  return `${api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
}

/**
 * Acknowledges cdk-nag's `AwsSolutions-IAM5` finding for one wildcard resource ARN in a policy of
 * `principal`. cdk-nag names each finding by the flattened ARN (`Resource::arn:<AWS::Partition>:…`),
 * so the ARN is resolved and flattened with cdk-nag's own function to match it exactly; other
 * wildcard findings on the same principal stay reported.
 *
 * @param principal - the role (or construct above it) whose policy holds the ARN
 * @param resourceArn - the ARN as granted (may contain tokens)
 * @param reason - why the wildcard is needed
 */
export function acknowledgeWildcardResource(principal: IConstruct, resourceArn: string, reason: string): void {
  const flattened = flattenCfnReference(Stack.of(principal).resolve(resourceArn));
  Validations.of(principal).acknowledge({ id: `AwsSolutions-IAM5[Resource::${flattened}]`, reason });
}
