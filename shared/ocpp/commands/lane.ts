/**
 * A charger's command lane: at most one CALL of ours outstanding per charger (OCPP-J 1.6 §4.1.1 and
 * OCPP 2.0.1 Part 4 §4.1.1 "Synchronicity"), in arrival order, across Lambda
 * instances. The state is a ticket lock on the charger item (no other item, no other read):
 *
 * - `commandsIssued` N and `commandsServed` S: ticket t may go on the wire when S = t; N = S is an
 *   idle lane. `commandHolder` is the command on the wire (messageId, connection, lease end).
 * - **Fast path**, idle lane: one conditional write takes ticket S and holds the wire
 *   (`currentConnectionId` = the target AND N = S), with any writes the command needs in the same
 *   transaction.
 * - **Queue**: on a busy lane the command takes a ticket (one write that also returns the lane),
 *   reads the lane until S reaches its ticket, then claims (S = ticket AND no holder).
 * - **Release**: the `$default` handler's completion (S + 1, holder removed, in the transaction
 *   that stores the answer), the sender's own timeout, or a GoneException.
 * - **Dead parties**: a holder past its lease (its deadline + {@link LEASE_MARGIN_MS}: the Lambda
 *   died) is released by the next waiter; a ticket given up is noted in `commandsAbandoned` and
 *   skipped at once; a ticket whose waiter never claims its turn (died) is skipped after
 *   {@link TURN_GRACE_MS}.
 * - **Connections**: a ticket is only good on the connection it was taken for. `$connect` and
 *   `$disconnect` reset the lane ({@link laneReset}); a waiter or holder that sees another
 *   connection (or none) ends with "not connected".
 */
import type { Db } from '../../db';
import { conditionHeld, unlessConditionFails } from '../../db/conditions';
import { transact, type TransactionEntities, type TransactionWrite } from '../../db';
import type { OcppProtocol } from '../../db/entities/common';

/** The command on the wire. */
export interface LaneHolder {
  messageId: string;
  /** The connection the CALL is posted to. */
  connectionId: string;
  /** Epoch ms after which the holder is presumed dead. */
  leaseUntil: number;
}

/** The lane as read from the charger item, with the charger's connection. */
export interface LaneState {
  connectionStatus?: { status: string };
  currentConnectionId?: string;
  ocppProtocol?: OcppProtocol;
  commandsIssued?: number;
  commandsServed?: number;
  commandHolder?: LaneHolder;
  commandTurnAt?: number;
  commandsAbandoned?: number[];
}

/** Writes committed in the transaction that claims the wire (e.g. a port's pending remote start). */
export type ClaimWrites = (entities: TransactionEntities) => readonly TransactionWrite[];

/** Beyond its own deadline, how long a holder is given before others presume it dead (ms). */
export const LEASE_MARGIN_MS = 2_000;
/** How long a turn may stay unclaimed before the ticket is skipped (ms); a waiter reads the lane at least every 1 s. */
export const TURN_GRACE_MS = 2_000;

/** The update that empties the lane: used by `$connect` and `$disconnect` on the charger item. */
export const laneReset = {
  set: { commandsIssued: 0, commandsServed: 0 },
  remove: ['commandHolder', 'commandTurnAt', 'commandsAbandoned'] as (
    | 'commandHolder'
    | 'commandTurnAt'
    | 'commandsAbandoned'
  )[],
};

const LANE_ATTRIBUTES = [
  'connectionStatus',
  'currentConnectionId',
  'ocppProtocol',
  'commandsIssued',
  'commandsServed',
  'commandHolder',
  'commandTurnAt',
  'commandsAbandoned',
] as const;

/** Reads a charger's lane (one strongly consistent GetItem); undefined for an unknown charger. */
export async function readLane(db: Db, chargerId: number): Promise<LaneState | undefined> {
  const { data } = await db.charger.get({ chargerId }).go({ consistent: true, attributes: [...LANE_ATTRIBUTES] });
  return data ?? undefined;
}

/** An update of the charger item, as callbacks that both `patch` and a transaction's `patch` take. */
type ChargerPatch = ReturnType<Db['charger']['patch']>;
interface ChargerUpdate {
  data: Parameters<ChargerPatch['data']>[0];
  where: Parameters<ReturnType<ChargerPatch['data']>['where']>[0];
}

/** The claim: on an idle lane (`ticket` undefined, takes the ticket too) or for a queued ticket whose turn it is. */
function claimUpdate(holder: LaneHolder, ticket: number | undefined): ChargerUpdate {
  return {
    data: (attr, op) => {
      op.set(attr.commandHolder, holder);
      op.set(attr.commandTurnAt, Date.now());
      if (ticket === undefined) {
        op.add(attr.commandsIssued, 1, 0);
        op.ifNotExists(attr.commandsServed, 0);
      }
    },
    where: (attr, op) => {
      const connected = op.eq(attr.currentConnectionId, holder.connectionId);
      if (ticket !== undefined) {
        return `${connected} AND ${op.eq(attr.commandsServed, ticket)} AND ${op.notExists(attr.commandHolder)}`;
      }
      const idle = `${op.name(attr.commandsIssued)} = ${op.name(attr.commandsServed)}`;
      return `${connected} AND (${op.notExists(attr.commandsIssued)} OR ${idle})`;
    },
  };
}

/**
 * Claims the wire: on an idle lane (`ticket` undefined: takes the ticket too) or for a queued
 * ticket whose turn it is. One UpdateItem, or one TransactWriteItems with `writes`.
 * @returns false when the lane or the connection said no
 * @throws Error when one of `writes` was refused (a bug of the caller: nothing was written)
 */
export async function claim(
  db: Db,
  chargerId: number,
  holder: LaneHolder,
  ticket: number | undefined,
  writes?: ClaimWrites,
): Promise<boolean> {
  const { data, where } = claimUpdate(holder, ticket);
  if (!writes) return conditionHeld(db.charger.patch({ chargerId }).data(data).where(where).go());
  const outcome = await transact(db, (entities) => ({
    lane: entities.charger.patch({ chargerId }).data(data).where(where).commit(),
    writes: writes(entities),
  }));
  if (outcome.failed('writes')) {
    throw new Error(
      `A write made with a command on charger ${chargerId} was refused: ${outcome.failedLabels.join(', ')}`,
    );
  }
  return outcome.ok;
}

/**
 * Takes a ticket on a busy lane of the connection (one UpdateItem returning the lane). A ticket is
 * only taken while the lane is busy, so that its turn starts when the lane moves to it (which
 * stamps `commandTurnAt`); an idle lane is claimed at once instead.
 * @returns the ticket and the lane after it, or undefined when the lane is idle or the connection
 *   is no longer the charger's
 */
export async function takeTicket(
  db: Db,
  chargerId: number,
  connectionId: string,
): Promise<{ ticket: number; lane: LaneState } | undefined> {
  const taken = await unlessConditionFails(
    db.charger
      .patch({ chargerId })
      .data((attr, op) => op.add(attr.commandsIssued, 1))
      .where((attr, op) => {
        const busy = `${op.name(attr.commandsIssued)} <> ${op.name(attr.commandsServed)}`;
        return `${op.eq(attr.currentConnectionId, connectionId)} AND ${busy}`;
      })
      .go({ response: 'all_new' }),
  );
  return taken && { ticket: (taken.data.commandsIssued ?? 1) - 1, lane: taken.data };
}

/**
 * Releases the wire held by `messageId`: the next ticket's turn (one UpdateItem). Nothing happens
 * when another command holds it (already released, or the lane was reset).
 */
export async function release(db: Db, chargerId: number, messageId: string): Promise<boolean> {
  const { data, where } = releaseUpdate(messageId);
  return conditionHeld(db.charger.patch({ chargerId }).data(data).where(where).go());
}

/**
 * The release: the next ticket's turn, if `messageId` holds the lane (and was posted to
 * `connectionId`, when given). For a transaction that also stores the answer.
 */
export function releaseUpdate(messageId: string, connectionId?: string): ChargerUpdate {
  return {
    data: (attr, op) => {
      op.add(attr.commandsServed, 1, 0);
      op.set(attr.commandTurnAt, Date.now());
      op.remove(attr.commandHolder);
    },
    where: (attr, op) => {
      const held = op.eq(attr.commandHolder.messageId, messageId);
      return connectionId === undefined ? held : `${held} AND ${op.eq(attr.commandHolder.connectionId, connectionId)}`;
    },
  };
}

/**
 * Skips the ticket whose turn it is (`served`) when its waiter gave up or never came: one
 * UpdateItem, conditional on the lane not having moved.
 */
export async function skipTurn(db: Db, chargerId: number, served: number): Promise<boolean> {
  return conditionHeld(
    db.charger
      .patch({ chargerId })
      .data((attr, op) => {
        op.set(attr.commandsServed, served + 1);
        op.set(attr.commandTurnAt, Date.now());
        op.delete(attr.commandsAbandoned, [served]);
      })
      .where((attr, op) => `${op.eq(attr.commandsServed, served)} AND ${op.notExists(attr.commandHolder)}`)
      .go(),
  );
}

/** Notes a ticket given up before its turn, so that the lane skips it at once (one UpdateItem). */
export async function abandon(db: Db, chargerId: number, connectionId: string, ticket: number): Promise<void> {
  await conditionHeld(
    db.charger
      .patch({ chargerId })
      .add({ commandsAbandoned: [ticket] })
      .where((attr, op) => op.eq(attr.currentConnectionId, connectionId))
      .go(),
  );
}

/** What a waiter with `ticket` should do, given the lane it read. */
export type LaneStep = 'claim' | 'wait' | 'skipped' | { release: string } | { skip: number };

/** Decides a waiter's next step (pure: the lane and the time). */
export function nextStep(lane: LaneState, ticket: number, now: number): LaneStep {
  const served = lane.commandsServed ?? 0;
  const holder = lane.commandHolder;
  if (served > ticket) return 'skipped';
  if (holder) return holder.leaseUntil < now ? { release: holder.messageId } : 'wait';
  if (served === ticket) return 'claim';
  const abandoned = lane.commandsAbandoned?.includes(served) ?? false;
  return abandoned || (lane.commandTurnAt ?? 0) + TURN_GRACE_MS < now ? { skip: served } : 'wait';
}
