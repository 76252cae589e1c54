/**
 * The face of `shared/local-auth-list/` (chargers' local authorization lists, their synchronisation
 * and its triggers, and the commands it sends): what the adapters (`shared/api`, `shared/ocpp`,
 * `lambdas/`, `lib/`, `bin/`) import of it, and only through here (`.dependency-cruiser.cjs`,
 * docs/architecture.md "Domain folders"). Tests may import the modules.
 *
 * @module
 */
export type { LocalListCommandCatalog, LocalListEntry, LocalListSupport } from './commands';
export { desiredEntries, synchroniseChargers, type SyncContext } from './sync';
export { chargersToSync, LOCAL_LIST_SYNC_STREAM, listSyncsOf, LOCAL_LIST_TRIGGERING_ENTITIES } from './triggers';
export { readLocalList, requestResync } from './views';
