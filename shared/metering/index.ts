/**
 * The face of `shared/metering/` (meter values in version-neutral form): what the adapters
 * (`shared/api`, `shared/ocpp`, `lambdas/`, `lib/`, `bin/`) import of it, and only through here
 * (`.dependency-cruiser.cjs`, docs/architecture.md "Domain folders"). Tests may import the modules.
 *
 * @module
 */
export { boundedReading, type MeterValue } from './meter-values';
