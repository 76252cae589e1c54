/**
 * Charger operations in the synthesised template: the `chargerOperations` HTTP function may start
 * both workers (every kind's, and the log requests') and no other function, the sweep (firmware
 * campaigns) only the first (each named in their environment), the function of the operations'
 * reads neither; the workers are not run again after a crash (the sweep ends what they left), may
 * post to chargers and write only their rows, and an EventBridge rule runs the sweep every minute.
 */
import { describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { synthesise } from './support/template';

const { template, resources, functionId, statementsOf, actionsOf } = synthesise();
const WORKER = 'lambdas/operations/perform.ts';
const LOG_WORKER = 'lambdas/operations/perform-logs.ts';
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
  it.each([
    [HTTP, [WORKER, LOG_WORKER]],
    [SWEEP, [WORKER]],
  ])('lets %s (a firmware campaign starts operations) invoke %j and no other function', (entry, workers) => {
    const ids = workers.map((w) => functionId(w));
    const invokes = statementsOf(entry).filter((s) => [s.Action].flat().includes('lambda:InvokeFunction'));
    const targets = invokes.flatMap((s) => [s.Resource].flat()).map((r) => JSON.stringify(r));
    expect(targets.length).toBeGreaterThan(0);
    expect(targets.every((t) => ids.some((id) => t.includes(id)))).toBe(true);
    for (const id of ids) expect(targets.some((t) => t.includes(id))).toBe(true);
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('chargerOperations'),
      Environment: {
        Variables: Match.objectLike({
          OPERATION_FUNCTION_NAME: { Ref: ids[0] },
          LOG_OPERATION_FUNCTION_NAME: { Ref: functionId(LOG_WORKER) },
        }),
      },
    });
  });

  it('gives the function of the reads no right to start the worker', () => {
    expect(actionsOf(READS)).not.toContain('lambda:InvokeFunction');
  });

  it.each([WORKER, LOG_WORKER])('runs %s once per invocation, for up to 15 minutes, posting to chargers', (entry) => {
    const worker = functionId(entry);
    const config = Object.values(resources).find(
      (r) => r.Type === 'AWS::Lambda::EventInvokeConfig' && r.Properties.FunctionName?.Ref === worker,
    );
    expect(config?.Properties.MaximumRetryAttempts).toBe(0);
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp(entry.replace(/\./g, '\\.')),
      Timeout: 900,
    });
    expect(actionsOf(entry)).toContain('execute-api:ManageConnections');
    expect(actionsOf(SWEEP)).not.toContain('execute-api:ManageConnections');
  });

  it('confines the writes to operations, their pending markers, firmware campaigns, and (the worker) the command path', () => {
    const worker = ['$cn#operationid_*', '$cn#queue_chargeroperations', '$cn#chargerid_*', '$cn#day_*#chargerid_*'];
    expect(writePatterns(WORKER)).toEqual(
      new Set([
        ...worker,
        '$cn#name_customerinformationrequest',
        '$cn#name_displaymessagesrequest',
        '$cn#name_displaymessage',
        '$cn#name_publishfirmwarerequest',
        '$cn#name_reportrequest',
      ]),
    );
    expect(writePatterns(LOG_WORKER)).toEqual(new Set([...worker, '$cn#name_logrequest']));
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
