/** The optional stack props as `bin/app.ts` reads them from CDK context (`-c name=value`). */
import { describe, expect, it } from 'vitest';
import { stackPropsFromContext } from '../../lib/aws/stack';

const from = (context: Record<string, unknown>) => stackPropsFromContext((key) => context[key]);

describe('stackPropsFromContext', () => {
  it('reads nothing from an empty context (every prop keeps its default)', () => {
    expect(from({})).toEqual({});
  });

  it("reads strings, numbers and flags from the command line's strings", () => {
    expect(
      from({
        domainName: 'charging.example.com',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
        webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/edge/abc',
        rateLimitPerIp: '1200',
        connectReservedConcurrency: 'false',
        alarmTopicArn: 'arn:aws:sns:eu-west-1:123456789012:ops',
        tracing: 'true',
        ocppMessageLog: 'errors',
      }),
    ).toEqual({
      domainName: 'charging.example.com',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
      webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/edge/abc',
      rateLimitPerIp: 1200,
      connectReservedConcurrency: false,
      alarmTopicArn: 'arn:aws:sns:eu-west-1:123456789012:ops',
      tracing: true,
      ocppMessageLog: 'errors',
    });
  });

  it('reads the JSON values of cdk.json', () => {
    const json = { connectReservedConcurrency: 40, tracing: false };
    expect(from(json)).toEqual(json);
  });

  it.each([
    ['tracing', 'yes', /context tracing must be true or false, got yes/],
    ['rateLimitPerIp', '12.5', /context rateLimitPerIp must be a whole number, got 12.5/],
    ['rateLimitPerIp', 'false', /context rateLimitPerIp must be a whole number, got false/],
    ['connectReservedConcurrency', 'lots', /context connectReservedConcurrency must be a whole number, got lots/],
    ['ocppMessageLog', 'some', /context ocppMessageLog must be one of all, errors, off, got some/],
  ])('refuses %s=%s naming the key', (key, value, message) => {
    expect(() => from({ [key]: value })).toThrow(message);
  });
});
