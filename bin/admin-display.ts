/**
 * Operator CLI commands of display messages (`npm run admin -- chargers display-message|
 * clear-display-message|display-messages`, docs/charger-operations.md, "Display messages"): a
 * message on OCPP 2.0.1 chargers' screens, its removal and the listing of the messages they hold,
 * as the API's set-display-message, clear-display-message and get-display-messages operations,
 * recorded in the audit trail as asked by the operator CLI.
 */
import { InvalidArgumentError, Option, type Command } from 'commander';
import type { Db } from '../shared/db';
import { MESSAGE_FORMATS, MESSAGE_PRIORITIES, MESSAGE_STATES } from '../shared/charger-operations';
import { givenOf, operate, operationCommand, targetsOf, type Options } from './admin-operations';
import { run } from './cli-support';

/** A message id on a charger (a whole number). */
function messageIdOf(value: string): number {
  if (!/^[0-9]{1,10}$/.test(value)) throw new InvalidArgumentError('must be a message id (a whole number)');
  return Number(value);
}

/** Message ids to filter on (`--id`, repeatable). */
const messageIds = (value: string, previous: number[] = []) => [...previous, messageIdOf(value)];

/** Adds `display-message`, `clear-display-message` and `display-messages` to the `chargers` command. */
export function addDisplayCommands(chargers: Command, db: () => Db): void {
  const operation = (name: string, description: string) => operationCommand(chargers, name, description, 'no');

  operation('display-message', "Show a message on chargers' screens (OCPP 2.0.1 SetDisplayMessage)")
    .requiredOption('--content <text>', 'the message (at most 512 characters, or the charger’s limit)')
    .addOption(new Option('--priority <priority>', 'AlwaysFront, InFront or NormalCycle').choices(MESSAGE_PRIORITIES))
    .addOption(new Option('--format <format>', 'how content is written').choices(MESSAGE_FORMATS).default('UTF8'))
    .option('--language <tag>', 'RFC 5646 language tag, e.g. en, nl-BE')
    .addOption(new Option('--state <state>', 'shown only in this charger state').choices(MESSAGE_STATES))
    .option('--start <iso>', 'shown from (ISO 8601; default at once)')
    .option('--end <iso>', 'removed then (ISO 8601)')
    .option('--transaction-id <id>', 'shown during this transaction only')
    .option('--id <id>', "the message's id (replaces the charger's message of that id; default ours)", messageIdOf)
    .action(
      run(async (o: Options) => {
        const message = {
          ...givenOf(o, {
            id: 'id',
            state: 'state',
            startDateTime: 'start',
            endDateTime: 'end',
            transactionId: 'transactionId',
          }),
          priority: o.priority ?? 'NormalCycle',
          message: { format: o.format, content: o.content, ...givenOf(o, ['language']) },
        };
        return operate(db(), 'setDisplayMessage', { ...targetsOf(o), message }, o, {
          message: '--content, --priority, --start, --end, --state, --language or --transaction-id',
        });
      }),
    );

  operation('clear-display-message', "Remove a message from chargers' screens (OCPP 2.0.1 ClearDisplayMessage)")
    .requiredOption('--id <id>', "the message's id", messageIdOf)
    .action(
      run(async (o: Options) => operate(db(), 'clearDisplayMessage', { ...targetsOf(o), id: o.id }, o, { id: '--id' })),
    );

  operation('display-messages', "List the messages on chargers' screens (OCPP 2.0.1 GetDisplayMessages)")
    .option('--id <id>', 'only the message of this id; repeat for several', messageIds)
    .addOption(new Option('--priority <priority>', 'only messages of this priority').choices(MESSAGE_PRIORITIES))
    .addOption(new Option('--state <state>', 'only messages shown in this charger state').choices(MESSAGE_STATES))
    .action(
      run(async (o: Options) =>
        operate(db(), 'getDisplayMessages', { ...targetsOf(o), ...givenOf(o, ['id', 'priority', 'state']) }, o, {
          id: '--id',
          priority: '--priority',
          state: '--state',
        }),
      ),
    );
}
