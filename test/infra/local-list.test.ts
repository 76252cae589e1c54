/**
 * The local authorization list in the synthesised template: the table's change stream feeds the
 * sync function through its own event source mapping (filtered to access IDs, chargers,
 * local-list items and site tariffs, for the 2.1 stations' tariffs and CostUpdated; batched), and the function may write
 * only the charger and message-log rows and post to chargers.
 */
import { describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { synthesise } from './support/template';
import { LOCAL_LIST_TRIGGERING_ENTITIES } from '../../shared/local-auth-list/triggers';
import { rowWritesOf } from './support/iam';

const { template, statementsOf, actionsOf, streamMappingOf } = synthesise();
const ENTRY = 'lambdas/local-list/sync.ts';

describe('local authorization list', () => {
  it('feeds the stream to the sync function, filtered to access IDs, chargers, local lists and site tariffs, in batches', () => {
    const mapping = streamMappingOf(ENTRY);
    expect(mapping.properties).toMatchObject({
      BatchSize: 100,
      MaximumBatchingWindowInSeconds: 1,
      StartingPosition: 'LATEST',
      BisectBatchOnFunctionError: true,
    });
    expect([...LOCAL_LIST_TRIGGERING_ENTITIES]).toEqual(['accessId', 'charger', 'localAuthList']);
    expect(mapping.newImageEntities).toEqual([...LOCAL_LIST_TRIGGERING_ENTITIES, 'siteTariff']);
    expect(mapping.oldImageEntities).toEqual([...LOCAL_LIST_TRIGGERING_ENTITIES, 'siteTariff']);
    // No session: CostUpdated comes of a site tariff's change.
    expect(mapping.patterns).toHaveLength(2);
    expect(actionsOf(ENTRY)).toEqual(expect.arrayContaining(['dynamodb:GetRecords', 'dynamodb:GetShardIterator']));
  });

  it('confines its writes to the charger and message-log rows, and lets it post to chargers and nothing else', () => {
    const writes = rowWritesOf(statementsOf(ENTRY));
    expect(writes.patterns.size).toBeGreaterThan(0);
    expect(writes.unconfined).toBe(0);
    expect(writes.patterns).toEqual(new Set(['$cn#chargerid_*', '$cn#day_*#chargerid_*']));
    expect([...writes.actions].sort()).toEqual(['dynamodb:PutItem', 'dynamodb:UpdateItem']);
    const actions = actionsOf(ENTRY);
    expect(actions).toContain('execute-api:ManageConnections');
    expect(actions).not.toContain('lambda:InvokeFunction');
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('lambdas/local-list/sync\\.ts'),
      Timeout: 300,
      Environment: { Variables: Match.objectLike({ OCPP_COMMAND_TIMEOUT_MS: '10000', OCPP_MESSAGE_LOG: 'all' }) },
    });
  });
});
