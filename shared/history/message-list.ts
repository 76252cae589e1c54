/**
 * `GET /api/ocpp-messages` (reference notes, "Alerts, errors, OCPP messages"): one charger's
 * logged OCPP exchanges (`shared/ocpp/message-log.ts`), newest first, within
 * [`startTimestamp`, `endTimestamp`) (default the last 24 hours; under 8 days, the time messages
 * are kept), of the `messageType`s named, `limit` per page (default 50, at most 500).
 *
 * DynamoDB requests per page: 1 GetItem (the charger, for the caller's scope), then one Query per
 * UTC day of the range, newest day first, until the page is full.
 */
import type { EntityItem } from 'electrodb';
import type { Db } from '../db';
import { paginate, type Page } from '../db/pagination';
import type { AccessScope } from '../organizations/access-scope';
import { canAccess } from '../organizations/access-scope';
import { HistoryChargerNotFoundError, InvalidHistoryInputError } from './errors';
import { utcDay } from './history-log';
import { decodePosition, encodePosition, type Position } from './pages';
import type { OcppProtocol } from '../db/entities/common';

/** Longest range, exclusive: 8 days (messages are kept 8 days). */
const MAX_MESSAGE_RANGE_MS = 8 * 86_400_000;
/** The default range: the last 24 hours. */
const DEFAULT_MESSAGE_RANGE_MS = 86_400_000;
/** Messages per page by default, and at most. */
const MESSAGE_PAGE_SIZE = { default: 50, max: 500 } as const;

type OcppMessageItem = EntityItem<Db['ocppMessage']>;

/** The query of the message log. */
export interface MessageListRequest {
  chargerId: number;
  startTimestamp?: string;
  endTimestamp?: string;
  /** OCPP actions (already checked to be names of actions). */
  messageTypes?: string[];
  limit?: number;
  nextPageCursor?: string;
}

/** A logged frame as the API serves it: its text (cut at 32 KB when it was longer) and whole size. */
export interface LoggedFrame {
  /** The frame as it went over the WebSocket, or its first 32 KB. */
  text: string;
  /** The whole frame's size, bytes of UTF-8. */
  bytes: number;
  /** Whether `text` is only the start of the frame. */
  truncated: boolean;
}

/** One logged exchange. */
export interface OcppMessage {
  /** `<chargerId>-<epoch ms>-<messageId>`. */
  id: string;
  createdAt: string;
  ocppChargerIdentity: string;
  messageType: string;
  /** Who sent the CALL. */
  direction: 'fromCharger' | 'toCharger';
  /**
   * The CALL's payload parsed from its frame (a number beyond JavaScript's precision parsed as the
   * nearest double: `messageFrame.text` has it exactly); `{ truncated: true, bytes }` when the
   * frame was cut; null when the frame has no payload member.
   */
  messagePayload: unknown;
  /** The CALLRESULT payload, `{ errorCode, errorDescription }` of a CALLERROR, or null (no answer). */
  messageResponse: unknown;
  responseType: 'CALLRESULT' | 'CALLERROR' | null;
  /** The CALL frame as text. */
  messageFrame: LoggedFrame;
  /** The answer frame as text; null without an answer. */
  responseFrame: LoggedFrame | null;
  chargerId: number;
  protocol: OcppProtocol;
}

/** A stored frame as served: its text, whole size and whether the text is cut. */
function loggedFrame(text: string, bytes: number): LoggedFrame {
  return { text, bytes, truncated: bytes > Buffer.byteLength(text) };
}

/** A frame's members, or undefined when its text is cut or not a JSON array. */
function membersOf(text: string): unknown[] | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The payload at `index` of a stored frame (a CALL's at 3, a CALLRESULT's at 2): null when there
 * is none; `{ truncated: true, bytes }` when the frame was cut (the shape payloads over 32 KB had).
 */
function payloadOf(text: string, bytes: number, index: number): unknown {
  if (loggedFrame(text, bytes).truncated) return { truncated: true, bytes };
  return membersOf(text)?.[index] ?? null;
}

/** Whether a logged exchange has its answer (`completeCommand` and the log write the frame and its size together). */
function answered(m: OcppMessageItem): m is OcppMessageItem & { responseFrame: string; responseFrameBytes: number } {
  return m.responseFrame !== undefined && m.responseFrameBytes !== undefined;
}

/** The answer of a stored answer frame: a CALLRESULT's payload, or `{ errorCode, errorDescription }`. */
function responseOf(text: string, bytes: number): unknown {
  const members = membersOf(text);
  if (members?.[0] !== 4) return payloadOf(text, bytes, 2);
  return { errorCode: members[2] ?? null, errorDescription: members[3] ?? null };
}

/**
 * The range of a request, epoch ms.
 * @throws InvalidHistoryInputError naming `endTimestamp` (not after the start, or 8 days or more after it)
 */
function rangeOf(request: MessageListRequest, now: number) {
  const to = request.endTimestamp ? Date.parse(request.endTimestamp) : now;
  const from = request.startTimestamp ? Date.parse(request.startTimestamp) : to - DEFAULT_MESSAGE_RANGE_MS;
  if (to <= from) throw new InvalidHistoryInputError('endTimestamp', 'must be after startTimestamp');
  if (to - from >= MAX_MESSAGE_RANGE_MS)
    throw new InvalidHistoryInputError('endTimestamp', 'the range must be under 8 days');
  return { from, to };
}

/** Reads the days of the range newest first until `count` messages after `after` are read. */
async function readDays(
  db: Db,
  request: MessageListRequest,
  range: { from: number; to: number },
  after: Position | undefined,
  count: number,
) {
  const found: OcppMessageItem[] = [];
  const lower = { createdAt: new Date(range.from).toISOString() };
  const upper = after
    ? { createdAt: after.time, messageId: after.id }
    : { createdAt: new Date(range.to).toISOString() };
  const types = request.messageTypes;
  const firstDay = Date.parse(utcDay(range.from));
  for (
    let day = Date.parse(utcDay(Date.parse(upper.createdAt)));
    day >= firstDay && found.length < count;
    day -= 86_400_000
  ) {
    const query = db.ocppMessage.query
      .primary({ chargerId: request.chargerId, day: utcDay(day) })
      .between(lower, upper);
    // A reply to a CALL of ours that the log did not keep has no messageType: not listed.
    const filtered = types
      ? query.where((attr, { eq }) => types.map((t) => eq(attr.messageType, t)).join(' OR '))
      : query.where((attr, { exists }) => exists(attr.messageType));
    // One more: BETWEEN includes the previous page's last message.
    const { data } = await filtered.go({ order: 'desc', count: count - found.length + 1 });
    found.push(...data.filter((m) => !(after && m.createdAt === after.time && m.messageId === after.id)));
  }
  return found.slice(0, count);
}

/**
 * One page of a charger's logged messages.
 * @throws HistoryChargerNotFoundError when the charger is unknown or not the caller's
 * @throws InvalidHistoryInputError for a bad range or cursor
 */
export async function listOcppMessages(
  db: Db,
  scope: AccessScope,
  request: MessageListRequest,
  nowMs = Date.now(),
): Promise<Page<OcppMessage>> {
  const range = rangeOf(request, nowMs);
  const { data: charger } = await db.charger.get({ chargerId: request.chargerId }).go();
  if (!charger || !canAccess(scope, charger.organizationId, charger.siteId))
    throw new HistoryChargerNotFoundError(request.chargerId);
  const { nextPageCursor, ...query } = request;
  const pageSize = request.limit ?? MESSAGE_PAGE_SIZE.default;
  const page = await paginate(
    { list: 'ocppMessages', organizationId: scope.organizationId, query },
    nextPageCursor,
    pageSize,
    async (inner, limit) => {
      const after = inner === null ? undefined : decodePosition(inner);
      if (inner !== null && !after) throw new InvalidHistoryInputError('nextPageCursor', 'not a cursor of this list');
      const items = await readDays(db, request, range, after, limit + 1);
      const page = items.slice(0, limit);
      const last = page[page.length - 1];
      return {
        items: page,
        cursor: items.length > limit && last ? encodePosition({ time: last.createdAt, id: last.messageId }) : null,
      };
    },
  );
  return {
    data: page.data.map((m) => ({
      id: `${m.chargerId}-${Date.parse(m.createdAt)}-${m.messageId}`,
      createdAt: m.createdAt,
      ocppChargerIdentity: charger.ocppId,
      messageType: m.messageType,
      direction: m.direction,
      messagePayload: payloadOf(m.frame, m.frameBytes, 3),
      messageResponse: answered(m) ? responseOf(m.responseFrame, m.responseFrameBytes) : null,
      responseType: m.responseType ?? null,
      messageFrame: loggedFrame(m.frame, m.frameBytes),
      responseFrame: answered(m) ? loggedFrame(m.responseFrame, m.responseFrameBytes) : null,
      chargerId: m.chargerId,
      protocol: m.protocol,
    })),
    pagination: page.pagination,
  };
}
