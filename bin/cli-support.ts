/**
 * What the operator CLIs' commands share (`bin/admin.ts`, `bin/admin-limits.ts`): option parsers,
 * input validation that names every invalid field, and the run wrapper that prints JSON on stdout
 * or one clear message on stderr with exit code 1.
 */
import { InvalidArgumentError } from 'commander';
import type { z } from 'zod';
import { DomainError } from '../shared/errors';
import type { Db } from '../shared/db';
import type { AccessScope } from '../shared/organizations';
import { ChargerNotFoundError } from '../shared/chargers';
import { LOCAL_DATA_DIR, localDynamoDbEndpoint, STACK_FILE } from '../lib/local/defaults';

/** Parses a positive integer option (IDs, counts). */
export function positiveInteger(value: string): number {
  if (!/^[1-9][0-9]{0,14}$/.test(value)) throw new InvalidArgumentError('must be a positive integer');
  return Number(value);
}

/** Parses a decimal number option (coordinates, kW). */
export function decimal(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n)) throw new InvalidArgumentError('must be a number');
  return n;
}

/** Command input that breaks its schema: every invalid field with its problem. */
export class InputError extends Error {
  constructor(readonly fields: { field: string; problem: string }[]) {
    super(`invalid ${[...new Set(fields.map((f) => f.field))].join(', ')}`);
  }
}

/**
 * Validates input with a zod schema, naming every invalid field: in the domain's terms (`siteId`,
 * `ports.0.connectorType`), or as `fieldOf` names an issue's path (the command's options).
 */
export function parse<S extends z.ZodType>(
  schema: S,
  input: unknown,
  fieldOf: (path: readonly PropertyKey[]) => string = (path) => path.map(String).join('.') || 'input',
): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new InputError(
    result.error.issues.flatMap((issue) =>
      (issue.code === 'unrecognized_keys' ? issue.keys.map((k) => [...issue.path, k]) : [issue.path]).map((path) => ({
        field: fieldOf(path),
        problem: issue.code === 'unrecognized_keys' ? 'unknown field' : issue.message,
      })),
    ),
  );
}

/** A domain error with its field named as the command's option (`{ chargingRateUnit: 'unit' }`). */
export function asOption(error: unknown, options: Record<string, string>): unknown {
  const option = error instanceof DomainError && error.field !== undefined ? options[error.field] : undefined;
  if (option !== undefined) Object.defineProperty(error, 'field', { value: option });
  return error;
}

/** The message printed for a failed command (one `error:` line, then one line per field). */
function errorMessage(error: unknown): string {
  if (error instanceof InputError)
    return `${error.message}${error.fields.map((f) => `\n  ${f.field}: ${f.problem}`).join('')}`;
  if (error instanceof DomainError) {
    return error.field !== undefined && error.problem !== undefined
      ? `${error.message}\n  ${error.field}: ${error.problem}`
      : error.message;
  }
  const e = error as { name?: string; code?: string; message?: string };
  if (e.name === 'ResourceNotFoundException')
    return 'table not found; is the local stack running (`npm start`), or is --table right?';
  if (e.code === 'ECONNREFUSED' || /ECONNREFUSED/.test(String(e.message))) return unreachableMessage(error);
  return String(e.message ?? error);
}

/**
 * The message for a DynamoDB Local nothing answered at: the address tried, what chose it
 * (`DYNAMODB_PORT`, the running `npm start`'s record, the default port, `--endpoint`), and how to
 * change it.
 */
function unreachableMessage(error: unknown): string {
  const refused = [error, (error as { cause?: unknown }).cause].find(
    (e): e is { address?: string; port?: number } => (e as { code?: string } | undefined)?.code === 'ECONNREFUSED',
  );
  const local = localDynamoDbEndpoint();
  const tried = refused?.port ? `http://${refused.address ?? '127.0.0.1'}:${refused.port}` : local.url;
  const source = new URL(tried).port === new URL(local.url).port ? local.source : '--endpoint';
  return (
    `cannot reach DynamoDB at ${tried} (${source}); start the local stack with \`npm start\` (the CLI then finds ` +
    `its ports in ${LOCAL_DATA_DIR}/${STACK_FILE}), or set DYNAMODB_PORT to the port of a running stack's ` +
    'DynamoDB Local (or --endpoint <url>), or pass --table for a deployed stack'
  );
}

/** Runs a command action: JSON result on stdout, or a one-line error and exit code 1. */
export function run<A extends unknown[]>(action: (...args: A) => Promise<unknown>) {
  return async (...args: A) => {
    try {
      console.log(JSON.stringify(await action(...args), null, 2));
    } catch (error) {
      console.error(`error: ${errorMessage(error)}`);
      process.exitCode = 1;
    }
  };
}

/**
 * The scope of the operator acting on a charger: the charger's organization (1 GetItem).
 * @throws ChargerNotFoundError for an unknown charger
 */
export async function chargerOperatorScope(db: Db, chargerId: number): Promise<AccessScope> {
  const { data } = await db.charger.get({ chargerId }).go({ attributes: ['organizationId'] });
  if (!data) throw new ChargerNotFoundError(chargerId);
  return { organizationId: data.organizationId, scope: 'organization' };
}
