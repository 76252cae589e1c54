/**
 * Somebody notices an outage: CloudWatch alarms on the HTTP API 5xx rate, each function's errors
 * and throttles, DynamoDB throttling and a drop of the chargers' WebSocket traffic, notifying an
 * SNS topic when one is given; and X-Ray tracing on the functions when asked for.
 */
import type { Stack } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { HTTP_FUNCTIONS } from '../../shared/api/routes';
import { OCPP_FUNCTIONS } from '../../lib/aws/ocpp-api';
import { ChargingNetworkStack } from '../../lib/aws/stack';
import { TABLE_KEYS } from '../../shared/db/entities';
import { POWER_FUNCTION_WRITES } from '../../lib/aws/smart-charging';
import { ALERT_FUNCTION_WRITES } from '../../lib/aws/alerts';
import { OPERATION_FUNCTION_WRITES } from '../../lib/aws/charger-operations';
import { LOCAL_LIST_FUNCTIONS } from '../../lib/aws/local-list';
import { WEBHOOK_FUNCTIONS } from '../../lib/aws/webhooks';
import { appWithoutBundling, synthesise, type CfnResource } from './support/template';

const TOPIC_ARN = 'arn:aws:sns:eu-west-1:123456789012:charging-ops';
/** Our functions: HTTP, OCPP, smart charging, charger operations, alerts (the sweep and the trigger), the local list and webhooks (not CDK's own custom-resource handlers). */
const FUNCTION_COUNT =
  [HTTP_FUNCTIONS, OCPP_FUNCTIONS, POWER_FUNCTION_WRITES, OPERATION_FUNCTION_WRITES, ALERT_FUNCTION_WRITES].reduce(
    (n, fns) => n + Object.keys(fns).length,
    0,
  ) +
  LOCAL_LIST_FUNCTIONS.length +
  WEBHOOK_FUNCTIONS.length +
  // The log upload function (lib/aws/charger-logs.ts), the alert rules' trigger (lib/aws/alert-trigger.ts),
  // the certificate function and the CA set-up (lib/aws/charger-certificates.ts), and Plug & Charge's
  // certificate status function (lib/aws/plug-and-charge.ts).
  5;
/**
 * Functions that raise no alarm: the CA set-up runs at deployment only, where a failure fails (and
 * rolls back) the deployment itself.
 */
const UNWATCHED = 1;
/** CDK's custom-resource handlers (console upload, bucket emptying, the provider framework): not ours to trace. */
const isOurs = ([, fn]: [string, { Properties?: { Description?: string } }]) =>
  /(^|\()lambdas\//.test(String(fn.Properties?.Description));

/** The alarms of a template, each with its properties. */
function alarmsOf(synthesised: ReturnType<typeof synthesise>): Record<string, any>[] {
  return Object.values(synthesised.template.findResources('AWS::CloudWatch::Alarm')).map((a) => a.Properties);
}

/** The metric of a math alarm with `id`. */
function metricOf(alarm: Record<string, any>, id: string): Record<string, any> {
  return (alarm.Metrics as Record<string, any>[]).find((m) => m.Id === id)!.MetricStat.Metric;
}

describe('alarms', () => {
  const synthesised = synthesise();
  const { idOf, functionId } = synthesised;
  const alarms = alarmsOf(synthesised);
  const byDescription = (pattern: RegExp) => alarms.filter((a) => pattern.test(a.AlarmDescription));

  it('alarm on the HTTP API 5xx rate (more than 5 % of at least 20 requests, 2 of 3 periods of 5 minutes)', () => {
    const [alarm] = byDescription(/^HTTP API/);
    const httpApiId = idOf('AWS::ApiGatewayV2::Api', { ProtocolType: 'HTTP' });

    expect(alarm).toMatchObject({
      ComparisonOperator: 'GreaterThanThreshold',
      Threshold: 5,
      EvaluationPeriods: 3,
      DatapointsToAlarm: 2,
    });
    expect(alarm!.Metrics[0].Expression).toBe('IF(requests >= 20, 100 * FILL(errors, 0) / requests, 0)');
    expect(metricOf(alarm!, 'errors')).toMatchObject({
      MetricName: '5xx',
      Dimensions: [{ Name: 'ApiId', Value: { Ref: httpApiId } }],
    });
    expect(metricOf(alarm!, 'requests')).toMatchObject({ MetricName: 'Count' });
  });

  it('alarm on errors and throttles of every function', () => {
    const fnAlarms = alarms.filter((a) => a.Namespace === 'AWS/Lambda');
    expect(fnAlarms).toHaveLength(2 * (FUNCTION_COUNT - UNWATCHED));
    for (const entry of ['lambdas/http/chargers.ts', 'lambdas/ocpp/connect.ts']) {
      const watched = fnAlarms.filter((a) => a.Dimensions[0].Value.Ref === functionId(entry));
      expect(watched.map((a) => a.MetricName).sort(), entry).toEqual(['Errors', 'Throttles']);
    }
  });

  it('alarm on throttled reads and writes of the table and of each GSI', () => {
    const [alarm] = byDescription(/^DynamoDB/);
    const tableId = idOf('AWS::DynamoDB::Table', {});
    const queries = alarm!.Metrics as Record<string, any>[];
    const metrics = queries.filter((m) => m.MetricStat).map((m) => m.MetricStat.Metric);

    expect(metrics.map((m) => m.MetricName).sort()).toEqual([
      // The table and each GSI, at most 10 metrics in one math alarm.
      ...Array(1 + TABLE_KEYS.gsis.length).fill('ReadThrottleEvents'),
      ...Array(1 + TABLE_KEYS.gsis.length).fill('WriteThrottleEvents'),
    ]);
    for (const m of metrics) expect(m.Dimensions).toContainEqual({ Name: 'TableName', Value: { Ref: tableId } });
    expect(alarm!.Threshold).toBe(10);
  });

  it('alarm when the WebSocket traffic (a heartbeat per charger per interval) falls below its learnt band', () => {
    const [alarm] = byDescription(/^OCPP WebSocket/);
    const webSocketApiId = idOf('AWS::ApiGatewayV2::Api', { ProtocolType: 'WEBSOCKET' });

    expect(alarm!.ComparisonOperator).toBe('LessThanLowerThreshold');
    expect(alarm!.Metrics.map((m: Record<string, any>) => m.Expression).filter(Boolean)).toEqual([
      'ANOMALY_DETECTION_BAND(m0, 3)',
      'FILL(messages, 0)',
    ]);
    expect(metricOf(alarm!, 'messages')).toEqual({
      Namespace: 'AWS/ApiGateway',
      MetricName: 'MessageCount',
      Dimensions: [
        { Name: 'ApiId', Value: { Ref: webSocketApiId } },
        { Name: 'Stage', Value: 'ocpp' },
      ],
    });
  });

  it('exist without notifying anyone when no topic is given', () => {
    for (const alarm of alarms) {
      expect(alarm.AlarmActions).toBeUndefined();
      expect(alarm.OKActions).toBeUndefined();
    }
  });

  it('notify the topic on ALARM and on OK when one is given', () => {
    const withTopic = alarmsOf(synthesise({ alarmTopicArn: TOPIC_ARN }));
    expect(withTopic).toHaveLength(alarms.length);
    for (const alarm of withTopic) {
      expect(alarm.AlarmActions).toEqual([TOPIC_ARN]);
      expect(alarm.OKActions).toEqual([TOPIC_ARN]);
    }
  });
});

describe('X-Ray tracing', () => {
  const functionsOf = (props?: Parameters<typeof synthesise>[0]): CfnResource[] =>
    Object.values(synthesise(props).template.findResources('AWS::Lambda::Function')) as CfnResource[];

  it('is off by default (X-Ray bills traces)', () => {
    for (const fn of functionsOf()) expect(fn.Properties.TracingConfig).toBeUndefined();
  });

  it('is active on every function with tracing: true, each role allowed to send segments', () => {
    const synthesised = synthesise({ tracing: true });
    const functions = Object.entries(synthesised.template.findResources('AWS::Lambda::Function'))
      .filter(isOurs)
      .map(([, fn]) => fn);
    expect(functions).toHaveLength(FUNCTION_COUNT);
    for (const fn of functions) expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
    expect(synthesised.actionsOf('lambdas/ocpp/message.ts')).toEqual(
      expect.arrayContaining(['xray:PutTraceSegments', 'xray:PutTelemetryRecords']),
    );
  });

  it('leaves no cdk-nag finding unacknowledged with tracing and a topic', () => {
    const app = appWithoutBundling();
    const props = { tracing: true, alarmTopicArn: TOPIC_ARN };
    const stack: Stack = new ChargingNetworkStack(app, 'ChargingNetwork', props);
    app.synth();
    const report = new AwsSolutionsChecks(app).validateScope(stack);
    const violations = report.violations.map(
      (v) => `${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath)}`,
    );
    expect(violations).toEqual([]);
  });
});
