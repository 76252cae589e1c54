/**
 * Scale: a fleet of chargers on the local stack for a while (default 1,000
 * for 10 minutes, connecting 100 a second; `SOAK_CHARGERS`, `SOAK_SECONDS`, `SOAK_METER_SECONDS` and
 * `SOAK_CONNECTS_PER_SECOND` change them), half OCPP 1.6
 * and half 2.0.1, each running sessions of 2–4 minutes with meter values every 10 s
 * (`soak-fleet.ts`, in a process of its own). This process hosts the gateway and the handlers, as
 * `npm start` does; it reports the chargers' errors, dropped connections and reply times, its own
 * CPU and memory (the gateway with every handler), and the DynamoDB requests per second it sent.
 */
import { execFileSync } from 'node:child_process';
import { totalRequests } from '../../shared/db';
import { registerFleet, runFleet } from './fleet';
import { percentile, report, startBenchStack } from './support';

const CHARGERS = Number(process.env.SOAK_CHARGERS ?? 1000);
const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const METER_SECONDS = Number(process.env.SOAK_METER_SECONDS ?? 10);
const CONNECTS_PER_SECOND = Number(process.env.SOAK_CONNECTS_PER_SECOND ?? 100);
const SAMPLE_MS = 5000;
const PREFIX = `SOAK-${Date.now().toString(36)}-`;

/** CPU (% of one core), resident memory (MB) and DynamoDB requests per second, every SAMPLE_MS. */
function sampler() {
  const samples: { cpu: number; rssMb: number; requestsPerSecond: number }[] = [];
  let cpu = process.cpuUsage();
  let requests = totalRequests();
  let at = performance.now();
  const timer = setInterval(() => {
    const used = process.cpuUsage(cpu);
    const elapsedMs = performance.now() - at;
    samples.push({
      cpu: ((used.user + used.system) / 1000 / elapsedMs) * 100,
      rssMb: process.memoryUsage().rss / 1e6,
      requestsPerSecond: ((totalRequests() - requests) * 1000) / elapsedMs,
    });
    cpu = process.cpuUsage();
    requests = totalRequests();
    at = performance.now();
  }, SAMPLE_MS);
  return { samples, stop: () => clearInterval(timer) };
}

export async function run(): Promise<void> {
  const bench = await startBenchStack();
  try {
    const { stack, site } = bench;
    await registerFleet(stack, site.id, PREFIX, CHARGERS);
    const load = sampler();
    const fleet = await runFleet({
      ocppUrl: stack.ocppUrl,
      prefix: PREFIX,
      count: CHARGERS,
      seconds: SECONDS,
      periodSeconds: METER_SECONDS,
      connectsPerSecond: CONNECTS_PER_SECOND,
    });
    load.stop();
    const { samples } = load;
    const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;
    const cpu = samples.map((s) => s.cpu);
    const rss = samples.map((s) => s.rssMb);
    const rps = samples.map((s) => s.requestsPerSecond);
    const cores = execFileSync('nproc').toString().trim();
    report(
      `Soak: ${CHARGERS} chargers (half 1.6, half 2.0.1, connecting ${CONNECTS_PER_SECOND} a second) for ${SECONDS} s, meter values every ${METER_SECONDS} s`,
      {
        'all connected after': `${(fleet.connectedAfterMs / 1000).toFixed(1)} s`,
        'frames sent / answered': `${fleet.sent} / ${fleet.replies} (${(fleet.replies / SECONDS).toFixed(0)} a second)`,
        errors: `${fleet.errors} ${JSON.stringify(fleet.errorKinds)}${fleet.errors ? ` (first: ${fleet.firstErrors.join('; ')})` : ''}`,
        'handshake p50 / p99': `${fleet.handshakeP50.toFixed(0)} / ${fleet.handshakeP99.toFixed(0)} ms`,
        'dropped connections': fleet.drops,
        'reply p50 / p99 / max': `${fleet.p50.toFixed(1)} / ${fleet.p99.toFixed(1)} / ${fleet.max.toFixed(0)} ms`,
        'gateway + handlers CPU, mean / p95': `${mean(cpu).toFixed(0)} % / ${percentile(cpu, 95).toFixed(0)} % of one core (${cores} cores)`,
        'gateway + handlers resident memory, mean / max': `${mean(rss).toFixed(0)} / ${Math.max(...rss).toFixed(0)} MB`,
        'DynamoDB requests a second, mean / max (5 s windows)': `${mean(rps).toFixed(0)} / ${Math.max(...rps).toFixed(0)}`,
      },
    );
  } finally {
    await bench.close();
  }
}
