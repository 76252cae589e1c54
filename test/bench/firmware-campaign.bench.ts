/**
 * Firmware: a campaign to 200 simulated chargers on the local stack (100 OCPP 1.6 and 100
 * OCPP 2.0.1 simulators on 4 sites of 50, 200 ms between two firmware statuses, each rebooting
 * between Installing and Installed), at most 50 at once and 20 per site, followed by reading the
 * campaign every second (each read advances it) until every charger is installed. Duration, the
 * largest number updating at once, and DynamoDB requests per charger (the campaign's, its
 * operations', the chargers' notifications, reboots and heartbeats, and the reads').
 */
import { createApiKey } from '../../shared/api/api-keys';
import { registerCharger } from '../../shared/chargers/registration';
import { createSite } from '../../shared/chargers/sites';
import { startSimulator, type Simulator } from '../../lib/simulator';
import { pollUntil } from '../integration/support/ocpp';
import { countRequests, report, startBenchStack } from './support';

const CHARGERS = 200;
const SITES = 4;
const MAX_CONCURRENT = 50;
const MAX_DOWN_PER_SITE = 20;
const READ_EVERY_MS = 1000;

export async function run(): Promise<void> {
  process.env.OPERATION_WAIT_MS = '0';
  const bench = await startBenchStack();
  const simulators: Simulator[] = [];
  try {
    const { stack, organization, site } = bench;
    const { apiKey } = await createApiKey(stack.db, { organizationId: organization.id, scope: 'organization' });
    const sites = [site.id];
    for (let s = 1; s < SITES; s++) {
      sites.push(
        (await createSite(stack.db, { organizationId: organization.id, name: `Site ${s}`, timezone: 'UTC' })).id,
      );
    }
    const ids: number[] = [];
    for (let n = 0; n < CHARGERS; n++) {
      const ocppId = `FWB-${n}`;
      const charger = await registerCharger(stack.db, {
        ocppId,
        name: ocppId,
        type: 'Level 2',
        siteId: sites[n % SITES]!,
        ports: [{ connectorType: 'J1772', maximumPowerKw: 11 }],
      });
      ids.push(charger.id);
    }
    for (let n = 0; n < CHARGERS; n += 25) {
      simulators.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(25, CHARGERS - n) }, (_, i) =>
            startSimulator({
              ocppId: `FWB-${n + i}`,
              protocol: (n + i) % 2 ? 'ocpp2.0.1' : 'ocpp1.6',
              url: stack.ocppUrl,
              info: { model: 'FW-BENCH' },
              firmware: { stepMs: 200 },
            }),
          ),
        )),
      );
    }
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${stack.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: response.status, body: (await response.json()) as { data: any } };
    };

    let reads = 0;
    let mostUpdating = 0;
    let mostPerSite = 0;
    const campaign = await countRequests(async () => {
      const t0 = performance.now();
      const created = await call('POST', '/api/firmware-campaigns', {
        model: 'FW-BENCH',
        location: 'https://fw.example.com/bench.bin',
        maxConcurrent: MAX_CONCURRENT,
        maxDownPerSite: MAX_DOWN_PER_SITE,
      });
      if (created.status !== 201) throw new Error(`campaign: HTTP ${created.status} ${JSON.stringify(created.body)}`);
      const final = await pollUntil(
        async () => {
          await new Promise((resolve) => setTimeout(resolve, READ_EVERY_MS));
          reads++;
          const { body } = await call('GET', `/api/firmware-campaigns/${created.body.data.campaignId}`);
          const updating = body.data.chargers.filter((c: { state: string }) => c.state === 'updating');
          mostUpdating = Math.max(mostUpdating, updating.length);
          for (const s of sites) {
            mostPerSite = Math.max(mostPerSite, updating.filter((c: { siteId: number }) => c.siteId === s).length);
          }
          return body.data;
        },
        (data) => data.status !== 'running',
        'the campaign to end',
        900_000,
      );
      return { ms: performance.now() - t0, final };
    });
    const { ms, final } = campaign.result;
    report(`Firmware campaign: ${CHARGERS} simulated chargers (local stack, ${SITES} sites, 200 ms per status)`, {
      'campaign (POST to every charger installed)': `${(ms / 1000).toFixed(1)} s, ${final.status} ${JSON.stringify(final.counts)}`,
      'most updating at once (limit 50; per site, limit 20)': `${mostUpdating}; ${mostPerSite}`,
      'reads of the campaign (1 a second)': reads,
      'DynamoDB requests per charger': `${(campaign.total / CHARGERS).toFixed(1)} ${JSON.stringify(campaign.byOperation)}`,
    });
  } finally {
    await Promise.all(simulators.map((s) => s.close()));
    await pollUntil(
      async () => bench.stack.gateway.connections.size,
      (n) => n === 0,
      'the disconnections',
      60_000,
    );
    await bench.close();
  }
}
