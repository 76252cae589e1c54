/**
 * Every write the handlers really make, checked against the IAM policy the stack gives their
 * function. The real handler modules run behind the local gateway on DynamoDB Local, driven through
 * their paths (HTTP routes, simulated OCPP 1.6 and 2.0.1 chargers answering commands); each
 * invocation runs in an AsyncLocalStorage context naming its function, and a middleware on the data
 * layer's DynamoDB client records the partition key of every item each write request touches, read
 * from the request as sent on the wire (what IAM evaluates).
 *
 * Then: every recorded write must be allowed by the synthesised policy of its function
 * (`dynamodb:LeadingKeys` patterns), and every pattern granted must have been used at least once,
 * so grants cannot silently grow broader than the code needs.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDynamoDbLocal, type DynamoDbLocal } from '../../lib/local/dynamodb';
import { loadHandlers, startLocalGateway, type LocalGateway, type LocalHandlers } from '../../lib/local/gateway';
import { startSmartChargingLoop, startStreamLoop } from '../../lib/local/table-stream';
import { LOCAL_LIST_SYNC_STREAM } from '../../shared/local-auth-list';
import { ALERT_TRIGGERING_ENTITIES } from '../../shared/alerts/triggers';
import { startSimulator, type Simulator, type SimulatorOptions } from '../../lib/simulator';
import { createDocumentClient, ensureTable, getDb, openDb, type Db } from '../../shared/db';
import { createOrganization } from '../../shared/organizations/organizations';
import { createApiKey, hashApiKey } from '../../shared/api/api-keys';
import { useIdentityDirectory } from '../../shared/users';
import { localAccounts } from '../../lib/local/identity/accounts';
import { countRequest, REQUESTS_PER_MINUTE } from '../../shared/api/rate-limit';
import { httpHandlerEntry, type HttpFunctionName } from '../../shared/api/routes';
import { createSite } from '../../shared/chargers/sites';
import { registerCharger } from '../../shared/chargers/registration';
import { syncVehicleDepartures } from '../../shared/departures/sync';
import { DepartureSyncBody } from '../../shared/api/routes/departure-times';
import type { Charger } from '../../shared/api/routes/charger-views';
import { leadingKeyPatterns, allowsWrite, matchesStringLike } from './support/iam';
import { synthesise } from './support/template';
import type { ChargerType } from '../../shared/smart-charging/types';
import { requestOperation } from '../../shared/charger-operations/operations';
import { ocppChargerCommands } from '../../shared/ocpp/commands/charger-commands';
import { CHARGER_OPERATION_COMMANDS } from '../../shared/ocpp/commands/charger-operations';
import { CA_ENV, CERTIFICATE_SIGNING_ENTITIES } from '../../shared/ocpp/certificate-signing';
import { opensslCsr, temporaryDirectory } from '../unit/certificates/openssl';

/** The ocpp-rpc client a simulator holds: CALLs sent, CALLs answered. */
interface RpcClient {
  call: (action: string, payload: unknown) => Promise<unknown>;
  handle: (action: string, handler: () => Promise<unknown>) => void;
}

// Commands to a silent charger give up quickly (production: 20 s).
process.env.OCPP_COMMAND_TIMEOUT_MS = '2500';
// A connection's lastMessageAt is written a second after it opens (production: 5 minutes).
process.env.LAST_MESSAGE_INTERVAL_MS = '1000';

/** One write request (or one item of a transaction) as IAM sees it. */
interface RecordedWrite {
  /** `http/<name>` or `ocpp/<name>`. */
  fn: string;
  action: string;
  leadingKeys: string[];
}

const invocation = new AsyncLocalStorage<string>();
const recorded: RecordedWrite[] = [];

/** Records the item writes of one DynamoDB request body (JSON wire format) made by `fn`. */
function recordRequest(fn: string, operation: string, body: Record<string, any>): void {
  const pk = (attributes: Record<string, { S?: string }> | undefined) => attributes?.pk?.S ?? '<no pk>';
  const add = (action: string, leadingKeys: string[]) =>
    recorded.push({ fn, action: `dynamodb:${action}`, leadingKeys });
  if (operation === 'PutItem') add('PutItem', [pk(body.Item)]);
  if (operation === 'UpdateItem' || operation === 'DeleteItem') add(operation, [pk(body.Key)]);
  if (operation === 'TransactWriteItems') {
    for (const item of body.TransactItems as Record<string, any>[]) {
      if (item.Put) add('PutItem', [pk(item.Put.Item)]);
      if (item.Update) add('UpdateItem', [pk(item.Update.Key)]);
      if (item.Delete) add('DeleteItem', [pk(item.Delete.Key)]);
    }
  }
  if (operation === 'BatchWriteItem') {
    const requests = Object.values(body.RequestItems as Record<string, Record<string, any>[]>).flat();
    add(
      'BatchWriteItem',
      requests.map((r) => pk(r.PutRequest?.Item ?? r.DeleteRequest?.Key)),
    );
  }
}

/** Adds the recorder to the process's data-layer client (the one every handler uses). */
function recordWritesOf(db: Db): void {
  // ElectroDB keeps the DocumentClient it was given in its client wrapper.
  const client = (db.counter as unknown as { client: { client: DynamoDBDocumentClient } }).client.client;
  client.middlewareStack.add(
    (next) => async (args) => {
      const fn = invocation.getStore();
      const request = args.request as { headers?: Record<string, string>; body?: string | Uint8Array };
      const target = Object.entries(request.headers ?? {}).find(([name]) => name.toLowerCase() === 'x-amz-target')?.[1];
      if (fn && target) {
        const body = typeof request.body === 'string' ? request.body : new TextDecoder().decode(request.body);
        recordRequest(fn, target.replace(/^DynamoDB_\d+\./, ''), JSON.parse(body || '{}'));
      }
      return next(args);
    },
    { step: 'build', name: 'recordItemWrites' },
  );
}

/** The real handlers, each invocation in a context naming its function. */
function namedHandlers(handlers: LocalHandlers): LocalHandlers {
  const wrap = <H extends (event: never, context: never) => Promise<unknown>>(fn: string, handler: H): H =>
    ((event: never, context: never) => invocation.run(fn, () => handler(event, context))) as H;
  const wrapAll = <T extends Record<string, (event: never, context: never) => Promise<unknown>>>(
    kind: string,
    all: T,
  ) => Object.fromEntries(Object.entries(all).map(([name, handler]) => [name, wrap(`${kind}/${name}`, handler)])) as T;
  return {
    http: wrapAll('http', handlers.http),
    ocpp: wrapAll('ocpp', handlers.ocpp),
    power: wrapAll('power', handlers.power),
    operations: wrapAll('operations', handlers.operations),
    localList: wrapAll('local-list', handlers.localList!),
    alerts: wrapAll('alerts', handlers.alerts!),
    certificates: wrapAll('certificates', handlers.certificates!),
  };
}

/** Polls `condition` until it holds. */
async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

let dynamo: DynamoDbLocal;
let gateway: LocalGateway;
let handlers: LocalHandlers;
let db: Db;
let apiKey: string;
let organizationId: number;
let chargers: Record<'v16' | 'v201' | 'silent' | 'noReservations', Charger>;
let legacySiteId: number;
const simulators: Simulator[] = [];
let certificateFiles: { dir: string; remove: () => void } | undefined;

/** Calls the API with the tenant's key. */
async function api(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${gateway.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${apiKey}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** Calls the API and expects `status`. */
async function expectApi(status: number, method: string, path: string, body?: unknown): Promise<any> {
  const result = await api(method, path, body);
  expect(result.status, `${method} ${path}: ${JSON.stringify(result.body)}`).toBe(status);
  return result.body;
}

/** Connects a simulated charger to the gateway. */
async function simulate(
  charger: Charger,
  options: Partial<SimulatorOptions> & Pick<SimulatorOptions, 'protocol'>,
): Promise<Simulator> {
  const simulator = await startSimulator({
    ocppId: charger.ocppId!,
    url: `${gateway.url.replace(/^http/, 'ws')}/ocpp`,
    ...options,
  });
  simulators.push(simulator);
  return simulator;
}

beforeAll(async () => {
  dynamo = await startDynamoDbLocal();
  const tableName = `rows-${randomUUID()}`;
  const setupClient = createDocumentClient({ endpoint: dynamo.endpoint });
  await ensureTable(setupClient, tableName);
  setupClient.destroy();
  Object.assign(process.env, { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: dynamo.endpoint, AWS_REGION: 'local' });
  recordWritesOf(getDb());
  handlers = namedHandlers(await loadHandlers());
  gateway = await startLocalGateway(handlers, { port: 0 });
  process.env.WS_MANAGEMENT_ENDPOINT = gateway.url;
  process.env.LAMBDA_ENDPOINT = gateway.url;
  // Chargers' logs, stored as the local stack stores them.
  Object.assign(process.env, {
    LOG_DIR: await mkdtemp(join(tmpdir(), 'rows-logs-')),
    LOG_UPLOAD_BASE_URL: gateway.url,
    LOG_URL_SECRET: randomUUID(),
  });
  // The CSMS CA as the local stack keeps it (SignCertificate is then accepted and served).
  certificateFiles = temporaryDirectory();
  process.env[CA_ENV.localDir] = certificateFiles.dir;

  // Fixtures through the operator's code path, outside any function (not recorded).
  db = openDb({ tableName, endpoint: dynamo.endpoint });
  const organization = await createOrganization(db, { name: 'Rows Fleet' });
  organizationId = organization.id;
  const site = await createSite(db, { organizationId, name: 'Rows Depot', timezone: 'America/Chicago' });
  const register = (ocppId: string, type: ChargerType, password?: string) =>
    registerCharger(db, {
      siteId: site.id,
      ocppId,
      name: ocppId,
      type,
      ports: [{ connectorType: type === 'DCFC' ? 'CCS1' : 'J1772' }],
      password,
    });
  chargers = {
    v16: await register('ROWS-16', 'Level 2', 'a-long-ocpp-secret'),
    v201: await register('ROWS-201', 'DCFC'),
    silent: await register('ROWS-SILENT', 'Level 2'),
    noReservations: await register('ROWS-NORES', 'Level 2'),
  };
  // A site stored before the DCFC charger count existed: the first amp limit counts its chargers.
  legacySiteId = 990_001;
  await db.site
    .put({
      siteId: legacySiteId,
      organizationId,
      name: 'Legacy',
      timezone: 'America/Chicago',
      // Time-of-use periods from before tariffs: a tariff removes them in its transaction.
      touPeriods: [{ name: 'peak', days: [1, 2, 3, 4, 5], start: '16:00', end: '21:00' }],
      createdAt: new Date().toISOString(),
    })
    .go();
  // An owner's key: it reaches every route, the people's included.
  apiKey = (await createApiKey(db, { organizationId, scope: 'organization', role: 'owner' })).apiKey;
  // People's accounts in memory, as the local stack keeps them in a file (a user pool on AWS).
  useIdentityDirectory(localAccounts(undefined));
}, 120_000);

afterAll(async () => {
  delete process.env[CA_ENV.localDir];
  certificateFiles?.remove();
  await Promise.all(simulators.map((s) => s.close().catch(() => undefined)));
  await gateway?.close();
  await dynamo?.stop();
});

describe('the writes the handlers make', () => {
  it('drives every function through its write paths', async () => {
    // Public routes (no table) and reads, which only count the key's requests.
    await expectApi(200, 'GET', '/api/openapi.json');
    await expectApi(404, 'GET', '/api/nothing-here');
    await expectApi(200, 'GET', `/api/chargers/${chargers.v16.id}`);
    await expectApi(200, 'GET', `/api/chargers/by-ocpp-id/${chargers.v201.ocppId}`);
    await expectApi(200, 'GET', '/api/sites');

    // Access IDs: one with a customer, one creating a vehicle, a VIN change, a rename, a batch.
    await expectApi(201, 'POST', '/api/access-ids', {
      accessId: { type: 'RFID', name: 'Card 1', ocppIdTag: 'SIM-TAG-1', customer: { name: 'City Transit' } },
    });
    await expectApi(201, 'POST', '/api/access-ids', {
      accessId: { type: 'RFID', name: 'Reserved driver', ocppIdTag: 'RES-TAG' },
    });
    const van = await expectApi(201, 'POST', '/api/access-ids', {
      accessId: {
        type: 'Vehicle',
        name: 'Van 1',
        ocppIdTag: 'VAN-1',
        vehicle: { make: 'Ford', model: 'E-Transit', vin: 'VANVIN00000000001' },
      },
    });
    await expectApi(200, 'PATCH', `/api/access-ids/${van.accessId.id}`, {
      accessId: { name: 'Van one', vehicle: { vin: 'VANVIN00000000002' } },
    });
    await expectApi(201, 'POST', '/api/access-ids', {
      accessId: { type: 'Vehicle', name: 'Van 1 tag 2', ocppIdTag: 'VAN-1-B', vehicleId: van.accessId.vehicle.id },
    });
    const lone = await expectApi(201, 'POST', '/api/access-ids', {
      accessId: { type: 'Vehicle', name: 'Lone Van', ocppIdTag: 'LONE-1' },
    });
    await expectApi(200, 'PATCH', `/api/access-ids/${lone.accessId.id}`, {
      accessId: { vehicle: { make: 'Tesla', model: 'Semi', vin: 'SEMI0001' } },
    });
    await expectApi(200, 'PUT', '/api/access-ids/batch', {
      accessIds: [
        { ocppIdTag: 'BATCH-1', name: 'Batch card', type: 'RFID', customer: { name: 'Night Shift' } },
        {
          ocppIdTag: 'BATCH-2',
          name: 'Batch truck',
          type: 'Vehicle',
          vehicle: { make: 'Volvo', model: 'VNR', vin: 'BATCHVIN000000001' },
        },
        { ocppIdTag: 'SIM-TAG-1', name: 'Card 1 renamed', type: 'RFID' },
      ],
    });
    await expectApi(200, 'PUT', '/api/access-ids/batch', {
      accessIds: [
        {
          ocppIdTag: 'BATCH-2',
          name: 'Batch truck',
          type: 'Vehicle',
          vehicle: { make: 'Volvo', model: 'VNL', vin: 'BATCHVIN000000002' },
        },
      ],
    });

    // Vehicles: created with a customer and access IDs (a new tag and an existing one), renamed with a new VIN.
    const bus = await expectApi(201, 'POST', '/api/vehicles', {
      vehicle: {
        name: 'Bus 12',
        make: 'BYD',
        model: 'K9',
        vin: 'LBYK9000000000012',
        customer: { name: 'Transit Co' },
        accessIds: [{ ocppIdTag: 'BUS-12' }, { ocppIdTag: 'BATCH-1' }],
      },
    });
    await expectApi(200, 'PATCH', `/api/vehicles/${bus.vehicle.id}`, {
      vehicle: { name: 'Bus 12b', vin: 'LBYK9000000000013', accessIds: [{ ocppIdTag: 'BUS-12' }] },
    });
    // A telematics reading pushed for it (one UpdateItem of the organization's partition).
    await expectApi(200, 'POST', '/api/vehicles/state/batch', {
      vehicles: [
        { vehicleId: bus.vehicle.id, socPercent: 41, timestamp: new Date().toISOString(), source: 'fleet-telematics' },
      ],
    });

    // Departures: a VIN's plan with an entry that became past, then the vehicle that gets the VIN.
    const future = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
    await syncVehicleDepartures(
      db,
      organizationId,
      DepartureSyncBody.parse({
        vehicleVin: 'PASTVIN0000000001',
        departureTimes: [{ departureTime: '2021-01-04T06:00:00Z' }],
      }),
      Date.parse('2020-06-01T00:00:00Z'),
    );
    await expectApi(200, 'POST', '/api/departure-times/vehicle', {
      vehicleVin: 'PASTVIN0000000001',
      departureTimes: [{ departureTime: future(5) }],
    });
    const truck = await expectApi(201, 'POST', '/api/vehicles', {
      vehicle: { name: 'Truck 7', vin: 'PASTVIN0000000001' },
    });
    await expectApi(200, 'POST', '/api/departure-times/vehicle', {
      vehicleId: truck.vehicle.id,
      departureTimes: [{ departureTime: future(6) }],
    });

    // Site power limits: in watts, in amps on a site whose DCFC chargers are not counted yet, removed.
    const cost = await expectApi(201, 'POST', `/api/site/${chargers.v16.site.id}/limits`, {
      sitePowerLimitSchedule: { type: 'cost', limit: 50_000, chargingRateUnit: 'W' },
    });
    await expectApi(201, 'POST', `/api/site/${legacySiteId}/limits`, {
      sitePowerLimitSchedule: { type: 'capacity', limit: 200, chargingRateUnit: 'A' },
    });
    await expectApi(
      204,
      'DELETE',
      `/api/site/${chargers.v16.site.id}/limits/${encodeURIComponent(cost.sitePowerLimitScheduleId)}`,
    );

    // Site tariffs: set (on the legacy site, removing its older time-of-use periods), replaced, removed.
    const tariff = {
      currency: 'USD',
      energyPrices: [
        { name: 'offPeak', daysOfWeek: [1, 2, 3, 4, 5, 6, 7], startTime: '00:00', endTime: '16:00', pricePerKwh: 0.1 },
        { name: 'onPeak', daysOfWeek: [1, 2, 3, 4, 5, 6, 7], startTime: '16:00', endTime: '24:00', pricePerKwh: 0.4 },
      ],
    };
    await expectApi(200, 'PUT', `/api/sites/${legacySiteId}/tariff`, { tariff });
    await expectApi(200, 'PUT', `/api/sites/${chargers.v16.site.id}/tariff`, { tariff });
    await expectApi(204, 'DELETE', `/api/sites/${chargers.v16.site.id}/tariff`);

    // Chargers: connect (one with a password), boot, statuses, a port the charger reports first.
    const v16 = await simulate(chargers.v16, {
      protocol: 'ocpp1.6',
      password: 'a-long-ocpp-secret',
      connectors: 2,
      idTag: 'RES-TAG',
    });
    const v201 = await simulate(chargers.v201, { protocol: 'ocpp2.0.1', currentType: 'DC' });
    await simulate(chargers.silent, { protocol: 'ocpp1.6', behaviour: 'silent' });
    const replaced = await simulate(chargers.noReservations, { protocol: 'ocpp1.6', reservation: false });
    // The same identity connecting again takes over: the older connection's record is deleted. The
    // replaced simulator is closed at once (it would reconnect and take over in turn).
    await simulate(chargers.noReservations, { protocol: 'ocpp1.6', reservation: false });
    simulators.splice(simulators.indexOf(replaced), 1);
    await replaced.close();
    await until(
      async () =>
        (await db.charger.get({ chargerId: chargers.noReservations.id }).go({ consistent: true })).data
          ?.connectionStatus?.status === 'Connected',
      'the charger connected again',
    );

    // Commands: a reservation (support learnt first) used by a session, remote stop, remote start.
    const expiryDate = future(1);
    const portOf = (charger: Charger) => charger.ports[0]!.id;
    expect(
      await expectApi(200, 'POST', '/api/ocpp/reservations', {
        portId: portOf(chargers.v16),
        expiryDate,
        idTag: 'RES-TAG',
        reservationId: 501,
      }),
    ).toEqual({ data: { status: 'Accepted' } });
    await v16.plugInAndStart(1, 'RES-TAG');
    await expectApi(200, 'POST', '/api/ocpp/remote-stop', { portId: portOf(chargers.v16) });
    await until(
      async () =>
        (await db.port.get({ chargerId: chargers.v16.id, portNumber: 1 }).go()).data?.currentChargingSession ===
        undefined,
      'the remote stop',
    );
    await expectApi(200, 'POST', '/api/ocpp/remote-start', { portId: portOf(chargers.v201), idTag: 'SIM-TAG-1' });
    await until(
      async () =>
        (await db.port.get({ chargerId: chargers.v201.id, portNumber: 1 }).go()).data?.currentChargingSession !==
        undefined,
      'the remote start',
    );
    await v201.stop(1);
    // A reservation the charger cannot hold is released; a cancellation ends one; a silent charger times out.
    await expectApi(200, 'POST', '/api/ocpp/reservations', {
      portId: portOf(chargers.noReservations),
      expiryDate,
      idTag: 'X',
      reservationId: 502,
    });
    await expectApi(200, 'POST', '/api/ocpp/reservations', {
      portId: portOf(chargers.v16),
      expiryDate,
      idTag: 'RES-TAG',
      reservationId: 503,
    });
    await expectApi(200, 'POST', '/api/ocpp/reservations/cancel', { chargerId: chargers.v16.id, reservationId: 503 });
    await expectApi(504, 'POST', '/api/ocpp/remote-start', { portId: portOf(chargers.silent) });
    // Configuration: read (1.6 GetConfiguration; 2.0.1 GetBaseReport, its NotifyReport pages stored
    // and assembled by the OCPP function) and changed (the stored configuration updated).
    await expectApi(200, 'POST', `/api/chargers/${chargers.v16.id}/configuration/refresh`, {});
    await expectApi(200, 'POST', `/api/chargers/${chargers.v201.id}/configuration/refresh`, {});
    await expectApi(200, 'PATCH', `/api/chargers/${chargers.v16.id}/configuration`, {
      changes: [{ key: 'WebSocketPingInterval', value: '30' }],
    });
    await expectApi(200, 'GET', `/api/chargers/${chargers.v201.id}/configuration`);
    // A station's monitors asked for (the simulator has no GetMonitoringReport: notSupported) and read.
    await expectApi(200, 'POST', `/api/chargers/${chargers.v201.id}/monitors/refresh`, {});
    await expectApi(200, 'GET', `/api/chargers/${chargers.v201.id}/monitors`);
    // A key over its rate limit once the command holds the lane: nothing is sent, and the CALL's
    // log item is taken back (its count is full in this minute and the next, so a boundary between
    // does not matter).
    const spent = await createApiKey(db, { organizationId, scope: 'organization' });
    for (const at of [Date.now(), Date.now() + 60_000]) {
      await Promise.all(
        Array.from({ length: REQUESTS_PER_MINUTE }, () => countRequest(db, hashApiKey(spent.apiKey), at)),
      );
    }
    const overLimit = await fetch(`${gateway.url}/api/ocpp/remote-start`, {
      method: 'POST',
      headers: { authorization: `Bearer ${spent.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ portId: portOf(chargers.v16) }),
    });
    expect(overLimit.status).toBe(429);

    // Smart charging, driven by the table's stream as on AWS: a limit, a session that gets its
    // profile, an override, the schedule's visit, the limit removed (profiles cleared), the session ended.
    const loop = await startSmartChargingLoop({
      dynamoDbEndpoint: dynamo.endpoint,
      tableName: process.env.TABLE_NAME!,
      handlers: handlers.power,
    });
    const siteId = chargers.v201.site.id;
    const allocated = async () => (await db.siteAllocation.get({ siteId }).go({ consistent: true })).data;
    const smartLimit = await expectApi(201, 'POST', `/api/site/${siteId}/limits`, {
      sitePowerLimitSchedule: { type: 'capacity', limit: 40_000, chargingRateUnit: 'W' },
    });
    await v201.plugInAndStart(1, 'SIM-TAG-1');
    await until(
      async () => (await allocated())?.ports.some((p) => p.profileStatus === 'Accepted') ?? false,
      'a profile accepted',
    );
    const overridePort = portOf(chargers.v201);
    await expectApi(200, 'PUT', `/api/ports/${overridePort}/charging-override`, {
      chargingOverride: { limit: 30_000, chargingRateUnit: 'W', expiresAt: future(1) },
    });
    await expectApi(204, 'DELETE', `/api/ports/${overridePort}/charging-override`);
    await db.scheduledSite.patch({ siteId }).set({ nextRunAt: 0 }).go();
    await handlers.power.schedule!({}, {} as never);
    await expectApi(
      204,
      'DELETE',
      `/api/site/${siteId}/limits/${encodeURIComponent(smartLimit.sitePowerLimitScheduleId)}`,
    );
    await v201.stop(1);
    await until(
      async () => (await db.scheduledSite.get({ siteId }).go({ consistent: true })).data === null,
      'the site off the schedule',
    );
    await until(
      async () =>
        (await db.siteAllocationState.get({ siteId }).go({ consistent: true })).data?.leaseUntil === undefined,
      'the allocations to end',
    );
    await loop.stop();
    // A vehicle's session that ended with a usable SoC rise (as its stream record) teaches the
    // trigger its battery: 30 kWh over 40 points, 75 kWh.
    const ended = { __edb_e__: 'chargingSession', organizationId, vehicleId: bus.vehicle.id, socStartPercent: 20 };
    await handlers.power.trigger!(
      {
        Records: [
          {
            eventName: 'MODIFY',
            dynamodb: {
              OldImage: marshall({ ...ended, status: 'InProgress' }),
              NewImage: marshall({
                ...ended,
                status: 'Completed',
                endTime: new Date().toISOString(),
                socEndPercent: 60,
                energyDeliveredKwh: 30,
              }),
            },
          },
        ],
      } as never,
      {} as never,
    );
    expect(
      (await db.vehicle.get({ organizationId, vehicleId: bus.vehicle.id }).go()).data?.learnedBatteryCapacityKwh,
    ).toBe(75);

    // The local authorization list, driven by the table's stream as on AWS: a resync asked of each
    // simulator (support learnt, a Full update), then a new card (a Differential to both).
    const lists = await startStreamLoop({
      dynamoDbEndpoint: dynamo.endpoint,
      tableName: process.env.TABLE_NAME!,
      consumers: [{ name: 'local-list-sync', entities: LOCAL_LIST_SYNC_STREAM, handler: handlers.localList!.sync! }],
    });
    const listOf = async (chargerId: number) =>
      (await db.localAuthList.get({ chargerId }).go({ consistent: true })).data;
    for (const charger of [chargers.v16, chargers.v201])
      await expectApi(202, 'POST', `/api/chargers/${charger.id}/local-list/sync`);
    await expectApi(201, 'POST', '/api/access-ids', {
      accessId: { type: 'RFID', name: 'Listed card', ocppIdTag: 'LISTED-CARD' },
    });
    for (const charger of [chargers.v16, chargers.v201])
      await until(
        async () => (await listOf(charger.id))?.entries?.includes('LISTED-CARD') ?? false,
        `the card in ${charger.ocppId}'s local list`,
      );
    await until(async () => (await listOf(chargers.v201.id))?.leaseUntil === undefined, 'the synchronisations to end');
    await lists.stop();

    // Alerts raised from the table's stream as on AWS: a fault during a session raises its
    // chargingSessionError (the alert, its episode marker, the ID counter), the session's end
    // clears it (the alert updated, the marker deleted).
    const alertLoop = await startStreamLoop({
      dynamoDbEndpoint: dynamo.endpoint,
      tableName: process.env.TABLE_NAME!,
      consumers: [{ name: 'alerts-trigger', entities: ALERT_TRIGGERING_ENTITIES, handler: handlers.alerts!.trigger! }],
    });
    const alertsOfOrganization = async () =>
      (await db.alert.query.byOrganization({ organizationId }).go({ pages: 'all' })).data;
    await v16.plugInAndStart(1, 'SIM-TAG-1');
    await (v16 as unknown as { client: { call: (a: string, p: unknown) => Promise<unknown> } }).client.call(
      'StatusNotification',
      { connectorId: 1, errorCode: 'GroundFailure', status: 'Faulted', timestamp: new Date().toISOString() },
    );
    await until(async () => (await alertsOfOrganization()).length > 0, 'a chargingSessionError alert');
    await v16.stop(1);
    await until(
      async () => (await alertsOfOrganization()).every((alert) => alert.endTimestamp !== undefined),
      'the alert cleared',
    );
    await alertLoop.stop();

    // A charger's certificate renewal, driven by the table's stream as on AWS: SignCertificate
    // accepted by $default (the CSR stored), then the certificate function signs it, sends
    // CertificateSigned (its lane, the message log), stores the certificate and deletes the CSR.
    const certificateLoop = await startStreamLoop({
      dynamoDbEndpoint: dynamo.endpoint,
      tableName: process.env.TABLE_NAME!,
      consumers: [
        {
          name: 'certificates-sign',
          entities: CERTIFICATE_SIGNING_ENTITIES,
          handler: handlers.certificates!.sign!,
        },
      ],
    });
    const v201Client = (v201 as unknown as { client: RpcClient }).client;
    let signed = false;
    v201Client.handle('CertificateSigned', async () => {
      signed = true;
      return { status: 'Accepted' };
    });
    const csr = opensslCsr(certificateFiles!.dir, `/CN=${chargers.v201.ocppId}`).csr;
    expect(await v201Client.call('SignCertificate', { csr })).toEqual({ status: 'Accepted' });
    await until(async () => {
      const { data } = await db.chargerCertificate.query.primary({ chargerId: chargers.v201.id }).go();
      return signed && data.length > 0;
    }, 'the certificate signed and stored');
    await certificateLoop.stop();
    // The certificate revoked by an operator (the commands function): its CA's revocation list and
    // the certificate's revokedAt.
    const { data: issuedCertificates } = await db.chargerCertificate.query
      .primary({ chargerId: chargers.v201.id })
      .go();
    const serial = issuedCertificates.find((c) => c.caKeyId)!.serialNumber;
    await expectApi(200, 'POST', `/api/chargers/${chargers.v201.id}/certificates/${serial}/revoke`);

    // History: a charger's error report (a 1.6 StatusNotification), then the history reads (the
    // includeIntervals lease of the key, the charger-health rate window).
    const rpc = (s: Simulator) =>
      (
        s as unknown as {
          client: {
            call: (a: string, p: unknown) => Promise<unknown>;
            handle: (a: string, h: (call: { params: any }) => Promise<unknown>) => void;
          };
        }
      ).client;
    await rpc(v16).call('StatusNotification', {
      connectorId: 1,
      errorCode: 'GroundFailure',
      status: 'Faulted',
      timestamp: new Date().toISOString(),
    });
    // A station's monitors (2.0.1 NotifyMonitoringReport, one page: stored and assembled) and a
    // monitor's event (NotifyEvent, a threshold crossed): kept in the charger's partition.
    await rpc(v201).call('NotifyMonitoringReport', {
      requestId: 1,
      seqNo: 0,
      generatedAt: new Date().toISOString(),
      monitor: [
        {
          component: { name: 'EVSE', evse: { id: 1 } },
          variable: { name: 'Power' },
          variableMonitoring: [{ id: 1, transaction: false, value: 50, type: 'UpperThreshold', severity: 4 }],
        },
      ],
    });
    await rpc(v201).call('NotifyEvent', {
      generatedAt: new Date().toISOString(),
      seqNo: 0,
      eventData: [
        {
          eventId: 1,
          timestamp: new Date().toISOString(),
          trigger: 'Alerting',
          actualValue: '99',
          eventNotificationType: 'CustomMonitor',
          variableMonitoringId: 1,
          component: { name: 'EVSE', evse: { id: 1 } },
          variable: { name: 'Power' },
        },
      ],
    });
    await expectApi(200, 'GET', '/api/charging-sessions?includeIntervals=true&includeInProgressSessions=true');
    await expectApi(200, 'GET', '/api/charger-health');
    await expectApi(200, 'GET', '/api/errors');
    await expectApi(200, 'GET', `/api/ocpp-messages?chargerId=${chargers.v16.id}`);

    // Charger operations: one answered at once (the worker), a Scheduled change of availability
    // (its deadline moved) settled by a read of it once the port turns Unavailable, and one whose
    // worker never ran, ended by the sweep past its deadline.
    await expectApi(200, 'POST', '/api/ocpp/clear-cache', { chargerId: chargers.v16.id });
    // A log the simulator uploads (its request, its statuses), settled by a read of the operation.
    const log = await expectApi(202, 'POST', '/api/ocpp/get-log', {
      chargerId: chargers.v16.id,
      logType: 'DiagnosticsLog',
    });
    await until(
      async () =>
        (await expectApi(200, 'GET', `/api/charger-operations/${log.data.operationId}`)).data.status === 'completed',
      'the log upload',
    );
    await expectApi(200, 'GET', `/api/charger-operations/${log.data.operationId}/logs`);
    // A log the charger has none of (1.6: no file named): the log worker ends the operation itself.
    rpc(v16).handle('GetDiagnostics', async () => ({}));
    await expectApi(200, 'POST', '/api/ocpp/get-log', { chargerId: chargers.v16.id, logType: 'DiagnosticsLog' });
    // A customer information request (its request written before the CALL; the simulator lacks the action).
    await expectApi(200, 'POST', '/api/ocpp/customer-information', {
      chargerId: chargers.v201.id,
      customerIdentifier: 'customer-1',
    });
    // A display message under our id (its counter), and a listing of the messages: its request
    // written before the CALL, the charger's page appended by the OCPP function, settled by a read.
    rpc(v201).handle('SetDisplayMessage', async () => ({ status: 'Accepted' }));
    await expectApi(200, 'POST', '/api/ocpp/set-display-message', {
      chargerId: chargers.v201.id,
      message: { priority: 'NormalCycle', message: { format: 'UTF8', content: 'Rows' } },
    });
    let listed = 0;
    rpc(v201).handle('GetDisplayMessages', async ({ params }) => {
      listed = params.requestId;
      return { status: 'Accepted' };
    });
    const listing = await expectApi(202, 'POST', '/api/ocpp/get-display-messages', { chargerId: chargers.v201.id });
    await rpc(v201).call('NotifyDisplayMessages', {
      requestId: listed,
      messageInfo: [{ id: 1, priority: 'NormalCycle', message: { format: 'UTF8', content: 'Rows' } }],
    });
    const messages = await expectApi(200, 'GET', `/api/charger-operations/${listing.data.operationId}`);
    expect(messages.data.status).toBe('completed');
    // A targeted report (noted before the CALL; the simulator lacks the action: the note withdrawn).
    await expectApi(200, 'POST', '/api/ocpp/get-report', {
      chargerId: chargers.v201.id,
      componentCriteria: ['Problem'],
    });
    // A publication (its request written before the CALL; the simulator lacks the action).
    await expectApi(200, 'POST', '/api/ocpp/publish-firmware', {
      chargerId: chargers.v201.id,
      location: 'https://fw.example.com/lc.bin',
      checksum: '9e107d9d372bb6826bd81d3542a419d6',
    });
    rpc(v16).handle('ChangeAvailability', async () => ({ status: 'Scheduled' }));
    const scheduled = await expectApi(202, 'POST', '/api/ocpp/change-availability', {
      portId: chargers.v16.ports[0]!.id,
      operationalStatus: 'Inoperative',
    });
    await rpc(v16).call('StatusNotification', {
      connectorId: 1,
      errorCode: 'NoError',
      status: 'Unavailable',
      timestamp: new Date().toISOString(),
    });
    const settled = await expectApi(200, 'GET', `/api/charger-operations/${scheduled.data.operationId}`);
    expect(settled.data.status).toBe('completed');
    process.env.OPERATION_DEADLINE_MS = '1';
    const { operation } = await requestOperation(
      db,
      ocppChargerCommands(db, CHARGER_OPERATION_COMMANDS),
      async () => {},
      { organizationId, scope: 'organization' },
      { action: 'clearCache', body: { chargerId: chargers.v16.id }, requestedBy: { operator: 'test' } },
      { waitMs: 0 },
    );
    delete process.env.OPERATION_DEADLINE_MS;
    await until(() => Date.now() > Date.parse(operation.deadlineAt), 'the deadline');
    await handlers.operations.sweep!({}, {} as never);

    // A firmware campaign to both chargers, one at a time: the HTTP function creates it with the first
    // charger's update; the sweep settles that update, starts the second's and ends the campaign. A
    // second campaign, cancelled by the HTTP function, is ended by a read of it once its update is done.
    const campaignId = (
      await expectApi(201, 'POST', '/api/firmware-campaigns', {
        chargerIds: [chargers.v16.id, chargers.v201.id],
        location: 'https://fw.example.com/rows.bin',
        maxConcurrent: 1,
      })
    ).data.campaignId;
    await until(async () => {
      await handlers.operations.sweep!({}, {} as never);
      const { data } = await db.firmwareCampaign.get({ campaignId }).go({ consistent: true });
      if (data?.status === 'running') await new Promise((resolve) => setTimeout(resolve, 250));
      return data?.status !== 'running';
    }, 'the campaign to end in the sweep');
    const cancelled = (
      await expectApi(201, 'POST', '/api/firmware-campaigns', {
        chargerIds: [chargers.v16.id],
        location: 'https://fw.example.com/rows.bin',
      })
    ).data.campaignId;
    await expectApi(200, 'POST', `/api/firmware-campaigns/${cancelled}/cancel`, {});
    await until(async () => {
      const { data } = await expectApi(200, 'GET', `/api/firmware-campaigns/${cancelled}`);
      if (data.status === 'running') await new Promise((resolve) => setTimeout(resolve, 250));
      return data.status !== 'running';
    }, 'the cancelled campaign to end');

    // A maintenance window: created (its ID counter, the window), changed, deleted; and read by the
    // charger health of the history function.
    const hour = 3_600_000;
    const window = (
      await expectApi(201, 'POST', '/api/maintenance-windows', {
        chargerId: chargers.v16.id,
        startTimestamp: new Date(Date.now() + hour).toISOString(),
        endTimestamp: new Date(Date.now() + 2 * hour).toISOString(),
      })
    ).data;
    await expectApi(200, 'PATCH', `/api/maintenance-windows/${window.id}`, { comment: 'Cable replacement' });
    await expectApi(200, 'GET', `/api/charger-health?chargerIds=${chargers.v16.id}`);
    await expectApi(204, 'DELETE', `/api/maintenance-windows/${window.id}`);

    // People: invited (their ID counter, the person, the address's marker, the organization's
    // owner count), changed, removed (the marker released).
    const owner = (
      await expectApi(201, 'POST', '/api/users', { user: { email: 'owner@fleet.example.com', role: 'owner' } })
    ).data;
    const person = (
      await expectApi(201, 'POST', '/api/users', { user: { email: 'ops@fleet.example.com', role: 'viewer' } })
    ).data;
    await expectApi(200, 'PATCH', `/api/users/${person.id}`, { user: { role: 'owner' } });
    await expectApi(200, 'PATCH', `/api/users/${owner.id}`, { user: { role: 'admin' } });
    await expectApi(204, 'DELETE', `/api/users/${owner.id}`);

    // Alert settings (the organization item), and an alert acknowledged (the alert item).
    await expectApi(200, 'PATCH', '/api/alert-settings', { alertSettings: { offlineThresholdMinutes: 15 } });
    const alerts = await expectApi(200, 'GET', '/api/alerts?includeMuted=true');
    await expectApi(200, 'POST', `/api/alerts/${alerts.data[0].id}/acknowledge`);

    // Disconnections.
    const disconnects = () =>
      recorded.filter((w) => w.fn === 'ocpp/disconnect' && w.action === 'dynamodb:DeleteItem').length;
    const closing = simulators.splice(0);
    const before = disconnects();
    await Promise.all(closing.map((s) => s.close()));
    await until(() => disconnects() >= before + closing.length, 'the $disconnects');
  });

  describe('checked against the synthesised policies', () => {
    const { statementsOf } = synthesise();
    /** The entry of a recorded function: HTTP functions by their name (kebab-case files), the others by path. */
    const entryOf = (fn: string) =>
      fn.startsWith('http/') ? httpHandlerEntry(fn.slice('http/'.length) as HttpFunctionName) : `lambdas/${fn}.ts`;

    it('allows every recorded write', () => {
      expect(recorded.length).toBeGreaterThan(50);
      const refused = recorded.filter((w) => !allowsWrite(statementsOf(entryOf(w.fn)), w.action, w.leadingKeys));
      expect(refused.map((w) => `${w.fn} ${w.action} ${w.leadingKeys.join(', ')}`)).toEqual([]);
    });

    it('used every row pattern granted (no grant broader than the code needs)', () => {
      const functions = [...new Set(recorded.map((w) => w.fn))];
      const unused: string[] = [];
      for (const fn of [
        'http/chargers',
        'http/sites',
        'http/commands',
        'http/accessIds',
        'http/vehicles',
        'http/departureTimes',
        'http/siteLimits',
        'http/sitePower',
        'http/history',
        'http/maintenanceWindows',
        'http/alerts',
        'ocpp/connect',
        'ocpp/message',
        'ocpp/disconnect',
        'power/trigger',
        'power/schedule',
        'power/allocate',
        'http/chargerOperations',
        'http/chargerOperationReads',
        'operations/perform',
        'operations/perform-logs',
        'operations/sweep',
        'local-list/sync',
        'alerts/trigger',
        'certificates/sign',
      ]) {
        expect(functions, fn).toContain(fn);
        for (const statement of statementsOf(entryOf(fn))) {
          for (const action of [statement.Action].flat().filter((a) => a.startsWith('dynamodb:'))) {
            for (const pattern of leadingKeyPatterns(statement) ?? []) {
              const used = recorded.some(
                (w) =>
                  w.fn === fn && w.action === action && w.leadingKeys.some((key) => matchesStringLike(pattern, key)),
              );
              if (!used) unused.push(`${fn} ${action} ${pattern}`);
            }
          }
        }
      }
      expect(unused).toEqual([]);
    });
  });
});
