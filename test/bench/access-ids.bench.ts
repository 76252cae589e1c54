/**
 * Speed: a batch of 1000 new access IDs naming 200 distinct vehicles and 50
 * customers, then the same batch again (all updates): wall time and DynamoDB requests each; then
 * listing all 1000 page by page.
 */
import { createApiKey } from '../../shared/api/api-keys';
import { countRequests, report, startBenchStack } from './support';

export async function run(): Promise<void> {
  const bench = await startBenchStack();
  try {
    const { stack } = bench;
    const { organization: org } = bench;
    const { apiKey } = await createApiKey(stack.db, { organizationId: org.id, scope: 'organization' });
    const items = Array.from({ length: 1000 }, (_, i) => ({
      ocppIdTag: `aa:bb:cc:${String(i).padStart(4, '0').slice(0, 2)}:${String(i).padStart(4, '0').slice(2)}`,
      name: `Vehicle ${i % 200}`,
      type: 'Vehicle',
      vehicle: { make: 'Make', model: `Model ${i % 3}`, vin: `VIN${String(i % 200).padStart(5, '0')}` },
      customer: { name: `Customer ${i % 50}` },
    }));
    const send = async () => {
      const t0 = performance.now();
      const response = await fetch(`${stack.url}/api/access-ids/batch`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ accessIds: items }),
      });
      const body = (await response.json()) as { results: { outcome: string }[] };
      const outcomes: Record<string, number> = {};
      for (const { outcome } of body.results) outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      return { ms: performance.now() - t0, outcomes };
    };
    const first = await countRequests(send);
    const second = await countRequests(send);
    let pages = 0;
    let listed = 0;
    const list = await countRequests(async () => {
      const t0 = performance.now();
      let cursor: string | null = null;
      do {
        const query: string = cursor ? `?nextPageCursor=${encodeURIComponent(cursor)}` : '';
        const response = await fetch(`${stack.url}/api/access-ids${query}`, {
          headers: { authorization: `Bearer ${apiKey}` },
        });
        const body = (await response.json()) as { data: unknown[]; pagination: { nextPageCursor: string | null } };
        pages++;
        listed += body.data.length;
        cursor = body.pagination.nextPageCursor;
      } while (cursor);
      return performance.now() - t0;
    });
    report('PUT /api/access-ids/batch, 1000 items, 200 vehicles, 50 customers (local stack)', {
      'first run (all created)': `${first.result.ms.toFixed(0)} ms, ${first.total} DynamoDB requests ${JSON.stringify(first.byOperation)}, outcomes ${JSON.stringify(first.result.outcomes)}`,
      'second run (all updated)': `${second.result.ms.toFixed(0)} ms, ${second.total} DynamoDB requests ${JSON.stringify(second.byOperation)}, outcomes ${JSON.stringify(second.result.outcomes)}`,
      'list all, page by page': `${listed} access IDs in ${pages} pages, ${list.result.toFixed(0)} ms, ${list.total} DynamoDB requests ${JSON.stringify(list.byOperation)}`,
    });
  } finally {
    await bench.close();
  }
}
