/**
 * Issue "Remote commands", speed: the overhead of a command beyond the charger's own reply time,
 * over 500 remote starts on the local stack (in this process): HTTP request in → CALL at the
 * charger, plus reply sent by the charger → HTTP response out; and the DynamoDB requests per
 * command (the HTTP handler's and the `$default` handler's together).
 */
import WebSocket from 'ws';
import { createApiKey } from '../../shared/organizations/api-keys';
import { registerCharger } from '../../shared/chargers/registration';
import { countRequests, percentile, report, startBenchStack } from './support';

const COMMANDS = 500;

export async function run(): Promise<void> {
  const bench = await startBenchStack();
  try {
    const { stack } = bench;
    const { organization: org, site } = bench;
    const charger = await registerCharger(stack.db, { siteId: site.id, ocppId: 'CMD-BENCH', name: 'Cmd', type: 'Level 2', ports: [{ connectorType: 'J1772' }] });
    const keys = await Promise.all(Array.from({ length: 3 }, () => createApiKey(stack.db, { organizationId: org.id, scope: 'organization' })));

    // A charger that answers every CALL at once and notes when the CALL arrived and the reply left.
    const ws = new WebSocket(`${stack.ocppUrl}/CMD-BENCH`, ['ocpp1.6']);
    await new Promise((resolve) => ws.once('open', resolve));
    let callArrived = 0;
    let replySent = 0;
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as unknown[];
      if (frame[0] !== 2) return;
      callArrived = performance.now();
      ws.send(JSON.stringify([3, frame[1], { status: 'Accepted' }]));
      replySent = performance.now();
    });

    const inbound: number[] = [];
    const outbound: number[] = [];
    const total: number[] = [];
    const requests: number[] = [];
    let byOperation: Record<string, number> = {};
    for (let i = 0; i < COMMANDS; i++) {
      const measured = await countRequests(async () => {
        const t0 = performance.now();
        const response = await fetch(`${stack.url}/api/ocpp/remote-start`, {
          method: 'POST',
          headers: { authorization: `Bearer ${keys[i % keys.length]!.apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ portId: charger.ports[0]!.id, idTag: 'BENCH' }),
        });
        const body = (await response.json()) as { data?: { status: string } };
        const t1 = performance.now();
        if (body.data?.status !== 'Accepted') throw new Error(JSON.stringify(body));
        inbound.push(callArrived - t0);
        outbound.push(t1 - replySent);
        total.push(t1 - t0);
      });
      requests.push(measured.total);
      byOperation = measured.byOperation;
    }
    ws.close();
    const overhead = inbound.map((v, i) => v + outbound[i]!);
    report(`Remote start, ${COMMANDS} commands to a charger that answers at once (OCPP 1.6, local stack)`, {
      'overhead p50 (in→CALL + reply→out)': `${percentile(overhead, 50).toFixed(1)} ms`,
      'overhead p99': `${percentile(overhead, 99).toFixed(1)} ms`,
      'HTTP in → CALL at charger p50 / p99': `${percentile(inbound, 50).toFixed(1)} / ${percentile(inbound, 99).toFixed(1)} ms`,
      'reply at charger → HTTP out p50 / p99': `${percentile(outbound, 50).toFixed(1)} / ${percentile(outbound, 99).toFixed(1)} ms`,
      'end to end p50 / p99': `${percentile(total, 50).toFixed(1)} / ${percentile(total, 99).toFixed(1)} ms`,
      'DynamoDB requests per command p50 / max': `${percentile(requests, 50)} / ${Math.max(...requests)}`,
      'last command, by operation': JSON.stringify(byOperation),
      'poll schedule': 'first read 10 ms after posting, then x1.5 up to 250 ms between reads; deadline 20 s',
    });
  } finally {
    await bench.close();
  }
}
