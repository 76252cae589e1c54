/**
 * Starts one in-memory DynamoDB Local for every integration test file (a database per region: each
 * file takes a region of its own, `support/file-setup.ts`), and bundles the operator
 * CLI (`bin/admin.ts`) once with esbuild, so that the tests run it as a process of its own
 * (`test/integration/support/admin.ts`) without transpiling its sources again at every run (tsx
 * takes about 1 s of CPU per start; the bundle a quarter of that).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal } from '../../lib/local/dynamodb';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoDbEndpoint: string;
    /** The operator CLI bundled as one ES module, run with `node <adminCli> <args>`. */
    adminCli: string;
  }
}

/** Bundles `bin/admin.ts` with its dependencies (as `npm run admin` runs it) into `directory`. */
async function bundleAdminCli(directory: string): Promise<string> {
  const outfile = path.join(directory, 'admin.mjs');
  await build({
    entryPoints: ['bin/admin.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Some dependencies are CommonJS that require Node's modules.
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  return outfile;
}

export default async function setup(project: TestProject) {
  const directory = await mkdtemp(path.join(tmpdir(), 'admin-cli-'));
  const [dynamo, adminCli] = await Promise.all([startDynamoDbLocal({ sharedDb: false }), bundleAdminCli(directory)]);
  project.provide('dynamoDbEndpoint', dynamo.endpoint);
  project.provide('adminCli', adminCli);
  return async () => {
    await dynamo.stop();
    await rm(directory, { recursive: true, force: true });
  };
}
