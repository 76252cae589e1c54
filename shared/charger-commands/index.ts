/**
 * The charger-command catalogue's shared part (`commands.ts`): the target charger, the answer and
 * failure kinds, the send options and the generic `ChargerCommands` interface. Each domain's own
 * commands and their inputs are in that domain's folder (`commands.ts`).
 *
 * @module
 */
export type {
  ChargerAnswer,
  ChargerCommands,
  ChargerFinder,
  ChargerRecord,
  CommandableCharger,
  CommandCatalog,
  CommandFailureKind,
  CommandShape,
  SendOptions,
  VersionInputs,
  WritesWithCommand,
} from './commands';
