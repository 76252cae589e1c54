/**
 * Plug & Charge in the synthesised template: the certificate status function exists, only the
 * message function may invoke it (and knows its name and the fallback), and it may do nothing
 * else: no table, no connections, no other function.
 */
import { describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { synthesise } from './support/template';

const STATUS = 'lambdas/certificates/status.ts';
const MESSAGE = 'lambdas/ocpp/message.ts';

describe('Plug & Charge', () => {
  const { template, resources, functionId, statementsOf, actionsOf } = synthesise();

  it('lets the message function, and no other, invoke the certificate status function', () => {
    const status = functionId(STATUS);
    const invokers = Object.values(resources)
      .filter((r) => r.Type === 'AWS::IAM::Policy')
      .filter((r) =>
        (r.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]).some(
          (s) => [s.Action].flat().includes('lambda:InvokeFunction') && JSON.stringify(s.Resource).includes(status),
        ),
      );
    expect(invokers).toHaveLength(1);
    const messageRole = resources[functionId(MESSAGE)]!.Properties.Role['Fn::GetAtt'][0];
    expect(invokers[0]!.Properties.Roles).toEqual([{ Ref: messageRole }]);
    const targets = statementsOf(MESSAGE)
      .filter((s) => [s.Action].flat().includes('lambda:InvokeFunction'))
      .flatMap((s) => [s.Resource].flat())
      .map((r) => JSON.stringify(r));
    expect(targets.length).toBeGreaterThan(0);
    expect(targets.every((t) => t.includes(status))).toBe(true);
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('lambdas/ocpp/message\\.ts'),
      Environment: {
        Variables: Match.objectLike({
          CERTIFICATE_STATUS_FUNCTION_NAME: { Ref: status },
          OCSP_FALLBACK_STATUS: 'unknown',
        }),
      },
    });
  });

  it("gives the status function no table, connection or invoke rights, and answers within the message function's wait", () => {
    const actions = actionsOf(STATUS);
    expect(actions.filter((a) => /^(dynamodb|execute-api|lambda):/.test(a))).toEqual([]);
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('lambdas/certificates/status\\.ts'),
      Timeout: 8,
      Environment: { Variables: Match.objectLike({ OCSP_FALLBACK_STATUS: 'unknown' }) },
    });
  });

  it('passes the trust anchors and the fallback of the props to the functions', () => {
    const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----';
    const custom = synthesise({ pncTrustAnchors: pem, ocspFallbackStatus: 'good' });
    custom.template.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('lambdas/certificates/status\\.ts'),
      Environment: { Variables: Match.objectLike({ PNC_TRUST_ANCHORS: pem, OCSP_FALLBACK_STATUS: 'good' }) },
    });
  });
});
