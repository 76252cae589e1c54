/**
 * Speed: on the local stack (in this process, so the
 * DynamoDB request counter sees the handler's requests), the wall time and DynamoDB requests of
 * - a synchronisation of 50 departures for one vehicle that already has 50 future ones, and
 * - a batch of 100 vehicles × 10 departures (each vehicle already holding 10 future ones).
 * Every figure includes the API key lookup and the rate-limit counter (2 requests per HTTP call).
 */
import { createApiKey } from '../../shared/api/api-keys';
import { createVehicle } from '../../shared/access/vehicle-writes';
import { countRequests, percentile, report, startBenchStack } from './support';

const SINGLE_RUNS = 200;
const BATCH_RUNS = 20;
const VEHICLES = 100;

/** `count` departures starting `offsetHours` from now, one hour apart. */
function departures(count: number, offsetHours: number, shiftName: string) {
  return Array.from({ length: count }, (_, i) => ({
    departureTime: new Date(Date.now() + (offsetHours + i) * 3_600_000).toISOString(),
    shiftName,
    routeName: `Route ${i % 7}`,
    targetSoc: 80 + (i % 20),
  }));
}

export async function run(): Promise<void> {
  const bench = await startBenchStack();
  try {
    const { stack } = bench;
    const { organization: org } = bench;
    // 200 requests per minute per key: spread the runs over enough keys.
    const keys = await Promise.all(
      Array.from({ length: 12 }, () => createApiKey(stack.db, { organizationId: org.id, scope: 'organization' })),
    );
    const vehicles: Awaited<ReturnType<typeof createVehicle>>[] = [];
    for (let i = 0; i <= VEHICLES; i++)
      vehicles.push(
        await createVehicle(stack.db, org.id, { name: `Bus ${i}`, vin: `BENCHVIN${String(i).padStart(9, '0')}` }),
      );
    let call = 0;
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${stack.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${keys[call++ % keys.length]!.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const json = (await response.json()) as Record<string, unknown>;
      if (response.status !== 200) throw new Error(JSON.stringify(json));
      return json;
    };
    const timed = async (fn: () => Promise<unknown>) => {
      const t0 = performance.now();
      const measured = await countRequests(fn);
      return { ms: performance.now() - t0, ...measured };
    };

    // One vehicle, 50 departures over 50 future ones, by VIN (recommended) and by vehicleId.
    const single = vehicles[VEHICLES]!;
    for (const by of ['vehicleVin', 'vehicleId'] as const) {
      const ref = by === 'vehicleVin' ? { vehicleVin: single.vin } : { vehicleId: single.id };
      await post('/api/departure-times/vehicle', { ...ref, departureTimes: departures(50, 1, 'warm-up') });
      const ms: number[] = [];
      const requests: number[] = [];
      let byOperation: Record<string, number> = {};
      for (let i = 0; i < SINGLE_RUNS; i++) {
        const m = await timed(() =>
          post('/api/departure-times/vehicle', { ...ref, departureTimes: departures(50, 1 + (i % 3), `run ${i}`) }),
        );
        ms.push(m.ms);
        requests.push(m.total);
        byOperation = m.byOperation;
      }
      report(
        `POST /api/departure-times/vehicle by ${by}: 50 departures replacing 50 future ones (${SINGLE_RUNS} runs)`,
        {
          'wall time p50 / p99': `${percentile(ms, 50).toFixed(1)} / ${percentile(ms, 99).toFixed(1)} ms`,
          'DynamoDB requests per sync p50 / max': `${percentile(requests, 50)} / ${Math.max(...requests)}`,
          'last sync, by operation': JSON.stringify(byOperation),
        },
      );
    }

    // 100 vehicles x 10 departures; the first batch creates every plan, the others replace them.
    const batch = (run: number) => ({
      vehicles: vehicles
        .slice(0, VEHICLES)
        .map((v) => ({ vehicleVin: v.vin, departureTimes: departures(10, 1 + (run % 3), `batch ${run}`) })),
    });
    const first = await timed(() => post('/api/departure-times/batch', batch(0)));
    const ms: number[] = [];
    const requests: number[] = [];
    let byOperation: Record<string, number> = {};
    for (let i = 1; i <= BATCH_RUNS; i++) {
      const m = await timed(async () => {
        const answer = (await post('/api/departure-times/batch', batch(i))) as { results: { outcome: string }[] };
        if (answer.results.some((r) => r.outcome !== 'success')) throw new Error('a batch item failed');
      });
      ms.push(m.ms);
      requests.push(m.total);
      byOperation = m.byOperation;
    }
    report(
      `POST /api/departure-times/batch: ${VEHICLES} vehicles x 10 departures (${BATCH_RUNS} runs over existing plans)`,
      {
        'wall time p50 / p99': `${percentile(ms, 50).toFixed(1)} / ${percentile(ms, 99).toFixed(1)} ms`,
        'DynamoDB requests per batch p50 / max': `${percentile(requests, 50)} / ${Math.max(...requests)}`,
        'last batch, by operation': JSON.stringify(byOperation),
        'first batch (no plans yet)': `${first.ms.toFixed(1)} ms, ${first.total} requests ${JSON.stringify(first.byOperation)}`,
      },
    );
  } finally {
    await bench.close();
  }
}
