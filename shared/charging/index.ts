/**
 * The face of `shared/charging/` (sessions and the transaction service both OCPP versions use, port
 * status, authorization, remote control and the charger password, and the commands they send): what
 * the adapters (`shared/api`, `shared/ocpp`, `lambdas/`, `lib/`, `bin/`) import of it, and only
 * through here (`.dependency-cruiser.cjs`, docs/architecture.md "Domain folders"). Tests may import
 * the modules.
 *
 * @module
 */
export { authorizeIdTag } from './authorization';
export type { ChargerConnection } from './charger-connection';
export { changeChargerPassword } from './charger-password';
export { recordBoot, recordChargerStatus, recordFirmwareStatus } from './charger-reports';
export { chargerTime } from './charger-time';
export {
  type CertificateCommandCatalog,
  type CertificateSigningUse,
  confirmsPassword,
  type CostCommandCatalog,
  type ChargerPasswordStatus,
  type CredentialsCommandCatalog,
  type RemoteControlCommandCatalog,
  type RemoteStartInput,
  type ReserveNowInput,
  type ReserveNowStatus,
  type TariffCommandCatalog,
} from './commands';
export {
  type CostRepricing,
  type CostUpdate,
  costRepricingsOf,
  sendCostRepricings,
} from './cost-updates';
export { recordPortStatus } from './ports';
export { type SiteChargers, siteChargersOnce } from './site-chargers';
export {
  sendTariffUpdates,
  TARIFF_UPDATE_ENTITIES,
  type TariffUpdateOutcome,
  type TariffUpdates,
  tariffUpdatesOf,
} from './tariff-updates';
export { cancelPortReservation, endReservation, remoteStartPort, remoteStopPort, reservePort } from './remote-control';
export { runningCost } from './running-cost';
export { getSession, storableId } from './sessions';
export type { EndedSession } from './session-end';
export {
  endTransaction,
  endUsedReservation,
  recordTransactionReadings,
  startTransaction,
  transactionReadings,
  type TransactionReadings,
} from './transactions';
