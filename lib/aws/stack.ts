/**
 * The charging network on AWS (docs/architecture.md, "Shape"): one table, the OCPP WebSocket API, the
 * integrators' HTTP API and the CloudFront distribution that puts both on one domain.
 */
import { readFileSync } from 'node:fs';
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { Topic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { OperatorConsole } from './console';
import { EdgeDistribution, type CustomDomain } from './edge';
import { IntegratorApi } from './http-api';
import { OcppApi } from './ocpp-api';
import { NetworkTable } from './table';
import { OriginVerifySecret } from './origin-verify';
import { attachableWebAclArn } from './web-acl';
import { NetworkAlarms } from './alarms';
import { OCPP_MESSAGE_LOG_MODES, type OcppMessageLogMode } from '../../shared/ocpp/message-log';
import { SmartCharging } from './smart-charging';
import { Alerts } from './alerts';
import { ChargerOperations } from './charger-operations';
import { ChargerLogs } from './charger-logs';
import { LocalAuthList } from './local-list';
import { PlugAndCharge } from './plug-and-charge';
import { AlertTrigger } from './alert-trigger';
import { Webhooks } from './webhooks';
import { grantAlertEmail } from './alert-email';
import { cognitoDomainPrefix, cognitoOrigins, PeopleSignIn } from './people';
import { ChargerCertificates } from './charger-certificates';

/** Properties of {@link ChargingNetworkStack}; `bin/app.ts` reads them from CDK context (`-c name=value`). */
export interface ChargingNetworkStackProps extends StackProps {
  /**
   * A domain of yours for the distribution (`charging.example.com`), served with
   * {@link certificateArn} and the TLSv1.2_2021 security policy; point a CNAME (or Route 53 alias)
   * at the `DistributionDomainName` output. Needs {@link certificateArn}.
   * @default none: `https://<distribution>.cloudfront.net` (TLS policy fixed by CloudFront)
   */
  readonly domainName?: string;
  /**
   * ARN of the ACM certificate for {@link domainName}, issued in us-east-1 (CloudFront's region for
   * certificates). Needs {@link domainName}.
   * @default none
   */
  readonly certificateArn?: string;
  /**
   * ARN of an existing AWS WAF web ACL of scope CLOUDFRONT (made in us-east-1) to attach to the
   * distribution, e.g. when the stack is in another region.
   * @default a web ACL created by the stack when it is deployed in us-east-1 (rate limit per IP and
   *   the AWS managed common rules, `lib/aws/web-acl.ts`); none in other regions
   */
  readonly webAclArn?: string;
  /**
   * Requests per client IP per 5 minutes allowed by the web ACL the stack creates.
   * @default 3000
   */
  readonly rateLimitPerIp?: number;
  /**
   * Concurrency reserved for (and capping) OCPP `$connect`, whose scrypt password check is
   * CPU-heavy; `false` reserves none (accounts still at the new-account quota of 10).
   * @default 20
   */
  readonly connectReservedConcurrency?: number | false;
  /**
   * ARN of an SNS topic that the CloudWatch alarms notify (on ALARM and on OK).
   * @default none: the alarms exist (CloudWatch console) but notify nobody
   */
  readonly alarmTopicArn?: string;
  /**
   * AWS X-Ray active tracing on every function (billed per trace beyond the free tier).
   * @default false
   */
  readonly tracing?: boolean;
  /**
   * What the OCPP message log (`GET /api/ocpp-messages`) keeps: `all` exchanges (one PutItem per
   * message), only those answered with a CALLERROR or unanswered (`errors`), or nothing (`off`).
   * @default 'all'
   */
  readonly ocppMessageLog?: OcppMessageLogMode;
  /**
   * The sender of alert e-mails (docs/alert-recipients.md): an address of an Amazon SES identity
   * verified in the stack's region (the address or its domain). The function that mails alert
   * recipients is granted `ses:SendEmail` from it only (`lib/aws/alert-email.ts`).
   * @default none: alert e-mail is off
   */
  readonly alertEmailSender?: string;
  /**
   * The prefix of the user pool's Cognito domain, where people sign in
   * (`<prefix>.auth.<region>.amazoncognito.com`; docs/people-and-roles.md). Unique in the Region;
   * not `aws`, `amazon` or `cognito`.
   * @default `charging-<the stack's ID>`
   */
  readonly userPoolDomainPrefix?: string;
  /**
   * Days a charger certificate the CSMS CA issues is valid (docs/certificates.md), 1–825.
   * @default 365
   */
  readonly certificateLifetimeDays?: number;
  /**
   * PEM certificates of the operator's own CAs that issue chargers' certificates, trusted beside
   * the CSMS CA by CloudFront and `$connect` (`bin/app.ts` reads the file the context
   * `chargerTrustAnchorsFile` names).
   * @default none
   */
  readonly extraChargerTrustAnchors?: string;
  /**
   * Plug & Charge's trust store: the V2G and MO root certificates, PEM (docs/certificates.md;
   * `bin/app.ts` reads the file the context `pncTrustAnchorsFile` names).
   * @default none: every contract certificate's status is the OCSP fallback
   */
  readonly pncTrustAnchors?: string;
  /**
   * A contract certificate's status when its OCSP responder cannot be asked: `unknown` refuses
   * Plug & Charge during the outage, `good` lets the access IDs decide.
   * @default 'unknown'
   */
  readonly ocspFallbackStatus?: 'good' | 'unknown';
}

/**
 * Reads the optional stack props (`domainName`, `certificateArn`, `webAclArn`, `rateLimitPerIp`,
 * `connectReservedConcurrency`, `alarmTopicArn`, `tracing`, `ocppMessageLog`, `alertEmailSender`,
 * `userPoolDomainPrefix`, `certificateLifetimeDays`, `ocspFallbackStatus`, and the PEM files
 * `chargerTrustAnchorsFile` and `pncTrustAnchorsFile`, read into `extraChargerTrustAnchors` and
 * `pncTrustAnchors`) from CDK context values: strings on
 * the command line (`npx cdk deploy -c tracing=true`), possibly JSON values in `cdk.json`.
 *
 * @param get - reads one context value (`app.node.tryGetContext`)
 * @returns the props that are set
 * @throws Error naming the context key when a number or boolean cannot be read
 */
export function stackPropsFromContext(get: (key: string) => unknown): ChargingNetworkStackProps {
  const text = (key: string) => (get(key) === undefined ? undefined : String(get(key)));
  const flag = (key: string) => {
    const value = text(key);
    if (value !== undefined && value !== 'true' && value !== 'false') {
      throw new Error(`context ${key} must be true or false, got ${value}`);
    }
    return value === undefined ? undefined : value === 'true';
  };
  const integer = (key: string) => {
    const value = text(key);
    if (value === undefined || value === 'false') return value === undefined ? undefined : false;
    if (!/^\d+$/.test(value)) throw new Error(`context ${key} must be a whole number, got ${value}`);
    return Number(value);
  };
  const rateLimitPerIp = integer('rateLimitPerIp');
  if (rateLimitPerIp === false) throw new Error('context rateLimitPerIp must be a whole number, got false');
  const ocppMessageLog = text('ocppMessageLog');
  if (ocppMessageLog !== undefined && !(OCPP_MESSAGE_LOG_MODES as readonly string[]).includes(ocppMessageLog)) {
    throw new Error(
      `context ocppMessageLog must be one of ${OCPP_MESSAGE_LOG_MODES.join(', ')}, got ${ocppMessageLog}`,
    );
  }
  const certificateLifetimeDays = integer('certificateLifetimeDays');
  if (certificateLifetimeDays === false || (certificateLifetimeDays ?? 1) < 1 || (certificateLifetimeDays ?? 1) > 825)
    throw new Error(
      `context certificateLifetimeDays must be a whole number of days from 1 to 825, got ${text('certificateLifetimeDays')}`,
    );
  const trustAnchorsFile = text('chargerTrustAnchorsFile');
  const ocspFallbackStatus = text('ocspFallbackStatus');
  if (ocspFallbackStatus !== undefined && ocspFallbackStatus !== 'good' && ocspFallbackStatus !== 'unknown')
    throw new Error(`context ocspFallbackStatus must be good or unknown, got ${ocspFallbackStatus}`);
  const pncAnchorsFile = text('pncTrustAnchorsFile');
  const props: ChargingNetworkStackProps = {
    domainName: text('domainName'),
    certificateArn: text('certificateArn'),
    webAclArn: text('webAclArn'),
    rateLimitPerIp,
    connectReservedConcurrency: integer('connectReservedConcurrency'),
    alarmTopicArn: text('alarmTopicArn'),
    tracing: flag('tracing'),
    ocppMessageLog: ocppMessageLog as OcppMessageLogMode | undefined,
    alertEmailSender: text('alertEmailSender'),
    userPoolDomainPrefix: text('userPoolDomainPrefix'),
    certificateLifetimeDays,
    extraChargerTrustAnchors: trustAnchorsFile === undefined ? undefined : readFileSync(trustAnchorsFile, 'utf8'),
    pncTrustAnchors: pncAnchorsFile === undefined ? undefined : readFileSync(pncAnchorsFile, 'utf8'),
    ocspFallbackStatus,
  };
  return Object.fromEntries(Object.entries(props).filter(([, value]) => value !== undefined));
}

/**
 * The custom domain of the props, if any.
 * @throws Error when only one of `domainName` and `certificateArn` is given
 */
function customDomainOf(props: ChargingNetworkStackProps): CustomDomain | undefined {
  const { domainName, certificateArn } = props;
  if (!domainName && !certificateArn) return undefined;
  if (!domainName || !certificateArn) throw new Error('domainName and certificateArn must be given together');
  return { domainName, certificateArn };
}

/**
 * Composes the constructs and outputs the URLs to use: `ApiUrl` (integrators), `OcppUrl`
 * (chargers append `/<ocppId>`) and `TableName`. The APIs' own `execute-api` endpoints are
 * not output: they refuse requests that do not come through CloudFront.
 */
export class ChargingNetworkStack extends Stack {
  /** The single DynamoDB table. */
  public readonly table: NetworkTable;
  /** The OCPP WebSocket API. */
  public readonly ocppApi: OcppApi;
  /** The integrators' HTTP API. */
  public readonly httpApi: IntegratorApi;
  /** CloudFront in front of both. */
  public readonly edge: EdgeDistribution;
  /** The CloudWatch alarms. */
  public readonly alarms: NetworkAlarms;
  /** The operator console's bucket and behaviours (at `/` and `/api/docs`). */
  public readonly operatorConsole: OperatorConsole;
  /** Smart charging: the stream trigger, the schedule and the allocation. */
  public readonly smartCharging: SmartCharging;
  /** Charger operations: the worker and the sweep. */
  public readonly chargerOperations: ChargerOperations;
  /** The local authorization list's synchronisation, from the table's stream. */
  public readonly localAuthList: LocalAuthList;
  /** The stream-raised alerts' rules, from the table's stream. */
  public readonly alertTrigger: AlertTrigger;
  /** Webhooks: the delivery queue and its dead letters, the fan-out, the worker, the secrets' key. */
  public readonly webhooks: Webhooks;
  /** Chargers' uploaded logs: the bucket, who may sign its URLs, the upload function and its secret. */
  public readonly chargerLogs: ChargerLogs;
  /** Alerts: the sweep and its schedule. */
  public readonly alerts: Alerts;
  /** Where people sign in: the Cognito user pool and the console's app client. */
  public readonly people: PeopleSignIn;
  /** The CSMS CA (KMS), CloudFront's trust store for chargers, the certificate function. */
  public readonly chargerCertificates: ChargerCertificates;
  /** Plug & Charge: the certificate status function `$default` invokes. */
  public readonly plugAndCharge: PlugAndCharge;

  constructor(scope: Construct, id: string, props: ChargingNetworkStackProps = {}) {
    super(scope, id, {
      description: 'Charging network management: HTTP API for integrators, OCPP endpoint for chargers',
      ...props,
    });
    this.table = new NetworkTable(this, 'Data');
    const originVerify = new OriginVerifySecret(this, 'OriginVerify');
    // Created before the HTTP API so that HTTP command functions can be granted its connections.
    this.ocppApi = new OcppApi(this, 'OcppApi', {
      table: this.table,
      originVerify,
      connectReservedConcurrency: props.connectReservedConcurrency,
      tracing: props.tracing,
      ocppMessageLog: props.ocppMessageLog,
    });
    this.httpApi = new IntegratorApi(this, 'HttpApi', {
      table: this.table,
      ocppApi: this.ocppApi,
      originVerify,
      tracing: props.tracing,
      ocppMessageLog: props.ocppMessageLog,
    });
    this.plugAndCharge = this.addPlugAndCharge(props);
    this.smartCharging = new SmartCharging(this, 'SmartCharging', {
      table: this.table,
      ocppApi: this.ocppApi,
      tracing: props.tracing,
      ocppMessageLog: props.ocppMessageLog,
    });
    this.chargerOperations = new ChargerOperations(this, 'ChargerOperations', {
      table: this.table,
      ocppApi: this.ocppApi,
      starter: this.httpApi.functions.chargerOperations,
      tracing: props.tracing,
      ocppMessageLog: props.ocppMessageLog,
    });
    this.localAuthList = new LocalAuthList(this, 'LocalAuthList', {
      table: this.table,
      ocppApi: this.ocppApi,
      tracing: props.tracing,
      ocppMessageLog: props.ocppMessageLog,
    });
    this.alertTrigger = new AlertTrigger(this, 'AlertTrigger', { table: this.table, tracing: props.tracing });
    this.chargerCertificates = this.addChargerCertificates(props);
    this.alerts = this.addAlertSweep(props);
    this.webhooks = this.createWebhooks(props);
    this.operatorConsole = this.createConsole(props);
    this.edge = new EdgeDistribution(this, 'Edge', {
      console: this.operatorConsole,
      httpApiDomainName: this.httpApi.domainName,
      webSocketApiDomainName: this.ocppApi.domainName,
      originCustomHeaders: originVerify.originCustomHeaders,
      customDomain: customDomainOf(props),
      webAclArn: attachableWebAclArn(this, props.webAclArn, { rateLimitPerIp: props.rateLimitPerIp }),
      viewerMtls: this.chargerCertificates.viewerMtlsConfig,
    });
    // After the distribution: the worker's short upload URLs name its domain.
    this.chargerLogs = new ChargerLogs(this, 'ChargerLogs', {
      uploadSigners: [this.chargerOperations.functions.performLogs],
      readers: [this.httpApi.functions.chargerOperationReads, this.chargerOperations.functions.sweep],
      httpApi: this.httpApi.httpApi,
      originVerify,
      uploadBaseUrl: `https://${this.edge.domainName}`,
      tracing: props.tracing,
    });
    this.grantAlertEmail(props);
    this.people = this.addPeople(props);

    this.alarms = this.createAlarms(props);
    this.watchFunctions();
    this.addOutputs();
  }

  /** Plug & Charge's certificate status function, which only `$default` may invoke. */
  private addPlugAndCharge(props: ChargingNetworkStackProps): PlugAndCharge {
    return new PlugAndCharge(this, 'PlugAndCharge', {
      messageFunction: this.ocppApi.functions.message,
      trustAnchors: props.pncTrustAnchors,
      ocspFallbackStatus: props.ocspFallbackStatus,
      tracing: props.tracing,
    });
  }

  /** The console's bucket and behaviours; its CSP lets it call the user pool's origins to sign people in. */
  private createConsole(props: ChargingNetworkStackProps): OperatorConsole {
    const domainPrefix = cognitoDomainPrefix(this, props.userPoolDomainPrefix);
    return new OperatorConsole(this, 'Console', { identityOrigins: cognitoOrigins(this, domainPrefix) });
  }

  /**
   * Where people sign in (after the distribution: the console's URL is the app client's callback),
   * wired to the HTTP functions.
   */
  private addPeople(props: ChargingNetworkStackProps): PeopleSignIn {
    const domainPrefix = cognitoDomainPrefix(this, props.userPoolDomainPrefix);
    const people = new PeopleSignIn(this, 'People', { consoleUrl: this.consoleUrl, domainPrefix });
    people.wire(this.httpApi.functions, this.httpApi.functions.users);
    return people;
  }

  /** The CSMS CA, CloudFront's trust store for chargers, the certificate function (before the distribution). */
  private addChargerCertificates(props: ChargingNetworkStackProps): ChargerCertificates {
    return new ChargerCertificates(this, 'ChargerCertificates', {
      table: this.table,
      ocppApi: this.ocppApi,
      ocppFunctions: this.ocppApi.functions,
      extraTrustAnchors: props.extraChargerTrustAnchors,
      certificateLifetimeDays: props.certificateLifetimeDays,
      tracing: props.tracing,
      ocppMessageLog: props.ocppMessageLog,
    });
  }

  /** The alert sweep (every minute), which probes chargers through the OCPP API. */
  private addAlertSweep(props: ChargingNetworkStackProps): Alerts {
    return new Alerts(this, 'Alerts', {
      table: this.table,
      ocppApi: this.ocppApi,
      tracing: props.tracing,
      ocppMessageLog: props.ocppMessageLog,
    });
  }

  /**
   * Alert e-mail (docs/alert-recipients.md): the webhook fan-out, which calls `emailAlerts`, may send
   * from the `alertEmailSender` identity and links the console on the distribution's domain.
   */
  private grantAlertEmail(props: ChargingNetworkStackProps): void {
    grantAlertEmail(this.webhooks.functions['fan-out'], {
      table: this.table,
      sender: props.alertEmailSender,
      consoleUrl: `https://${this.edge.domainName}`,
    });
  }

  /** Webhooks: their queue, fan-out and worker; the webhooks HTTP function queues tests and retries. */
  private createWebhooks(props: ChargingNetworkStackProps): Webhooks {
    return new Webhooks(this, 'Webhooks', {
      table: this.table,
      httpFunction: this.httpApi.functions.webhooks,
      tracing: props.tracing,
    });
  }

  /** The CloudWatch alarms of the APIs and the table, notifying `alarmTopicArn` when given. */
  private createAlarms(props: ChargingNetworkStackProps): NetworkAlarms {
    return new NetworkAlarms(this, 'Alarms', {
      httpApi: this.httpApi.httpApi,
      webSocketApi: this.ocppApi.webSocketApi,
      webSocketStageName: this.ocppApi.stage.stageName,
      table: this.table.table,
      topic: props.alarmTopicArn ? Topic.fromTopicArn(this, 'AlarmTopic', props.alarmTopicArn) : undefined,
    });
  }

  /** Every function of ours is watched by the alarms (errors, throttles, duration). */
  private watchFunctions(): void {
    for (const [name, fn] of Object.entries(this.httpApi.functions)) this.alarms.watchFunction(`http-${name}`, fn);
    for (const [name, fn] of Object.entries(this.ocppApi.functions)) this.alarms.watchFunction(`ocpp-${name}`, fn);
    for (const [name, fn] of Object.entries(this.smartCharging.functions))
      this.alarms.watchFunction(`power-${name}`, fn);
    for (const [name, fn] of Object.entries(this.chargerOperations.functions))
      this.alarms.watchFunction(`operations-${name}`, fn);
    this.alarms.watchFunction('local-list-sync', this.localAuthList.functions.sync);
    this.alarms.watchFunction('alerts-trigger', this.alertTrigger.trigger);
    this.alarms.watchFunction('alerts-sweep', this.alerts.functions.sweep);
    this.alarms.watchFunction('logs-upload', this.chargerLogs.functions.upload);
    this.alarms.watchFunction('certificates-sign', this.chargerCertificates.functions.sign);
    for (const [name, fn] of Object.entries(this.webhooks.functions)) this.alarms.watchFunction(`webhooks-${name}`, fn);
  }

  /** The console's URL: `https://<custom domain or distribution>/`. */
  public get consoleUrl(): string {
    return `https://${this.edge.customDomainName ?? this.edge.distribution.distributionDomainName}/`;
  }

  /** The stack's outputs: the console, API and OCPP URLs, the table, the user pool, the CNAME target. */
  private addOutputs(): void {
    new CfnOutput(this, 'ConsoleUrl', {
      value: this.consoleUrl,
      description: 'Operator console (API reference at /api/docs)',
    });
    new CfnOutput(this, 'UserPoolId', {
      value: this.people.userPool.userPoolId,
      description: "People's accounts (the operator CLI's users invite --user-pool-id)",
    });
    new CfnOutput(this, 'ApiUrl', { value: this.edge.apiUrl, description: 'HTTP API base URL for integrators' });
    new CfnOutput(this, 'OcppUrl', {
      value: this.edge.ocppUrl,
      description: 'OCPP-J endpoint; a charger connects to <OcppUrl>/<ocppId>',
    });
    new CfnOutput(this, 'ChargerCaCertificate', {
      value: this.chargerCertificates.caCertificatePem,
      description:
        "The CSMS CA's certificate (PEM): chargers' certificates chain to it; CloudFront's trust store holds it",
    });
    new CfnOutput(this, 'TableName', { value: this.table.tableName, description: 'DynamoDB table' });
    new CfnOutput(this, 'LogBucketName', {
      value: this.chargerLogs.bucket.bucketName,
      description: "Chargers' uploaded logs (the operator CLI's --log-bucket)",
    });
    if (this.edge.customDomainName) {
      new CfnOutput(this, 'DistributionDomainName', {
        value: this.edge.distribution.distributionDomainName,
        description: `Target of the CNAME (or alias) record of ${this.edge.customDomainName}`,
      });
    }
  }
}
