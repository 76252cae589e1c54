/**
 * Keeping chargers' local authorization lists in step with the access IDs (OCPP 1.6 §3.5 Local
 * Authorization List, §5.10, §5.15; 2.0.1 D01 SendLocalList, D02 GetLocalListVersion;
 * docs/local-authorization-list.md).
 *
 * What a charger holds: every `Authorized` access ID of its organization (access IDs are
 * organization-wide, spec §2.1: exactly the tags `authorizeIdTag` accepts there), as `Accepted`
 * entries, oldest access ID first, cut to the charger's `LocalAuthListMaxLength` and to the tags its
 * version carries (1.6: ≤ 20 characters). Revoked or deleted access IDs are removed.
 *
 * One run for one charger (under its lease, `./state.ts`):
 * 1. At each boot, learn whether the charger keeps a list and its limits (1.6 GetConfiguration,
 *    2.0.1 GetVariables `LocalAuthListCtrlr`); a charger without one is never sent a list.
 * 2. At boot (and whenever the charger's version is in doubt), GetLocalListVersion: a version
 *    other than the one the CSMS last set means a Full update.
 * 3. A Full update (first synchronisation, operator's resync, a version in doubt, or after a
 *    Differential answered `VersionMismatch` or `Failed`): the whole list, in messages within the
 *    charger's limits (`./plan.ts`). Otherwise a Differential update of what changed, if anything.
 * 4. Every accepted message moves the stored version and entries; the run ends by storing them with
 *    its status (`inSync`, `pending` while the charger is offline, `failed`, `unsupported`).
 */
import { randomUUID } from 'node:crypto';
import type { ChargerItem } from '../chargers/items';
import type { LocalListCommands, LocalListSupport } from './commands';
import type { Db } from '../db';
import { logger } from '../logger';
import pMap from 'p-map';
import { CONCURRENT_CHARGERS } from '../concurrency';
import { applyMessage, differences, fitList, messagesOf, type DesiredEntry, type ListLimits } from './plan';
import { claimSync, finishSync, releaseSync, type LocalListState, type SyncOutcome } from './state';

/** Why a charger's list is synchronised. */
export type SyncReason =
  /** Access IDs of its organization changed. */
  | 'accessIds'
  /** It booted (BootNotification): learn its support, check its version. */
  | 'boot'
  /** It connected again without booting: deliver what it missed, if anything. */
  | 'connect'
  /** The operator asked for a Full update. */
  | 'resync';

/** The answer recorded for a command that did not get a result. */
type Unanswered = 'NotSupported' | 'Failed' | 'NotConnected';

/** Sends one command, turning every failure into a status (`NotConnected`, `Failed`, `NotSupported`). */
async function answerOf<T>(
  send: () => Promise<{ ok: true; result: T } | { ok: false; unsupported: boolean; error: Error }>,
): Promise<{ result: T } | { unanswered: Unanswered; error?: string }> {
  try {
    const answer = await send();
    if (answer.ok) return { result: answer.result };
    return { unanswered: answer.unsupported ? 'NotSupported' : 'Failed', error: answer.error.message };
  } catch (error) {
    const notConnected = (error as Error).name === 'ChargerNotConnectedError';
    if (!notConnected) logger.warn('local list: command failed', { error: String(error) });
    return { unanswered: notConnected ? 'NotConnected' : 'Failed', error: (error as Error).message };
  }
}

/** The Authorized access IDs of an organization, oldest first (1 paged Query of gsi2). */
export async function desiredEntries(db: Db, organizationId: number): Promise<DesiredEntry[]> {
  const { data } = await db.accessId.query
    .byOrganization({ organizationId })
    .go({ pages: 'all', attributes: ['ocppIdTag', 'type', 'authorizationStatus', 'accessIdId'] });
  return data.filter((a) => a.authorizationStatus === 'Authorized').map((a) => ({ idTag: a.ocppIdTag, type: a.type }));
}

/** What one synchronisation run needs besides the charger. */
export interface SyncContext {
  db: Db;
  commands: LocalListCommands;
  /** The desired entries of an organization (callers share one read per organization). */
  desired(organizationId: number): Promise<DesiredEntry[]>;
}

/** Drops the undefined values ElectroDB must not be given. */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** The run's outcome for a charger that could not be reached or answered otherwise. */
function unreached(
  state: LocalListState,
  answer: { unanswered: Unanswered; error?: string },
  updateType: string,
  messages: number,
  extra: SyncOutcome = {},
): SyncOutcome {
  const at = new Date().toISOString();
  const result = answer.unanswered === 'Failed' ? 'NoAnswer' : answer.unanswered;
  return defined({
    status: answer.unanswered === 'NotConnected' ? ('pending' as const) : ('failed' as const),
    // Not known whether a message without an answer was applied: the next update is Full.
    fullRequired: answer.unanswered === 'Failed' && messages > 0 ? true : state.fullRequired,
    lastSync: defined({ at, updateType, messages, result, error: answer.error }),
    ...extra,
  });
}

/** Learns the charger's support at this boot, when it is not known yet. */
async function supportOf(
  ctx: SyncContext,
  charger: ChargerItem,
  state: LocalListState,
): Promise<{ support: NonNullable<LocalListState['support']>; learnt: boolean } | { outcome: SyncOutcome }> {
  const bootAt = charger.lastBootAt ?? '';
  if (state.support && state.support.bootAt === bootAt) return { support: state.support, learnt: false };
  const answer = await answerOf(() => ctx.commands.send(charger.chargerId, 'LocalListSupport', undefined));
  if ('unanswered' in answer && answer.unanswered !== 'NotSupported')
    return { outcome: unreached(state, answer, 'None', 0) };
  const reported: LocalListSupport = 'result' in answer ? answer.result : { supported: false };
  return {
    support: defined({
      status: reported.supported ? ('supported' as const) : ('unsupported' as const),
      bootAt,
      maxLength: reported.maxLength,
      itemsPerMessage: reported.itemsPerMessage,
      bytesPerMessage: reported.bytesPerMessage,
    }),
    learnt: true,
  };
}

/**
 * One synchronisation of one charger from `state` (see the module's documentation).
 * @returns what to store
 */
export async function synchronise(
  ctx: SyncContext,
  charger: ChargerItem,
  state: LocalListState,
  reason: SyncReason,
): Promise<SyncOutcome> {
  const known = await supportOf(ctx, charger, state);
  if ('outcome' in known) return known.outcome;
  const { support } = known;
  if (support.status === 'unsupported') return { support, status: 'unsupported' };
  const found = await ctx.commands.find(charger.chargerId);
  const takes = found?.connection?.takes;
  if (!takes) return { support, status: 'pending' };
  const limits: ListLimits = defined({
    maxLength: support.maxLength,
    itemsPerMessage: support.itemsPerMessage,
    bytesPerMessage: support.bytesPerMessage,
    maxIdTagLength: takes.maxIdTagLength,
  });
  const { entries: target, omitted } = fitList(await ctx.desired(charger.organizationId), limits);
  let held = state.entries ?? [];
  let version = state.listVersion ?? 0;
  let full = reason === 'resync' || state.fullRequired === true || state.listVersion === undefined;
  if (!full && (reason === 'boot' || known.learnt)) {
    const answer = await answerOf(() => ctx.commands.send(charger.chargerId, 'GetLocalListVersion', undefined));
    if ('unanswered' in answer) return unreached(state, answer, 'None', 0, { support });
    full = answer.result !== version;
  }
  let messages = 0;
  let retriedFull = false;
  for (;;) {
    const updateType = full ? 'Full' : 'Differential';
    const changes = full ? target.map((e) => ({ idTag: e.idTag, type: e.type })) : differences(held, target);
    let result = 'Accepted';
    for (const message of messagesOf(updateType, changes, version, limits)) {
      const answer = await answerOf(() => ctx.commands.send(charger.chargerId, 'SendLocalList', message));
      messages++;
      if ('unanswered' in answer)
        return unreached(state, answer, updateType, messages, { support, listVersion: version, entries: held });
      result = answer.result;
      if (result !== 'Accepted') break;
      held = applyMessage(held, message);
      version = message.listVersion;
    }
    const at = new Date().toISOString();
    const lastSync = { at, updateType: messages === 0 ? 'None' : updateType, messages, result };
    if (result === 'Accepted')
      return { support, listVersion: version, entries: held, omitted, status: 'inSync', fullRequired: false, lastSync };
    if (result === 'NotSupported')
      return { support: { ...support, status: 'unsupported' }, status: 'unsupported', lastSync };
    // VersionMismatch or Failed: a Differential is followed by a Full update, once.
    if (full || retriedFull)
      return { support, listVersion: version, entries: held, status: 'failed', fullRequired: true, lastSync };
    full = true;
    retriedFull = true;
  }
}

/**
 * Synchronises the given chargers (each under its lease; a charger another run holds is left to it,
 * counted), `CONCURRENT_CHARGERS` at a time.
 * @param requests charger → why; chargers without a connection are skipped (they are synchronised
 *   when they connect or boot)
 * @returns the chargers run, by outcome status
 */
export async function synchroniseChargers(
  ctx: SyncContext,
  requests: ReadonlyMap<number, { charger: ChargerItem; reason: SyncReason }>,
): Promise<Map<number, SyncOutcome['status'] | 'busy'>> {
  const results = new Map<number, SyncOutcome['status'] | 'busy'>();
  await pMap(
    requests.values(),
    async ({ charger, reason }) => {
      try {
        results.set(charger.chargerId, await runFor(ctx, charger, reason));
      } catch (error) {
        logger.error('local list: synchronisation failed', { chargerId: charger.chargerId, error: String(error) });
      }
    },
    { concurrency: CONCURRENT_CHARGERS },
  );
  return results;
}

/**
 * Whether a round has nothing to do: a charger that never booted is sent nothing before its
 * BootNotification (OCPP 1.6 §4.2: no CALL before the boot is accepted), and a connection without
 * a boot sends only what a charger whose support is known missed.
 */
function skipped(charger: ChargerItem, state: LocalListState, why: SyncReason): boolean {
  if (!charger.lastBootAt) return true;
  return why === 'connect' && (!state.support || (state.status === 'inSync' && !state.fullRequired));
}

/**
 * Runs one charger under its lease, again while requests came meanwhile: each later round reads
 * the charger again, so a boot that came during a run (its trigger found the lease held) is a
 * `boot` round, with the charger's support learnt for that boot.
 */
async function runFor(
  ctx: SyncContext,
  first: ChargerItem,
  reason: SyncReason,
): Promise<SyncOutcome['status'] | 'busy'> {
  const leaseId = randomUUID();
  let state = await claimSync(ctx.db, first, leaseId);
  if (!state) return 'busy';
  let charger = first;
  let why = reason;
  try {
    for (;;) {
      const covered = state.requested ?? 0;
      const outcome = skipped(charger, state, why) ? {} : await synchronise(ctx, charger, state, why);
      const end = await finishSync(ctx.db, charger.chargerId, leaseId, covered, outcome);
      if (end.outcome !== 'again') return outcome.status ?? state.status;
      state = end.state;
      const { data: fresh } = await ctx.db.charger.get({ chargerId: charger.chargerId }).go({ consistent: true });
      if (!fresh) {
        await releaseSync(ctx.db, charger.chargerId, leaseId);
        return state.status;
      }
      why = fresh.lastBootAt !== charger.lastBootAt ? 'boot' : 'accessIds';
      charger = fresh;
    }
  } catch (error) {
    // A run that failed (a read of the table) frees the charger for the next trigger at once.
    await releaseSync(ctx.db, charger.chargerId, leaseId).catch(() => undefined);
    throw error;
  }
}
