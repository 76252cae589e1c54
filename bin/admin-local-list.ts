/**
 * Operator CLI command of the local authorization list (`npm run admin -- chargers local-list`,
 * docs/local-authorization-list.md): a charger's list as the CSMS last set it, and, with `--sync`,
 * a Full update asked for, which the table's stream performs when the charger is connected (the
 * running stack's, locally `npm start`; on AWS the sync function), exactly as
 * `POST /api/chargers/{id}/local-list/sync` does.
 */
import type { Command } from 'commander';
import type { Db } from '../shared/db';
import { readLocalList, requestResync } from '../shared/local-auth-list';
import { chargerOperatorScope, positiveInteger, run } from './cli-support';

/**
 * Adds `local-list` to the `chargers` command.
 * @param db opens the table the CLI's options name
 */
export function addLocalListCommands(chargers: Command, db: () => Db): void {
  chargers
    .command('local-list')
    .description(
      "Print a charger's local authorization list (OCPP SendLocalList) as the CSMS last set it: its version, " +
        'cards, limits and last update; --sync sends the whole list again (a Full update, when the charger is connected)',
    )
    .requiredOption('--id <id>', 'charger ID', positiveInteger)
    .option('--sync', 'ask for a Full update of the list')
    .action(
      run(async (o: { id: number; sync?: boolean }) => {
        const data = db();
        const scope = await chargerOperatorScope(data, o.id);
        return (o.sync ? requestResync : readLocalList)(data, scope, o.id);
      }),
    );
}
