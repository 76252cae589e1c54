/**
 * Speed: DynamoDB requests per `GET /api/chargers/:id` (and the other charger
 * reads), on a key read before (the instance's key cache) and on a key read for the first time,
 * and p50/p99 latency over 1,000 requests on the local stack. Keys come from a `KeyPool`, so no
 * key meets the rate limit whatever minute boundaries fall inside the run.
 */
import { registerCharger } from '../../shared/chargers/registration';
import { countRequests, KeyPool, percentile, report, startBenchStack } from './support';

export async function run(): Promise<void> {
  const bench = await startBenchStack();
  try {
    const { stack } = bench;
    const { site } = bench;
    const charger = await registerCharger(stack.db, {
      siteId: site.id,
      ocppId: 'BENCH-1',
      name: 'Bench DC',
      type: 'DCFC',
      externalId: 'B-1',
      ports: [
        { connectorType: 'CCS1', maximumPowerKw: 150 },
        { connectorType: 'CCS1', maximumPowerKw: 150 },
      ],
    });
    const keys = new KeyPool(bench);
    const get = async (path: string, key?: string) => {
      const authorization = `Bearer ${key ?? (await keys.next())}`;
      const response = await fetch(`${stack.url}${path}`, { headers: { authorization } });
      if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
      await response.arrayBuffer();
    };
    const paths = {
      'GET /api/chargers/:id': `/api/chargers/${charger.id}`,
      'GET /api/chargers/by-external-id/:id': '/api/chargers/by-external-id/B-1',
      'GET /api/chargers/by-ocpp-id/:id': '/api/chargers/by-ocpp-id/BENCH-1',
      'GET /api/sites': '/api/sites',
    };
    const rows: Record<string, string> = {};
    for (const [name, path] of Object.entries(paths)) {
      const key = await new KeyPool(bench).next(); // a key no request has used yet
      const first = await countRequests(() => get(path, key));
      const cached = await countRequests(() => get(path, key));
      rows[name] = `${cached.total} ${JSON.stringify(cached.byOperation)}; first use of a key ${first.total}`;
    }
    report('DynamoDB requests per charger read (rate-limit UpdateItem included; key cached by the instance)', rows);

    for (let i = 0; i < 50; i++) await get(`/api/chargers/${charger.id}`); // warm-up
    const latencies: number[] = [];
    const started = performance.now();
    for (let i = 0; i < 1000; i++) {
      const key = await keys.next();
      const t0 = performance.now();
      await get(`/api/chargers/${charger.id}`, key);
      latencies.push(performance.now() - t0);
    }
    const wall = performance.now() - started;
    report('GET /api/chargers/:id, 1,000 sequential requests on the local stack', {
      p50: `${percentile(latencies, 50).toFixed(1)} ms`,
      p99: `${percentile(latencies, 99).toFixed(1)} ms`,
      max: `${Math.max(...latencies).toFixed(1)} ms`,
      throughput: `${(1000 / (wall / 1000)).toFixed(0)} requests/s`,
      'API keys used': `${keys.created} (at most ${KeyPool.USES_PER_KEY} requests each)`,
    });
  } finally {
    await bench.close();
  }
}
