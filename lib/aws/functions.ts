/**
 * The one place that decides how every Lambda function of the stack runs and is bundled
 * (docs/architecture.md, "Runtime"): Node.js 22 on arm64, an ES module bundle made by the
 * locally installed esbuild (never Docker), minified, without source maps unless asked for, the
 * AWS SDK v3 bundled at the versions of our lockfile, its own log group (JSON, platform events from
 * WARN up) and a role that may write only to it.
 *
 * Bundle size is cold-start time (a Lambda parses its whole bundle at init): see
 * {@link LAMBDA_BUNDLE_ALIASES} for what the bundles leave out, and `npm run bench -- lambda-bundles`
 * for the sizes, their composition and init times.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Duration, Validations } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, LoggingFormat, Runtime, SystemLogLevel, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import type { BuildOptions } from 'esbuild';
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

/**
 * Modules replaced in every Lambda bundle (esbuild `alias`: package → file under
 * {@link PROJECT_ROOT}), each by a stand-in documented in its file: the SDK's default credential
 * chain by the environment credentials Lambda always sets (`lambdas/lib/bundle/credentials.ts`),
 * ElectroDB's model check by a no-op (`lambdas/lib/bundle/jsonschema.cjs`; the tests check
 * the models), the document client's package by the commands ElectroDB and our code send
 * (`lambdas/lib/bundle/lib-dynamodb.mjs`: ElectroDB's `require` would keep all of it), and the
 * DynamoDB client's package by the client and the commands those wrap
 * (`lambdas/lib/bundle/client-dynamodb.mjs`: below a `require`, its index would keep all sixty
 * commands), and nodemailer, which writes the local stack's `.eml` files only, by an error
 * (`lambdas/lib/bundle/nodemailer.ts`). Tests, the local stack and the CLI run the real modules.
 */
export const LAMBDA_BUNDLE_ALIASES: Readonly<Record<string, string>> = {
  '@aws-sdk/credential-provider-node': 'lambdas/lib/bundle/credentials.ts',
  jsonschema: 'lambdas/lib/bundle/jsonschema.cjs',
  '@aws-sdk/lib-dynamodb': 'lambdas/lib/bundle/lib-dynamodb.mjs',
  '@aws-sdk/client-dynamodb': 'lambdas/lib/bundle/client-dynamodb.mjs',
  nodemailer: 'lambdas/lib/bundle/nodemailer.ts',
};

/**
 * Modules a bundle imports on first use (`await import()`) from beside itself rather than holding
 * them (docs/architecture.md, "OCPP validators, one module per version"): each OCPP version's
 * validators, 157-654 KiB each, which a function parses only when a charger of that version
 * needs them. `source` is the module relative to {@link PROJECT_ROOT}; `output` is where it goes in
 * the function's asset, relative to the bundle: the path the source imports it by
 * (`shared/ocpp/schemas.ts` imports `./validators/v201.code.mjs`), which the bundle keeps as is.
 */
export const LAZY_MODULES: readonly { readonly source: string; readonly output: string }[] = [
  { source: 'shared/ocpp/validators/v16.code.mjs', output: 'validators/v16.code.mjs' },
  { source: 'shared/ocpp/validators/v201.code.mjs', output: 'validators/v201.code.mjs' },
  { source: 'shared/ocpp/validators/v21.code.mjs', output: 'validators/v21.code.mjs' },
];

/** What the bundles leave out and import at run time: the {@link LAZY_MODULES} (esbuild `external`). */
const LAZY_MODULE_PATTERN = '*.code.mjs';

/**
 * The esbuild options of each {@link LAZY_MODULES} file: a bundle of its own (with what it imports,
 * the validators' runtime helpers), minified as the functions are.
 */
export const LAZY_MODULE_ESBUILD_OPTIONS = {
  bundle: true,
  platform: 'node' as const,
  format: 'esm' as const,
  target: 'node22',
  minify: true,
} satisfies BuildOptions;

/**
 * The esbuild options of every Lambda bundle, as esbuild's own API names them (the benchmark
 * rebuilds a bundle with them to show its composition).
 */
export const LAMBDA_ESBUILD_OPTIONS = {
  bundle: true,
  platform: 'node' as const,
  format: 'esm' as const,
  target: 'node22',
  mainFields: ['module', 'main'],
  banner: { js: ESM_REQUIRE_BANNER },
  minify: true,
  alias: Object.fromEntries(
    Object.entries(LAMBDA_BUNDLE_ALIASES).map(([name, file]) => [name, path.join(PROJECT_ROOT, file)]),
  ),
  external: [LAZY_MODULE_PATTERN],
} satisfies BuildOptions;

/**
 * CDK context key that turns on source maps in every bundle (`-c lambdaSourceMaps=true`): external
 * `.map` files and `NODE_OPTIONS=--enable-source-maps`, so stack traces name the TypeScript. Off
 * by default: the maps double the deployed size, and Node reads them at init.
 */
export const SOURCE_MAPS_CONTEXT = 'lambdaSourceMaps';

/**
 * Whether {@link SOURCE_MAPS_CONTEXT} is on for this scope.
 * @throws Error naming the context key when its value is neither true nor false
 */
export function sourceMapsEnabled(scope: Construct): boolean {
  const value: unknown = scope.node.tryGetContext(SOURCE_MAPS_CONTEXT);
  if (value === undefined || value === false || value === 'false') return false;
  if (value === true || value === 'true') return true;
  throw new Error(`context ${SOURCE_MAPS_CONTEXT} must be true or false, got ${String(value)}`);
}

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
   * Files the bundle loads at run time beside itself, relative to {@link PROJECT_ROOT} (e.g. a
   * WebAssembly module a package finds next to its loader: `node_modules/highs/build/highs.wasm`):
   * copied into the function's asset after bundling.
   * @default none
   */
  readonly bundledFiles?: readonly string[];
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
 * Bundling hooks that copy `files` (relative to the project root) into the function's asset, and
 * build each of the {@link LAZY_MODULES} the bundle imports (its `import("./validators/….mjs")` is
 * in `index.mjs`) beside it with {@link LAZY_MODULE_ESBUILD_OPTIONS}: a function that validates no
 * OCPP payload ships none.
 */
function afterBundling(files: readonly string[]) {
  const esbuildArgs = (inputDir: string) =>
    [
      `"${path.join(inputDir, 'node_modules/.bin/esbuild')}"`,
      '--bundle',
      `--platform=${LAZY_MODULE_ESBUILD_OPTIONS.platform}`,
      `--format=${LAZY_MODULE_ESBUILD_OPTIONS.format}`,
      `--target=${LAZY_MODULE_ESBUILD_OPTIONS.target}`,
      '--minify',
    ].join(' ');
  return {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (inputDir: string, outputDir: string) => [
      ...files.map((file) => `cp "${path.join(inputDir, file)}" "${outputDir}"`),
      ...LAZY_MODULES.map(
        ({ source, output }) =>
          `if grep -qF '"./${output}"' "${path.join(outputDir, 'index.mjs')}"; then ` +
          `${esbuildArgs(inputDir)} "${path.join(inputDir, source)}" --outfile="${path.join(outputDir, output)}"; fi`,
      ),
    ],
  };
}

/**
 * Creates a Lambda function from a handler module with the stack's runtime, architecture,
 * bundling and logging. The function, its log group and its role are grouped under one construct
 * named `id`; grants made to the returned function go to that role only.
 *
 * Bundling: esbuild from `node_modules` (`forceDockerBundling: false`) with
 * {@link LAMBDA_ESBUILD_OPTIONS} (`format: esm`, `target: node22`, minified, the stand-ins of
 * {@link LAMBDA_BUNDLE_ALIASES}); source maps only with {@link SOURCE_MAPS_CONTEXT}; and
 * `@aws-sdk/*` bundled rather than taken from the runtime, so production runs the SDK versions
 * the tests ran (and a bundled, tree-shaken SDK initialises faster than the runtime's copy).
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
  const sourceMaps = sourceMapsEnabled(scope);

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
    // JSON logs with platform events from WARN up: no START / END / REPORT lines (~350 bytes per
    // invocation, a material share of the cost per charger, docs/cost-and-scale.md); durations, init times
    // and errors stay in the Lambda metrics.
    loggingFormat: LoggingFormat.JSON,
    systemLogLevelV2: SystemLogLevel.WARN,
    environment: { ...props.environment, ...(sourceMaps ? { NODE_OPTIONS: '--enable-source-maps' } : {}) },
    bundling: {
      forceDockerBundling: false,
      format: OutputFormat.ESM,
      target: LAMBDA_ESBUILD_OPTIONS.target,
      mainFields: LAMBDA_ESBUILD_OPTIONS.mainFields,
      banner: ESM_REQUIRE_BANNER,
      minify: LAMBDA_ESBUILD_OPTIONS.minify,
      sourceMap: sourceMaps,
      sourcesContent: false,
      bundleAwsSDK: true,
      externalModules: LAMBDA_ESBUILD_OPTIONS.external,
      esbuildArgs: Object.fromEntries(
        Object.entries(LAMBDA_ESBUILD_OPTIONS.alias).map(([name, file]) => [`--alias:${name}`, file]),
      ),
      commandHooks: afterBundling(props.bundledFiles ?? []),
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
      'The project fixes the Node.js 22 runtime (docs/architecture.md, "Runtime"; bundles target node22); moving to a newer runtime is a deliberate, tested change, not a lint fix.',
  });
  return fn;
}
