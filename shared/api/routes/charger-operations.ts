/**
 * The `chargerOperations` route group: charger operations as resources
 * (docs/charger-operations.md), one `POST /api/ocpp/<kind>` per operation kind with the kind's own
 * body schema (`shared/charger-operations/inputs.ts`), answered with the operation as the reads
 * show it (`charger-operation-reads.ts`, which holds the operation's schemas: the reads' function
 * then loads none of these routes' texts). The function also serves the charger logs' and the
 * firmware campaigns' groups.
 */
import { OPERATION_INPUTS } from '../../charger-operations';
import { ChargerOperationResponse } from './charger-operation-reads';
import { defineRoutes } from './define';

const ANSWER =
  "200 with the operation when every charger answered within a few seconds (results with each charger's answer), else 202 with it pending: follow it with GET /api/charger-operations/{operationId}. Targets: chargerId, chargerIds (bulk, up to 500) or siteId (every charger of the site), exactly one. 404 unknown charger, port or site (nothing sent); 400 a field the charger's OCPP version does not take, named (nothing sent). A charger not connected is a result notConnected, not an error.";

const responses = {
  200: { description: 'The operation, ended', schema: ChargerOperationResponse },
  202: { description: 'The operation, pending', schema: ChargerOperationResponse },
};

/** The routes, in the order the OpenAPI document lists them. */
export const chargerOperationRoutes = defineRoutes('chargerOperations', {
  'POST /api/ocpp/reset': {
    role: 'operator',
    summary: 'Reset chargers (OCPP Reset)',
    description: `1.6 Soft/Hard; 2.0.1 OnIdle/Immediate, optionally one port (portId, sent as evseId). A charger that resets before it answers (its connection drops, then it boots) is accepted. A 2.0.1 Scheduled (OnIdle while charging) is a success that settles when the charger boots. ${ANSWER}`,
    tags: ['Charger operations'],
    request: { body: OPERATION_INPUTS.reset },
    responses,
  },
  'POST /api/ocpp/unlock-connector': {
    role: 'operator',
    summary: "Unlock a port's connector (OCPP UnlockConnector)",
    description: `Unlocked is accepted; UnlockFailed, OngoingAuthorizedTransaction, UnknownConnector are rejected, NotSupported notSupported. ${ANSWER}`,
    tags: ['Charger operations'],
    request: { body: OPERATION_INPUTS.unlockConnector },
    responses,
  },
  'POST /api/ocpp/change-availability': {
    role: 'operator',
    summary: 'Make chargers or a port Operative or Inoperative (OCPP ChangeAvailability)',
    description: `Scheduled (a transaction in progress) is a success: the result stays scheduled until the port's status (every port's, for a charger) shows the change, then accepted. ${ANSWER}`,
    tags: ['Charger operations'],
    request: { body: OPERATION_INPUTS.changeAvailability },
    responses,
  },
  'POST /api/ocpp/trigger-message': {
    role: 'operator',
    summary: 'Ask chargers to send a message (OCPP TriggerMessage)',
    description: `Only the messages of the charger's version: 1.6 BootNotification, DiagnosticsStatusNotification, FirmwareStatusNotification, Heartbeat, MeterValues, StatusNotification; 2.0.1 also LogStatusNotification, TransactionEvent, the Sign…Certificate and PublishFirmwareStatusNotification, not DiagnosticsStatusNotification. NotImplemented is notSupported. ${ANSWER}`,
    tags: ['Charger operations'],
    request: { body: OPERATION_INPUTS.triggerMessage },
    responses,
  },
  'POST /api/ocpp/clear-cache': {
    role: 'operator',
    summary: "Clear chargers' authorization cache (OCPP ClearCache)",
    description: ANSWER,
    tags: ['Charger operations'],
    request: { body: OPERATION_INPUTS.clearCache },
    responses,
  },
  'POST /api/ocpp/get-composite-schedule': {
    role: 'operator',
    summary: 'What chargers will enforce (OCPP GetCompositeSchedule)',
    description: `A port's, or a charger's (id 0), over duration seconds: the result's compositeSchedule. ${ANSWER}`,
    tags: ['Charger operations'],
    request: { body: OPERATION_INPUTS.getCompositeSchedule },
    responses,
  },
  'POST /api/ocpp/customer-information': {
    summary: 'What chargers hold about a customer, or clear it (OCPP 2.0.1 CustomerInformation)',
    description: `Admins only: a data-protection request (N09/N10) naming the customer by customerIdentifier, idToken or customerCertificate (at least one; 400 body.customerIdentifier when none), with report (default true) and/or clear (default false; both false: 400 body.report). Accepted with a report: the result is scheduled with customerInformation { requestId, complete: false } until the charger's NotifyCustomerInformation pages are all in, then accepted with the report (at most 64 KiB kept); no report within an hour: timeout. Accepted that only clears: accepted. Rejected, Invalid: rejected. A 1.6 charger has no such message: notSupported, nothing sent. ${ANSWER}`,
    tags: ['Charger operations'],
    request: { body: OPERATION_INPUTS.customerInformation },
    responses,
  },
  'POST /api/ocpp/install-certificate': {
    summary: 'Install a root certificate on chargers (OCPP InstallCertificate)',
    description: `2.0.1 M05, 1.6 security whitepaper. certificate: one X.509 certificate in PEM (400 body.certificate otherwise, nothing sent). Accepted is accepted; Rejected and Failed rejected. See docs/certificates.md. ${ANSWER}`,
    tags: ['Charger operations'],
    request: { body: OPERATION_INPUTS.installCertificate },
    responses,
  },
  'POST /api/ocpp/get-installed-certificate-ids': {
    role: 'operator',
    summary: "List chargers' installed certificates (OCPP GetInstalledCertificateIds)",
    description: `2.0.1 M03, 1.6 security whitepaper (one request per type). The result's installedCertificates: each certificate's type and hash data (hashAlgorithm, issuerNameHash, issuerKeyHash, serialNumber; 2.0.1 childCertificateHashData), empty for NotFound (accepted). ${ANSWER}`,
    tags: ['Charger operations'],
    request: { body: OPERATION_INPUTS.getInstalledCertificateIds },
    responses,
  },
  'POST /api/ocpp/delete-certificate': {
    summary: 'Delete an installed certificate from chargers (OCPP DeleteCertificate)',
    description: `2.0.1 M04, 1.6 security whitepaper: the certificate named by its hash data, as get-installed-certificate-ids lists it. Accepted is accepted; Failed and NotFound rejected. ${ANSWER}`,
    tags: ['Charger operations'],
    request: { body: OPERATION_INPUTS.deleteCertificate },
    responses,
  },
  'POST /api/ocpp/upgrade-security-profile': {
    role: 'admin',
    summary: 'Move chargers to security profile 3 (OCPP 2.0.1 A05 SetNetworkProfile; 1.6 SecurityProfile key)',
    description: `Only for chargers that hold a current certificate of the CSMS CA (else rejected NoCertificate, nothing sent). 2.0.1: SetNetworkProfile (ocppCsmsUrl, securityProfile 3) in configurationSlot, SetVariables OCPPCommCtrlr.NetworkConfigurationPriority = that slot, Reset OnIdle; 1.6: ChangeConfiguration SecurityProfile = 3 (a soft Reset when RebootRequired). Once the charger takes it, its securityProfile here is 3: from its next connection it is refused without its certificate. See docs/certificates.md. ${ANSWER}`,
    tags: ['Charger operations'],
    request: { body: OPERATION_INPUTS.upgradeSecurityProfile },
    responses,
  },
  'POST /api/ocpp/set-variable-monitoring': {
    role: 'operator',
    summary: 'Set monitors on device-model variables (OCPP 2.0.1 SetVariableMonitoring)',
    description: `N04: monitors (component, variable, type UpperThreshold/LowerThreshold/Delta/Periodic/PeriodicClockAligned, value, severity 0-9, transaction) in one CALL per charger; each result's monitors hold the charger's status per monitor and the id it gave (accepted when every monitor is Accepted). 400 monitors.N.component/variable: the charger's stored device model does not report it (or reports it without monitoring); 400 monitors for a 1.6 charger. A monitor's events become chargerMonitor alerts (docs/monitoring.md). ${ANSWER}`,
    tags: ['Monitoring'],
    request: { body: OPERATION_INPUTS.setVariableMonitoring },
    responses,
  },
  'POST /api/ocpp/clear-variable-monitoring': {
    role: 'operator',
    summary: 'Remove monitors (OCPP 2.0.1 ClearVariableMonitoring)',
    description: `N06: monitorIds as the charger gave them; each result's monitors hold Accepted, Rejected or NotFound per ID. 400 monitorIds for a 1.6 charger. ${ANSWER}`,
    tags: ['Monitoring'],
    request: { body: OPERATION_INPUTS.clearVariableMonitoring },
    responses,
  },
  'POST /api/ocpp/set-monitoring-base': {
    role: 'operator',
    summary: 'Choose which monitors are active (OCPP 2.0.1 SetMonitoringBase)',
    description: `N03: All, FactoryDefault or HardWiredOnly. 400 monitoringBase for a 1.6 charger. ${ANSWER}`,
    tags: ['Monitoring'],
    request: { body: OPERATION_INPUTS.setMonitoringBase },
    responses,
  },
  'POST /api/ocpp/set-monitoring-level': {
    role: 'operator',
    summary: 'The least severe events still reported (OCPP 2.0.1 SetMonitoringLevel)',
    description: `N05: events with a severity number above severity (0-9) are not reported. 400 severity for a 1.6 charger. ${ANSWER}`,
    tags: ['Monitoring'],
    request: { body: OPERATION_INPUTS.setMonitoringLevel },
    responses,
  },
  'POST /api/ocpp/set-display-message': {
    role: 'operator',
    summary: "A message on chargers' screens (OCPP 2.0.1 SetDisplayMessage)",
    description: `O01: message { id?, priority AlwaysFront/InFront/NormalCycle, state?, startDateTime?, endDateTime?, transactionId?, message { format ASCII/HTML/URI/UTF8, language?, content } }; without an id the message gets ours, each result's displayMessageId names it (to clear it). content longer than 512 characters, or than the charger's stored DisplayMessageCtrlr.DisplayMessageMaxLength: 400 body.message.message.content, nothing sent; endDateTime not after startDateTime: 400 body.message.endDateTime. Accepted is accepted; NotSupportedMessageFormat, NotSupportedPriority, NotSupportedState, UnknownTransaction, Rejected are rejected. A 1.6 charger has no display messages: notSupported, nothing sent. ${ANSWER}`,
    tags: ['Charger operations'],
    request: { body: OPERATION_INPUTS.setDisplayMessage },
    responses,
  },
  'POST /api/ocpp/clear-display-message': {
    role: 'operator',
    summary: "Remove a message from chargers' screens (OCPP 2.0.1 ClearDisplayMessage)",
    description: `O05: the message of that id; Accepted is accepted, Unknown rejected. A 1.6 charger: notSupported, nothing sent. ${ANSWER}`,
    tags: ['Charger operations'],
    request: { body: OPERATION_INPUTS.clearDisplayMessage },
    responses,
  },
  'POST /api/ocpp/get-display-messages': {
    role: 'operator',
    summary: "The messages on chargers' screens (OCPP 2.0.1 GetDisplayMessages)",
    description: `O03/O04: every message the charger holds, or only those of the ids (id, at most 100), priority and state given. Accepted: the result is scheduled with displayMessages { requestId, complete: false } until the charger's NotifyDisplayMessages pages are all in (the page with tbc false), then accepted with displayMessages { requestId, complete: true, messages } in the order they came (at most 50 kept, truncated beyond); none within 15 minutes: timeout. Unknown (nothing matches): accepted at once with no messages. A 1.6 charger has no display messages: notSupported, nothing sent; a filter for a connected 1.6 charger is 400 naming it. ${ANSWER}`,
    tags: ['Charger operations'],
    request: { body: OPERATION_INPUTS.getDisplayMessages },
    responses,
  },
  'POST /api/ocpp/get-report': {
    role: 'operator',
    summary: 'A targeted device-model read (OCPP 2.0.1 GetReport)',
    description: `B08, with our requestId: componentCriteria (Active, Available, Enabled, Problem; each at most once) and/or componentVariable ([{ component { name, instance?, evse? }, variable? { name, instance? } }], at most 100; without a variable every variable of the component); neither: every variable. The station's NotifyReport pages update only the variables they name in the stored device model (GET /api/chargers/{id}/configuration). Accepted is accepted once the page with tbc false and every page before it are in (within 30 s, else timeout ReportIncomplete: the pages still update the device model when they come); EmptyResultSet accepted at once (nothing matched); Rejected rejected; NotSupported notSupported. A 1.6 charger has no GetReport: notSupported, nothing sent. See docs/charger-configuration.md. ${ANSWER}`,
    tags: ['Charger operations'],
    request: { body: OPERATION_INPUTS.getReport },
    responses,
  },
  'POST /api/ocpp/get-transaction-status': {
    role: 'operator',
    summary: 'Whether chargers still queue transaction messages (OCPP 2.0.1 GetTransactionStatus)',
    description: `E14: with transactionId (the station's, at most 36 characters: 400 body.transactionId otherwise; with chargerId only), whether the station still holds messages of that transaction to deliver and whether it is still ongoing there; without, whether it holds any. The result is accepted with transactionStatus { messagesInQueue, ongoingIndicator? }; CALLERROR NotSupported/NotImplemented notSupported. A 1.6 charger has no such message: notSupported, nothing sent. ${ANSWER}`,
    tags: ['Charger operations'],
    request: { body: OPERATION_INPUTS.getTransactionStatus },
    responses,
  },
  'POST /api/ocpp/get-tariffs': {
    role: 'operator',
    summary: 'The tariffs stations hold (OCPP 2.1 GetTariffs)',
    description: `I12 on every EVSE (evseId 0): Accepted is accepted with tariffAssignments (each tariff's tariffId, tariffKind DefaultTariff or DriverTariff, evseIds, idTokens; the site's tariff is site-<siteId>-<updatedAt>); NoTariff accepted with none; Rejected rejected; CALLERROR NotSupported/NotImplemented notSupported. Only OCPP 2.1 has it: a connected 1.6 or 2.0.1 charger named by chargerId or chargerIds is 400 naming that field, nothing written or sent; one of a siteId target is notSupported, nothing sent. See docs/tariffs.md. ${ANSWER}`,
    tags: ['Charger operations'],
    request: { body: OPERATION_INPUTS.getTariffs },
    responses,
  },
  'POST /api/ocpp/update-firmware': {
    summary: "Update chargers' firmware (OCPP UpdateFirmware)",
    description: `1.6 §5.19 (location, retrieveDate, retries, retryInterval); 2.0.1 L01 with our requestId, and installDate, signingCertificate, signature when given (400 naming the field for a 1.6 charger). location must be an https, ftp or ftps URL (400 body.location); retrieveDate and installDate not in the past (400 naming the field). Taken (1.6's answer, 2.0.1 Accepted/AcceptedCanceled): the result is scheduled with firmware { requestId, status, history } and settles from the charger's FirmwareStatusNotifications: Installed accepted; DownloadFailed, InstallationFailed, InstallVerificationFailed, InvalidSignature failed (error.code the status); no status for an hour: timeout FirmwareStalled. A reboot in between is not a failure. Rejected, InvalidCertificate, RevokedCertificate rejected. See docs/firmware.md. ${ANSWER}`,
    tags: ['Charger operations'],
    request: { body: OPERATION_INPUTS.updateFirmware },
    responses,
  },
  'POST /api/ocpp/publish-firmware': {
    summary: 'A local controller serves a firmware image to its chargers (OCPP 2.0.1 PublishFirmware)',
    description: `L03, with our requestId: the local controller downloads the image from location (an https, ftp or ftps URL: 400 body.location) and checks it against checksum (its MD5, 32 hexadecimal characters: 400 body.checksum otherwise); retries, retryInterval (s) optional. Accepted: the result is scheduled with firmware { requestId, status, history } and settles from the controller's PublishFirmwareStatusNotifications: Published accepted with firmware.locations (where it serves the image); DownloadFailed, InvalidChecksum, PublishFailed failed (error.code the status); no status for an hour: timeout FirmwareStalled. Rejected rejected. A 1.6 charger has no such message: notSupported, nothing sent. See docs/firmware.md. ${ANSWER}`,
    tags: ['Charger operations'],
    request: { body: OPERATION_INPUTS.publishFirmware },
    responses,
  },
  'POST /api/ocpp/unpublish-firmware': {
    summary: 'A local controller stops serving a firmware image (OCPP 2.0.1 UnpublishFirmware)',
    description: `L04: the image of that checksum (MD5, 32 hexadecimal characters: 400 body.checksum otherwise). Unpublished is accepted; NoFirmware (no such image published) and DownloadOngoing rejected. A 1.6 charger: notSupported, nothing sent. See docs/firmware.md. ${ANSWER}`,
    tags: ['Charger operations'],
    request: { body: OPERATION_INPUTS.unpublishFirmware },
    responses,
  },
});
