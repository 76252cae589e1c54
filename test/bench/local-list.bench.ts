/**
 * Local authorization list: 1,000 access IDs synchronised to 50 chargers on the local
 * stack (strict ocpp-rpc clients, 25 OCPP 1.6 and 25 OCPP 2.0.1, each taking 100 entries per
 * SendLocalList): the Full update at boot (support learnt, 10 messages each) until every charger
 * holds the 1,000 tags, then one card revoked until it is out of every list (a Differential each).
 * Duration and DynamoDB requests per charger of each phase.
 */
import { createApiKey } from '../../shared/api/api-keys';
import { registerCharger } from '../../shared/chargers/registration';
import { connectListCharger, type ListCharger } from '../integration/support/list-charger';
import { pollUntil } from '../integration/support/ocpp';
import { countRequests, report, startBenchStack } from './support';

const ACCESS_IDS = 1000;
const CHARGERS = 50;
const ITEMS_PER_MESSAGE = 100;

export async function run(): Promise<void> {
  const bench = await startBenchStack({ localList: true });
  const chargers: ListCharger[] = [];
  try {
    const { stack, organization, site } = bench;
    const { apiKey } = await createApiKey(stack.db, { organizationId: organization.id, scope: 'organization' });
    const tags = Array.from({ length: ACCESS_IDS }, (_, i) => `CARD-${String(i).padStart(4, '0')}`);
    const batch = await fetch(`${stack.url}/api/access-ids/batch`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ accessIds: tags.map((ocppIdTag) => ({ ocppIdTag, name: ocppIdTag, type: 'RFID' })) }),
    });
    if (batch.status !== 200) throw new Error(`access-ID batch: HTTP ${batch.status}`);
    const ids: string[] = [];
    for (let n = 0; n < CHARGERS; n++) {
      const ocppId = `LLB-${n}`;
      await registerCharger(stack.db, {
        ocppId,
        name: ocppId,
        type: 'Level 2',
        siteId: site.id,
        ports: [{ connectorType: 'J1772', maximumPowerKw: 11 }],
      });
      ids.push(ocppId);
    }
    const allHold = (count: number) =>
      pollUntil(
        async () => chargers.filter((c) => c.list.size === count).length,
        (n) => n === CHARGERS,
        `${CHARGERS} chargers holding ${count} entries`,
        300_000,
      );

    const full = await countRequests(async () => {
      const t0 = performance.now();
      await Promise.all(
        ids.map(async (ocppId, n) =>
          chargers.push(
            await connectListCharger(stack, ocppId, n % 2 ? 'ocpp2.0.1' : 'ocpp1.6', {
              maxLength: ACCESS_IDS,
              itemsPerMessage: ITEMS_PER_MESSAGE,
            }),
          ),
        ),
      );
      await allHold(ACCESS_IDS);
      return performance.now() - t0;
    });
    const messages = chargers.reduce((n, c) => n + c.sends().length, 0);

    const revoked = await countRequests(async () => {
      const t0 = performance.now();
      const { data } = await stack.db.accessId.get({ organizationId: organization.id, ocppIdTag: tags[0]! }).go();
      const response = await fetch(`${stack.url}/api/access-ids/${data!.accessIdId}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ accessId: { authorizationStatus: 'Revoked' } }),
      });
      if (response.status !== 200) throw new Error(`revoke: HTTP ${response.status}`);
      await allHold(ACCESS_IDS - 1);
      return performance.now() - t0;
    });
    const perCharger = (n: number) => (n / CHARGERS).toFixed(1);
    report(`Local list: ${ACCESS_IDS} access IDs to ${CHARGERS} chargers (local stack, 100 entries per message)`, {
      'Full at boot (connect + boot to all lists complete)': `${full.result.toFixed(0)} ms, ${messages} SendLocalList, ${perCharger(full.total)} DynamoDB requests per charger ${JSON.stringify(full.byOperation)}`,
      'one card revoked (PATCH to out of every list)': `${revoked.result.toFixed(0)} ms, ${perCharger(revoked.total)} DynamoDB requests per charger ${JSON.stringify(revoked.byOperation)}`,
    });
  } finally {
    await Promise.all(chargers.map((c) => c.close()));
    // Their $disconnects run before the stack closes.
    await pollUntil(
      async () => bench.stack.gateway.connections.size,
      (n) => n === 0,
      'the disconnections',
    );
    await bench.close();
  }
}
