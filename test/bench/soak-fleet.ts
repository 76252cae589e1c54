/**
 * The chargers of the soak benchmark (`soak.bench.ts`), run in a process of their own so that the
 * stack's process measures only the gateway and the handlers. Raw OCPP-J over `ws` (cheap enough for
 * a thousand connections in one process): each charger boots, reports its status, and then runs
 * sessions of 2–4 minutes with MeterValues (1.6) / TransactionEvent Updated (2.0.1) every
 * `meterSeconds`, 20–40 s apart, and a Heartbeat every 540 s. Prints a JSON summary on stdout.
 *
 * Usage: `tsx test/bench/soak-fleet.ts <ocppUrl> <firstId> <count> <durationSeconds> <meterSeconds> [connectsPerSecond]`
 * (new connections a second while the fleet comes up, default 100).
 */
import WebSocket from 'ws';

const [url, prefix, countArg, durationArg, meterArg, rateArg] = process.argv.slice(2);
const COUNT = Number(countArg);
const CONNECTS_PER_SECOND = Number(rateArg ?? 100);
const DURATION_MS = Number(durationArg) * 1000;
const METER_MS = Number(meterArg) * 1000;
/** A CALL not answered within this long counts as an error (OCPP's usual timeout). */
const TIMEOUT_MS = 30_000;

const latencies: number[] = [];
const errors: string[] = [];
/** Errors by kind: a handshake that failed, a CALLERROR, a CALL unanswered, a connection closed by the stack. */
const kinds = { handshake: 0, callError: 0, unanswered: 0, dropped: 0 };
const handshakeMs: number[] = [];
let sent = 0;
let drops = 0;

const random = (min: number, max: number) => min + Math.random() * (max - min);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => new Date().toISOString();

/** One charger's connection: CALLs with their replies timed. */
async function open(id: string, protocol: string) {
  const ws = new WebSocket(`${url}/${id}`, [protocol]);
  const opening = performance.now();
  await new Promise((resolve, reject) =>
    ws.once('open', resolve).once('error', (error) => {
      kinds.handshake++;
      reject(new Error(`handshake failed after ${(performance.now() - opening).toFixed(0)} ms: ${error.message}`));
    }),
  );
  handshakeMs.push(performance.now() - opening);
  const waiting = new Map<string, { resolve: (payload: any) => void; at: number }>();
  const state = { closing: false };
  ws.on('message', (data) => {
    const frame = JSON.parse(String(data)) as any[];
    if (frame[0] === 2) return ws.send(JSON.stringify([3, frame[1], { status: 'Accepted' }]));
    const call = waiting.get(frame[1]);
    if (!call) return;
    waiting.delete(frame[1]);
    latencies.push(performance.now() - call.at);
    if (frame[0] === 4) {
      kinds.callError++;
      errors.push(`${id}: CALLERROR ${JSON.stringify(frame.slice(2))}`);
    }
    call.resolve(frame[2]);
  });
  ws.on('close', (code) => {
    if (!state.closing) {
      drops++;
      kinds.dropped++;
      errors.push(`${id}: closed ${code}`);
    }
  });
  let n = 0;
  const call = (action: string, payload: object): Promise<any> => {
    const messageId = `${++n}`;
    sent++;
    return new Promise((resolve) => {
      const at = performance.now();
      waiting.set(messageId, { resolve, at });
      setTimeout(() => {
        if (!waiting.delete(messageId)) return;
        kinds.unanswered++;
        errors.push(`${id}: ${action} unanswered after ${TIMEOUT_MS} ms`);
        resolve({});
      }, TIMEOUT_MS);
      ws.send(JSON.stringify([2, messageId, action, payload]));
    });
  };
  return { ws, call, state };
}

type Connection = Awaited<ReturnType<typeof open>>;

/** OCPP 1.6 frames of a session. */
const v16 = {
  boot: (c: Connection) => c.call('BootNotification', { chargePointVendor: 'Soak', chargePointModel: 'S1' }),
  status: (c: Connection, status: string) =>
    c.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status, timestamp: now() }),
  async start(c: Connection, wh: number) {
    const reply = await c.call('StartTransaction', { connectorId: 1, idTag: 'SOAK', meterStart: wh, timestamp: now() });
    return reply.transactionId as number;
  },
  meter: (c: Connection, tx: unknown, wh: number) =>
    c.call('MeterValues', {
      connectorId: 1,
      transactionId: tx,
      meterValue: [
        {
          timestamp: now(),
          sampledValue: [{ value: String(wh) }, { value: '7000', measurand: 'Power.Active.Import', unit: 'W' }],
        },
      ],
    }),
  stop: (c: Connection, tx: unknown, wh: number) =>
    c.call('StopTransaction', { transactionId: tx, meterStop: wh, timestamp: now() }),
};

/** OCPP 2.0.1 frames of a session. */
const v201 = {
  boot: (c: Connection) =>
    c.call('BootNotification', { reason: 'PowerUp', chargingStation: { model: 'S2', vendorName: 'Soak' } }),
  status: (c: Connection, status: string) =>
    c.call('StatusNotification', {
      timestamp: now(),
      connectorStatus: status === 'Available' ? 'Available' : 'Occupied',
      evseId: 1,
      connectorId: 1,
    }),
  seqNo: new Map<string, number>(),
  event(c: Connection, eventType: string, triggerReason: string, tx: string, wh: number) {
    const seqNo = (this.seqNo.get(tx) ?? -1) + 1;
    this.seqNo.set(tx, seqNo);
    return c.call('TransactionEvent', {
      eventType,
      timestamp: now(),
      triggerReason,
      seqNo,
      transactionInfo: { transactionId: tx },
      ...(eventType === 'Started' ? { evse: { id: 1, connectorId: 1 } } : {}),
      meterValue: [
        { timestamp: now(), sampledValue: [{ value: wh }, { value: 7000, measurand: 'Power.Active.Import' }] },
      ],
    });
  },
  async start(c: Connection, wh: number, id: string) {
    const tx = `${id}-${Date.now()}`;
    await this.event(c, 'Started', 'CablePluggedIn', tx, wh);
    return tx;
  },
  meter: (c: Connection, tx: string, wh: number) => v201.event(c, 'Updated', 'MeterValuePeriodic', tx, wh),
  stop: (c: Connection, tx: string, wh: number) => v201.event(c, 'Ended', 'EVDeparted', tx, wh),
};

/** One charger until the end of the run: sessions with meter values, heartbeats. */
async function charger(index: number, ends: number): Promise<void> {
  const id = `${prefix}${index}`;
  const protocol = index % 2 ? 'ocpp1.6' : 'ocpp2.0.1';
  const ocpp: any = protocol === 'ocpp1.6' ? v16 : v201;
  const c = await open(id, protocol);
  await ocpp.boot(c);
  await ocpp.status(c, 'Available');
  const heartbeat = setInterval(() => void c.call('Heartbeat', {}), 540_000);
  let wh = 0;
  await sleep(random(0, METER_MS)); // spread the fleet over the meter interval
  while (performance.now() < ends) {
    await ocpp.status(c, 'Preparing');
    const tx = await ocpp.start(c, wh, id);
    const sessionEnds = Math.min(ends, performance.now() + random(120_000, 240_000));
    while (performance.now() + METER_MS < sessionEnds) {
      await sleep(METER_MS);
      wh += 20;
      await ocpp.meter(c, tx, wh);
    }
    await ocpp.stop(c, tx, wh);
    await ocpp.status(c, 'Available');
    await sleep(Math.min(random(20_000, 40_000), Math.max(ends - performance.now(), 0)));
  }
  clearInterval(heartbeat);
  c.state.closing = true;
  return new Promise((resolve) => {
    c.ws.once('close', () => resolve());
    c.ws.close();
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

const started = performance.now();
const ends = started + DURATION_MS;
const running: Promise<void>[] = [];
for (let i = 1; i <= COUNT; i++) {
  running.push(charger(i, ends).catch((error: unknown) => void errors.push(`${prefix}${i}: ${String(error)}`)));
  if (i % 5 === 0) await sleep((5 * 1000) / CONNECTS_PER_SECOND);
}
const connectedAfterMs = performance.now() - started;
await Promise.all(running);
console.log(
  JSON.stringify({
    chargers: COUNT,
    connectedAfterMs,
    sent,
    replies: latencies.length,
    errors: errors.length,
    errorKinds: kinds,
    firstErrors: errors.slice(0, 3),
    handshakeP50: percentile(handshakeMs, 50),
    handshakeP99: percentile(handshakeMs, 99),
    drops,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: Math.max(...latencies),
  }),
);
process.exit(0);
