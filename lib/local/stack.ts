/**
 * The whole product on one machine: an existing or new DynamoDB Local, the table, and the local
 * API Gateway hosting the real handler modules. Used by `npm start` and by the integration tests.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localUrlSecret } from '../../shared/charger-logs';
import { createDocumentClient, ensureTable, openDb, type Db } from '../../shared/db';
import { loadHandlers, startLocalGateway, type LocalGateway } from './gateway';
import { startStreamLoop, type StreamConsumer, type StreamTiming } from './table-stream';
import { lambdaContext, type LambdaHandler } from './lambda-events';
import { TRIGGERING_ENTITIES } from '../../shared/site-power';
import { LOCAL_LIST_SYNC_STREAM } from '../../shared/local-auth-list';
import { ALERT_TRIGGERING_ENTITIES } from '../../shared/alerts';
import { localSecretFile } from '../../shared/local-secret-file';
import { FAN_OUT_ENTITIES, useDeliveryQueue } from '../../shared/webhooks';
import { startLocalDeliveryQueue } from './delivery-queue';
import { useIdentityDirectory } from '../../shared/users';
import { localAccounts } from './identity/accounts';
import { IDENTITY_ACCOUNTS_FILE } from './defaults';
import {
  LOCAL_API_RESOURCE,
  LOCAL_CONSOLE_SCOPE,
  LOCAL_CLIENT_ID,
  startLocalIdentityProvider,
  type LocalIdentityProvider,
} from './identity/provider';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { type ChargerTls, startChargerTls } from './charger-tls';
import { CERTIFICATE_SIGNING_ENTITIES } from '../../shared/ocpp/certificate-signing';
import type { ViewerMtlsMode } from './tls-listener';
import { type LocalPlugAndCharge, startLocalPlugAndCharge } from './plug-and-charge';

/** A running local stack. */
export interface LocalStack {
  gateway: LocalGateway;
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** `ws://127.0.0.1:<port>/ocpp` (append `/<ocppId>`) */
  ocppUrl: string;
  tableName: string;
  /** Data layer on the same table, for seeding and assertions. */
  db: Db;
  /** The local OpenID provider's issuer (`http://127.0.0.1:<port>`): where people sign in. */
  identityIssuer: string;
  /** The chargers' TLS entrance (security profile 3), with the `tls` option. */
  tls?: ChargerTls;
  /** The V2G test PKI, its OCSP responder and contract provider, with the `plugAndCharge` option. */
  plugAndCharge?: LocalPlugAndCharge;
  close(): Promise<void>;
}

/**
 * Creates the table if needed, points the handlers at it through the environment
 * (`TABLE_NAME`, `DYNAMODB_ENDPOINT`, `WS_MANAGEMENT_ENDPOINT`, `LAMBDA_ENDPOINT`) and starts the
 * gateway, and with `smartCharging`, `localList` or `alerts` the table's stream reader (and smart charging's
 * schedule) (`smart-charging.ts`). The handlers' data layer and SDK clients follow the environment, so one
 * process can run stacks one after another (`npm run bench`), one at a time.
 * @param options.smartCharging drive smart charging from the table's stream, as on AWS (`npm start`;
 *   tests that need it) @default false
 * @param options.logDir where chargers' uploaded logs are kept (`LOG_DIR`) @default a new temporary folder
 * @param options.mailDir where alert e-mails are written as `.eml` files (`MAIL_DIR`; the sender is
 *   `ALERT_EMAIL_FROM`, default `alerts@charging-network.localhost`) @default a new temporary folder
 * @param options.localList synchronise chargers' local authorization lists from the table's stream,
 *   as on AWS (`npm start`; tests that need it) @default false
 * @param options.alerts raise, update and clear the stream-raised alerts (`lateCharging`,
 *   `chargingSessionError`, `chargingCompleted`, `lowBattery`) from the table's stream, as on AWS
 *   (`npm start`; tests that need it), and run the alert sweep every minute (`lambdas/alerts/sweep.ts`,
 *   `offlineCharger`, `chargerFaulted`) as its EventBridge rule does (tests call `sweepOrganization`
 *   themselves, with a time ahead) @default false
 * @param options.webhooks deliver the table stream's events to webhook endpoints, as on AWS: the
 *   fan-out as a stream consumer, the worker behind an in-process queue (`delivery-queue.ts`;
 *   `npm start`; tests that need it). Without it, deliveries (test events, retries) are stored but
 *   never attempted. @default false
 * @param options.webhookQueueFile where the delivery queue keeps its waiting messages, so that a
 *   retry due after the stack stopped is made by the next stack on the same file (`npm start`:
 *   `.data/webhook-queue.json`) @default none: they are kept in memory only
 * @param options.identityAccountsFile where the people's accounts are kept (the user pool's
 *   stand-in, `identity/accounts.ts`; `npm start`: `.data/identity-accounts.json`) @default a file
 *   in the logs' folder
 * @param options.identityPort the local OpenID provider's port (`identity/provider.ts`; its
 *   issuer is set as `OIDC_ISSUER` for the handlers) @default 0: any free port
 * @param options.streamTiming how the table's stream is read @default `STREAM_TIMING` (`table-stream.ts`)
 * @param options.streamObservers consumers handed the stream's batches beside the product's (the
 *   tests count the batches a consumer was handed) @default none
 * @param options.tls a TLS listener for chargers with client certificates in front of the gateway
 *   (`charger-tls.ts`: the local CA in `dataDir`, `port` 0 for any free one, `mode` as CloudFront's
 *   viewer mTLS), and the certificate function on the table's stream signing chargers' CSRs with
 *   that CA (SignCertificate) @default none: chargers connect over plain `ws://` only, and CSRs wait
 * @param options.plugAndCharge the V2G test PKI (in `dataDir` when given, else in memory), its OCSP
 *   responder (on 127.0.0.1:`port`, default any free port) and contract certificate provider, for the certificate status function (Plug & Charge:
 *   `plug-and-charge.ts`) @default none: contract certificates' statuses are the fallback
 * @throws PortInUseError when another process listens on `options.port`
 */
export async function startLocalStack(options: {
  dynamoDbEndpoint: string;
  tableName: string;
  port: number;
  host?: string;
  smartCharging?: boolean;
  localList?: boolean;
  alerts?: boolean;
  webhooks?: boolean;
  webhookQueueFile?: string;
  identityAccountsFile?: string;
  identityPort?: number;
  logDir?: string;
  mailDir?: string;
  streamTiming?: StreamTiming;
  streamObservers?: readonly StreamConsumer[];
  tls?: { dataDir: string; port: number; mode?: ViewerMtlsMode };
  plugAndCharge?: { dataDir?: string; port?: number; emaids?: readonly string[] };
}): Promise<LocalStack> {
  const client = createDocumentClient({ endpoint: options.dynamoDbEndpoint });
  await ensureTable(client, options.tableName);
  client.destroy();
  process.env.TABLE_NAME = options.tableName;
  process.env.DYNAMODB_ENDPOINT = options.dynamoDbEndpoint;
  process.env.AWS_REGION ??= 'local';
  const handlers = await loadHandlers();
  const gateway = await startLocalGateway(handlers, { port: options.port, host: options.host });
  process.env.WS_MANAGEMENT_ENDPOINT = gateway.url;
  process.env.LAMBDA_ENDPOINT = gateway.url;
  const identity = await configureLocalServices(options, gateway.url);
  const tls = options.tls
    ? await startChargerTls({ ...options.tls, host: options.host, upstream: gateway.url })
    : undefined;
  const plugAndCharge = options.plugAndCharge ? await startLocalPlugAndCharge(options.plugAndCharge) : undefined;
  // Without the webhooks option, deliveries (tests, retries) are stored and queued, never attempted.
  const deliveries = options.webhooks
    ? startLocalDeliveryQueue(handlers.webhooks!.deliver! as LambdaHandler<SQSEvent, SQSBatchResponse>, {
        ...(options.webhookQueueFile ? { journalFile: options.webhookQueueFile } : {}),
      })
    : undefined;
  useDeliveryQueue(deliveries ?? { send: async () => {} });
  // The operations' sweep every minute, as the EventBridge rule runs it on AWS.
  const sweep = setInterval(() => {
    handlers.operations.sweep!({}, lambdaContext('sweep')).catch((error: unknown) =>
      console.error('charger operations sweep failed', error),
    );
  }, 60_000);
  // The alert sweep every minute, as its EventBridge rule runs it on AWS.
  const alertSweep = options.alerts
    ? setInterval(() => {
        handlers.alerts!.sweep!({}, lambdaContext('alerts-sweep')).catch((error: unknown) =>
          console.error('alert sweep failed', error),
        );
      }, 60_000)
    : undefined;
  const consumers = [...streamConsumers(options, handlers), ...(options.streamObservers ?? [])];
  const loop = consumers.length
    ? await startStreamLoop({
        dynamoDbEndpoint: options.dynamoDbEndpoint,
        tableName: options.tableName,
        consumers,
        ...(options.smartCharging ? { schedule: handlers.power.schedule } : {}),
        timing: options.streamTiming,
      })
    : undefined;
  return {
    gateway,
    url: gateway.url,
    ocppUrl: `${gateway.url.replace(/^http/, 'ws')}/ocpp`,
    tableName: options.tableName,
    identityIssuer: identity.issuer,
    ...(tls ? { tls } : {}),
    ...(plugAndCharge ? { plugAndCharge } : {}),
    db: openDb({ tableName: options.tableName, endpoint: options.dynamoDbEndpoint }),
    async close() {
      clearInterval(sweep);
      clearInterval(alertSweep);
      await tls?.close();
      await plugAndCharge?.close();
      await loop?.stop();
      await gateway.close();
      useDeliveryQueue(undefined);
      useIdentityDirectory(undefined);
      await identity.close();
      await deliveries?.close();
    },
  };
}

/** The functions fed by the table's stream, as their event source mappings on AWS, for the options on. */
function streamConsumers(
  options: { smartCharging?: boolean; localList?: boolean; alerts?: boolean; webhooks?: boolean; tls?: object },
  handlers: Awaited<ReturnType<typeof loadHandlers>>,
): StreamConsumer[] {
  return [
    ...(options.smartCharging
      ? [{ name: 'trigger', entities: TRIGGERING_ENTITIES, handler: handlers.power.trigger! }]
      : []),
    ...(options.localList
      ? [
          {
            name: 'local-list-sync',
            // As on AWS: the local lists' entities, chargers and site tariffs (CostUpdated, 2.1 tariffs).
            entities: LOCAL_LIST_SYNC_STREAM,
            handler: handlers.localList!.sync!,
          },
        ]
      : []),
    ...(options.alerts
      ? [{ name: 'alerts-trigger', entities: ALERT_TRIGGERING_ENTITIES, handler: handlers.alerts!.trigger! }]
      : []),
    ...(options.webhooks
      ? [{ name: 'webhooks-fan-out', entities: FAN_OUT_ENTITIES, handler: handlers.webhooks!['fan-out']! }]
      : []),
    // Chargers' CSRs (SignCertificate), signed with the local CA the `tls` option makes.
    ...(options.tls
      ? [{ name: 'certificates', entities: CERTIFICATE_SIGNING_ENTITIES, handler: handlers.certificates!.sign! }]
      : []),
  ];
}

/**
 * Points the handlers at the local stand-ins of the AWS services (through the environment and the
 * registries): logs and alert e-mails in folders, the webhook secrets' key, the people's accounts.
 */
async function configureLocalServices(
  options: { logDir?: string; mailDir?: string; identityAccountsFile?: string; identityPort?: number; host?: string },
  gatewayUrl: string,
): Promise<LocalIdentityProvider> {
  // Chargers' logs under the data directory, uploaded to and downloaded from the gateway with
  // links signed with the folder's secret (the operator CLI signs with it too).
  process.env.LOG_DIR = options.logDir ?? (await mkdtemp(join(tmpdir(), 'charger-logs-')));
  process.env.LOG_UPLOAD_BASE_URL = gatewayUrl;
  process.env.LOG_URL_SECRET = await localUrlSecret(process.env.LOG_DIR);
  delete process.env.LOG_BUCKET_NAME;
  // Alert e-mails as .eml files under the data directory, their path printed (SES on AWS).
  process.env.MAIL_DIR = options.mailDir ?? (await mkdtemp(join(tmpdir(), 'alert-mail-')));
  process.env.ALERT_EMAIL_FROM ??= 'alerts@charging-network.localhost';
  process.env.CONSOLE_URL = gatewayUrl;
  // Webhook secrets are encrypted with a key kept beside the logs' secret in the data folder.
  process.env.WEBHOOK_KEY = await localSecretFile(join(process.env.LOG_DIR, '.webhook-key'));
  // People's accounts in a file, as a user pool keeps them on AWS; an invitation's temporary
  // password printed where the e-mail would carry it.
  const accounts = localAccounts(
    options.identityAccountsFile ?? join(process.env.LOG_DIR, IDENTITY_ACCOUNTS_FILE),
    (email, password) => console.log(`Invitation for ${email}: temporary password ${password}`),
  );
  useIdentityDirectory(accounts);
  // The OpenID provider people sign in with (Cognito's managed login on AWS), whose access tokens
  // the handlers verify (`shared/api/tokens.ts`).
  const identity = await startLocalIdentityProvider(accounts, {
    port: options.identityPort ?? 0,
    host: new URL(gatewayUrl).hostname,
    consoleUrl: gatewayUrl,
  });
  process.env.OIDC_ISSUER = identity.issuer;
  process.env.OIDC_CLIENT_ID = LOCAL_CLIENT_ID;
  process.env.OIDC_AUDIENCE = LOCAL_API_RESOURCE;
  process.env.OIDC_SCOPE = LOCAL_CONSOLE_SCOPE;
  delete process.env.OIDC_JWKS_URI;
  return identity;
}
