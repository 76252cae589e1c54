/**
 * The one place that decides how every Lambda function of the stack runs and is bundled
 * (ARCHITECTURE.md, "Runtime and tools"): Node.js 22 on arm64, an ES module bundle made by the
 * locally installed esbuild (never Docker), minified with source maps, the AWS SDK v3 bundled at
 * the versions of our lockfile, its own log group and a role that may write only to it.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Duration, Validations } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import { createLogGroup } from './logs';
import { acknowledgeWildcardResource } from './execute-api';

/** Absolute path of the repository root (holds `package.json`, `package-lock.json`, `lambdas/`). */
export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The Lambda runtime of every function. */
export const FUNCTION_RUNTIME = Runtime.NODEJS_22_X;

/**
 * esbuild banner of every bundle: an ES module bundle has no `require`, yet some CommonJS
 * dependencies bundled into it call `require` for Node built-ins; this defines one.
 */
export const ESM_REQUIRE_BANNER =
  "import { createRequire } from 'module'; const require = createRequire(import.meta.url);";

/** Properties of {@link createFunction}. */
export interface NetworkFunctionProps {
  /**
   * The handler module, relative to {@link PROJECT_ROOT} (`lambdas/http/chargers.ts`). Its
   * `handler` export is the Lambda handler.
   */
  readonly entry: string;
  /** Environment variables besides `NODE_OPTIONS` (e.g. `TABLE_NAME`). @default none */
  readonly environment?: Record<string, string>;
  /**
   * What the function does; the Lambda description is this followed by the entry path.
   * @default the entry path alone
   */
  readonly description?: string;
  /** Memory in MB (CPU scales with it). @default 512 */
  readonly memorySize?: number;
  /**
   * Maximum run time. API Gateway gives up on an integration after 29-30 s, so longer is useless
   * behind it.
   * @default Duration.seconds(10)
   */
  readonly timeout?: Duration;
  /**
   * Concurrent executions reserved for (and capping) the function.
   * @default none: the function shares the account's unreserved concurrency
   */
  readonly reservedConcurrentExecutions?: number;
  /**
   * AWS X-Ray active tracing: Lambda records a segment per invocation (cold start, duration,
   * errors). X-Ray bills traces beyond its free tier, hence off by default.
   * @default false
   */
  readonly tracing?: boolean;
}

/**
 * Creates a Lambda function from a handler module with the stack's runtime, architecture,
 * bundling and logging. The function, its log group and its role are grouped under one construct
 * named `id`; grants made to the returned function go to that role only.
 *
 * Bundling: esbuild from `node_modules` (`forceDockerBundling: false`), `format: esm`,
 * `target: node22`, minified, with external source maps (`NODE_OPTIONS=--enable-source-maps`
 * makes stack traces point at the TypeScript), and `@aws-sdk/*` bundled rather than taken from
 * the runtime, so production runs the SDK versions the tests ran.
 *
 * @param scope - construct scope
 * @param id - construct ID of the group (function, log group, role)
 * @param props - entry module and per-function settings
 * @returns the function
 */
export function createFunction(scope: Construct, id: string, props: NetworkFunctionProps): NodejsFunction {
  const group = new Construct(scope, id);
  const logGroup = createLogGroup(group, 'LogGroup');
  // A role without AWSLambdaBasicExecutionRole: it may write to this log group and nothing else
  // until the construct that owns the function grants what the function needs.
  const role = new Role(group, 'ServiceRole', {
    assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
    description: `Runs ${props.entry}`,
  });
  logGroup.grantWrite(role);

  const fn = new NodejsFunction(group, 'Function', {
    entry: path.join(PROJECT_ROOT, props.entry),
    handler: 'handler',
    projectRoot: PROJECT_ROOT,
    depsLockFilePath: path.join(PROJECT_ROOT, 'package-lock.json'),
    description: props.description ? `${props.description} (${props.entry})` : props.entry,
    runtime: FUNCTION_RUNTIME,
    architecture: Architecture.ARM_64,
    memorySize: props.memorySize ?? 512,
    timeout: props.timeout ?? Duration.seconds(10),
    reservedConcurrentExecutions: props.reservedConcurrentExecutions,
    tracing: props.tracing ? Tracing.ACTIVE : undefined,
    role,
    logGroup,
    environment: { ...props.environment, NODE_OPTIONS: '--enable-source-maps' },
    bundling: {
      forceDockerBundling: false,
      format: OutputFormat.ESM,
      target: 'node22',
      mainFields: ['module', 'main'],
      banner: ESM_REQUIRE_BANNER,
      minify: true,
      sourceMap: true,
      sourcesContent: false,
      bundleAwsSDK: true,
    },
  });
  if (props.tracing) {
    acknowledgeWildcardResource(
      role,
      '*',
      'X-Ray PutTraceSegments and PutTelemetryRecords have no resource-level permissions: "*" is the only form.',
    );
  }
  Validations.of(fn).acknowledge({
    id: 'AwsSolutions-L1',
    reason:
      'ARCHITECTURE.md fixes the Node.js 22 runtime (bundles target node22); moving to a newer runtime is a deliberate, tested change, not a lint fix.',
  });
  return fn;
}
