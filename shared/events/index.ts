/**
 * The face of `shared/events/` (the events integrators are told): what the adapters (`shared/api`,
 * `shared/ocpp`, `lambdas/`, `lib/`, `bin/`) import of it, and only through here
 * (`.dependency-cruiser.cjs`, docs/architecture.md "Domain folders"). Tests may import the modules.
 *
 * @module
 */
export { tableEventsOf } from './table-events';
export { EVENT_TYPES, type EventType } from './types';
