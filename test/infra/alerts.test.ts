/**
 * Alerts in the synthesised template (docs/alerts.md): an EventBridge rule runs the alert sweep
 * every minute; the sweep may post its probes to chargers and writes only its rows (alerts, their
 * episode markers and ID counter, connections, the command lane, the message log).
 */
import { describe, expect, it } from 'vitest';
import { ALERT_FUNCTION_WRITES } from '../../lib/aws/alerts';
import { leadingKeyPatterns } from './support/iam';
import { synthesise } from './support/template';

const { template, functionId, statementsOf, actionsOf } = synthesise();
const SWEEP = 'lambdas/alerts/sweep.ts';

describe('alerts', () => {
  it('runs the sweep every minute, for at most a minute', () => {
    const sweep = functionId(SWEEP);
    const rules = Object.values(template.findResources('AWS::Events::Rule')).filter((rule) =>
      JSON.stringify(rule.Properties.Targets).includes(sweep),
    );
    expect(rules.map((rule) => rule.Properties.ScheduleExpression)).toEqual(['rate(1 minute)']);
    const fn = template.findResources('AWS::Lambda::Function')[sweep];
    expect(fn?.Properties.Timeout).toBe(60);
  });

  it('lets the sweep probe chargers and write only the rows it declares', () => {
    expect(actionsOf(SWEEP)).toContain('execute-api:ManageConnections');
    const granted: Record<string, string[]> = {};
    for (const statement of statementsOf(SWEEP)) {
      for (const action of [statement.Action].flat().filter((a) => /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(a)))
        granted[action] = [...(granted[action] ?? []), ...(leadingKeyPatterns(statement) ?? ['<any>'])].sort();
    }
    const declared = Object.fromEntries(
      Object.entries(ALERT_FUNCTION_WRITES.sweep).map(([action, rows]) => [action, [...rows].sort()]),
    );
    expect(granted).toEqual(declared);
  });
});
