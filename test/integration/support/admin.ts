/**
 * Test support: the operator CLI (`bin/admin.ts`) run as a process against a test stack's table,
 * from the bundle the integration tests' global setup builds (`inject('adminCli')`).
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

/**
 * Runs the operator CLI with `args` (what `npm run admin -- <args>` runs); never throws.
 * @returns its exit code and output; `json` is its stdout parsed when it exited 0 with JSON
 */
export async function runCli(...args: string[]): Promise<AdminRun> {
  try {
    const { stdout, stderr } = await exec(process.execPath, [inject('adminCli'), ...args], {
      env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    });
    return { code: 0, stdout, stderr, json: /^\s*[[{]/.test(stdout) ? JSON.parse(stdout) : undefined };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr, json: undefined };
  }
}

/** Runs `npm run admin -- <args>` against the stack's table on the shared DynamoDB Local; never throws. */
export function runAdmin(stack: LocalStack, ...args: string[]): Promise<AdminRun> {
  return runCli('--endpoint', inject('dynamoDbEndpoint'), '--table', stack.tableName, ...args);
}

/**
 * Runs a CLI command that has the CSMS ask the organization's chargers for an operation
 * (`chargers reset`, `chargers get-log`, `firmware-campaigns create`…): {@link runAdmin} with `args`,
 * then `--organization-id` and `--ocpp-management-url` (the stack's, where the CLI hands the commands
 * to be sent); never throws.
 */
export function runOperationCommand(stack: LocalStack, organizationId: number, ...args: string[]): Promise<AdminRun> {
  return runAdmin(stack, ...args, '--organization-id', String(organizationId), '--ocpp-management-url', stack.url);
}

/** A charger to register with the CLI (one port unless `ports`; the field names are the CLI's options). */
export interface CliCharger {
  siteId: number | string;
  ocppId: string;
  name?: string;
  type: string;
  connectorType: string;
  ports?: number;
  /** Whether `--insecure-no-password` is given (no password option is). @default true */
  insecureNoPassword?: boolean;
}

/** The arguments of `chargers register` for `charger` (the name defaults to the OCPP identity). */
export function registerArgs(charger: CliCharger): string[] {
  return [
    'chargers',
    'register',
    '--site-id',
    String(charger.siteId),
    '--ocpp-id',
    charger.ocppId,
    '--name',
    charger.name ?? charger.ocppId,
    '--type',
    charger.type,
    '--ports',
    String(charger.ports ?? 1),
    '--connector-type',
    charger.connectorType,
    // Tests connect chargers without a password: the explicit choice the CLI asks for.
    ...(charger.insecureNoPassword === false ? [] : ['--insecure-no-password']),
  ];
}
