/**
 * The alert store on DynamoDB Local: one active alert per episode (raised once,
 * even by concurrent raises), updates of the details, clearing (out of the active index, and the
 * next raise a new episode), and muting by a maintenance window of the charger or of the port.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import type { LocalStack } from '../../../lib/local/stack';
import {
  activeAlert,
  activeAlerts,
  alertView,
  clearAlert,
  episodeKey,
  raiseAlert,
  updateAlert,
  type RaiseAlert,
} from '../../../shared/alerts/store';
import { createMaintenanceWindow } from '../../../shared/maintenance-windows/windows';
import type { AccessScope } from '../../../shared/organizations/access-scope';

let stack: LocalStack;
let tenant: Tenant;

beforeAll(async () => {
  stack = await startTestStack();
  tenant = await createTenant(stack, [
    {
      ocppId: uniqueOcppId('AL'),
      name: 'AC 1',
      type: 'Level 2',
      ports: [{ connectorType: 'J1772' }, { connectorType: 'J1772' }],
    },
    { ocppId: uniqueOcppId('AL'), name: 'AC 2', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
  ]);
});
afterAll(() => stack?.close());

const now = () => new Date().toISOString();

function offline(chargerIndex: number): RaiseAlert {
  const charger = tenant.chargers[chargerIndex]!;
  return {
    organizationId: tenant.organizationId,
    siteId: tenant.siteId,
    siteName: 'Depot',
    chargerId: charger.id,
    chargerName: charger.name,
    type: 'offlineCharger',
    episodeKey: episodeKey('offlineCharger', 'charger', charger.id),
    details: { thresholdMinutes: 10 },
    at: now(),
  };
}

describe('alert store', () => {
  it('raises an episode once, even when raised concurrently, and lists it as active', async () => {
    const results = await Promise.all([raiseAlert(stack.db, offline(0)), raiseAlert(stack.db, offline(0))]);
    expect(results.filter((r) => r.raised)).toHaveLength(1);
    expect(results[0]!.alert.alertId).toBe(results[1]!.alert.alertId);
    const again = await raiseAlert(stack.db, offline(0));
    expect(again.raised).toBe(false);
    const active = await activeAlerts(stack.db, tenant.organizationId, 'offlineCharger');
    expect(active.map((a) => a.alertId)).toEqual([results[0]!.alert.alertId]);
    expect(alertView(active[0]!)).toMatchObject({
      type: 'offlineCharger',
      endTimestamp: null,
      muted: false,
      offlineCharger: { thresholdMinutes: 10 },
      lateCharging: null,
      charger: { id: tenant.chargers[0]!.id, name: 'AC 1' },
      site: { id: tenant.siteId, name: 'Depot' },
      port: null,
      chargingSession: null,
    });
  });

  it('updates the details of the active alert only when they change', async () => {
    const key = episodeKey('offlineCharger', 'charger', tenant.chargers[0]!.id);
    expect(await updateAlert(stack.db, tenant.organizationId, key, { thresholdMinutes: 10 }, now())).toBeUndefined();
    const updated = await updateAlert(stack.db, tenant.organizationId, key, { thresholdMinutes: 15 }, now());
    expect(updated?.details).toEqual({ thresholdMinutes: 15 });
    expect((await activeAlert(stack.db, tenant.organizationId, key))?.details).toEqual({ thresholdMinutes: 15 });
  });

  it('clears the episode: ended, out of the active index, and the next raise is a new alert', async () => {
    const key = episodeKey('offlineCharger', 'charger', tenant.chargers[0]!.id);
    const first = await activeAlert(stack.db, tenant.organizationId, key);
    const cleared = await clearAlert(stack.db, tenant.organizationId, key, now());
    expect(cleared?.endTimestamp).toBeDefined();
    expect(await clearAlert(stack.db, tenant.organizationId, key, now())).toBeUndefined();
    expect(await activeAlerts(stack.db, tenant.organizationId)).toEqual([]);
    const stored = await stack.db.alert.get({ alertId: first!.alertId }).go();
    expect(stored.data?.endTimestamp).toBe(cleared?.endTimestamp);
    const next = await raiseAlert(stack.db, offline(0));
    expect(next.raised).toBe(true);
    expect(next.alert.alertId).not.toBe(first!.alertId);
    await clearAlert(stack.db, tenant.organizationId, key, now());
  });

  it('raises muted during a maintenance window of the charger, or of the port concerned only', async () => {
    const principal: AccessScope = { organizationId: tenant.organizationId, scope: 'organization' };
    const charger = tenant.chargers[1]!;
    const start = new Date(Date.now() - 60_000).toISOString();
    const end = new Date(Date.now() + 3_600_000).toISOString();
    await createMaintenanceWindow(stack.db, principal, {
      chargerId: charger.id,
      startTimestamp: start,
      endTimestamp: end,
    });
    expect((await raiseAlert(stack.db, offline(1))).alert.muted).toBe(true);

    const portCharger = tenant.chargers[0]!;
    const [port1, port2] = portCharger.ports;
    await createMaintenanceWindow(stack.db, principal, {
      chargerId: portCharger.id,
      portId: port1!.id,
      startTimestamp: start,
      endTimestamp: end,
    });
    const faulted = (portId: number): RaiseAlert => ({
      ...offline(0),
      type: 'chargerFaulted',
      portId,
      episodeKey: episodeKey('chargerFaulted', 'port', portId),
      details: { ocppErrorCode: 'GroundFailure', ocppVendorErrorCode: null, ocppInfo: null, faultedSince: now() },
    });
    expect((await raiseAlert(stack.db, faulted(port1!.id))).alert.muted).toBe(true);
    expect((await raiseAlert(stack.db, faulted(port2!.id))).alert.muted).toBe(false);
  });
});
