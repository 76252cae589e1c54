/**
 * Test support: the operator CLI (`bin/admin.ts`) run as a process against a test stack's table.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import type { LocalStack } from '../../../lib/local/stack';

const exec = promisify(execFile);

/** What one CLI run printed; `json` is the parsed stdout of a successful run. */
export interface AdminRun {
  code: number;
  stdout: string;
  stderr: string;
  json: any;
}

/** Runs `npm run admin -- <args>` against the stack's table on the shared DynamoDB Local; never throws. */
export async function runAdmin(stack: LocalStack, ...args: string[]): Promise<AdminRun> {
  const argv = [
    '--import',
    'tsx',
    'bin/admin.ts',
    '--endpoint',
    inject('dynamoDbEndpoint'),
    '--table',
    stack.tableName,
    ...args,
  ];
  try {
    const { stdout, stderr } = await exec(process.execPath, argv, {
      env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    });
    return { code: 0, stdout, stderr, json: JSON.parse(stdout) };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr, json: undefined };
  }
}
