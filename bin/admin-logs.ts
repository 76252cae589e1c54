/**
 * Operator CLI commands of charger logs (`npm run admin -- chargers get-log|logs`,
 * docs/charger-logs.md): the `getLog` operation as the API performs it, the upload URLs issued by
 * this process (on the local stack signed with the key kept in its log folder, `--log-dir`; on AWS
 * presigned for `--log-bucket` with this process's credentials), and an operation's logs with
 * their download links.
 */
import { S3Client } from '@aws-sdk/client-s3';
import { Option, type Command } from 'commander';
import { type Db, pollUntil } from '../shared/db';
import { readOperation, readOperationLogs } from '../shared/charger-operations';
import { localUrlSecret, storeLogsInS3 } from '../shared/charger-logs';
import { s3LogStorage } from '../shared/charger-logs/s3-storage';
import { LOG_TYPES } from '../shared/db/entities/charger-logs';
import { givenOf, LOCAL_MANAGEMENT_URL, operate, operationCommand, targetsOf, type Options } from './admin-operations';
import { positiveInteger, run } from './cli-support';

/** Where the local stack keeps logs by default (`npm start`'s `--data-dir` is `.data`). */
const LOCAL_LOG_DIR = '.data/logs';

/** Points the log storage at the bucket, or at the local stack's folder and gateway. */
async function useStorage(o: Options): Promise<void> {
  if (o.logBucket) {
    process.env.LOG_BUCKET_NAME = String(o.logBucket);
    // The SDK's default chain and region (a profile, SSO), which a Lambda function's environment
    // alone (the storage's default) does not give an operator's shell.
    const client = new S3Client({});
    const access = async () => ({ region: await client.config.region(), credentials: client.config.credentials });
    storeLogsInS3((bucket, _lambdaAccess, shortUploads) => s3LogStorage(bucket, access, shortUploads));
    return;
  }
  const dir = String(o.logDir ?? LOCAL_LOG_DIR);
  Object.assign(process.env, {
    LOG_DIR: dir,
    LOG_UPLOAD_BASE_URL: String(o.logUrl ?? o.ocppManagementUrl ?? LOCAL_MANAGEMENT_URL),
    LOG_URL_SECRET: await localUrlSecret(dir),
  });
}

/** Storage options of both commands. */
function storageOptions(command: Command): Command {
  return command
    .option('--log-dir <dir>', `the local stack's log folder (default ${LOCAL_LOG_DIR})`)
    .option('--log-url <url>', 'the local gateway the links point to (default the management URL)')
    .option('--log-bucket <name>', 'on AWS: the log bucket (the stack output), instead of a local folder');
}

/**
 * Adds `get-log` (the operation; with `--wait`, until the uploads are reported) and `logs` (an
 * operation's logs with download links) to the `chargers` command.
 */
export function addLogCommands(chargers: Command, db: () => Db): void {
  storageOptions(
    operationCommand(
      chargers,
      'get-log',
      'Ask chargers to upload a log (GetLog; a 1.6 diagnostics log: GetDiagnostics)',
      'no',
      'charger-logs.md',
    )
      .addOption(
        new Option('--log-type <type>', 'SecurityLog: 2.0.1, or 1.6 with the security extension')
          .choices(LOG_TYPES)
          .default('DiagnosticsLog'),
      )
      .option('--oldest <time>', 'oldest entry to include, ISO 8601')
      .option('--latest <time>', 'latest entry to include, ISO 8601')
      .option('--retries <n>', 'upload attempts', (v: string) => Number(v))
      .option('--retry-interval <seconds>', 'seconds between attempts', (v: string) => Number(v))
      .option('--wait <seconds>', 'wait up to this long for the uploads to be reported', positiveInteger),
  ).action(
    run(async (o: Options) => {
      await useStorage(o);
      const body = {
        ...targetsOf(o),
        ...givenOf(o, {
          logType: 'logType',
          oldestTimestamp: 'oldest',
          latestTimestamp: 'latest',
          retries: 'retries',
          retryInterval: 'retryInterval',
        }),
      };
      const operation = await operate(db(), 'getLog', body, o);
      if (!o.wait || operation.status !== 'pending') return operation;
      const scope = { organizationId: o.organizationId, scope: 'organization' } as const;
      return pollUntil(
        () => readOperation(db(), scope, operation.operationId),
        (read) => read.status !== 'pending',
        { waitMs: Number(o.wait) * 1000, minTimeoutMs: 500, maxTimeoutMs: 2_000 },
      );
    }),
  );

  storageOptions(
    chargers
      .command('logs')
      .description("A get-log operation's logs, with download links valid 15 minutes")
      .requiredOption('--organization-id <id>', 'organization ID', positiveInteger)
      .requiredOption('--operation-id <id>', 'the get-log operation (UUIDv7)'),
  ).action(
    run(async (o: Options) => {
      await useStorage(o);
      return readOperationLogs(
        db(),
        { organizationId: o.organizationId, scope: 'organization' },
        String(o.operationId),
      );
    }),
  );
}
