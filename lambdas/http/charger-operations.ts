/**
 * Charger operations (docs/charger-operations.md): each `POST /api/ocpp/<kind>` writes the
 * operation, starts the worker and answers 200 with it once every charger has answered, else 202
 * with it pending; and the firmware campaigns (docs/firmware.md). The operations' reads are
 * `charger-operation-reads.ts`'s.
 */
import type { Db } from '../../shared/db';
import { httpHandler } from './lib/http-handler';
import type { ApiPrincipal } from '../../shared/api/auth';
import { requestedByOf } from '../../shared/api/actor';
import { chargerOperationRoutes } from '../../shared/api/routes/charger-operations';
import { type OperationAction, requestOperation, type TargetFields } from '../../shared/charger-operations';
import { ocppChargerFinder } from '../../shared/ocpp/commands/charger-commands';
import { startOperation } from '../operations/lib/start-operation';
import { chargerLogRoutes } from '../../shared/api/routes/charger-logs';
import { firmwareCampaignRoutes } from '../../shared/api/routes/firmware-campaigns';
import {
  campaignRequestOf,
  cancelCampaign,
  createCampaign,
  listCampaigns,
  readCampaign,
} from '../../shared/firmware-campaigns';

/** The chargers whose versions this function checks (it sends nothing: the worker does). */
const commandsOf = (db: Db) => ocppChargerFinder(db);

/** The implementation of an operation's route: the operation, 200 when ended, 202 while pending. */
const operation =
  (action: OperationAction) =>
  async ({
    db,
    principal,
    body,
  }: {
    db: Db;
    principal: ApiPrincipal;
    body: TargetFields & Record<string, unknown>;
  }) => {
    const { operation, ended } = await requestOperation(db, commandsOf(db), startOperation, principal, {
      action,
      body,
      requestedBy: requestedByOf(principal),
    });
    return { statusCode: ended ? 200 : 202, body: { data: operation } };
  };

/** What a campaign starts its chargers' operations with. */
const campaignDeps = (db: Db) => ({ commands: commandsOf(db), start: startOperation });

/** Lambda handler of the charger operations' requests (a log's included) and the firmware-campaign routes. */
export const handler = httpHandler(
  { ...chargerOperationRoutes, ...chargerLogRoutes, ...firmwareCampaignRoutes },
  {
    'POST /api/ocpp/reset': operation('reset'),
    'POST /api/ocpp/unlock-connector': operation('unlockConnector'),
    'POST /api/ocpp/change-availability': operation('changeAvailability'),
    'POST /api/ocpp/trigger-message': operation('triggerMessage'),
    'POST /api/ocpp/clear-cache': operation('clearCache'),
    'POST /api/ocpp/update-firmware': operation('updateFirmware'),
    'POST /api/ocpp/publish-firmware': operation('publishFirmware'),
    'POST /api/ocpp/unpublish-firmware': operation('unpublishFirmware'),
    'POST /api/ocpp/get-transaction-status': operation('getTransactionStatus'),
    'POST /api/ocpp/get-tariffs': operation('getTariffs'),
    'POST /api/ocpp/get-report': operation('getReport'),
    'POST /api/ocpp/get-log': operation('getLog'),
    'POST /api/ocpp/get-composite-schedule': operation('getCompositeSchedule'),
    'POST /api/ocpp/customer-information': operation('customerInformation'),
    'POST /api/ocpp/install-certificate': operation('installCertificate'),
    'POST /api/ocpp/get-installed-certificate-ids': operation('getInstalledCertificateIds'),
    'POST /api/ocpp/delete-certificate': operation('deleteCertificate'),
    'POST /api/ocpp/set-variable-monitoring': operation('setVariableMonitoring'),
    'POST /api/ocpp/clear-variable-monitoring': operation('clearVariableMonitoring'),
    'POST /api/ocpp/set-monitoring-base': operation('setMonitoringBase'),
    'POST /api/ocpp/set-monitoring-level': operation('setMonitoringLevel'),
    'POST /api/ocpp/set-display-message': operation('setDisplayMessage'),
    'POST /api/ocpp/clear-display-message': operation('clearDisplayMessage'),
    'POST /api/ocpp/get-display-messages': operation('getDisplayMessages'),
    'POST /api/ocpp/upgrade-security-profile': operation('upgradeSecurityProfile'),
    'POST /api/firmware-campaigns': async ({ db, principal, body }) => {
      const request = campaignRequestOf(body, requestedByOf(principal));
      return { statusCode: 201, body: { data: await createCampaign(db, campaignDeps(db), principal, request) } };
    },
    'GET /api/firmware-campaigns': async ({ db, principal, queryStringParameters }) => ({
      body: await listCampaigns(db, principal, queryStringParameters),
    }),
    'GET /api/firmware-campaigns/{campaignId}': async ({ db, principal, pathParameters }) => ({
      body: { data: await readCampaign(db, campaignDeps(db), principal, pathParameters.campaignId) },
    }),
    'POST /api/firmware-campaigns/{campaignId}/cancel': async ({ db, principal, pathParameters }) => ({
      body: { data: await cancelCampaign(db, campaignDeps(db), principal, pathParameters.campaignId) },
    }),
  },
);
