/**
 * The stream-raised alerts in the synthesised template: the table's change stream feeds the alert
 * rules' trigger through its own event source mapping (filtered to site allocations, charger error
 * reports, session records and port readings, batched), and the function may write only alerts,
 * their active-episode markers and the alert ID counter.
 */
import { describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { synthesise } from './support/template';
import { ALERT_TRIGGERING_ENTITIES } from '../../shared/alerts/triggers';
import { rowWritesOf } from './support/iam';

const { template, statementsOf, actionsOf, streamMappingOf } = synthesise();
const ENTRY = 'lambdas/alerts/trigger.ts';

describe('alert trigger', () => {
  it('feeds the stream to the trigger, filtered to the entities the rules read, in batches', () => {
    const mapping = streamMappingOf(ENTRY);
    expect(mapping.properties).toMatchObject({
      BatchSize: 100,
      MaximumBatchingWindowInSeconds: 1,
      StartingPosition: 'LATEST',
      BisectBatchOnFunctionError: true,
    });
    expect([...ALERT_TRIGGERING_ENTITIES]).toEqual([
      'siteAllocation',
      'chargerError',
      'sessionRecord',
      'portReadings',
      'securityEvent',
      'chargerMonitorEvent',
    ]);
    expect(mapping.newImageEntities).toEqual([...ALERT_TRIGGERING_ENTITIES]);
    expect(mapping.oldImageEntities).toEqual([...ALERT_TRIGGERING_ENTITIES]);
    expect(actionsOf(ENTRY)).toEqual(expect.arrayContaining(['dynamodb:GetRecords', 'dynamodb:GetShardIterator']));
  });

  it('confines its writes to alerts, their markers and their ID counter, and lets it call nothing else', () => {
    const writes = rowWritesOf(statementsOf(ENTRY));
    expect(writes.patterns.size).toBeGreaterThan(0);
    expect(writes.unconfined).toBe(0);
    expect(writes.patterns).toEqual(
      new Set(['$cn#alertid_*', '$cn#constraint_activeAlert:*#value_*', '$cn#name_alert']),
    );
    expect([...writes.actions].sort()).toEqual(['dynamodb:DeleteItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']);
    const actions = actionsOf(ENTRY);
    expect(actions).not.toContain('execute-api:ManageConnections');
    expect(actions).not.toContain('lambda:InvokeFunction');
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('lambdas/alerts/trigger\\.ts'),
      Timeout: 60,
    });
  });
});
