/**
 * Speed:
 * - DynamoDB requests per MeterValues / TransactionEvent with the 15-minute series, with the OCPP
 *   message log off and on (`OCPP_MESSAGE_LOG`);
 * - `GET /api/charging-sessions?includeIntervals=true` for 100 sessions of 8 h (readings every
 *   minute: 32 slots each): requests and p50;
 * - `GET /api/charger-health` for a site of 50 chargers over 30 days of history: requests and p50.
 * Sessions and history are seeded through the domain functions (and, for the history, its items
 * written whole, as a day of appends leaves them).
 */
import { registerCharger } from '../../shared/chargers/registration';
import { createApiKey } from '../../shared/api/api-keys';
import { batchPut } from '../../shared/db';
import type { ChargerConnection } from '../../shared/charging/charger-connection';
import { endSession, startSession } from '../../shared/charging/sessions';
import { recordSessionReadings } from '../../shared/history/readings';
import type { HistoryEvent } from '../../shared/history/history-codec';
import { HISTORY_RETENTION_DAYS } from '../../shared/history/history-log';
import { toStoredEvent } from '../../shared/history/history-codec';
import {
  connectAcceptingCharger,
  countRequests,
  percentile,
  report,
  startBenchStack,
  type BenchStack,
} from './support';

const RUNS = 20;

/** Requests of one OCPP frame on a warm connection. */
async function frameRequests(bench: BenchStack, rows: Record<string, string>): Promise<void> {
  const { stack, site } = bench;
  for (const protocol of ['ocpp1.6', 'ocpp2.0.1'] as const) {
    const ocppId = `HIST-${protocol}`;
    await registerCharger(stack.db, {
      siteId: site.id,
      ocppId,
      name: ocppId,
      type: 'DCFC',
      ports: [{ connectorType: 'CCS1' }],
    });
    const charger = await connectAcceptingCharger(`${stack.ocppUrl}/${ocppId}`, protocol);
    const call = (action: string, payload: object) => countRequests(() => charger.call(action, payload));
    const now = () => new Date().toISOString();
    await call('Heartbeat', {});
    for (const mode of ['off', 'all'] as const) {
      process.env.OCPP_MESSAGE_LOG = mode;
      const label = (what: string, m: { total: number; byOperation: Record<string, number> }) => {
        rows[`${protocol} ${what}, log ${mode}`] = `${m.total} ${JSON.stringify(m.byOperation)}`;
      };
      if (protocol === 'ocpp1.6') {
        const start = await call('StartTransaction', { connectorId: 1, idTag: 'TAG', meterStart: 0, timestamp: now() });
        const transactionId = start.result.transactionId;
        const meter = (wh: number) => [
          {
            timestamp: now(),
            sampledValue: [{ value: String(wh) }, { value: '7000', measurand: 'Power.Active.Import', unit: 'W' }],
          },
        ];
        label('MeterValues', await call('MeterValues', { connectorId: 1, transactionId, meterValue: meter(1000) }));
        label(
          'MeterValues without transactionId',
          await call('MeterValues', { connectorId: 1, meterValue: meter(1500) }),
        );
        await call('StopTransaction', { transactionId, meterStop: 2000, timestamp: now() });
      } else {
        const tx = { transactionId: `bench-${mode}` };
        const meter = (wh: number) => [
          { timestamp: now(), sampledValue: [{ value: wh }, { value: 7000, measurand: 'Power.Active.Import' }] },
        ];
        const event = (eventType: string, seqNo: number, wh: number, extra: object = {}) =>
          call('TransactionEvent', {
            eventType,
            timestamp: now(),
            triggerReason: 'MeterValuePeriodic',
            seqNo,
            transactionInfo: tx,
            meterValue: meter(wh),
            ...extra,
          });
        await event('Started', 0, 0, { evse: { id: 1, connectorId: 1 } });
        label('TransactionEvent Updated without evse', await event('Updated', 1, 1000));
        label('TransactionEvent Updated with evse', await event('Updated', 2, 1200, { evse: { id: 1 } }));
        label('MeterValues', await call('MeterValues', { evseId: 1, meterValue: meter(1500) }));
        await event('Ended', 3, 2000);
      }
    }
    delete process.env.OCPP_MESSAGE_LOG;
    charger.ws.close();
  }
}

/** 100 sessions of 8 h with a reading every minute, then the list with intervals. */
async function intervals(bench: BenchStack, rows: Record<string, string>): Promise<void> {
  const { stack, site, organization } = bench;
  const charger = await registerCharger(stack.db, {
    siteId: site.id,
    ocppId: 'HIST-8H',
    name: 'HIST-8H',
    type: 'DCFC',
    ports: [{ connectorType: 'CCS1' }],
  });
  const connection: ChargerConnection = {
    connectionId: 'bench',
    chargerId: charger.id,
    organizationId: organization.id,
    siteId: site.id,
    chargerType: 'DCFC',
    ocppId: 'HIST-8H',
    protocol: 'ocpp1.6',
  };
  const base = Date.UTC(2026, 9, 1);
  for (let i = 0; i < 100; i++) {
    const start = base + i * 9 * 3_600_000;
    const started = await startSession(stack.db, connection, {
      portNumber: 1,
      startTime: new Date(start).toISOString(),
      meterStartWh: 0,
    });
    const readings = Array.from({ length: 480 }, (_, m) => ({
      timestamp: new Date(start + (m + 1) * 60_000).toISOString(),
      samples: [
        { measurand: 'Energy.Active.Import.Register', value: 100 * (m + 1), unit: 'Wh' },
        { measurand: 'Power.Active.Import', value: 6, unit: 'kW' },
        { measurand: 'SoC', value: 20 + m / 8, unit: 'Percent' },
      ],
    }));
    await recordSessionReadings(stack.db, charger.id, started.sessionId, readings as never);
    await endSession(stack.db, connection, started.ocppTransactionId, {
      endTime: new Date(start + 8 * 3_600_000).toISOString(),
      meterStopWh: 48_000,
    });
  }
  const key = (await createApiKey(stack.db, { organizationId: organization.id, scope: 'organization' })).apiKey;
  const times: number[] = [];
  let requests = '';
  for (let run = 0; run < RUNS; run++) {
    const t0 = performance.now();
    const measured = await countRequests(async () => {
      const response = await fetch(
        `${stack.url}/api/charging-sessions?includeIntervals=true&chargerIds[]=${charger.id}`,
        { headers: { authorization: `Bearer ${key}` } },
      );
      const body = (await response.json()) as { data: { intervals: unknown[] }[] };
      if (response.status !== 200 || body.data.length !== 100 || body.data[0]!.intervals.length !== 32)
        throw new Error(`unexpected answer ${response.status}`);
    });
    times.push(performance.now() - t0);
    requests = `${measured.total} ${JSON.stringify(measured.byOperation)}`;
  }
  rows['charging-sessions includeIntervals, 100 sessions × 8 h: requests'] = requests;
  rows['charging-sessions includeIntervals, 100 sessions × 8 h: p50 ms'] = percentile(times, 50).toFixed(0);
}

/** A site of 50 chargers (2 ports) with 30 days of history, then its health report. */
async function health(bench: BenchStack, rows: Record<string, string>): Promise<void> {
  const { stack, organization } = bench;
  const { createSite } = await import('../../shared/chargers/sites');
  const site = await createSite(stack.db, { organizationId: organization.id, name: 'Health', timezone: 'UTC' });
  const chargers = [];
  for (let c = 0; c < 50; c++) {
    chargers.push(
      await registerCharger(stack.db, {
        siteId: site.id,
        ocppId: `HEALTH-${c}`,
        name: `H${c}`,
        type: 'Level 2',
        ports: [{ connectorType: 'J1772' }, { connectorType: 'J1772' }],
      }),
    );
  }
  await Promise.all(
    chargers.map((c) =>
      stack.db.charger
        .patch({ chargerId: c.id })
        .set({ createdAt: new Date(Date.now() - 40 * 86_400_000).toISOString() })
        .go(),
    ),
  );
  const items = [];
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  for (const charger of chargers) {
    for (let d = 1; d <= 31; d++) {
      const day = today - d * 86_400_000;
      const at = (h: number) => day + h * 3_600_000;
      const events: HistoryEvent[] = [
        { kind: 'connected', at: at(0.1), previous: 'Disconnected' },
        ...[1, 2].flatMap((portNumber): HistoryEvent[] => [
          { kind: 'status', at: at(6 + portNumber), portNumber, status: 'Charging', previous: 'Available' },
          {
            kind: 'session',
            at: at(9 + portNumber),
            portNumber,
            id: d * 1000 + portNumber,
            sessionStart: at(6 + portNumber),
            sessionEnd: at(9 + portNumber),
            failedToStart: false,
            endedEarly: false,
          },
          { kind: 'status', at: at(9 + portNumber), portNumber, status: 'Available', previous: 'Charging' },
          { kind: 'status', at: at(14 + portNumber), portNumber, status: 'Faulted', previous: 'Available' },
          {
            kind: 'error',
            at: at(14 + portNumber),
            portNumber,
            status: 'preventedCharging',
            id: d * 1000 + portNumber,
          },
          { kind: 'status', at: at(15 + portNumber), portNumber, status: 'Available', previous: 'Faulted' },
        ]),
        { kind: 'disconnected', at: at(23), previous: 'Connected' },
      ];
      const iso = new Date(day).toISOString();
      items.push({
        month: iso.slice(0, 7),
        siteId: site.id,
        day: iso.slice(0, 10),
        chargerId: charger.id,
        part: 0,
        organizationId: organization.id,
        count: events.length,
        events: events.map(toStoredEvent),
        expiresAt: Math.floor(day / 1000) + HISTORY_RETENTION_DAYS * 86_400,
      });
    }
  }
  await batchPut(stack.db.chargerHistory, items);
  const times: number[] = [];
  let requests = '';
  for (let run = 0; run < RUNS; run++) {
    // A key per request: the report allows 10 a minute per key.
    const key = (await createApiKey(stack.db, { organizationId: organization.id, scope: 'organization' })).apiKey;
    const t0 = performance.now();
    const measured = await countRequests(async () => {
      const response = await fetch(`${stack.url}/api/charger-health?siteIds[]=${site.id}`, {
        headers: { authorization: `Bearer ${key}` },
      });
      const body = (await response.json()) as { data: unknown[] };
      if (response.status !== 200 || body.data.length !== 50) throw new Error(`unexpected answer ${response.status}`);
    });
    times.push(performance.now() - t0);
    requests = `${measured.total} ${JSON.stringify(measured.byOperation)}`;
  }
  rows['charger-health, 50 chargers × 30 days: requests (new key)'] = requests;
  rows['charger-health, 50 chargers × 30 days: p50 ms'] = percentile(times, 50).toFixed(0);
}

export async function run(): Promise<void> {
  const bench = await startBenchStack();
  try {
    const rows: Record<string, string> = {};
    await frameRequests(bench, rows);
    await intervals(bench, rows);
    await health(bench, rows);
    report('History: DynamoDB requests and latency (local stack, DynamoDB Local in memory)', rows);
  } finally {
    await bench.close();
  }
}
