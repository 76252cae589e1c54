/**
 * The face of `shared/chargers/` (chargers, ports, sites, registration, OCPP passwords, port
 * readings): what the adapters (`shared/api`, `shared/ocpp`, `lambdas/`, `lib/`, `bin/`) import of
 * it, and only through here (`.dependency-cruiser.cjs`, docs/architecture.md "Domain folders").
 * Tests may import the modules.
 *
 * @module
 */
export {
  type ChargerCertificate,
  latestCertificateEndingAfter,
  listChargerCertificates,
  recordChargerCertificate,
  revokeChargerCertificate,
} from './certificates';
export { certificateSerialSchema } from './certificate-serial-schema';
export { listChargers, readCharger } from './chargers';
export { promotePendingPassword } from './credentials';
export { ocppPasswordSchema } from './password-schema';
export { ChargerNotFoundError, SiteNotFoundError } from './errors';
export { CHARGER_CONSTRAINTS, type ChargerItem } from './items';
export { LastMessageRecorder } from './last-message';
export { verifyPassword } from './passwords';
export { backfillPortLocations } from './port-lookup';
export { registerCharger, registerChargerSchema, updateCharger, updateChargerSchema } from './registration';
export { setSecurityProfile } from './security-profile';
export { securityProfileSchema } from './security-profile-schema';
export { createSite, createSiteSchema, getSite, listSitesWithChargers } from './sites';
export type { Charger, CurrentChargingSession, Port, SiteWithChargers } from './views';
