/**
 * What a display message is, version-neutral with OCPP 2.0.1's names (MessageInfoType, part 2
 * §2.x; functional block O): its priorities, states and formats, and a message as the API sets it.
 * Types and constants only, imported by the kinds, their bodies and their commands alike.
 */

/** Message priorities (2.0.1 MessagePriorityEnumType): AlwaysFront and InFront before the normal cycle. */
export const MESSAGE_PRIORITIES = ['AlwaysFront', 'InFront', 'NormalCycle'] as const;

/** The charger states a message is shown in (2.0.1 MessageStateEnumType); none: always. */
export const MESSAGE_STATES = ['Charging', 'Faulted', 'Idle', 'Unavailable'] as const;

/** Message formats (2.0.1 MessageFormatEnumType). */
export const MESSAGE_FORMATS = ['ASCII', 'HTML', 'URI', 'UTF8'] as const;

/** Most characters of a message's content: OCPP 2.0.1 MessageContentType `content` (maxLength 512). */
export const MAX_MESSAGE_CONTENT = 512;

/**
 * The device-model variable whose value (or `maxLimit`) bounds a message's content on a charger,
 * component `DisplayMessageCtrlr`: 2.0.1's appendix names no standard one, so this is the name read
 * when a charger reports it (docs/charger-operations.md, "Display messages").
 */
export const DISPLAY_MESSAGE_MAX_LENGTH = { component: 'DisplayMessageCtrlr', variable: 'DisplayMessageMaxLength' };

/** A message to show (2.0.1 MessageInfoType without `display`), with the id it is set under. */
export interface DisplayMessage {
  /** The message's id on the charger (ours when the request gave none). */
  id: number;
  priority: (typeof MESSAGE_PRIORITIES)[number];
  state?: (typeof MESSAGE_STATES)[number];
  /** ISO 8601; absent: at once. */
  startDateTime?: string;
  /** ISO 8601; the charger removes the message then. */
  endDateTime?: string;
  /** Shown during this transaction only (the charger's transactionId). */
  transactionId?: string;
  message: { format: (typeof MESSAGE_FORMATS)[number]; language?: string; content: string };
}

/**
 * A message as a charger reports it (2.0.1 MessageInfoType in NotifyDisplayMessages, O03/O04):
 * a message as set, with the display it is shown on when the charger names one.
 */
export interface ReportedDisplayMessage extends DisplayMessage {
  /** The display (2.0.1 ComponentType: `name`, `instance?`, `evse?`) it is shown on. */
  display?: { name: string; instance?: string; evse?: { id: number; connectorId?: number } };
}

/**
 * GetDisplayMessages' input (2.0.1 O03/O04): our `requestId` and the filters, each optional; a
 * message matches when it matches every filter given.
 */
export interface GetDisplayMessagesInput {
  /** Ours (the `displayMessagesRequest` counter): the NotifyDisplayMessages pages name it. */
  requestId: number;
  /** Only these message ids. */
  id?: number[];
  priority?: (typeof MESSAGE_PRIORITIES)[number];
  state?: (typeof MESSAGE_STATES)[number];
}

/** The messages a charger listed (a get-display-messages result's `displayMessages`). */
export interface DisplayMessagesReport {
  /** Ours (GetDisplayMessages `requestId`), unique across chargers. */
  requestId: number;
  /** Whether the last page (`tbc` false) has come, or the charger answered Unknown (nothing matches). */
  complete: boolean;
  /** Once complete: the messages, in the order the pages and their `messageInfo` came. */
  messages?: ReportedDisplayMessage[];
  /** Set when the charger listed more than `MAX_LISTED_MESSAGES` (`display-report.ts`): the rest are left out. */
  truncated?: boolean;
}
