/**
 * Charger operations in the synthesised template: the `chargerOperations` HTTP function and the
 * sweep (firmware campaigns) may start the worker and no other function (named in its environment),
 * the function of the operations' reads may not, the worker is not run again after
 * a crash (the sweep ends what it left), may post to chargers and write only its rows, and an
 * EventBridge rule runs the sweep every minute.
 */
import { describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { synthesise } from './support/template';

const { template, resources, functionId, statementsOf, actionsOf } = synthesise();
const WORKER = 'lambdas/operations/perform.ts';
const SWEEP = 'lambdas/operations/sweep.ts';
const HTTP = 'lambdas/http/charger-operations.ts';
const READS = 'lambdas/http/charger-operation-reads.ts';

/** The row patterns a function's write statements are confined to. */
function writePatterns(entry: string): Set<string> {
  const writes = statementsOf(entry).filter((s) =>
    [s.Action].flat().some((a) => /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(a)),
  );
  expect(writes.length).toBeGreaterThan(0);
  return new Set(
    writes.flatMap((s) => {
      const keys = s.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'];
      expect(keys).toBeDefined();
      return [keys!].flat();
    }),
  );
}

describe('charger operations', () => {
  it.each([HTTP, SWEEP])(
    'lets %s (a firmware campaign starts operations) invoke the worker and no other function',
    (entry) => {
      const worker = functionId(WORKER);
      const invokes = statementsOf(entry).filter((s) => [s.Action].flat().includes('lambda:InvokeFunction'));
      const targets = invokes.flatMap((s) => [s.Resource].flat()).map((r) => JSON.stringify(r));
      expect(targets.length).toBeGreaterThan(0);
      expect(targets.every((t) => t.includes(worker))).toBe(true);
      template.hasResourceProperties('AWS::Lambda::Function', {
        Description: Match.stringLikeRegexp('chargerOperations'),
        Environment: { Variables: Match.objectLike({ OPERATION_FUNCTION_NAME: { Ref: worker } }) },
      });
    },
  );

  it('gives the function of the reads no right to start the worker', () => {
    expect(actionsOf(READS)).not.toContain('lambda:InvokeFunction');
  });

  it('runs the worker once per invocation, for up to 15 minutes, posting to chargers', () => {
    const worker = functionId(WORKER);
    const config = Object.values(resources).find(
      (r) => r.Type === 'AWS::Lambda::EventInvokeConfig' && r.Properties.FunctionName?.Ref === worker,
    );
    expect(config?.Properties.MaximumRetryAttempts).toBe(0);
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('lambdas/operations/perform\\.ts'),
      Timeout: 900,
    });
    expect(actionsOf(WORKER)).toContain('execute-api:ManageConnections');
    expect(actionsOf(SWEEP)).not.toContain('execute-api:ManageConnections');
  });

  it('confines the writes to operations, their pending markers, firmware campaigns, and (the worker) the command path', () => {
    expect(writePatterns(WORKER)).toEqual(
      new Set([
        '$cn#operationid_*',
        '$cn#queue_chargeroperations',
        '$cn#chargerid_*',
        '$cn#day_*#chargerid_*',
        '$cn#name_logrequest',
      ]),
    );
    const campaigns = ['$cn#campaignid_*', '$cn#queue_firmwarecampaigns'];
    expect(writePatterns(SWEEP)).toEqual(new Set(['$cn#operationid_*', '$cn#queue_chargeroperations', ...campaigns]));
    expect(writePatterns(HTTP)).toEqual(
      new Set(['$cn#keyhash_*#window_*', '$cn#operationid_*', '$cn#queue_chargeroperations', ...campaigns]),
    );
    expect(writePatterns(READS)).toEqual(
      new Set(['$cn#keyhash_*#window_*', '$cn#operationid_*', '$cn#queue_chargeroperations']),
    );
  });

  it('runs the sweep every minute', () => {
    const sweep = functionId(SWEEP);
    const rule = Object.values(resources).find(
      (r) =>
        r.Type === 'AWS::Events::Rule' &&
        (r.Properties.Targets as { Arn: { 'Fn::GetAtt': string[] } }[]).some((t) => t.Arn['Fn::GetAtt'][0] === sweep),
    );
    expect(rule?.Properties.ScheduleExpression).toBe('rate(1 minute)');
  });
});
