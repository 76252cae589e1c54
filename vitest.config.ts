import { defineConfig } from 'vitest/config';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
// Every DynamoDB Local the tests start (the shared one, `npm start`'s, the recorded scenarios') runs
// on the JVM's quick compiler only and its serial collector: it starts on half the CPU (3 s instead
// of 6) and serves a test run's requests on less, on a 2-core machine where C2's compiler threads
// compete with the tests. Java reads JDK_JAVA_OPTIONS itself; one set by the caller wins.
process.env.JDK_JAVA_OPTIONS ??= '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC';
const env = { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', LOG_LEVEL: 'SILENT' };
// The handlers keep an API key for 1 s instead of 60 (shared/api/auth.ts), so that a revoked key is
// refused within a second in the tests that revoke one.
const integrationEnv = { ...env, API_KEY_CACHE_SECONDS: '1' };

// Three projects, all run by `npm test`. Integration files share one DynamoDB Local started in
// globalSetup; each file makes its own table and gateway (on free ports), so files are independent.
// Two files run at a time: they mostly wait on DynamoDB Local and sockets, and Vitest's default on
// a 2-core machine (cores - 1) runs them one by one (suite 676 s → 548 s here; 3 gave 530 s).
export default defineConfig({
  test: {
    maxWorkers: 2,
    // Each project's span and time in its files, printed when the run ends (CI's log shows them).
    reporters: ['default', './test/support/project-times-reporter.ts'],
    projects: [
      // Unit tests that bundle a Lambda with esbuild or import a handler's module graph take seconds
      // while integration files load the 2 cores: a bound above Vitest's 5 s default.
      // Unit files share a worker's modules (`isolate: false`): most of their time was importing the
      // same module graphs (zod schemas, ElectroDB entities, the SDK) again for every file.
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], env, testTimeout: 30_000, isolate: false } },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/integration/global-setup.ts'],
          setupFiles: ['test/integration/support/file-setup.ts'],
          // Files share a worker's modules, as the unit files do; the setup file gives each its own
          // database and puts the environment back after it.
          isolate: false,
          env: integrationEnv,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // The template's files share a worker's modules (`isolate: false`): aws-cdk-lib is imported and
      // the default stack synthesised once per worker (`test/infra/support/template.ts`), not once
      // per file. The recorded scenarios run the handlers against DynamoDB Local and set the
      // process's environment, so they keep a worker of their own.
      {
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          exclude: ['test/infra/table-rows.recorded.test.ts'],
          env,
          testTimeout: 120_000,
          hookTimeout: 180_000,
          isolate: false,
        },
      },
      {
        test: {
          name: 'infra-recorded',
          include: ['test/infra/table-rows.recorded.test.ts'],
          env,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
