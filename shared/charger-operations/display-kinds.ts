/**
 * The display-message operation kinds (docs/charger-operations.md, "Display messages"): a message
 * on chargers' screens (OCPP 2.0.1 O01 SetDisplayMessage) and its removal (O05
 * ClearDisplayMessage). OCPP 1.6 has no display messages: the commands are declared for 2.0.1
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
import { NotTakenByChargerError } from './errors';
import type { OperationInput } from './inputs';
import { outcomeOf, type OperationKind } from './kinds';

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
