/**
 * The display-message operation kinds (docs/charger-operations.md, "Display messages"): a message
 * on chargers' screens (OCPP 2.0.1 O01 SetDisplayMessage) and its removal (O05
 * ClearDisplayMessage), and the listing of a charger's messages (O03/O04 GetDisplayMessages, its
 * pages and settling in `display-report.ts`). OCPP 1.6 has no display messages: the commands are declared for 2.0.1
 * only, so a 1.6 charger's result is `notSupported` with nothing sent, as customer information's.
 *
 * A message's content is at most 512 characters (the schema's limit, checked by the body); a
 * charger whose stored device model reports `DisplayMessageCtrlr.DisplayMessageMaxLength` takes at
 * most that many: a longer content is a 400 naming `message.message.content`, nothing sent.
 */
import { allocateIds } from '../db';
import { loadConfiguration } from '../charger-configuration/store';
import type { StoredVariable } from '../charger-configuration/settings';
import { DISPLAY_MESSAGE_MAX_LENGTH } from './display';
import { DISPLAY_MESSAGES_TIMEOUT_MS, noteOf, settleDisplayMessages } from './display-report';
import { NotTakenByChargerError } from './errors';
import type { OperationInput } from './inputs';
import { outcomeOf, type OperationKind } from './kinds';
import { storeRequestBeforeCall } from './request-items';

/**
 * The content length a device model allows: `DisplayMessageCtrlr.DisplayMessageMaxLength`'s actual
 * value, else its `maxLimit`; undefined when it reports neither. Pure.
 */
export function displayMessageMaxLength(variables: readonly StoredVariable[]): number | undefined {
  const { component, variable } = DISPLAY_MESSAGE_MAX_LENGTH;
  const found = variables.find(
    (v) =>
      v.component.name.toLowerCase() === component.toLowerCase() &&
      v.variable.name.toLowerCase() === variable.toLowerCase(),
  );
  if (!found) return undefined;
  const actual = Number(found.attributes.find((a) => a.type === 'Actual')?.value ?? Number.NaN);
  if (Number.isInteger(actual) && actual >= 0) return actual;
  return found.characteristics?.maxLimit;
}

/**
 * SetDisplayMessage (O01): the message under its id (ours, from the `displayMessage` counter, when
 * the body gives none); the result's `displayMessageId` names it to clear it later. Accepted is
 * `accepted`; NotSupportedMessageFormat, NotSupportedPriority, NotSupportedState,
 * UnknownTransaction and Rejected are `rejected`.
 */
export const setDisplayMessage: OperationKind<OperationInput<'setDisplayMessage'>> = {
  action: 'setDisplayMessage',
  async check(request, charger, db) {
    if (charger.connection.protocol === 'ocpp1.6') return;
    const stored = await loadConfiguration(db, charger.chargerId);
    const limit = displayMessageMaxLength(stored?.settings.variables ?? []);
    const length = request.message.message.content.length;
    if (limit !== undefined && length > limit) {
      throw new NotTakenByChargerError(
        'message.message.content',
        charger.chargerId,
        `${length} characters: it reports DisplayMessageCtrlr.DisplayMessageMaxLength ${limit}`,
      );
    }
  },
  async perform({ db, commands, request, target, charger }) {
    // 1.6 answers NotSupported without a CALL: no id is taken for it.
    const id =
      request.message.id ?? (charger.connection.protocol === 'ocpp1.6' ? 0 : await allocateIds(db, 'displayMessage'));
    const answer = await commands.send(target.chargerId, 'SetDisplayMessage', { ...request.message, id });
    const outcome = outcomeOf(answer);
    return answer.ok ? { ...outcome, displayMessageId: id } : outcome;
  },
};

/** ClearDisplayMessage (O05): the message of that id; Accepted `accepted`, Unknown `rejected`. */
export const clearDisplayMessage: OperationKind<OperationInput<'clearDisplayMessage'>> = {
  action: 'clearDisplayMessage',
  async perform({ commands, request, target }) {
    return outcomeOf(await commands.send(target.chargerId, 'ClearDisplayMessage', { id: request.id }));
  },
};

/**
 * GetDisplayMessages for each target (2.0.1 only). The request is written before the CALL (1
 * UpdateItem of the counter, 1 UpdateItem); Accepted is `scheduled` until the last page
 * ({@link DISPLAY_MESSAGES_TIMEOUT_MS} at most), Unknown `accepted` with no messages.
 */
export const getDisplayMessages: OperationKind<OperationInput<'getDisplayMessages'>> = {
  action: 'getDisplayMessages',
  scheduledForMs: DISPLAY_MESSAGES_TIMEOUT_MS,
  check(request, charger) {
    if (charger.connection.protocol !== 'ocpp1.6') return;
    const filter = (['id', 'priority', 'state'] as const).find((field) => request[field] !== undefined);
    if (filter) {
      throw new NotTakenByChargerError(
        filter,
        charger.chargerId,
        'display messages are OCPP 2.0.1 (O03): 1.6 has none',
      );
    }
  },
  async perform(context) {
    const { commands, request, target, charger } = context;
    // 1.6 has no GetDisplayMessages: the command answers NotSupported without a CALL, so nothing is written.
    const requestId =
      charger.connection.protocol === 'ocpp1.6'
        ? 0
        : await storeRequestBeforeCall(context, 'displayMessagesRequest', { messages: [] });
    const { id, priority, state } = request;
    const answer = await commands.send(target.chargerId, 'GetDisplayMessages', { requestId, id, priority, state });
    const outcome = outcomeOf(answer);
    if (!answer.ok) return outcome;
    if (outcome.ocppStatus === 'Unknown') {
      const displayMessages = { requestId, complete: true, messages: [] };
      return { ...outcome, status: 'accepted', displayMessages, note: noteOf(displayMessages) };
    }
    if (outcome.status !== 'accepted') return outcome;
    return {
      ...outcome,
      status: 'scheduled',
      displayMessages: { requestId, complete: false },
      note: `requestId ${requestId}: waiting for the messages`,
    };
  },
  settle: settleDisplayMessages,
};
