/**
 * Charger operations as resources (docs/charger-operations.md): an operation is written first
 * (the audit trail's entry, every target `pending`), then performed by a worker, the operation
 * function on AWS (`lambdas/operations/perform.ts`, started asynchronously), one target at a time
 * per charger through the command path; the API answers with the operation once every charger has
 * answered, or `202` with it pending after {@link operationWaitMs}. Nothing stays pending for ever:
 * every operation has a deadline, and the sweep (`lambdas/operations/sweep.ts`, every minute; a
 * read of the operation too) settles `scheduled` results and ends what is overdue.
 */
import pMap from 'p-map';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../db';
import { pollUntil, transact } from '../db';
import { PENDING_QUEUE } from '../db/entities/charger-operations';
import { canAccess, type AccessScope } from '../organizations/access-scope';
import type { ChargerOperationCommands } from './commands';
import type { ChargerFinder, CommandableCharger } from '../charger-commands';
import { logger } from '../logger';
import { OperationNotFoundError } from './errors';
import type { OperationKind, OperationResult, TargetOutcome } from './kinds';
import { kindOf, type OperationAction, OPERATION_KINDS, SETTLING_KINDS } from './registry';
import { endOperation, getOperationItem, isOpen, recordOutcome, type OperationItem } from './results';
import { resolveTargets, type OperationTarget, type TargetFields } from './targets';
import { toChargerOperation, type ChargerOperation, type RequestedBy } from './view';

/** Targets performed at once by one worker. */
export const PERFORM_CONCURRENCY = 25;
/** Longest an operation may take before the sweep ends it, ms (inside the worker's 15 minutes). */
const MAX_DEADLINE_MS = 14 * 60_000;
/** How long a `scheduled` result may wait by default, ms. */
const DEFAULT_SCHEDULED_FOR_MS = 24 * 3_600_000;

/** How long the API waits for every charger's answer before it answers 202, ms (`OPERATION_WAIT_MS`, default 5 s). */
export function operationWaitMs(): number {
  const configured = Number(process.env.OPERATION_WAIT_MS);
  return Number.isFinite(configured) && configured >= 0 ? configured : 5_000;
}

/**
 * How long an operation of `targets` may take before the sweep ends it, ms
 * (`OPERATION_DEADLINE_MS`, else 3 min plus 30 s per round of {@link PERFORM_CONCURRENCY}
 * targets, at most 14 min).
 */
export function operationDeadlineMs(targets: number): number {
  const configured = Number(process.env.OPERATION_DEADLINE_MS);
  if (Number.isFinite(configured) && configured > 0) return configured;
  return Math.min(MAX_DEADLINE_MS, 180_000 + Math.ceil(targets / PERFORM_CONCURRENCY) * 30_000);
}

/** Starts the worker of an operation's kind without waiting for it (an asynchronous Lambda invocation on AWS). */
export type OperationStarter = (operationId: string, action: OperationAction) => Promise<void>;

export { toChargerOperation, type ChargerOperation, type RequestedBy } from './view';

/** Connected chargers of the targets (fresh reads), by ID. */
async function connectedChargers(
  commands: ChargerFinder,
  targets: readonly OperationTarget[],
): Promise<Map<number, CommandableCharger>> {
  const found = new Map<number, CommandableCharger>();
  const ids = [...new Set(targets.map((t) => t.chargerId))];
  await pMap(
    ids,
    async (id) => {
      const charger = await commands.find(id, true);
      if (charger?.connection) found.set(id, charger);
    },
    { concurrency: PERFORM_CONCURRENCY },
  );
  return found;
}

/**
 * Asks for an operation: validates its targets for the caller and what each connected charger's
 * version takes (nothing is written or sent when one is refused), writes it with every target
 * pending (1 TransactWriteItems: the operation and its pending marker), starts the worker and waits
 * up to `waitMs` for it to end. `operationId` is given by a caller that recorded it first (a
 * firmware campaign), else new.
 * @param action a kind of {@link OPERATION_KINDS}; `body` its validated input
 * @returns the operation, and whether it has ended (the API's 200) or is still pending (202)
 * @throws ChargerNotFoundError, PortNotFoundError, SiteNotFoundError; InvalidError naming the body field a
 *   charger's version does not take
 */
export async function requestOperation(
  db: Db,
  commands: ChargerFinder,
  start: OperationStarter,
  scope: AccessScope,
  request: { action: OperationAction; body: TargetFields & Record<string, unknown>; requestedBy: RequestedBy },
  options: { waitMs?: number; operationId?: string } = {},
): Promise<{ operation: ChargerOperation; ended: boolean }> {
  const kind = OPERATION_KINDS[request.action] as OperationKind<TargetFields>;
  const targets = await resolveTargets(db, scope, request.body);
  if (kind.check) {
    const connected = await connectedChargers(commands, targets);
    // Checked together (a check may read what the charger reported); the first target's refusal is the answer.
    const checks = await Promise.allSettled(
      [...connected.values()].map(async (charger) =>
        kind.check!(request.body, charger as Parameters<NonNullable<typeof kind.check>>[1], db),
      ),
    );
    const refused = checks.find((c) => c.status === 'rejected');
    if (refused) throw refused.reason;
  }
  const now = new Date();
  const operationId = options.operationId ?? uuidv7({ msecs: now.getTime() });
  const createdAt = now.toISOString();
  const deadlineAt = new Date(now.getTime() + operationDeadlineMs(targets.length)).toISOString();
  const sites = new Set(targets.map((t) => t.siteId));
  const item = {
    operationId,
    organizationId: scope.organizationId,
    ...(sites.size === 1 ? { siteId: targets[0]!.siteId } : {}),
    chargerIds: [...new Set(targets.map((t) => t.chargerId))],
    action: request.action,
    request: request.body,
    requestedBy: request.requestedBy,
    status: 'pending' as const,
    createdAt,
    updatedAt: createdAt,
    deadlineAt,
    results: targets.map((target): OperationResult => ({ ...target, status: 'pending' })),
  };
  await transact(db, ({ chargerOperation, pendingChargerOperation }) => ({
    operation: chargerOperation.create(item).commit(),
    marker: pendingChargerOperation.create({ queue: PENDING_QUEUE, operationId, deadlineAt }).commit(),
  }));
  try {
    await start(operationId, request.action);
  } catch (error) {
    logger.error('could not start a charger operation', { operationId, error: String(error) });
    await failOpen(db, item, { code: 'InternalError', description: 'the operation could not be started' });
  }
  const ended = await awaitEnd(db, operationId, options.waitMs ?? operationWaitMs());
  return { operation: toChargerOperation(ended), ended: ended.status !== 'pending' };
}

/**
 * Reads the operation until it has ended, or every charger has answered and one said it will do
 * it later (a `scheduled` result goes on for minutes or hours: a firmware update), or `waitMs`
 * passed (backing off from 50 to 400 ms). Results all final on an operation still pending are the
 * moment between the last result's write and the operation's end: read again.
 */
function awaitEnd(db: Db, operationId: string, waitMs: number): Promise<OperationItem> {
  return pollUntil(
    async () => (await getOperationItem(db, operationId))!,
    (item) =>
      item.status !== 'pending' ||
      (item.results.some((r) => r.status === 'scheduled') && !item.results.some((r) => r.status === 'pending')),
    { waitMs, minTimeoutMs: 50, maxTimeoutMs: 400 },
  );
}

/**
 * Ends every result of an operation just written (all `pending`) with `error`: its worker could not
 * be started. A result written meanwhile stays as it is ({@link recordOutcome}'s condition).
 */
async function failOpen(
  db: Db,
  { operationId, results }: { operationId: string; results: readonly OperationResult[] },
  error: TargetOutcome['error'],
): Promise<void> {
  for (const [index, result] of results.entries()) {
    await recordOutcome(db, operationId, index, result, { status: 'failed', error });
  }
}

/**
 * What the command path's failure thrown by a target's perform comes to: not connected, no
 * answer in time, an answer the action's schema refuses; anything else is an error of ours (logged).
 */
function failureOutcome(commands: ChargerOperationCommands, error: unknown, result: OperationResult): TargetOutcome {
  const description = error instanceof Error ? error.message : String(error);
  switch (commands.failureOf(error)) {
    case 'notConnected':
      return { status: 'notConnected', error: { code: 'NotConnected', description } };
    case 'timeout':
      return { status: 'timeout', error: { code: 'Timeout', description } };
    case 'invalidAnswer':
      return { status: 'failed', error: { code: 'InvalidAnswer', description } };
    default:
      logger.error('a charger operation failed', { chargerId: result.chargerId, error: description });
      return { status: 'failed', error: { code: 'InternalError', description: 'an error of the CSMS (logged)' } };
  }
}

/** Performs one target and records its outcome. */
async function performTarget(
  db: Db,
  commands: ChargerOperationCommands,
  item: OperationItem,
  kind: OperationKind<TargetFields>,
  index: number,
): Promise<void> {
  const result = item.results[index]!;
  let outcome: TargetOutcome;
  try {
    const charger = await commands.find(result.chargerId, true);
    outcome = !charger?.connection
      ? {
          status: 'notConnected',
          error: {
            code: 'NotConnected',
            description: `Charger ${result.chargerId} is not connected; nothing was sent`,
          },
        }
      : await kind.perform({
          db,
          operationId: item.operationId,
          organizationId: item.organizationId,
          commands,
          request: item.request as TargetFields,
          target: result,
          charger: charger as Parameters<typeof kind.perform>[0]['charger'],
        });
  } catch (error) {
    outcome = failureOutcome(commands, error, result);
  }
  const scheduledUntil = new Date(Date.now() + (kind.scheduledForMs ?? DEFAULT_SCHEDULED_FOR_MS)).toISOString();
  await recordOutcome(db, item.operationId, index, result, outcome, { scheduledUntil });
}

/**
 * The worker: performs every pending target of an operation, {@link PERFORM_CONCURRENCY} at a
 * time, recording each charger's outcome as it comes. An operation already ended, unknown or of a
 * kind this build does not know is left as it is (the sweep ends the last two).
 */
export async function performOperation(db: Db, commands: ChargerOperationCommands, operationId: string): Promise<void> {
  const item = await getOperationItem(db, operationId);
  const kind = item && kindOf(item.action);
  if (!item || !kind || item.status !== 'pending') return;
  const pending = [...item.results.keys()].filter((index) => item.results[index]!.status === 'pending');
  await pMap(pending, (index) => performTarget(db, commands, item, kind, index), { concurrency: PERFORM_CONCURRENCY });
}

/**
 * Settles what can be settled of a pending operation: each `scheduled` result whose change has
 * happened (its kind's `settle`), and, past the deadline, every open result (`pending`: failed,
 * nothing recorded; `scheduled`: timeout).
 * @returns the operation after it
 */
export async function settleOperation(db: Db, item: OperationItem, now = new Date()): Promise<OperationItem> {
  if (item.status !== 'pending') return item;
  const kind = SETTLING_KINDS[item.action as OperationAction];
  const overdue = now.toISOString() >= item.deadlineAt;
  let latest = item;
  for (const [index, result] of item.results.entries()) {
    if (!isOpen(result)) continue;
    let outcome: TargetOutcome | undefined;
    if (result.status === 'scheduled' && kind?.settle) {
      outcome = await kind.settle({ db, operationId: item.operationId, request: item.request as TargetFields, result });
    }
    if (!outcome && overdue) {
      outcome =
        result.status === 'scheduled'
          ? {
              status: 'timeout',
              error: {
                code: 'ScheduledTimeout',
                description: `the scheduled change did not happen by ${item.deadlineAt}`,
              },
            }
          : {
              status: 'failed',
              error: {
                code: 'NoOutcome',
                description: `no outcome was recorded by the deadline ${item.deadlineAt} (the worker stopped)`,
              },
            };
    }
    if (outcome) {
      // undefined: the result changed since it was read (the sweep and a read settling it at once); the
      // caller gets the operation as it is now, not the copy read before.
      latest =
        (await recordOutcome(db, item.operationId, index, result, outcome)) ??
        (await getOperationItem(db, item.operationId)) ??
        latest;
    }
  }
  if (latest.status === 'pending' && !latest.results.some(isOpen)) latest = await endOperation(db, latest);
  return latest;
}

/**
 * The sweep: settles every pending operation ({@link settleOperation}); markers of operations
 * already ended are deleted. Requests: 1 Query of the markers, then per operation 1 GetItem and its
 * settlements' writes.
 * @returns how many operations it ended
 */
export async function sweepOperations(db: Db, now = new Date()): Promise<number> {
  const { data: markers } = await db.pendingChargerOperation.query
    .primary({ queue: PENDING_QUEUE })
    .go({ pages: 'all' });
  let ended = 0;
  for (const marker of markers) {
    const item = await getOperationItem(db, marker.operationId);
    if (item?.status !== 'pending') {
      await db.pendingChargerOperation.delete({ queue: PENDING_QUEUE, operationId: marker.operationId }).go();
      continue;
    }
    if ((await settleOperation(db, item, now)).status !== 'pending') ended++;
  }
  return ended;
}

/**
 * `GET /api/charger-operations/{operationId}`: an operation the caller may see, settled first when
 * pending (a `scheduled` result whose change has happened, an operation past its deadline).
 * @throws OperationNotFoundError when unknown or not visible to the caller (another organization, another site)
 */
export async function readOperation(db: Db, scope: AccessScope, operationId: string): Promise<ChargerOperation> {
  const item = await getOperationItem(db, operationId);
  if (!item || !canAccess(scope, item.organizationId, item.siteId ?? (scope.scope === 'site' ? -1 : undefined))) {
    throw new OperationNotFoundError(operationId);
  }
  return toChargerOperation(await settleOperation(db, item));
}
