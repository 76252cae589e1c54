/**
 * Smart charging in the synthesised template: the table's change stream feeds the trigger
 * (filtered, batched), an EventBridge rule runs the schedule every minute, both may start
 * `allocate` and nothing else, and `allocate` may write only the rows it writes and post to chargers.
 */
import { describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { synthesise } from './support/template';
import { TRIGGERING_ENTITIES } from '../../shared/site-power/triggers';
import { rowWritesOf } from './support/iam';
import { PLANNER_FALLBACK_MESSAGE } from '../../shared/site-power';

const { template, resources, functionId, statementsOf, actionsOf, streamMappingOf } = synthesise();

describe('smart charging', () => {
  it('gives the table a change stream with new and old images', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
    });
  });

  it('feeds the stream to the trigger, filtered to the entities that can re-allocate a site, in batches', () => {
    const mapping = streamMappingOf('lambdas/power/trigger.ts');
    expect(mapping.properties).toMatchObject({
      BatchSize: 100,
      MaximumBatchingWindowInSeconds: 1,
      StartingPosition: 'LATEST',
      BisectBatchOnFunctionError: true,
    });
    // A tariff change re-allocates its site, like a limit change; a vehicle's readings can too.
    expect(TRIGGERING_ENTITIES).toEqual(expect.arrayContaining(['sitePowerLimit', 'siteTariff', 'portReadings']));
    expect(mapping.newImageEntities).toEqual([...TRIGGERING_ENTITIES]);
    expect(mapping.oldImageEntities).toEqual([...TRIGGERING_ENTITIES]);
    expect(actionsOf('lambdas/power/trigger.ts')).toEqual(
      expect.arrayContaining(['dynamodb:GetRecords', 'dynamodb:GetShardIterator']),
    );
  });

  it('runs the schedule every minute', () => {
    const rule = Object.values(resources).find((r) => r.Type === 'AWS::Events::Rule')!;
    expect(rule.Properties.ScheduleExpression).toBe('rate(1 minute)');
    expect(rule.Properties.Targets[0].Arn['Fn::GetAtt'][0]).toBe(functionId('lambdas/power/schedule.ts'));
  });

  it('lets the trigger and the schedule invoke allocate and no other function', () => {
    const allocate = functionId('lambdas/power/allocate.ts');
    for (const entry of ['lambdas/power/trigger.ts', 'lambdas/power/schedule.ts']) {
      const invokes = statementsOf(entry).filter((s) => [s.Action].flat().includes('lambda:InvokeFunction'));
      const targets = invokes.flatMap((s) => [s.Resource].flat()).map((r) => JSON.stringify(r));
      expect(targets.length).toBeGreaterThan(0);
      expect(targets.every((t) => t.includes(allocate))).toBe(true);
    }
  });

  it("confines allocate's writes to the site, schedule, charger and message-log rows, and lets it post to chargers", () => {
    const writes = rowWritesOf(statementsOf('lambdas/power/allocate.ts'));
    expect(writes.patterns.size).toBeGreaterThan(0);
    expect(writes.unconfined).toBe(0);
    expect(writes.patterns).toEqual(new Set(['$cn#siteid_*', '$cn', '$cn#chargerid_*', '$cn#day_*#chargerid_*']));
    expect(actionsOf('lambdas/power/allocate.ts')).toContain('execute-api:ManageConnections');
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('lambdas/power/allocate\\.ts'),
      Timeout: 90,
      Environment: { Variables: Match.objectLike({ OCPP_COMMAND_TIMEOUT_MS: '10000', OCPP_MESSAGE_LOG: 'all' }) },
    });
  });
  it("counts the planner's fallbacks: a metric from allocate's warning lines, 0 when there is none", () => {
    const filters = Object.values(resources).filter((r) => r.Type === 'AWS::Logs::MetricFilter');
    const fallbacks = filters.find((f) => f.Properties.FilterPattern.includes(PLANNER_FALLBACK_MESSAGE));
    expect(fallbacks?.Properties.FilterPattern).toBe(`{ $.message = "${PLANNER_FALLBACK_MESSAGE}" }`);
    expect(fallbacks?.Properties.MetricTransformations).toEqual([
      { MetricNamespace: 'ChargingNetwork', MetricName: 'PlannerFallbacks', MetricValue: '1', DefaultValue: 0 },
    ]);
    const group = fallbacks?.Properties.LogGroupName.Ref;
    const allocate = resources[functionId('lambdas/power/allocate.ts')]!;
    expect(allocate.Properties.LoggingConfig.LogGroup.Ref).toBe(group);
  });
});
