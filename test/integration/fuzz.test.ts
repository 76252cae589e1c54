/**
 * Fuzzing (fast-check, fixed seed): inputs made by mutating valid examples of every HTTP route of
 * `shared/api/routes/index.ts` and of every OCPP action a charger may send (1.6 and 2.0.1), plus
 * frames that are not JSON or not OCPP-J. Whatever the input: no 5xx (HTTP status, or API
 * Gateway's "Internal server error" frame), no `InternalError` CALLERROR, and a refused input (4xx,
 * CALLERROR, or a reply frame answering nothing) changes nothing in the table.
 *
 * To stay fast, the table's changes are read from its DynamoDB stream (this file's own table), and
 * inputs the schemas refuse (the route's zod schemas, the action's official JSON schema) go in
 * batches of concurrent requests, the changes read after each batch; the others go one at a time,
 * the changes read after each. Rate-limit counters are not changes (every request counts, refused
 * or not). Every CALL frame with a messageId (whatever its action and payload: numbers beyond
 * DynamoDB's range, empty values, deep nesting) must be in the OCPP message log, as the text sent,
 * with our answer. The figures are printed at the end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from './support/stack';
import { connectRaw, pollUntil, type OcppProtocol, type RawCharger } from './support/ocpp';
import { anyValue, ChangeFeed, mutationsOf, sampled, type Json } from './support/fuzz';
import { routeList, type RouteDefinition } from '../../shared/api/routes';
import { type ActionValidators, validatePayload, versionValidators } from '../../shared/ocpp/schemas';
import * as V16 from '../../shared/ocpp/validators/v16';
import * as V201 from '../../shared/ocpp/validators/v201';
import * as V21 from '../../shared/ocpp/validators/v21';
import { createApiKey } from '../../shared/api/api-keys';
import { ocpp16Registry } from '../../shared/ocpp/v16';
import { ocpp201Registry } from '../../shared/ocpp/v201';
import { ocpp21Registry } from '../../shared/ocpp/v21';
import type { LocalStack } from '../../lib/local/stack';
import { callOf } from '../../shared/ocpp/message-log';
import { episodeKey, raiseAlert } from '../../shared/alerts/store';
import { sendCostUpdate } from '../../shared/charging/cost-updates';
import { ocppChargerCommands } from '../../shared/ocpp/commands/charger-commands';
import { COST_COMMANDS } from '../../shared/ocpp/commands/cost';
import { callRecordKey } from '../../shared/ocpp/commands/correlation';
import { changeTransactionTariff, syncStationTariff } from '../../shared/charging/tariff-updates';
import { TARIFF_COMMANDS } from '../../shared/ocpp/commands/tariffs';
import { CHARGER_OPERATION_COMMANDS } from '../../shared/ocpp/commands/charger-operations';
import { getTariffs } from '../../shared/charger-operations/tariffs-kind';
import type { PerformContext } from '../../shared/charger-operations/kinds';

// A charger that never answers a command must not hold an HTTP input for the production 20 s.
process.env.OCPP_COMMAND_TIMEOUT_MS = '1000';

// 80 inputs per route (fixed seed): at 200 the HTTP inputs were three quarters of this file's time
// and `npm test` went past its 15-minute budget. A deeper run sets FUZZ_HTTP_INPUTS_PER_ROUTE.
/** A certificate signing request as a charger sends one (EC P-256, made with openssl), for SignCertificate. */
const CSR = [
  '-----BEGIN CERTIFICATE REQUEST-----',
  'MIHNMHQCAQAwEjEQMA4GA1UEAwwHRlVaWi1DUDBZMBMGByqGSM49AgEGCCqGSM49',
  'AwEHA0IABG2UgUqKf+LQZEawwxIBk1c3r6mGwBuWrFDJUku0WHhDG8CAF6zbp4A0',
  'rcMb/Y4l4CwMk6+1mVdF+qOuu/fhcyWgADAKBggqhkjOPQQDAgNJADBGAiEAqLF3',
  'iBVf/JyxgadVa1Gz/jOOn2753FIBSZUFwIs9nxkCIQC+sKZtOPikK05koolMbV0p',
  'of27Hchb4qdqG3DkgwQQHQ==',
  '-----END CERTIFICATE REQUEST-----',
].join('\n');
/** A contract certificate's OCSP request data as a charger sends it (GetCertificateStatus, Authorize). */
const OCSP_REQUEST_DATA = {
  hashAlgorithm: 'SHA256',
  issuerNameHash: 'a'.repeat(64),
  issuerKeyHash: 'b'.repeat(64),
  serialNumber: '1f2e3d',
  responderURL: 'http://127.0.0.1:9/ocsp',
};
const HTTP_INPUTS_PER_ROUTE = Number(process.env.FUZZ_HTTP_INPUTS_PER_ROUTE) || 80;
const FRAMES_PER_ACTION = 100;
/**
 * OCPP 2.1's: its actions run the 2.0.1 handlers (fuzzed above at FRAMES_PER_ACTION), so what is
 * new is 2.1's schemas and the payload mapping in front of them.
 */
const FRAMES_PER_ACTION_21 = 25;
const SHAPE_FRAMES = 200;
const REPLY_FRAMES = 40;
/** Inputs sent at once; the table is compared after each batch. */
const BATCH = 16;
const REQUESTS_PER_KEY = 150;

let stack: LocalStack;
let tenant: Tenant;
const keys: string[] = [];
let requests = 0;
/** Figures: inputs tried, refused, refused ones whose changes were checked, broken rules. */
const figures = {
  http: { tried: 0, refused: 0, checked: 0, '5xx': 0, changed: 0 },
  ocpp: { tried: 0, refused: 0, checked: 0, '5xx': 0, InternalError: 0, changed: 0, logged: 0, notLogged: 0 },
};
let feed: ChangeFeed;
const ids = { http: uniqueOcppId('FZH'), ext: `EXT-${uniqueOcppId()}` };
const ocppIds: Record<OcppProtocol, string[]> = {
  'ocpp1.6': [0, 1, 2, 3].map(() => uniqueOcppId('FZ16')),
  'ocpp2.0.1': [0, 1, 2, 3].map(() => uniqueOcppId('FZ201')),
  'ocpp2.1': [0, 1].map(() => uniqueOcppId('FZ21')),
};
const fixtures = {
  vehicleId: 0,
  accessId: 0,
  scheduleId: '',
  maintenanceWindowId: 0,
  alertRecipientId: 0,
  alertId: 0,
  webhookEndpointId: 0,
  userId: 0,
  deliveryId: '',
  vin: '1FTBW9CK5NKA00001',
};
// Webhook endpoints point at a closed port of this machine; the stack attempts no delivery (no `webhooks` option).
process.env.WEBHOOK_ALLOW_HTTP_LOCALHOST = 'true';
const WEBHOOK_URL = 'http://127.0.0.1:9/hook';

beforeAll(async () => {
  stack = await startTestStack();
  const ports = [{ connectorType: 'J1772' as const }, { connectorType: 'J1772' as const }];
  const chargers = [
    { ocppId: ids.http, externalId: ids.ext, name: 'Fuzz HTTP', type: 'Level 2' as const, ports },
    ...Object.values(ocppIds)
      .flat()
      .map((ocppId) => ({ ocppId, name: ocppId, type: 'Level 2' as const, ports })),
  ];
  tenant = await createTenant(stack, chargers);
  for (let i = 0; i < 40; i++) {
    // Owners' keys: they reach every route, the people's included.
    keys.push(
      (await createApiKey(stack.db, { organizationId: tenant.organizationId, scope: 'organization', role: 'owner' }))
        .apiKey,
    );
  }
  const vehicle = await post('/api/vehicles', {
    vehicle: { name: 'Van 1', make: 'Ford', model: 'E-Transit', vin: fixtures.vin },
  });
  fixtures.vehicleId = vehicle.body.vehicle.id;
  const accessId = await post('/api/access-ids', {
    accessId: { type: 'RFID', name: 'Card 1', ocppIdTag: 'FUZZ-CARD-1' },
  });
  fixtures.accessId = accessId.body.accessId.id;
  const limit = await post(`/api/site/${tenant.siteId}/limits`, {
    sitePowerLimitSchedule: { type: 'capacity', limit: 50_000, chargingRateUnit: 'W' },
  });
  fixtures.scheduleId = limit.body.sitePowerLimitScheduleId;
  const window = await post('/api/maintenance-windows', {
    chargerId: charger().id,
    startTimestamp: new Date(Date.now() + 7_200_000).toISOString(),
    endTimestamp: new Date(Date.now() + 10_800_000).toISOString(),
  });
  fixtures.maintenanceWindowId = window.body.data.id;
  const recipient = await post('/api/alert-recipients', {
    alertRecipient: { name: 'Lead', email: 'lead@fleet.example.com', alertTypes: ['offlineCharger'] },
  });
  fixtures.alertRecipientId = recipient.body.data.id;
  const user = await post('/api/users', { user: { email: 'fuzz-viewer@fleet.example.com', role: 'viewer' } });
  fixtures.userId = user.body.data.id;
  const { alert } = await raiseAlert(stack.db, {
    organizationId: tenant.organizationId,
    siteId: tenant.siteId,
    siteName: 'Depot',
    chargerId: charger().id,
    chargerName: charger().name,
    type: 'offlineCharger',
    episodeKey: episodeKey('offlineCharger', 'charger', charger().id),
    details: { thresholdMinutes: 10 },
    at: new Date().toISOString(),
  });
  fixtures.alertId = alert.alertId;
  const endpoint = await post('/api/webhook-endpoints', {
    webhookEndpoint: { url: WEBHOOK_URL, eventTypes: ['alert.raised'] },
  });
  fixtures.webhookEndpointId = endpoint.body.data.id;
  fixtures.deliveryId = (
    await call(`/api/webhook-endpoints/${fixtures.webhookEndpointId}/test`, { method: 'POST' })
  ).body.data.id;
  feed = await ChangeFeed.open(stack.tableName);
});
afterAll(async () => {
  console.info(`fuzz figures: ${JSON.stringify(figures)}`);
  feed?.close();
  await stack?.close();
});

/** An API call with the next key (each key takes fewer requests than the rate limit allows per minute). */
function call(path: string, options: { method?: string; body?: unknown; rawBody?: string } = {}) {
  const key = keys[Math.floor(requests++ / REQUESTS_PER_KEY)]!;
  return api(stack, path, {
    key,
    ...options,
    ...(options.rawBody ? { headers: { 'content-type': 'application/json' } } : {}),
  });
}
const post = (path: string, body: unknown) => call(path, { method: 'POST', body });

/**
 * Entities that are bookkeeping of requests, not changes: rate-limit counters, the OCPP message log
 * (it records every CALL with its answer, CALLERRORs included) and the `includeIntervals` leases
 * (taken and released around a request).
 */
const NOT_CHANGES = new Set(['rateLimitWindow', 'ocppMessage', 'requestLease']);

/**
 * Waits until no charger operation is pending (an accepted operation settles when its chargers
 * answer or the command times out, 1 s here), then forgets what was written meanwhile: what an
 * accepted input wrote after its batch was looked at must not be taken for a later refused one's.
 */
async function settleAccepted(): Promise<void> {
  await pollUntil(
    async () =>
      (await stack.db.pendingChargerOperation.query.primary({ queue: 'chargerOperations' }).go({ pages: 'all' })).data,
    (pending) => pending.length === 0,
    'the accepted operations to settle',
    30_000,
  );
  await changes();
}

/** What was written since the last look, besides the bookkeeping of requests. */
async function changes(): Promise<string[]> {
  return (await feed.read())
    .filter((change) => !NOT_CHANGES.has(change.entity))
    .map((change) => `${change.event} ${change.entity} ${JSON.stringify(change.keys)}`);
}

interface Outcome {
  refused: boolean;
  /** Set when the input broke a rule (5xx, InternalError, no answer). */
  failure?: string;
}

/**
 * Sends inputs and checks that refused ones changed nothing: those the schemas refuse in batches
 * of {@link BATCH} (checked when the whole batch was refused; in a batch where some were accepted,
 * the refused ones are sent again one at a time), the others one at a time.
 * @returns the failures, each with its input
 */
async function fuzz<T>(
  inputs: T[],
  breaksSchemas: (input: T) => boolean,
  send: (input: T, index: number) => Promise<Outcome>,
  figure: { tried: number; refused: number; checked: number; changed: number },
) {
  const failures: string[] = [];
  let index = 0;
  /** Sends a batch; returns the refused inputs when some were accepted (their changes are unknown). */
  const run = async (batch: T[], count: boolean): Promise<T[]> => {
    const outcomes = await Promise.all(batch.map((input) => send(input, index++)));
    const refused = batch.filter((_, i) => outcomes[i]!.refused);
    if (count) {
      figure.tried += batch.length;
      figure.refused += refused.length;
    }
    for (const outcome of outcomes) if (outcome.failure) failures.push(outcome.failure);
    const changed = await changes();
    if (refused.length < batch.length) {
      await settleAccepted();
      return batch.length > 1 ? refused : [];
    }
    figure.checked += refused.length;
    if (changed.length) {
      figure.changed += refused.length;
      failures.push(
        `refused inputs changed the table: ${JSON.stringify(batch).slice(0, 1500)} → ${changed.join('; ').slice(0, 1500)}`,
      );
    }
    return [];
  };
  await changes();
  const batches = chunks(inputs.filter(breaksSchemas), BATCH);
  const single = inputs.filter((input) => !breaksSchemas(input)).map((input) => [input]);
  for (const batch of [...batches, ...single]) {
    for (const again of await run(batch, true)) await run([again], false);
  }
  return failures;
}

function chunks<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}

// ---------------------------------------------------------------------------------------------
// HTTP
// ---------------------------------------------------------------------------------------------

const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();
const charger = () => tenant.chargers[0]!;
const departure = () => ({
  vehicleVin: fixtures.vin,
  departureTimes: [{ departureTime: inAnHour(), shiftName: 'Early', routeName: 'R1', targetSoc: 80 }],
});
const accessIdBody = () => ({
  type: 'Vehicle',
  name: 'Van 2',
  ocppIdTag: 'FUZZ-TAG-2',
  authorizationStatus: 'Authorized',
  vehicle: { make: 'Ford', model: 'E-Transit', vin: '1FTBW9CK5NKA00002' },
  customer: { name: 'Acme' },
});
const vehicleBody = () => ({
  name: 'Van 3',
  make: 'Rivian',
  model: 'EDV',
  vin: '7FCTGAAL0NN000003',
  licensePlate: 'ABC-123',
  customer: { name: 'Acme' },
  batteryCapacityKwh: 75,
  accessIds: [{ ocppIdTag: 'FUZZ-TAG-3', authorizationStatus: 'Authorized' }],
});
const vehicleState = () => ({
  vehicleVin: fixtures.vin,
  socPercent: 55.5,
  batteryCapacityKwh: 75,
  timestamp: new Date().toISOString(),
  source: 'fuzz-telematics',
});

/** A valid request of each route: path parameters, query parameters and body. */
function examples(): Record<string, { path?: Json; query?: Json; body?: Json }> {
  const id = (n: number) => ({ id: String(n) });
  const site = { siteId: String(tenant.siteId) };
  const portId = charger().ports[0]!.id;
  return {
    'GET /api/chargers/{id}': { path: id(charger().id) },
    'GET /api/chargers/by-external-id/{id}': { path: { id: ids.ext } },
    'GET /api/chargers/by-ocpp-id/{id}': { path: { id: ids.http } },
    'GET /api/chargers/{id}/security-events': { path: id(charger().id), query: {} },
    'GET /api/chargers/{id}/certificates': { path: id(charger().id) },
    'GET /api/sites': { query: {} },
    'POST /api/ocpp/reservations': {
      body: {
        portId,
        expiryDate: inAnHour(),
        idTag: 'FUZZ-CARD-1',
        reservationId: 7,
        parentIdTag: 'P',
        idTokenType: 'ISO14443',
      },
    },
    'POST /api/ocpp/reservations/cancel': { body: { chargerId: charger().id, reservationId: 7 } },
    'POST /api/ocpp/remote-start': { body: { portId, idTag: 'FUZZ-CARD-1', idTokenType: 'ISO14443' } },
    'POST /api/ocpp/remote-stop': { body: { portId, sessionId: 1 } },
    'POST /api/chargers/{id}/password': { path: id(charger().id), body: { password: 'fuzz-password-0001' } },
    'PUT /api/chargers/{id}/security-profile': { path: id(charger().id), body: { securityProfile: 2 } },
    'POST /api/chargers/{id}/certificates/{serialNumber}/revoke': {
      path: { id: String(charger().id), serialNumber: '4a3f09' },
    },
    'GET /api/chargers/{id}/configuration': { path: id(charger().id) },
    'GET /api/chargers/{id}/monitors': { path: id(charger().id) },
    'POST /api/chargers/{id}/monitors/refresh': { path: id(charger().id), body: {} },
    'POST /api/chargers/{id}/configuration/refresh': { path: id(charger().id), body: { keys: ['HeartbeatInterval'] } },
    'PATCH /api/chargers/{id}/configuration': {
      path: id(charger().id),
      body: { changes: [{ key: 'ConnectionTimeOut', value: '60' }], force: false },
    },
    'POST /api/ocpp/reset': { body: { chargerId: charger().id, type: 'Soft' } },
    'POST /api/ocpp/unlock-connector': { body: { portId } },
    'POST /api/ocpp/change-availability': { body: { portId, operationalStatus: 'Inoperative' } },
    'POST /api/ocpp/trigger-message': { body: { chargerIds: [charger().id], requestedMessage: 'Heartbeat' } },
    'POST /api/ocpp/clear-cache': { body: { siteId: tenant.siteId } },
    'POST /api/ocpp/get-composite-schedule': { body: { portId, duration: 600, chargingRateUnit: 'W' } },
    'POST /api/ocpp/customer-information': {
      body: {
        chargerId: charger().id,
        report: true,
        clear: false,
        idToken: { idToken: 'FUZZ-CARD-1', type: 'ISO14443' },
      },
    },
    'POST /api/ocpp/install-certificate': {
      body: { chargerId: charger().id, certificateType: 'ManufacturerRootCertificate', certificate: 'not a PEM' },
    },
    'POST /api/ocpp/get-installed-certificate-ids': {
      body: { chargerId: charger().id, certificateTypes: ['ManufacturerRootCertificate'] },
    },
    'POST /api/ocpp/delete-certificate': {
      body: {
        chargerId: charger().id,
        certificateHashData: { hashAlgorithm: 'SHA256', issuerNameHash: 'ab', issuerKeyHash: 'cd', serialNumber: '1f' },
      },
    },
    'POST /api/ocpp/upgrade-security-profile': {
      body: { chargerId: charger().id, ocppCsmsUrl: 'wss://charging.example.com/ocpp', configurationSlot: 2 },
    },
    'POST /api/ocpp/set-variable-monitoring': {
      body: {
        chargerId: charger().id,
        monitors: [
          {
            component: { name: 'EVSE', evse: { id: 1 } },
            variable: { name: 'Power' },
            type: 'Delta',
            value: 1000,
            severity: 5,
          },
        ],
      },
    },
    'POST /api/ocpp/clear-variable-monitoring': { body: { chargerId: charger().id, monitorIds: [1] } },
    'POST /api/ocpp/set-monitoring-base': { body: { siteId: tenant.siteId, monitoringBase: 'All' } },
    'POST /api/ocpp/set-monitoring-level': { body: { chargerIds: [charger().id], severity: 5 } },
    'POST /api/ocpp/set-display-message': {
      body: {
        chargerId: charger().id,
        message: { priority: 'NormalCycle', message: { format: 'UTF8', language: 'en', content: 'Fuzz' } },
      },
    },
    'POST /api/ocpp/clear-display-message': { body: { chargerId: charger().id, id: 1 } },
    'POST /api/ocpp/get-display-messages': {
      body: { chargerId: charger().id, id: [1, 2], priority: 'InFront', state: 'Idle' },
    },
    'POST /api/ocpp/update-firmware': {
      body: { chargerId: charger().id, location: 'https://fw.example.com/fuzz.bin', retries: 1 },
    },
    'POST /api/ocpp/publish-firmware': {
      body: {
        chargerId: charger().id,
        location: 'https://fw.example.com/fuzz.bin',
        checksum: '9e107d9d372bb6826bd81d3542a419d6',
        retries: 1,
        retryInterval: 30,
      },
    },
    'POST /api/ocpp/get-report': {
      body: {
        chargerId: charger().id,
        componentCriteria: ['Active', 'Problem'],
        componentVariable: [
          { component: { name: 'EVSE', evse: { id: 1 } }, variable: { name: 'Power' } },
          { component: { name: 'OCPPCommCtrlr' } },
        ],
      },
    },
    'POST /api/ocpp/unpublish-firmware': {
      body: { chargerIds: [charger().id], checksum: '9e107d9d372bb6826bd81d3542a419d6' },
    },
    'POST /api/ocpp/get-transaction-status': { body: { chargerId: charger().id, transactionId: 'fuzz-tx-1' } },
    'POST /api/ocpp/get-tariffs': { body: { chargerId: charger().id } },
    'GET /api/charger-operations': {
      query: { chargerId: String(charger().id), action: 'reset', status: 'failed', createdAfter: inAnHour() },
    },
    'GET /api/charger-operations/{operationId}': { path: { operationId: '01900000-0000-7000-8000-000000000000' } },
    'POST /api/firmware-campaigns': {
      body: {
        chargerIds: [charger().id],
        location: 'https://fw.example.com/fuzz.bin',
        maxConcurrent: 2,
        maxFailures: 1,
      },
    },
    'GET /api/firmware-campaigns': { query: { status: 'running' } },
    'GET /api/firmware-campaigns/{campaignId}': { path: { campaignId: '01900000-0000-7000-8000-000000000000' } },
    'POST /api/firmware-campaigns/{campaignId}/cancel': {
      path: { campaignId: '01900000-0000-7000-8000-000000000000' },
    },
    'POST /api/ocpp/get-log': {
      body: {
        chargerIds: [charger().id],
        logType: 'DiagnosticsLog',
        oldestTimestamp: '2026-01-01T00:00:00Z',
        retries: 1,
      },
    },
    'GET /api/charger-operations/{operationId}/logs': {
      path: { operationId: '01900000-0000-7000-8000-000000000000' },
    },
    'GET /api/chargers/{id}/local-list': { path: id(charger().id) },
    'POST /api/chargers/{id}/local-list/sync': { path: id(charger().id) },
    'GET /api/access-ids': { query: { nextPageCursor: 'eyJwayI6IngifQ' } },
    'GET /api/access-ids/{id}': { path: id(fixtures.accessId) },
    'POST /api/access-ids': { body: { accessId: accessIdBody() } },
    'PATCH /api/access-ids/{id}': {
      path: id(fixtures.accessId),
      body: {
        accessId: { name: 'Card 1b', authorizationStatus: 'Revoked', vehicle: null, customer: { name: 'Beta' } },
      },
    },
    'PUT /api/access-ids/batch': { body: { accessIds: [{ ...accessIdBody(), ocppIdTag: 'FUZZ-BATCH-1' }] } },
    'GET /api/vehicles': { query: { nextPageCursor: 'eyJwayI6IngifQ' } },
    'GET /api/vehicles/{id}': { path: id(fixtures.vehicleId) },
    'POST /api/vehicles': { body: { vehicle: vehicleBody() } },
    'PATCH /api/vehicles/{id}': {
      path: id(fixtures.vehicleId),
      body: { vehicle: { ...vehicleBody(), vin: fixtures.vin } },
    },
    'POST /api/vehicles/state': { body: vehicleState() },
    'POST /api/vehicles/state/batch': { body: { vehicles: [vehicleState(), { ...vehicleState(), socPercent: 101 }] } },
    'POST /api/departure-times/vehicle': { body: departure() },
    'POST /api/departure-times/batch': { body: { vehicles: [departure()] } },
    'GET /api/departure-times/vehicle': { query: { vehicleVin: fixtures.vin } },
    'POST /api/site/{siteId}/limits': {
      path: site,
      body: { sitePowerLimitSchedule: { type: 'cost', limit: 40_000, chargingRateUnit: 'W' } },
    },
    'GET /api/site/{siteId}/limits': { path: site },
    'DELETE /api/site/{siteId}/limits/{scheduleId}': { path: { ...site, scheduleId: fixtures.scheduleId } },
    'PUT /api/sites/{siteId}/tariff': {
      path: site,
      body: {
        tariff: {
          currency: 'USD',
          timezone: 'America/Chicago',
          energyPrices: [
            {
              name: 'offPeak',
              daysOfWeek: [1, 2, 3, 4, 5, 6, 7],
              startTime: '00:00',
              endTime: '16:00',
              pricePerKwh: 0.1,
            },
            {
              name: 'onPeak',
              daysOfWeek: [1, 2, 3, 4, 5, 6, 7],
              startTime: '16:00',
              endTime: '24:00',
              pricePerKwh: -0.5,
            },
          ],
          demandCharge: { pricePerKw: 15.51, billingPeriod: 'month' },
        },
      },
    },
    'GET /api/sites/{siteId}/tariff': { path: site },
    'DELETE /api/sites/{siteId}/tariff': { path: site },
    'GET /api/site/{siteId}/power-allocation': { path: site },
    'PUT /api/ports/{portId}/charging-override': {
      path: { portId: String(portId) },
      body: { chargingOverride: { limit: 7000, chargingRateUnit: 'W', expiresAt: inAnHour() } },
    },
    'DELETE /api/ports/{portId}/charging-override': { path: { portId: String(portId) } },
    'PUT /api/ports/{portId}/driver-estimate': {
      path: { portId: String(portId) },
      body: { driverEstimate: { departureTime: inAnHour(), energyKwh: 30 } },
    },
    'DELETE /api/ports/{portId}/driver-estimate': { path: { portId: String(portId) } },
    'GET /api/charging-sessions': {
      query: {
        startTimeAfter: '2026-11-01T00:00:00Z',
        'siteIds[]': String(tenant.siteId),
        includeIntervals: 'true',
        includeTouEnergy: 'true',
        includeInProgressSessions: 'true',
      },
    },
    'GET /api/charger-health': {
      query: { startTimestamp: '2026-11-01T00:00:00Z', 'chargerIds[]': String(charger().id) },
    },
    'GET /api/errors': { query: { afterTimestamp: '2026-11-01T00:00:00Z', 'siteIds[]': String(tenant.siteId) } },
    'GET /api/ocpp-messages': { query: { chargerId: String(charger().id), 'messageType[]': 'Heartbeat', limit: '10' } },
    'POST /api/maintenance-windows': {
      body: {
        chargerId: charger().id,
        portId,
        startTimestamp: inAnHour(),
        endTimestamp: new Date(Date.now() + 7_200_000).toISOString(),
        comment: 'Fuzz',
      },
    },
    'GET /api/maintenance-windows': {
      query: { afterTimestamp: '2026-11-01T00:00:00Z', chargerIds: String(charger().id) },
    },
    'GET /api/maintenance-windows/{id}': { path: id(fixtures.maintenanceWindowId) },
    'PATCH /api/maintenance-windows/{id}': { path: id(fixtures.maintenanceWindowId), body: { comment: 'Fuzzed' } },
    'DELETE /api/maintenance-windows/{id}': { path: id(fixtures.maintenanceWindowId) },
    'POST /api/alert-recipients': {
      body: {
        alertRecipient: {
          name: 'Fuzz',
          email: 'fuzz@fleet.example.com',
          alertTypes: ['offlineCharger', 'lowBattery'],
          siteIds: [tenant.siteId],
          enabled: true,
        },
      },
    },
    'GET /api/alert-recipients': { query: {} },
    'GET /api/alert-recipients/{id}': { path: id(fixtures.alertRecipientId) },
    'PATCH /api/alert-recipients/{id}': {
      path: id(fixtures.alertRecipientId),
      body: { alertRecipient: { email: 'night@fleet.example.com', siteIds: [] } },
    },
    'DELETE /api/alert-recipients/{id}': { path: id(fixtures.alertRecipientId) },
    'GET /api/me': {},
    'GET /api/sign-in': {},
    'POST /api/users': { body: { user: { email: 'fuzz@fleet.example.com', role: 'operator', siteId: tenant.siteId } } },
    'GET /api/users': { query: {} },
    'GET /api/users/{id}': { path: id(fixtures.userId) },
    'PATCH /api/users/{id}': { path: id(fixtures.userId), body: { user: { role: 'admin', siteId: null } } },
    'DELETE /api/users/{id}': { path: id(fixtures.userId) },
    'POST /api/webhook-endpoints': {
      body: {
        webhookEndpoint: { url: WEBHOOK_URL, eventTypes: ['alert.raised', 'session.ended'], description: 'Fuzz' },
      },
    },
    'GET /api/webhook-endpoints': { query: {} },
    'GET /api/webhook-endpoints/{id}': { path: id(fixtures.webhookEndpointId) },
    'PATCH /api/webhook-endpoints/{id}': {
      path: id(fixtures.webhookEndpointId),
      body: { webhookEndpoint: { description: 'Fuzzed' } },
    },
    'DELETE /api/webhook-endpoints/{id}': { path: id(fixtures.webhookEndpointId) },
    'POST /api/webhook-endpoints/{id}/rotate-secret': { path: id(fixtures.webhookEndpointId) },
    'POST /api/webhook-endpoints/{id}/test': { path: id(fixtures.webhookEndpointId) },
    'GET /api/webhook-endpoints/{id}/deliveries': { path: id(fixtures.webhookEndpointId), query: {} },
    'POST /api/webhook-deliveries/{id}/retry': { path: { id: fixtures.deliveryId } },
    'GET /api/alerts': {
      query: {
        startTimestampAfter: '2026-11-01T00:00:00Z',
        types: 'offlineCharger',
        active: 'true',
        includeMuted: 'true',
      },
    },
    'GET /api/alerts/{id}': { path: id(fixtures.alertId) },
    'POST /api/alerts/{id}/acknowledge': { path: id(fixtures.alertId) },
    'GET /api/alert-settings': { query: {} },
    'PATCH /api/alert-settings': { body: { alertSettings: { offlineThresholdMinutes: 15, lowBatterySocPercent: 25 } } },
    'GET /api/openapi.json': { query: {} },
  };
}

const asText = (value: Json | undefined) => (typeof value === 'string' ? value : JSON.stringify(value ?? ''));
function encoded(value: Json | undefined): string {
  try {
    return encodeURIComponent(asText(value));
  } catch {
    return 'x'; // a lone surrogate cannot be in a URL at all
  }
}

/** The parts of a (mutated) example; its root may be anything (then it is the body). */
function partsOf(input: Json): {
  path: Record<string, Json>;
  query?: Record<string, Json>;
  body?: Json;
  hasBody: boolean;
} {
  const parts = (input && typeof input === 'object' && !Array.isArray(input) ? input : { body: input }) as Record<
    string,
    Json
  >;
  const object = (value: Json | undefined) =>
    value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, Json>) : undefined;
  return { path: object(parts.path) ?? {}, query: object(parts.query), body: parts.body, hasBody: 'body' in parts };
}

/** The HTTP request of a (mutated) example. */
function toRequest(route: RouteDefinition, input: Json) {
  const parts = partsOf(input);
  const path = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => encoded(parts.path[name]));
  const query = parts.query
    ? new URLSearchParams(Object.entries(parts.query).map(([k, v]): [string, string] => [k, asText(v)])).toString()
    : '';
  return {
    path: query ? `${path}?${query}` : path,
    method: route.method,
    ...(parts.hasBody && route.method !== 'GET' && route.method !== 'DELETE' ? { body: parts.body } : {}),
  };
}

/** Whether the route's own schemas refuse a (mutated) example: it must be a 4xx. */
function breaksRouteSchemas(route: RouteDefinition, input: Json): boolean {
  const parts = partsOf(input);
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const path = Object.fromEntries(names.map((name) => [name, decodeURIComponent(encoded(parts.path[name]))]));
  const query = Object.fromEntries(Object.entries(parts.query ?? {}).map(([k, v]) => [k, asText(v)]));
  return (
    !(route.request.pathParameters?.safeParse(path).success ?? true) ||
    !route.request.queryStringParameters.safeParse(query).success ||
    (route.request.body !== undefined && (!parts.hasBody || !route.request.body.safeParse(parts.body).success))
  );
}

describe('HTTP routes take any input without a 5xx, and a refused one changes nothing', () => {
  it('has a valid example for every route', () => {
    expect(Object.keys(examples()).sort()).toEqual(routeList.map((r) => r.routeKey).sort());
  });

  it.each(routeList.map((route) => [route.routeKey, route] as const))(
    '%s',
    async (_key, route) => {
      const example = examples()[route.routeKey]! as Json;
      const inputs: ({ json: Json } | { raw: string })[] = [
        ...sampled(mutationsOf(example), HTTP_INPUTS_PER_ROUTE - 10, route.routeKey.length).map((json) => ({ json })),
        ...sampled(fc.string({ unit: 'grapheme', maxLength: 50 }), 10).map((raw) =>
          route.request.body ? { raw: raw || ' ' } : { json: { query: { [raw]: raw } } },
        ),
      ];
      const failures = await fuzz(
        inputs,
        (input) => 'raw' in input || breaksRouteSchemas(route, input.json),
        async (input) => {
          const request =
            'raw' in input
              ? { ...toRequest(route, example), body: undefined, rawBody: input.raw }
              : toRequest(route, input.json);
          const { path, ...options } = request;
          const response = await call(path, options);
          const refused = response.status >= 400;
          if (response.status < 500) return { refused };
          figures.http['5xx']++;
          return {
            refused,
            failure: `${response.status} for ${route.method} ${path} ${JSON.stringify(options).slice(0, 500)}: ${JSON.stringify(response.body).slice(0, 300)}`,
          };
        },
        figures.http,
      );
      expect(failures).toEqual([]);
    },
    120_000,
  );
});

// ---------------------------------------------------------------------------------------------
// OCPP
// ---------------------------------------------------------------------------------------------

/** A raw charger connection that sends one frame at a time and checks every frame it receives. */
class FrameSender {
  private readonly inbox: unknown[] = [];
  private wake: () => void = () => {};
  private queue: Promise<unknown> = Promise.resolve();
  private probes = 0;
  /** Frames received that break the rules (InternalError, API Gateway's error frame). */
  readonly bad: string[] = [];
  /** The CALL frames with a messageId sent (each must be in the message log), with our answer. */
  readonly calls: { messageId: string; action: string; text: string; answer: string }[] = [];
  /**
   * When {@link notLogged} last looked at this sender's log (ISO 8601), before any of `calls` was
   * sent: the log items of those CALLs are at or after it (`createdAt` is the time the local gateway
   * received the frame, on this process's clock).
   */
  loggedSince = new Date(0).toISOString();

  constructor(
    readonly raw: RawCharger,
    readonly chargerId: number,
  ) {
    raw.ws.on('message', (data) => {
      const text = data.toString();
      let frame: unknown;
      try {
        frame = JSON.parse(text);
      } catch {
        frame = text;
      }
      if (!Array.isArray(frame)) {
        figures.ocpp['5xx']++;
        this.bad.push(`not a frame: ${text.slice(0, 300)}`);
      } else if (frame[0] === 4 && frame[2] === 'InternalError') {
        figures.ocpp.InternalError++;
        this.bad.push(`InternalError: ${text.slice(0, 300)}`);
      }
      this.inbox.push(frame);
      this.wake();
    });
  }

  /** Waits for (and takes) the first received frame that `matches`. */
  private async take(matches: (frame: unknown) => boolean): Promise<unknown> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const index = this.inbox.findIndex(matches);
      if (index >= 0) return this.inbox.splice(index, 1)[0];
      if (Date.now() > deadline) throw new Error('no answer');
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, 200);
      });
    }
  }

  /**
   * Sends a frame, after the previous one was answered. A CALL (or anything not a reply) is
   * answered; a CALLRESULT/CALLERROR frame answers nothing, so a Heartbeat after it shows the
   * connection still works.
   * @returns the answer, or undefined for a reply frame
   */
  send(text: string, messageId: unknown, isReply: boolean): Promise<unknown> {
    const run = async () => {
      this.raw.ws.send(text);
      if (!isReply) {
        return this.take((f) => !Array.isArray(f) || f[1] === messageId || f[1] === '-1');
      }
      const probe = `probe-${++this.probes}`;
      this.raw.ws.send(JSON.stringify([2, probe, 'Heartbeat', {}]));
      await this.take((f) => Array.isArray(f) && f[1] === probe);
      return undefined;
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }
}

const now = () => new Date().toISOString();
type Examples = Record<string, Record<string, unknown>[]>;

function ocpp16Examples(transactionId: number): Examples {
  const sampledValue = [
    {
      value: '1000',
      context: 'Sample.Periodic',
      format: 'Raw',
      measurand: 'Energy.Active.Import.Register',
      location: 'Outlet',
      unit: 'Wh',
    },
    { value: '7.2', measurand: 'Power.Active.Import', phase: 'L1', unit: 'kW' },
    { value: '50', measurand: 'SoC', unit: 'Percent', location: 'EV' },
  ];
  const meterValue = [{ timestamp: now(), sampledValue }];
  return {
    BootNotification: [
      {
        chargePointVendor: 'V',
        chargePointModel: 'M',
        chargePointSerialNumber: 'S',
        firmwareVersion: '1',
        iccid: 'I',
        meterType: 'T',
      },
    ],
    Heartbeat: [{}],
    StatusNotification: [
      {
        connectorId: 1,
        errorCode: 'NoError',
        status: 'Charging',
        timestamp: now(),
        info: 'i',
        vendorId: 'v',
        vendorErrorCode: 'e',
      },
    ],
    Authorize: [{ idTag: 'FUZZ-CARD-1' }],
    StartTransaction: [{ connectorId: 1, idTag: 'FUZZ-CARD-1', meterStart: 1000, timestamp: now(), reservationId: 7 }],
    MeterValues: [{ connectorId: 1, transactionId, meterValue }],
    StopTransaction: [
      {
        transactionId,
        meterStop: 2000,
        timestamp: now(),
        idTag: 'FUZZ-CARD-1',
        reason: 'Local',
        transactionData: meterValue,
      },
    ],
    FirmwareStatusNotification: [{ status: 'Installed' }],
    DiagnosticsStatusNotification: [{ status: 'Uploaded' }],
    DataTransfer: [
      { vendorId: 'com.example', messageId: 'm', data: 'x' },
      // Plug & Charge as the OCA whitepaper maps it to 1.6: the 2.0.1 request as JSON.
      {
        vendorId: 'org.openchargealliance.iso15118pnc',
        messageId: 'GetCertificateStatus',
        data: JSON.stringify({ ocspRequestData: OCSP_REQUEST_DATA }),
      },
    ],
    SecurityEventNotification: [{ type: 'StartupOfTheDevice', timestamp: now(), techInfo: 'x' }],
    LogStatusNotification: [{ status: 'Uploaded', requestId: 3 }],
    SignedFirmwareStatusNotification: [{ status: 'SignatureVerified', requestId: 4 }],
    SignCertificate: [{ csr: CSR }],
  };
}

function ocpp201Examples(): Examples {
  const schedule = { id: 1, chargingRateUnit: 'W', chargingSchedulePeriod: [{ startPeriod: 0, limit: 1000 }] };
  const sampledValue = [
    {
      value: 1000,
      measurand: 'Energy.Active.Import.Register',
      unitOfMeasure: { unit: 'Wh', multiplier: 0 },
      location: 'Outlet',
      context: 'Sample.Periodic',
    },
    { value: 7.2, measurand: 'Power.Active.Import', phase: 'L1', unitOfMeasure: { unit: 'kW' } },
    { value: 50, measurand: 'SoC', unitOfMeasure: { unit: 'Percent' } },
  ];
  const meterValue = [{ timestamp: now(), sampledValue }];
  const event = (eventType: string, seqNo: number) => ({
    eventType,
    timestamp: now(),
    triggerReason: 'MeterValuePeriodic',
    seqNo,
    offline: false,
    numberOfPhasesUsed: 3,
    cableMaxCurrent: 32,
    reservationId: 7,
    transactionInfo: {
      transactionId: 'fuzz-tx-1',
      chargingState: 'Charging',
      remoteStartId: 5,
      stoppedReason: 'Local',
    },
    evse: { id: 1, connectorId: 1 },
    idToken: { idToken: 'FUZZ-CARD-1', type: 'ISO14443' },
    meterValue,
  });
  const component = { name: 'EVSE', evse: { id: 1, connectorId: 1 } };
  return {
    BootNotification: [
      {
        reason: 'PowerUp',
        chargingStation: {
          model: 'M',
          vendorName: 'V',
          serialNumber: 'S',
          firmwareVersion: 'F',
          modem: { iccid: 'I', imsi: 'S' },
        },
      },
    ],
    Heartbeat: [{}],
    NotifyReport: [
      {
        requestId: 1,
        generatedAt: now(),
        seqNo: 0,
        tbc: false,
        reportData: [{ component, variable: { name: 'Power' }, variableAttribute: [{ type: 'Actual', value: '7' }] }],
      },
    ],
    NotifyMonitoringReport: [
      {
        requestId: 2,
        generatedAt: now(),
        seqNo: 0,
        monitor: [
          {
            component,
            variable: { name: 'Power' },
            variableMonitoring: [{ id: 1, transaction: false, value: 7, type: 'UpperThreshold', severity: 5 }],
          },
        ],
      },
    ],
    StatusNotification: [{ timestamp: now(), connectorStatus: 'Occupied', evseId: 1, connectorId: 1 }],
    Authorize: [
      { idToken: { idToken: 'FUZZ-CARD-1', type: 'ISO14443' } },
      // Plug & Charge (C07): the contract certificate's status asked of the certificate status function.
      { idToken: { idToken: 'DEABCC0000001X', type: 'eMAID' }, iso15118CertificateHashData: [OCSP_REQUEST_DATA] },
    ],
    TransactionEvent: [event('Started', 0), event('Updated', 1), event('Ended', 2)],
    MeterValues: [{ evseId: 1, meterValue }],
    FirmwareStatusNotification: [{ status: 'Installed', requestId: 1 }],
    PublishFirmwareStatusNotification: [
      { status: 'Published', requestId: 1, location: ['http://192.168.1.10/fw.bin'] },
      { status: 'Downloading', requestId: 2 },
      { status: 'Idle' },
    ],
    LogStatusNotification: [{ status: 'Uploaded', requestId: 1 }],
    SignCertificate: [{ csr: CSR, certificateType: 'ChargingStationCertificate' }],
    // Plug & Charge: the certificate status function is asked (a responder on a closed port: the fallback).
    GetCertificateStatus: [{ ocspRequestData: OCSP_REQUEST_DATA }],
    Get15118EVCertificate: [
      { iso15118SchemaVersion: 'urn:iso:15118:2:2013:MsgDef', action: 'Install', exiRequest: 'gJgCEFCQjAw=' },
    ],
    NotifyCustomerInformation: [
      { data: 'CARD FUZZ-CARD-1: 2 sessions', seqNo: 0, generatedAt: now(), requestId: 1 },
      { data: 'first page', tbc: true, seqNo: 0, generatedAt: now(), requestId: 2 },
    ],
    NotifyDisplayMessages: [
      {
        requestId: 1,
        tbc: false,
        messageInfo: [
          {
            id: 1,
            priority: 'InFront',
            state: 'Idle',
            startDateTime: now(),
            transactionId: 'fuzz-tx-1',
            message: { format: 'UTF8', language: 'en', content: 'Fuzz' },
            display: { name: 'Display', evse: { id: 1 } },
          },
        ],
      },
      { requestId: 2, tbc: true },
    ],
    NotifyEvent: [
      {
        generatedAt: now(),
        seqNo: 0,
        tbc: false,
        eventData: [
          {
            eventId: 1,
            timestamp: now(),
            trigger: 'Alerting',
            actualValue: 'x',
            eventNotificationType: 'HardWiredNotification',
            component,
            variable: { name: 'Problem' },
          },
        ],
      },
    ],
    SecurityEventNotification: [{ type: 'StartupOfTheDevice', timestamp: now(), techInfo: 'x' }],
    DataTransfer: [{ vendorId: 'com.example', messageId: 'm', data: { a: [1, 'b'] } }],
    ReservationStatusUpdate: [{ reservationId: 7, reservationUpdateStatus: 'Expired' }],
    NotifyChargingLimit: [{ evseId: 1, chargingLimit: { chargingLimitSource: 'EMS' }, chargingSchedule: [schedule] }],
    ClearedChargingLimit: [{ chargingLimitSource: 'EMS', evseId: 1 }],
    NotifyEVChargingNeeds: [
      {
        evseId: 1,
        chargingNeeds: {
          requestedEnergyTransfer: 'DC',
          departureTime: inAnHour(),
          dcChargingParameters: { evMaxCurrent: 100, evMaxVoltage: 500, energyAmount: 40_000 },
        },
      },
    ],
    NotifyEVChargingSchedule: [{ timeBase: now(), evseId: 1, chargingSchedule: schedule }],
    ReportChargingProfiles: [
      {
        requestId: 1,
        chargingLimitSource: 'CSO',
        evseId: 0,
        chargingProfile: [
          {
            id: 1,
            stackLevel: 0,
            chargingProfilePurpose: 'TxDefaultProfile',
            chargingProfileKind: 'Relative',
            chargingSchedule: [schedule],
          },
        ],
      },
    ],
  };
}

/** OCPP 2.1's examples: 2.0.1's (the adapted handlers) and the 2.1-only actions answered. */
function ocpp21Examples(): Examples {
  const { responderURL, ...certificateHashData } = OCSP_REQUEST_DATA;
  return {
    ...ocpp201Examples(),
    // The certificate status function is asked (responders on a closed port: each Failed).
    GetCertificateChainStatus: [
      {
        certificateStatusRequests: [
          { certificateHashData, source: 'OCSP', urls: [responderURL, responderURL] },
          { certificateHashData: { ...certificateHashData, serialNumber: '2a' }, source: 'CRL', urls: [responderURL] },
        ],
      },
    ],
  };
}

/**
 * The CALLs the senders sent since the last look that are not in the message log as they were
 * sent (the frame's text, our answer's text); the figures count both kinds. Reads only the log
 * items written since the sender's last look (the sort key starts with `createdAt`), so that a look
 * reads what its batch wrote rather than the charger's whole day again, which grows with every batch.
 */
async function notLogged(senders: FrameSender[]): Promise<string[]> {
  const missing: string[] = [];
  const today = new Date();
  const days = [new Date(today.getTime() - 86_400_000), today].map((d) => d.toISOString().slice(0, 10));
  for (const sender of senders) {
    const since = sender.loggedSince;
    sender.loggedSince = new Date().toISOString();
    const calls = sender.calls.splice(0);
    if (!calls.length) continue;
    const logged = new Map<string, { frame?: string; responseFrame?: string }[]>();
    for (const day of days) {
      const { data } = await stack.db.ocppMessage.query
        .primary({ chargerId: sender.chargerId, day })
        .gte({ createdAt: since })
        .go({ pages: 'all' });
      for (const item of data) logged.set(item.messageId, [...(logged.get(item.messageId) ?? []), item]);
    }
    for (const call of calls) {
      const found = logged.get(call.messageId)?.some((i) => i.frame === call.text && i.responseFrame === call.answer);
      figures.ocpp[found ? 'logged' : 'notLogged']++;
      if (!found) missing.push(`not logged: ${call.text.slice(0, 300)}`);
    }
  }
  return missing;
}

/** Frames that are not OCPP-J CALLs (each is answered): any text, any JSON, arrays of any members. */
const shapeFrames: fc.Arbitrary<string> = fc
  .oneof(
    fc.string({ unit: 'grapheme', maxLength: 60 }),
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
    fc.tuple(fc.oneof(fc.constant(2), anyValue), anyValue, anyValue, anyValue).map((v) => JSON.stringify(v)),
    fc
      .tuple(
        fc.string({ minLength: 1, maxLength: 36 }),
        fc.oneof(fc.string(), fc.constantFrom('Reset', 'Heartbeat')),
        anyValue,
      )
      .map(([id, action, payload]) => JSON.stringify([2, id, action, payload])),
    fc.array(anyValue, { maxLength: 6 }).map((v) => JSON.stringify([2, ...v])),
  )
  .filter((text) => {
    try {
      const value = JSON.parse(text);
      return !(Array.isArray(value) && (value[0] === 3 || value[0] === 4));
    } catch {
      return text.trim().length > 0;
    }
  });

/** CALLRESULT / CALLERROR frames answering nothing we sent. */
const replyFrames: fc.Arbitrary<string> = fc
  .oneof(
    fc.tuple(
      fc.constant(3),
      fc.string({ minLength: 1, maxLength: 36 }),
      fc.dictionary(fc.string(), anyValue, { maxKeys: 3 }),
    ),
    fc.tuple(
      fc.constant(4),
      fc.string({ minLength: 1, maxLength: 36 }),
      fc.string(),
      fc.string(),
      fc.dictionary(fc.string(), anyValue, { maxKeys: 3 }),
    ),
    fc.tuple(fc.constantFrom(3, 4), anyValue, anyValue),
  )
  .map((v) => JSON.stringify(v));

/** Registry, validators (names) and frames per action of each version. */
const VERSIONS = {
  'ocpp1.6': { registry: ocpp16Registry, validators: V16, frames: FRAMES_PER_ACTION },
  'ocpp2.0.1': { registry: ocpp201Registry, validators: V201, frames: FRAMES_PER_ACTION },
  'ocpp2.1': { registry: ocpp21Registry, validators: V21, frames: FRAMES_PER_ACTION_21 },
};

/** OCPP 2.1's SEND and CALLRESULTERROR are never answered: not for the frames that each get an answer. */
const answered = (text: string) => {
  try {
    const value = JSON.parse(text);
    return !(Array.isArray(value) && (value[0] === 5 || value[0] === 6));
  } catch {
    return true;
  }
};

describe.each(['ocpp1.6', 'ocpp2.0.1', 'ocpp2.1'] as const)(
  'OCPP %s frames never give an InternalError, and a refused one changes nothing',
  (protocol) => {
    const senders: FrameSender[] = [];
    let examplesByAction: Examples;
    let frames = 0;

    beforeAll(async () => {
      for (const ocppId of ocppIds[protocol]) {
        const chargerId = tenant.chargers.find((c) => c.ocppId === ocppId)!.id;
        senders.push(new FrameSender(await connectRaw(stack, ocppId, protocol), chargerId));
      }
      if (protocol === 'ocpp1.6') {
        const start = JSON.stringify([
          2,
          'setup',
          'StartTransaction',
          { connectorId: 1, idTag: 'T', meterStart: 0, timestamp: now() },
        ]);
        const reply = (await senders[0]!.send(start, 'setup', false)) as [number, string, { transactionId: number }];
        examplesByAction = ocpp16Examples(reply[2].transactionId);
      } else examplesByAction = protocol === 'ocpp2.1' ? ocpp21Examples() : ocpp201Examples();
    });
    afterAll(async () => {
      for (const sender of senders) await sender.raw.close();
    });

    /** Sends frames over the connections in turn; refused = CALLERROR or a reply frame. */
    const sendFrames = (texts: { text: string; messageId: unknown; isReply?: boolean; valid?: boolean }[]) =>
      fuzz(
        texts,
        (frame) => !frame.valid && !frame.isReply,
        async ({ text, messageId, isReply = false }, index) => {
          const sender = senders[index % senders.length]!;
          try {
            const answer = await sender.send(text, messageId, isReply);
            const refused = isReply || (Array.isArray(answer) && answer[0] === 4);
            const call = callOf(text);
            if (call) sender.calls.push({ ...call, text, answer: JSON.stringify(answer) });
            return { refused };
          } catch (error) {
            return { refused: false, failure: `${String(error)} for ${text.slice(0, 500)}` };
          }
        },
        figures.ocpp,
      );

    /** Whether a payload follows the action's official schema (else it must be a CALLERROR). */
    async function followsSchema(action: string, payload: Json): Promise<boolean> {
      try {
        const validators = VERSIONS[protocol].validators as unknown as Record<
          string,
          Parameters<typeof validatePayload>[0]
        >;
        await validatePayload(validators[action]!, 'req', payload);
        return true;
      } catch {
        return false;
      }
    }

    it('has a valid example for every action this CSMS handles', () => {
      const { registry } = VERSIONS[protocol];
      expect(Object.keys(examplesByAction).sort()).toEqual(registry.actions().sort());
    });

    it.each(VERSIONS[protocol].registry.actions())(
      '%s',
      async (action) => {
        const arbitrary = fc.constantFrom(...(examplesByAction[action] as Json[])).chain(mutationsOf);
        const texts = await Promise.all(
          sampled(arbitrary, VERSIONS[protocol].frames, action.length).map(async (payload) => {
            const messageId = `f${++frames}`;
            return {
              text: JSON.stringify([2, messageId, action, payload]),
              messageId,
              valid: await followsSchema(action, payload),
            };
          }),
        );
        const failures = await sendFrames(texts);
        expect([...failures, ...senders.flatMap((s) => s.bad.splice(0))]).toEqual([]);
        expect(await notLogged(senders)).toEqual([]);
      },
      120_000,
    );

    it('frames that are not JSON, not OCPP-J, or of unknown actions', async () => {
      const shapes = protocol === 'ocpp2.1' ? shapeFrames.filter(answered) : shapeFrames;
      const texts = sampled(shapes, SHAPE_FRAMES, 7).map((text) => {
        let messageId: unknown = '-1';
        try {
          messageId = (JSON.parse(text) as unknown[])[1];
        } catch {}
        return { text, messageId };
      });
      const replies = sampled(replyFrames, REPLY_FRAMES, 8).map((text) => ({
        text,
        messageId: undefined,
        isReply: true,
      }));
      const failures = await sendFrames([...texts, ...replies]);
      expect([...failures, ...senders.flatMap((s) => s.bad.splice(0))]).toEqual([]);
      expect(await notLogged(senders)).toEqual([]);
    }, 120_000);
  },
);

/**
 * A charging station's answers to CostUpdated (2.0.1 I04; 1.6 has none), the one CALL the CSMS
 * sends from the table's stream: mutated CALLRESULT payload objects (schema-valid ones are `sent`,
 * the others a failure of the command, `failed`) and CALLERRORs (NotSupported/NotImplemented remembered
 * on the charger, others `failed`). Whatever the answer: no InternalError, no frame breaking the
 * rules, the answer in the message log as it was sent, and nothing written beyond the command's own
 * bookkeeping (its log entry, the charger's command lane) and the charger's memory of an
 * unsupported CostUpdated.
 */
describe('OCPP 2.0.1 CostUpdated answers never give an InternalError', () => {
  const ANSWERS = 12;
  const answerFollowsSchema = async (payload: Json) => {
    try {
      await validatePayload(V201.CostUpdated, 'conf', payload);
      return true;
    } catch {
      return false;
    }
  };

  it('mutated CALLRESULTs and CALLERRORs', async () => {
    const ocppId = ocppIds['ocpp2.0.1'][0]!;
    const target = tenant.chargers.find((c) => c.ocppId === ocppId)!;
    const raw = await connectRaw(stack, ocppId, 'ocpp2.0.1');
    const sender = new FrameSender(raw, target.id);
    const inbox: unknown[][] = [];
    raw.ws.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as unknown[];
      if (frame[0] === 2) inbox.push(frame);
    });
    await changes();
    const commands = ocppChargerCommands(stack.db, COST_COMMANDS);
    const valid: Json[] = [{}, { customData: { vendorId: 'fuzz.example' } }];
    // A reply whose payload is no object is no CALLRESULT (the reply frames above): objects only here.
    const payloads = sampled(fc.constantFrom(...valid).chain(mutationsOf), ANSWERS * 3, 11)
      .filter((payload) => typeof payload === 'object' && payload !== null && !Array.isArray(payload))
      .slice(0, ANSWERS);
    const replies = [
      ...payloads.map((payload) => (messageId: string) => [3, messageId, payload]),
      ...['NotSupported', 'NotImplemented', 'GenericError', 'FormatViolation'].map((code) => (messageId: string) => [
        4,
        messageId,
        code,
        'fuzz',
        {},
      ]),
    ];
    const failures: string[] = [];
    for (const [index, reply] of replies.entries()) {
      const charger = (await stack.db.charger.get({ chargerId: target.id }).go()).data!;
      const update = { charger, ocppTransactionId: 'fuzz-cost', totalCost: index };
      const outcome = sendCostUpdate(stack.db, commands, update);
      const call = await pollUntil(
        async () => inbox.shift(),
        (frame) => frame !== undefined,
        'the CostUpdated CALL',
      );
      const text = JSON.stringify(reply(String(call![1])));
      await sender.send(text, undefined, true);
      const result = await outcome;
      const payload = payloads[index];
      const expected =
        payload === undefined
          ? ['NotSupported', 'NotImplemented'].some((code) => text.includes(code))
            ? 'unsupported'
            : 'failed'
          : (await answerFollowsSchema(payload))
            ? 'sent'
            : 'failed';
      if (result !== expected) failures.push(`${result} (not ${expected}) for ${text}`);
      const logged = await stack.db.ocppMessage.get(callRecordKey(target.id, String(call![1]))!).go();
      if (logged.data?.responseFrame !== text) failures.push(`not logged as sent: ${text}`);
      const written = (await changes()).filter((c) => !c.includes(' charger '));
      if (written.length) failures.push(`${text} wrote ${written.join('; ')}`);
      // The next answer starts from a charger that is sent CostUpdated (its lane write is bookkeeping, as above).
      await stack.db.charger.patch({ chargerId: target.id }).remove(['costUpdatedSupport']).go();
    }
    expect([...failures, ...sender.bad.splice(0)]).toEqual([]);
    await raw.close();
  }, 120_000);
});

/**
 * An OCPP 2.1 station's answers to the tariff messages the CSMS sends (SetDefaultTariff,
 * ClearTariffs and ChangeTransactionTariff from the table's stream, GetTariffs as a charger
 * operation): mutated CALLRESULT payload objects (schema-valid ones give their status's outcome,
 * the others a failure of the command) and CALLERRORs (NotSupported/NotImplemented remembered on
 * the charger for the stream's three, others failed). Whatever the answer: no InternalError, no frame breaking the rules, the
 * answer in the message log as it was sent, and nothing written beyond the command's own
 * bookkeeping and the charger's memory of what it was sent.
 */
describe('OCPP 2.1 tariff message answers never give an InternalError', () => {
  const ANSWERS = 6;
  const TARIFF_ID = 'site-1-2026-12-06T10:00:00.000Z';
  const tariff = {
    siteId: 1,
    currency: 'EUR',
    updatedAt: '2026-12-06T10:00:00.000Z',
    energyPrices: [
      { name: 'all', daysOfWeek: [1, 2, 3, 4, 5, 6, 7], startTime: '00:00', endTime: '24:00', pricePerKwh: 0.2 },
    ],
  };
  type Outcome = string;
  /** Per action: valid answers, what a schema-valid answer's status comes to, and how the CALL is made. */
  const ACTIONS: Record<
    'SetDefaultTariff' | 'ClearTariffs' | 'ChangeTransactionTariff' | 'GetTariffs',
    {
      validators: ActionValidators<'ocpp2.1'>;
      valid: Json[];
      ok: (payload: any) => Outcome;
      unsupported: Outcome;
      send: (chargerId: number) => Promise<Outcome>;
    }
  > = {
    SetDefaultTariff: {
      validators: V21.SetDefaultTariff,
      valid: [{ status: 'Accepted' }, { status: 'TooManyElements', statusInfo: { reasonCode: 'fuzz' } }],
      ok: ({ status }) => (['Accepted', 'DuplicateTariffId'].includes(status) ? 'set' : 'refused'),
      unsupported: 'unsupported',
      send: async (chargerId) => {
        const { data } = await stack.db.charger.get({ chargerId }).go();
        return syncStationTariff(stack.db, ocppChargerCommands(stack.db, TARIFF_COMMANDS), data!, tariff, 'change');
      },
    },
    ClearTariffs: {
      validators: V21.ClearTariffs,
      valid: [
        { clearTariffsResult: [{ tariffId: TARIFF_ID, status: 'Accepted' }] },
        { clearTariffsResult: [{ status: 'NoTariff' }] },
      ],
      ok: () => 'cleared',
      unsupported: 'unsupported',
      send: async (chargerId) => {
        const { data } = await stack.db.charger.get({ chargerId }).go();
        const holding = { ...data!, defaultTariff: { tariffId: TARIFF_ID, status: 'Accepted', bootAt: '', at: now() } };
        return syncStationTariff(
          stack.db,
          ocppChargerCommands(stack.db, TARIFF_COMMANDS),
          holding,
          undefined,
          'change',
        );
      },
    },
    GetTariffs: {
      validators: V21.GetTariffs,
      valid: [
        { status: 'Accepted', tariffAssignments: [{ tariffId: TARIFF_ID, tariffKind: 'DefaultTariff', evseIds: [1] }] },
        { status: 'NoTariff' },
      ],
      ok: ({ status }) => (['Accepted', 'NoTariff'].includes(status) ? 'accepted' : 'rejected'),
      unsupported: 'notSupported',
      send: async (chargerId) => {
        const commands = ocppChargerCommands(stack.db, CHARGER_OPERATION_COMMANDS);
        const context = { commands, target: { chargerId } } as unknown as PerformContext<never>;
        return (await getTariffs.perform(context)).status;
      },
    },
    ChangeTransactionTariff: {
      validators: V21.ChangeTransactionTariff,
      valid: [{ status: 'Accepted' }, { status: 'NoCurrencyChange', statusInfo: { reasonCode: 'fuzz' } }],
      ok: ({ status }) => (status === 'Accepted' ? 'changed' : 'refused'),
      unsupported: 'unsupported',
      send: (chargerId) =>
        changeTransactionTariff(ocppChargerCommands(stack.db, TARIFF_COMMANDS), chargerId, 'fuzz-tx', tariff),
    },
  };
  const followsSchema = async (action: keyof typeof ACTIONS, payload: Json) => {
    try {
      await validatePayload(ACTIONS[action].validators, 'conf', payload);
      return true;
    } catch {
      return false;
    }
  };

  it('mutated CALLRESULTs and CALLERRORs of SetDefaultTariff, ClearTariffs, ChangeTransactionTariff and GetTariffs', async () => {
    const ocppId = ocppIds['ocpp2.1'][0]!;
    const target = tenant.chargers.find((c) => c.ocppId === ocppId)!;
    const raw = await connectRaw(stack, ocppId, 'ocpp2.1');
    const sender = new FrameSender(raw, target.id);
    // 2.1's validators are loaded before the first CALL, whose 1 s deadline is not for that.
    await versionValidators('ocpp2.1');
    const inbox: unknown[][] = [];
    raw.ws.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as unknown[];
      if (frame[0] === 2) inbox.push(frame);
    });
    await changes();
    const failures: string[] = [];
    for (const [seed, [action, spec]] of Object.entries(ACTIONS).entries()) {
      const payloads = sampled(fc.constantFrom(...spec.valid).chain(mutationsOf), ANSWERS * 3, 21 + seed)
        .filter((payload) => typeof payload === 'object' && payload !== null && !Array.isArray(payload))
        .slice(0, ANSWERS);
      const replies: { payload?: Json; frame: (messageId: string) => unknown[] }[] = [
        ...payloads.map((payload) => ({ payload, frame: (messageId: string) => [3, messageId, payload] })),
        ...['NotSupported', 'NotImplemented', 'GenericError', 'FormatViolation'].map((code) => ({
          frame: (messageId: string) => [4, messageId, code, 'fuzz', {}],
        })),
      ];
      for (const { payload, frame } of replies) {
        // A failure of the command (an invalid answer, another CALLERROR) is `failed`, as its senders record it.
        const outcome = spec.send(target.id).catch(() => 'failed');
        const call = await pollUntil(
          async () => inbox.shift(),
          (received) => received !== undefined,
          `the ${action} CALL`,
        );
        if (call![2] !== action) failures.push(`sent ${String(call![2])}, not ${action}`);
        const text = JSON.stringify(frame(String(call![1])));
        await sender.send(text, undefined, true);
        const result = await outcome;
        const expected =
          payload === undefined
            ? ['NotSupported', 'NotImplemented'].some((code) => text.includes(code))
              ? spec.unsupported
              : 'failed'
            : (await followsSchema(action as keyof typeof ACTIONS, payload))
              ? spec.ok(payload)
              : 'failed';
        if (result !== expected) failures.push(`${action}: ${result} (not ${expected}) for ${text}`);
        const logged = await stack.db.ocppMessage.get(callRecordKey(target.id, String(call![1]))!).go();
        if (logged.data?.responseFrame !== text) failures.push(`not logged as sent: ${text}`);
        const written = (await changes()).filter((c) => !c.includes(' charger '));
        if (written.length) failures.push(`${action} ${text} wrote ${written.join('; ')}`);
        // The next answer starts from a station that is sent tariffs and holds none (bookkeeping, as above).
        await stack.db.charger.patch({ chargerId: target.id }).remove(['tariffSupport', 'defaultTariff']).go();
      }
    }
    expect([...failures, ...sender.bad.splice(0)]).toEqual([]);
    await raw.close();
  }, 120_000);
});
