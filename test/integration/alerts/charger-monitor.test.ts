/**
 * `chargerMonitor` end to end on the local stack (its severity from the station's monitoring report), the alert rules on the table's change stream as
 * on AWS, with a strict ocpp-rpc 2.0.1 station: a monitor's NotifyEvent (threshold crossed) raises
 * the alert with the component, variable and value; a later event of the same monitor updates it;
 * Periodic and Delta events and events of no monitor raise nothing; the event reported cleared
 * clears it; a fault event in the same NotifyEvent is still an error report; a malformed event is a
 * CALLERROR and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RPCClient } from 'ocpp-rpc';
import type { LocalStack } from '../../../lib/local/stack';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { connectCharger, pollUntil } from '../support/ocpp';

let stack: LocalStack;
let tenant: Tenant;
let client: RPCClient;
const ocppId = uniqueOcppId('MONALERT');

beforeAll(async () => {
  stack = await startTestStack({ alerts: true });
  tenant = await createTenant(stack, [{ ocppId, name: 'Monitored', type: 'DCFC', ports: [{ connectorType: 'CCS1' }] }]);
  client = await connectCharger(stack, ocppId, 'ocpp2.0.1');
  await client.call('BootNotification', { reason: 'PowerUp', chargingStation: { vendorName: 'V', model: 'M' } });
});
afterAll(async () => {
  await client?.close();
  await stack?.close();
});

const get = async (path: string) => (await api(stack, path, { key: tenant.apiKey })).body;

/** The charger's chargerMonitor alerts as the API lists them. */
const monitorAlerts = async () => (await get('/api/alerts?types=chargerMonitor')).data as any[];

/** Event times: `eventId` seconds after the test began, so a retransmitted event keeps its time. */
const BASE = Date.now();

/** An event of the EVSE's power monitor 100 (a custom UpperThreshold monitor). */
const powerEvent = (eventId: number, actualValue: string, extra: Record<string, unknown> = {}) => ({
  eventId,
  timestamp: new Date(BASE + eventId * 1000).toISOString(),
  trigger: 'Alerting',
  actualValue,
  eventNotificationType: 'CustomMonitor',
  variableMonitoringId: 100,
  component: { name: 'EVSE', evse: { id: 1 } },
  variable: { name: 'Power' },
  ...extra,
});

const notify = (eventData: unknown[]) =>
  client.call('NotifyEvent', { generatedAt: new Date().toISOString(), seqNo: 0, eventData });

describe('chargerMonitor', () => {
  it('raises from a monitor’s event, updates with the next, and keeps the fault path', async () => {
    const fault = {
      eventId: 2,
      timestamp: new Date().toISOString(),
      trigger: 'Alerting',
      actualValue: 'true',
      eventNotificationType: 'HardWiredNotification',
      component: { name: 'ChargingStation' },
      variable: { name: 'Problem' },
      techCode: 'GF-9',
    };
    // The station's monitoring report gives the monitor's severity, which NotifyEvent does not carry.
    await client.call('NotifyMonitoringReport', {
      requestId: 9,
      seqNo: 0,
      generatedAt: new Date().toISOString(),
      monitor: [
        {
          component: { name: 'EVSE', evse: { id: 1 } },
          variable: { name: 'Power' },
          variableMonitoring: [{ id: 100, transaction: false, value: 22_000, type: 'UpperThreshold', severity: 3 }],
        },
      ],
    });
    expect(await notify([powerEvent(1, '23000', { techInfo: 'above 22 kW' }), fault])).toEqual({});
    const [raised] = await pollUntil(monitorAlerts, (alerts) => alerts.length === 1, 'the alert raised', 30_000);
    expect(raised).toMatchObject({
      type: 'chargerMonitor',
      severity: 'warning',
      endTimestamp: null,
      charger: { id: tenant.chargers[0]!.id },
      port: { id: tenant.chargers[0]!.ports[0]!.id },
      chargerMonitor: {
        component: { name: 'EVSE', evse: { id: 1 } },
        variable: { name: 'Power' },
        actualValue: '23000',
        severity: 3,
        variableMonitoringId: 100,
        eventNotificationType: 'CustomMonitor',
        eventId: 1,
        techCode: null,
        techInfo: 'above 22 kW',
      },
    });
    const errors = await get(`/api/errors?chargerIds[]=${tenant.chargers[0]!.id}`);
    expect(errors.data).toEqual([
      expect.objectContaining({ ocppErrorCode: 'ChargingStation.Problem', vendorErrorCode: 'GF-9' }),
    ]);

    expect(await notify([powerEvent(3, '24500')])).toEqual({});
    const [updated] = await pollUntil(
      monitorAlerts,
      (alerts) => alerts[0]?.chargerMonitor.actualValue === '24500',
      'the alert updated',
      30_000,
    );
    expect(updated).toMatchObject({ id: raised.id, endTimestamp: null, chargerMonitor: { eventId: 3 } });
  });

  it('raises nothing for Periodic and Delta events or events of no monitor, and refuses a malformed one', async () => {
    const periodic = powerEvent(4, '1', { trigger: 'Periodic', variableMonitoringId: 101 });
    const delta = powerEvent(5, '2', { trigger: 'Delta', variableMonitoringId: 102 });
    const notification = powerEvent(6, '3', {
      eventNotificationType: 'HardWiredNotification',
      variableMonitoringId: 103,
    });
    expect(await notify([periodic, delta, notification])).toEqual({});
    await expect(notify([{ ...powerEvent(7, '4'), variableMonitoringId: 'x' }])).rejects.toMatchObject({
      rpcErrorCode: 'TypeConstraintViolation',
    });
    const { data: events } = await stack.db.chargerMonitorEvent.query
      .primary({ chargerId: tenant.chargers[0]!.id })
      .go({ consistent: true });
    expect(events.map((e) => e.variableMonitoringId)).toEqual([100]);
    expect(await monitorAlerts()).toHaveLength(1);
  });

  it('clears when the charger reports the event cleared; an older event does not raise it again', async () => {
    expect(await notify([powerEvent(8, '21000', { cleared: true })])).toEqual({});
    const [cleared] = await pollUntil(
      monitorAlerts,
      (alerts) => alerts[0]?.endTimestamp !== null,
      'the alert cleared',
      30_000,
    );
    expect(cleared.chargerMonitor.actualValue).toBe('24500');
    // A retransmission of an earlier event (older timestamp) is not stored over the cleared one.
    expect(await notify([powerEvent(3, '24500')])).toEqual({});
    const { data: item } = await stack.db.chargerMonitorEvent
      .get({ chargerId: tenant.chargers[0]!.id, monitorKey: 'EVSE/1.Power@100' })
      .go({ consistent: true });
    expect(item).toMatchObject({ cleared: true, eventId: 8 });
    expect((await get('/api/alerts?types=chargerMonitor&active=true')).data).toEqual([]);
  });
});
