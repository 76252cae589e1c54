import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { pollUntil } from '../support/ocpp';
import type { LocalStack } from '../../../lib/local/stack';
import { startSimulator } from '../../../lib/simulator';

let stack: LocalStack;
let tenant: Tenant;
const ids = { 'ocpp1.6': uniqueOcppId('SIM16'), 'ocpp2.0.1': uniqueOcppId('SIM201'), 'ocpp2.1': uniqueOcppId('SIM21') };

beforeAll(async () => {
  stack = await startTestStack();
  tenant = await createTenant(stack, [
    { ocppId: ids['ocpp1.6'], name: 'Sim AC', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
    {
      ocppId: ids['ocpp2.0.1'],
      name: 'Sim DC',
      type: 'DCFC',
      password: 'simulator-secret',
      ports: [{ connectorType: 'CCS1' }],
    },
    { ocppId: ids['ocpp2.1'], name: 'Sim DC 2.1', type: 'DCFC', ports: [{ connectorType: 'CCS1' }] },
  ]);
});
afterAll(async () => stack?.close());

describe.each(['ocpp1.6', 'ocpp2.0.1', 'ocpp2.1'] as const)(
  'the bundled simulator over %s (docs/simulator.md)',
  (protocol) => {
    it('boots, charges with growing energy visible in the charger API, and stops', async () => {
      const ocppId = ids[protocol];
      const simulator = await startSimulator({
        ocppId,
        protocol,
        url: stack.ocppUrl,
        freeVend: true,
        meterIntervalSeconds: 0.05,
        speed: 600,
        currentType: protocol === 'ocpp1.6' ? 'AC' : 'DC',
        ...(protocol === 'ocpp2.0.1' ? { password: 'simulator-secret' } : {}),
      });
      const charger = async () =>
        (await api(stack, `/api/chargers/by-ocpp-id/${ocppId}`, { key: tenant.apiKey })).body.data;
      try {
        await simulator.plugInAndStart();
        const first = await pollUntil(
          charger,
          (c) => (c.ports[0].currentChargingSession?.energyDeliveredKwh ?? 0) > 0,
          'energy',
        );
        expect(first.connectionStatus.status).toBe('Connected');
        expect(first.manufacturer).toBe('ChargingNetwork');
        expect(first.ports[0].ocppStatus.status).toBe(protocol === 'ocpp1.6' ? 'Charging' : 'Occupied');
        const energy = first.ports[0].currentChargingSession.energyDeliveredKwh;
        const grown = await pollUntil(
          charger,
          (c) => c.ports[0].currentChargingSession?.energyDeliveredKwh > energy,
          'energy to grow',
        );
        expect(grown.ports[0].currentChargingSession.latestReadings.powerKw.value).toBeGreaterThan(0);
        expect(grown.ports[0].currentChargingSession.latestReadings.socPercent.value).toBeGreaterThan(0);
        await simulator.stop();
        await pollUntil(charger, (c) => c.ports[0].currentChargingSession === null, 'session to end');
      } finally {
        await simulator.close();
      }
    });
  },
);
