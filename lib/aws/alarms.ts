/**
 * CloudWatch alarms that notice an outage: HTTP API 5xx rate, Lambda errors and throttles per
 * function, DynamoDB throttling, and a drop of the chargers' WebSocket traffic. They are created
 * whether or not anyone is notified (their state shows in the CloudWatch console); with an SNS
 * topic each alarm notifies it on ALARM and on OK.
 */
import { Duration } from 'aws-cdk-lib';
import type { IHttpApi, IWebSocketApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  AnomalyDetectionAlarm,
  ComparisonOperator,
  MathExpression,
  Metric,
  Stats,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { TABLE_KEYS } from '../../shared/db/entities';

/** Period of every alarm's metrics. */
export const ALARM_PERIOD = Duration.minutes(5);

/** Thresholds of the alarms (per {@link ALARM_PERIOD} unless said otherwise). */
export const ALARM_THRESHOLDS = {
  /** % of HTTP API requests answered 5xx, in 2 of 3 periods, counted once there are ≥ 20 requests. */
  httpServerErrorPercent: 5,
  /** Minimum requests in a period for the 5xx rate to count (a lone 5xx at night pages nobody). */
  httpMinimumRequests: 20,
  /** Failed invocations of one function (uncaught errors, timeouts; handled 4xx/5xx are not). */
  functionErrors: 3,
  /** Throttled invocations of one function (the concurrency limit, or $connect's reservation). */
  functionThrottles: 5,
  /** Throttled read and write events of the table and its GSIs. */
  tableThrottleEvents: 10,
  /** Width of the expected band of WebSocket traffic, in standard deviations. */
  webSocketTrafficStdDevs: 3,
} as const;

/** Properties of {@link NetworkAlarms}. */
export interface NetworkAlarmsProps {
  /** The integrators' HTTP API. */
  readonly httpApi: IHttpApi;
  /** The OCPP WebSocket API. */
  readonly webSocketApi: IWebSocketApi;
  /** Name of the WebSocket API's stage. */
  readonly webSocketStageName: string;
  /** The table. */
  readonly table: ITable;
  /**
   * Where alarms notify (on ALARM and on OK).
   * @default none: alarms are created without actions
   */
  readonly topic?: ITopic;
}

/**
 * The alarms of the stack. Functions are added with {@link watchFunction} by whoever creates them,
 * so a construct added later (e.g. stream consumers) is watched the same way.
 */
export class NetworkAlarms extends Construct {
  /** Every alarm created, by construct ID. */
  public readonly alarms = new Map<string, Alarm>();
  private readonly topic?: ITopic;

  constructor(scope: Construct, id: string, props: NetworkAlarmsProps) {
    super(scope, id);
    this.topic = props.topic;
    this.watchHttpServerErrors(props.httpApi);
    this.watchTableThrottles(props.table);
    this.watchWebSocketTraffic(props.webSocketApi, props.webSocketStageName);
  }

  /**
   * Adds an errors alarm and a throttles alarm for a function.
   *
   * @param name - short name used in the alarms' IDs and descriptions (`http-chargers`)
   * @param fn - the function
   */
  public watchFunction(name: string, fn: IFunction): void {
    this.add(`${name}-Errors`, {
      metric: fn.metricErrors({ period: ALARM_PERIOD, statistic: Stats.SUM }),
      threshold: ALARM_THRESHOLDS.functionErrors,
      description: `${name}: ${ALARM_THRESHOLDS.functionErrors}+ failed invocations (uncaught error, timeout) in 5 min`,
    });
    this.add(`${name}-Throttles`, {
      metric: fn.metricThrottles({ period: ALARM_PERIOD, statistic: Stats.SUM }),
      threshold: ALARM_THRESHOLDS.functionThrottles,
      description: `${name}: ${ALARM_THRESHOLDS.functionThrottles}+ throttled invocations in 5 minutes`,
    });
  }

  private watchHttpServerErrors(api: IHttpApi): void {
    const sum = { period: ALARM_PERIOD, statistic: Stats.SUM };
    const rate = new MathExpression({
      expression: `IF(requests >= ${ALARM_THRESHOLDS.httpMinimumRequests}, 100 * FILL(errors, 0) / requests, 0)`,
      usingMetrics: { errors: api.metricServerError(sum), requests: api.metricCount(sum) },
      period: ALARM_PERIOD,
      label: 'HTTP API 5xx (%)',
    });
    this.add('HttpApi5xxRate', {
      metric: rate,
      threshold: ALARM_THRESHOLDS.httpServerErrorPercent,
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
      description: `HTTP API: more than ${ALARM_THRESHOLDS.httpServerErrorPercent} % of requests answered 5xx`,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
    });
  }

  private watchTableThrottles(table: ITable): void {
    const indexes: (string | undefined)[] = [undefined, ...TABLE_KEYS.gsis.map((gsi) => gsi.indexName)];
    const usingMetrics: Record<string, IMetric> = {};
    indexes.forEach((indexName, i) => {
      for (const kind of ['Read', 'Write'] as const) {
        usingMetrics[`${kind.toLowerCase()}${i}`] = new Metric({
          namespace: 'AWS/DynamoDB',
          metricName: `${kind}ThrottleEvents`,
          dimensionsMap: {
            TableName: table.tableName,
            ...(indexName ? { GlobalSecondaryIndexName: indexName } : {}),
          },
          period: ALARM_PERIOD,
          statistic: Stats.SUM,
        });
      }
    });
    const expression = Object.keys(usingMetrics)
      .map((id) => `FILL(${id}, 0)`)
      .join(' + ');
    this.add('TableThrottles', {
      metric: new MathExpression({ expression, usingMetrics, period: ALARM_PERIOD, label: 'Throttle events' }),
      threshold: ALARM_THRESHOLDS.tableThrottleEvents,
      description: `DynamoDB: ${ALARM_THRESHOLDS.tableThrottleEvents}+ throttled reads/writes (table, GSIs) in 5 min`,
    });
  }

  /**
   * Chargers stay connected and send at least a Heartbeat per interval, so the stage's message
   * count follows the number of connected chargers; a fall below the band that CloudWatch anomaly
   * detection learns from its history means chargers dropped off. Missing data counts as zero
   * messages (a total outage), which a new deployment without chargers has learnt as normal.
   */
  private watchWebSocketTraffic(api: IWebSocketApi, stageName: string): void {
    const messages = new Metric({
      namespace: 'AWS/ApiGateway',
      metricName: 'MessageCount',
      dimensionsMap: { ApiId: api.apiId, Stage: stageName },
      period: ALARM_PERIOD,
      statistic: Stats.SUM,
    });
    const alarm = new AnomalyDetectionAlarm(this, 'WebSocketTrafficDrop', {
      metric: new MathExpression({
        expression: 'FILL(messages, 0)',
        usingMetrics: { messages },
        period: ALARM_PERIOD,
        label: 'OCPP messages',
      }),
      stdDevs: ALARM_THRESHOLDS.webSocketTrafficStdDevs,
      comparisonOperator: ComparisonOperator.LESS_THAN_LOWER_THRESHOLD,
      evaluationPeriods: 3,
      datapointsToAlarm: 3,
      treatMissingData: TreatMissingData.BREACHING,
      alarmDescription:
        'OCPP WebSocket: messages below their expected band for 15 minutes (chargers disconnected or cannot connect)',
    });
    this.register('WebSocketTrafficDrop', alarm);
  }

  private add(
    id: string,
    options: {
      metric: IMetric;
      threshold: number;
      description: string;
      evaluationPeriods?: number;
      datapointsToAlarm?: number;
      comparisonOperator?: ComparisonOperator;
    },
  ): void {
    const alarm = new Alarm(this, id, {
      metric: options.metric,
      threshold: options.threshold,
      evaluationPeriods: options.evaluationPeriods ?? 1,
      datapointsToAlarm: options.datapointsToAlarm,
      comparisonOperator: options.comparisonOperator ?? ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: options.description,
    });
    this.register(id, alarm);
  }

  private register(id: string, alarm: Alarm): void {
    if (this.topic) {
      alarm.addAlarmAction(new SnsAction(this.topic));
      alarm.addOkAction(new SnsAction(this.topic));
    }
    this.alarms.set(id, alarm);
  }
}
