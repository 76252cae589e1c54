/**
 * Cost: what each OCPP message kind costs on the deployed code, measured on
 * the local stack with the OCPP functions bundled as `cdk synth` bundles them (`LAMBDA_ESBUILD_OPTIONS`):
 * DynamoDB requests, read and write request units as DynamoDB Local reports them
 * (`ReturnConsumedCapacity`, secondary indexes and transactions included), and the handler's
 * duration split into CPU time and waiting (on DynamoDB and the gateway). Also a smart-charging
 * profile (SetChargingProfile sent by the command path, answered at once: the sender's requests and
 * the `$default` invocation of the answer), and the resident memory of the `$default` bundle after
 * one frame in a fresh process. `docs/cost-and-scale.md` turns these figures into a cost per charger-month
 * (`charger-month.ts` holds the arithmetic; this benchmark prints it at each memory size).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { LAMBDA_ESBUILD_OPTIONS, PROJECT_ROOT } from '../../lib/aws/functions';
import { startDynamoDbLocal } from '../../lib/local/dynamodb';
import { loadHandlers, startLocalGateway, type LambdaHandler } from '../../lib/local/gateway';
import type { OcppHandlers } from '../../lib/local/lambda-events';
import { createAccessId } from '../../shared/access/access-ids';
import { registerCharger } from '../../shared/chargers/registration';
import { createSite } from '../../shared/chargers/sites';
import { consumedCapacity, createDocumentClient, ensureTable, openDb, totalRequests } from '../../shared/db';
import { ocppChargerCommands } from '../../shared/ocpp/commands/charger-commands';
import { SMART_CHARGING_COMMANDS } from '../../shared/ocpp/commands/smart-charging';
import { createOrganization } from '../../shared/organizations/organizations';
import { slotStart } from '../../shared/history/series';
import { chargerMonth, MEMORY_SIZES_MB, type KindCost } from './charger-month';
import { connectAcceptingCharger, percentile, report } from './support';

/** Frames of each kind measured (medians are reported). */
const REPEAT = 15;

/** What one handler invocation cost. */
interface Invocation {
  wallMs: number;
  cpuMs: number;
}

/**
 * The OCPP handlers wrapped to note each invocation's wall and CPU time. They run from source (the
 * DynamoDB request counter is this process's); the bundle only differs in init, measured apart.
 */
function timedOcppHandlers(handlers: OcppHandlers, log: Invocation[], events: unknown[]): OcppHandlers {
  const timed =
    (name: string, handler: LambdaHandler<any, any>): LambdaHandler<any, any> =>
    async (event, context) => {
      if (name === 'message') events.push(event);
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      try {
        return await handler(event, context);
      } finally {
        const cpu = process.cpuUsage(cpu0);
        log.push({ wallMs: performance.now() - t0, cpuMs: (cpu.user + cpu.system) / 1000 });
      }
    };
  return {
    connect: timed('connect', handlers.connect),
    message: timed('message', handlers.message),
    disconnect: timed('disconnect', handlers.disconnect),
  } as OcppHandlers;
}

/** Builds the `$default` bundle as `cdk synth` does; returns its path. */
async function messageBundle(dir: string): Promise<string> {
  const outfile = join(dir, 'message.mjs');
  const entryPoints = [join(PROJECT_ROOT, 'lambdas/ocpp/message.ts')];
  await build({ ...LAMBDA_ESBUILD_OPTIONS, entryPoints, outfile, logLevel: 'silent' });
  return outfile;
}

/** Per-kind medians of what `fn` caused, over its runs. */
class Meter {
  readonly kinds = new Map<
    string,
    { requests: number[]; rru: number[]; wru: number[]; wall: number[]; cpu: number[]; invocations: number[] }
  >();
  constructor(private readonly log: Invocation[]) {}

  /** Invocations so far (all handlers). */
  invocations(): number {
    return this.log.length;
  }

  async measure<T>(kind: string, fn: () => Promise<T>, settled?: () => boolean): Promise<T> {
    const requests0 = totalRequests();
    const { read, write } = consumedCapacity;
    const logged = this.log.length;
    const result = await fn();
    for (let i = 0; settled && !settled() && i < 500; i++) await new Promise((r) => setTimeout(r, 2));
    const invocations = this.log.slice(logged);
    const k = this.kinds.get(kind) ?? { requests: [], rru: [], wru: [], wall: [], cpu: [], invocations: [] };
    k.requests.push(totalRequests() - requests0);
    k.rru.push(consumedCapacity.read - read);
    k.wru.push(consumedCapacity.write - write);
    k.wall.push(invocations.reduce((s, i) => s + i.wallMs, 0));
    k.cpu.push(invocations.reduce((s, i) => s + i.cpuMs, 0));
    k.invocations.push(invocations.length);
    this.kinds.set(kind, k);
    return result;
  }

  /** Medians per kind (means for requests and units, which vary little). */
  summary(): Record<string, KindCost> {
    const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
    return Object.fromEntries(
      [...this.kinds].map(([kind, k]) => [
        kind,
        {
          requests: mean(k.requests),
          rru: mean(k.rru),
          wru: mean(k.wru),
          wallMs: percentile(k.wall, 50),
          cpuMs: percentile(k.cpu, 50),
          invocations: mean(k.invocations),
        },
      ]),
    );
  }
}

type Client = Awaited<ReturnType<typeof connectAcceptingCharger>>;

/** A reconnection (API Gateway closes connections after 2 h): `$connect`, a Heartbeat, `$disconnect`. */
async function reconnection(meter: Meter, url: string, protocol: string): Promise<void> {
  const c = await meter.measure('connect ($connect)', () => connectAcceptingCharger(url, protocol));
  await c.call('Heartbeat', {});
  const before = meter.invocations();
  await meter.measure(
    'disconnect ($disconnect)',
    async () => c.ws.close(),
    () => meter.invocations() > before,
  );
}
const now = () => new Date().toISOString();

/**
 * The charger's clock during session `s`: `minute` minutes after a 15-minute slot boundary hours
 * ago, so that readings a minute apart change slot once in 15, as at the reference profile.
 */
function sessionClock(s: number): (minute: number) => string {
  const base = slotStart(Date.now() - 6 * 3_600_000) + s * 3_600_000;
  return (minute) => new Date(base + minute * 60_000).toISOString();
}

/** One OCPP 1.6 charger's day in miniature: boot, heartbeats, status changes, sessions with meter values. */
async function charger16(meter: Meter, c: Client): Promise<void> {
  await meter.measure('BootNotification', () =>
    c.call('BootNotification', { chargePointVendor: 'V', chargePointModel: 'M' }),
  );
  for (let i = 0; i < REPEAT; i++) {
    await meter.measure('Heartbeat', () => c.call('Heartbeat', {}));
    const status = i % 2 ? 'Available' : 'Preparing';
    await meter.measure('StatusNotification', () =>
      c.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status, timestamp: now() }),
    );
  }
  for (let s = 0; s < 3; s++) {
    const at = sessionClock(s);
    const start = { connectorId: 1, idTag: 'TAG', meterStart: s * 10_000, timestamp: at(0) };
    const { transactionId } = await meter.measure('session start', () => c.call('StartTransaction', start));
    for (let i = 1; i <= REPEAT; i++) {
      const sampledValue = [
        { value: String(s * 10_000 + i * 100) },
        { value: '7000', measurand: 'Power.Active.Import', unit: 'W' },
      ];
      await meter.measure('MeterValues', () =>
        c.call('MeterValues', { connectorId: 1, transactionId, meterValue: [{ timestamp: at(i), sampledValue }] }),
      );
    }
    const stop = { transactionId, meterStop: s * 10_000 + 2000, timestamp: at(REPEAT + 1) };
    await meter.measure('session stop', () => c.call('StopTransaction', stop));
  }
}

/** The same in OCPP 2.0.1: meter values during a session are TransactionEvent Updated. */
async function charger201(meter: Meter, c: Client): Promise<void> {
  await meter.measure('BootNotification', () =>
    c.call('BootNotification', { reason: 'PowerUp', chargingStation: { model: 'M', vendorName: 'V' } }),
  );
  for (let i = 0; i < REPEAT; i++) {
    await meter.measure('Heartbeat', () => c.call('Heartbeat', {}));
    const connectorStatus = i % 2 ? 'Available' : 'Occupied';
    await meter.measure('StatusNotification', () =>
      c.call('StatusNotification', { timestamp: now(), connectorStatus, evseId: 1, connectorId: 1 }),
    );
  }
  for (let s = 0; s < 3; s++) {
    const at = sessionClock(s);
    const transactionInfo = { transactionId: `cost-${s}-${Date.now()}` };
    const meterValue = (seqNo: number, wh: number) => [
      { timestamp: at(seqNo), sampledValue: [{ value: wh }, { value: 7000, measurand: 'Power.Active.Import' }] },
    ];
    const event = (eventType: string, triggerReason: string, seqNo: number, wh: number) => ({
      eventType,
      timestamp: at(seqNo),
      triggerReason,
      seqNo,
      transactionInfo,
      meterValue: meterValue(seqNo, wh),
      ...(eventType === 'Started' ? { evse: { id: 1, connectorId: 1 } } : {}),
    });
    await meter.measure('session start', () => c.call('TransactionEvent', event('Started', 'CablePluggedIn', 0, 0)));
    for (let i = 1; i <= REPEAT; i++) {
      await meter.measure('MeterValues', () =>
        c.call('TransactionEvent', event('Updated', 'MeterValuePeriodic', i, i * 100)),
      );
    }
    await meter.measure('session stop', () =>
      c.call('TransactionEvent', event('Ended', 'EVDeparted', REPEAT + 1, 2000)),
    );
  }
}

/** Resident memory (MB) of a fresh process that imported the `$default` bundle and handled one frame. */
function residentMb(bundle: string, event: unknown): number {
  const script =
    `const { handler } = await import(${JSON.stringify(bundle)});` +
    `await handler(${JSON.stringify(event)}, { functionName: 'message', getRemainingTimeInMillis: () => 10000 });` +
    `globalThis.gc?.();console.log(process.memoryUsage().rss / 1e6)`;
  const out = execFileSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], {
    env: process.env,
  });
  return Number(out.toString().trim().split('\n').pop());
}

export async function run(): Promise<void> {
  process.env.LOG_LEVEL ??= 'SILENT';
  const dir = mkdtempSync(join(tmpdir(), 'cn-cost-'));
  const dynamo = await startDynamoDbLocal();
  const tableName = `cost-${Date.now()}`;
  const client = createDocumentClient({ endpoint: dynamo.endpoint });
  await ensureTable(client, tableName);
  client.destroy();
  Object.assign(process.env, { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: dynamo.endpoint, AWS_REGION: 'local' });
  const log: Invocation[] = [];
  const events: unknown[] = [];
  const sources = await loadHandlers();
  const ocpp = timedOcppHandlers(sources.ocpp, log, events);
  const gateway = await startLocalGateway(
    { http: sources.http, ocpp, power: sources.power, operations: sources.operations },
    { port: 0 },
  );
  process.env.WS_MANAGEMENT_ENDPOINT = gateway.url;
  const db = openDb({ tableName, endpoint: dynamo.endpoint });
  try {
    const organization = await createOrganization(db, { name: 'Cost' });
    const site = await createSite(db, { organizationId: organization.id, name: 'Cost site', timezone: 'UTC' });
    // The sessions' tag is a known card, as at a depot (an unknown one costs a look for a remote start).
    await createAccessId(db, organization.id, { ocppIdTag: 'TAG', name: 'Card', type: 'RFID' });
    consumedCapacity.enabled = true;
    const results: Record<string, Record<string, KindCost>> = {};
    for (const protocol of ['ocpp1.6', 'ocpp2.0.1'] as const) {
      const meter = new Meter(log);
      const ocppId = `COST-${protocol}`;
      const charger = await registerCharger(db, {
        siteId: site.id,
        ocppId,
        name: ocppId,
        type: 'Level 2',
        ports: [{ connectorType: 'J1772' }],
      });
      const url = `${gateway.url.replace(/^http/, 'ws')}/ocpp/${ocppId}`;
      await reconnection(new Meter(log), url, protocol); // warms the handlers (data layer, caches); not counted
      for (let i = 0; i < 5; i++) await reconnection(meter, url, protocol);
      const c = await connectAcceptingCharger(url, protocol);
      await c.call('Heartbeat', {}); // the connection's first frame reads its record; the rest are warm
      await (protocol === 'ocpp1.6' ? charger16(meter, c) : charger201(meter, c));
      const commands = ocppChargerCommands(db, SMART_CHARGING_COMMANDS);
      for (let i = 0; i < REPEAT; i++) {
        const profile = {
          portNumber: 1,
          purpose: 'TxDefaultProfile' as const,
          unit: 'A' as const,
          periods: [{ startPeriod: 0, limit: 16 + (i % 4) }],
        };
        const answered = log.length + 1;
        await meter.measure(
          'smart-charging profile',
          () => commands.send(charger.id, 'SetChargingProfile', profile),
          () => log.length >= answered,
        );
      }
      c.ws.close();
      results[protocol] = meter.summary();
    }
    consumedCapacity.enabled = false;
    printFigures(results, residentMb(await messageBundle(dir), events.at(-1)));
  } finally {
    await gateway.close();
    await dynamo.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

function printFigures(results: Record<string, Record<string, KindCost>>, rssMb: number): void {
  for (const [protocol, kinds] of Object.entries(results)) {
    report(
      `${protocol}: per message kind (requests, units and duration per message; medians of ${REPEAT})`,
      Object.fromEntries(
        Object.entries(kinds).map(([kind, k]) => [
          kind,
          `${k.requests.toFixed(1)} requests, ${k.rru.toFixed(2)} RRU, ${k.wru.toFixed(2)} WRU; ` +
            `handler ${k.wallMs.toFixed(1)} ms (CPU ${k.cpuMs.toFixed(1)} ms) in ${k.invocations.toFixed(1)} invocations`,
        ]),
      ),
    );
  }
  report('Memory', { '$default bundle: resident set after one frame (fresh process)': `${rssMb.toFixed(0)} MB` });
  for (const [protocol, kinds] of Object.entries(results)) {
    const rows: Record<string, string> = {};
    for (const memoryMb of MEMORY_SIZES_MB) {
      const m = chargerMonth(kinds, memoryMb);
      rows[`${memoryMb} MB`] =
        `$${m.total.toFixed(4)} (API Gateway $${m.apiGateway.toFixed(4)}, Lambda $${m.lambda.toFixed(4)}, ` +
        `DynamoDB $${m.dynamodb.toFixed(4)}, logs $${m.logs.toFixed(4)}); reply duration p50 ${m.messageMs.toFixed(0)} ms`;
    }
    report(`${protocol}: cost per charger-month at the reference profile, by Lambda memory`, rows);
  }
}
