/**
 * Issue "Platform", speed: DynamoDB requests per `GET /api/chargers/:id` (and the other charger
 * reads), and p50/p99 latency over 1,000 requests on the local stack.
 */
import { createApiKey } from '../../shared/organizations/api-keys';
import { registerCharger } from '../../shared/chargers/registration';
import { countRequests, percentile, report, startBenchStack } from './support';

export async function run(): Promise<void> {
  const bench = await startBenchStack();
  try {
    const { stack } = bench;
    const { organization: org, site } = bench;
    const charger = await registerCharger(stack.db, {
      siteId: site.id, ocppId: 'BENCH-1', name: 'Bench DC', type: 'DCFC', externalId: 'B-1',
      ports: [{ connectorType: 'CCS1', maximumPowerKw: 150 }, { connectorType: 'CCS1', maximumPowerKw: 150 }],
    });
    // 200 requests per minute per key: spread the 1,000 requests over enough keys.
    const keys = await Promise.all(Array.from({ length: 6 }, () => createApiKey(stack.db, { organizationId: org.id, scope: 'organization' })));
    const get = async (path: string, key = keys[0]!.apiKey) => {
      const response = await fetch(`${stack.url}${path}`, { headers: { authorization: `Bearer ${key}` } });
      if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
      await response.arrayBuffer();
    };
    const byId = await countRequests(() => get(`/api/chargers/${charger.id}`));
    const byExternal = await countRequests(() => get('/api/chargers/by-external-id/B-1'));
    const byOcpp = await countRequests(() => get('/api/chargers/by-ocpp-id/BENCH-1'));
    const sites = await countRequests(() => get('/api/sites'));
    report('DynamoDB requests per charger read (auth GetItem + rate-limit UpdateItem included)', {
      'GET /api/chargers/:id': `${byId.total} ${JSON.stringify(byId.byOperation)}`,
      'GET /api/chargers/by-external-id/:id': `${byExternal.total} ${JSON.stringify(byExternal.byOperation)}`,
      'GET /api/chargers/by-ocpp-id/:id': `${byOcpp.total} ${JSON.stringify(byOcpp.byOperation)}`,
      'GET /api/sites': `${sites.total} ${JSON.stringify(sites.byOperation)}`,
    });

    for (let i = 0; i < 50; i++) await get(`/api/chargers/${charger.id}`, keys[5]!.apiKey); // warm-up
    const latencies: number[] = [];
    const started = performance.now();
    for (let i = 0; i < 1000; i++) {
      const t0 = performance.now();
      await get(`/api/chargers/${charger.id}`, keys[i % 5]!.apiKey);
      latencies.push(performance.now() - t0);
    }
    const wall = performance.now() - started;
    report('GET /api/chargers/:id, 1,000 sequential requests on the local stack', {
      p50: `${percentile(latencies, 50).toFixed(1)} ms`,
      p99: `${percentile(latencies, 99).toFixed(1)} ms`,
      max: `${Math.max(...latencies).toFixed(1)} ms`,
      throughput: `${(1000 / (wall / 1000)).toFixed(0)} requests/s`,
    });
  } finally {
    await bench.close();
  }
}
