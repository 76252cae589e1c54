import { describe, expect, it } from 'vitest';
import { chargerMonitorIntents } from '../../../shared/alerts/charger-monitor';
import { isMonitorAlert, monitorKeyOf } from '../../../shared/charger-configuration/monitor-events';

const AT = '2026-12-06T01:00:00.000Z';
const image = (extra: object = {}) => ({
  organizationId: 1,
  siteId: 2,
  chargerId: 4,
  monitorKey: 'EVSE/1.Power@100',
  componentName: 'EVSE',
  evseId: 1,
  variableName: 'Power',
  variableMonitoringId: 100,
  eventId: 7,
  trigger: 'Alerting',
  eventNotificationType: 'CustomMonitor',
  actualValue: '23000',
  cleared: false,
  timestamp: AT,
  receivedAt: AT,
  ...extra,
});
const KEY = 'chargerMonitor:charger:4:EVSE/1.Power@100';

describe('chargerMonitor', () => {
  it('raises and updates from an event not cleared, on the EVSE’s port', () => {
    const details = {
      component: { name: 'EVSE', evse: { id: 1 } },
      variable: { name: 'Power' },
      actualValue: '23000',
      severity: null,
      variableMonitoringId: 100,
      eventNotificationType: 'CustomMonitor',
      eventId: 7,
      timestamp: AT,
      techCode: null,
      techInfo: null,
    };
    expect(chargerMonitorIntents({ eventName: 'INSERT', newImage: image() })).toEqual([
      {
        action: 'raise',
        type: 'chargerMonitor',
        episodeKey: KEY,
        place: { organizationId: 1, chargerId: 4, portNumber: 1 },
        details,
        at: AT,
      },
      { action: 'update', organizationId: 1, episodeKey: KEY, details, at: AT },
    ]);
  });

  it('puts a station component’s alert on the charger', () => {
    const [raise] = chargerMonitorIntents({
      eventName: 'INSERT',
      newImage: image({
        monitorKey: 'ChargingStation.Temperature@-',
        componentName: 'ChargingStation',
        evseId: undefined,
      }),
    });
    expect(raise).toMatchObject({ place: { organizationId: 1, chargerId: 4 } });
    expect((raise as { place: object }).place).not.toHaveProperty('portNumber');
  });

  it('clears on an event reported cleared, or the item removed', () => {
    const clear = { action: 'clear', organizationId: 1, episodeKey: KEY };
    expect(
      chargerMonitorIntents({ eventName: 'MODIFY', oldImage: image(), newImage: image({ cleared: true }) }),
    ).toEqual([{ ...clear, at: AT }]);
    expect(chargerMonitorIntents({ eventName: 'REMOVE', oldImage: image() })).toEqual([expect.objectContaining(clear)]);
  });
});

describe('monitor events', () => {
  it('keeps threshold events of monitors only', () => {
    expect(isMonitorAlert({ trigger: 'Alerting', eventNotificationType: 'PreconfiguredMonitor' })).toBe(true);
    expect(isMonitorAlert({ trigger: 'Alerting', eventNotificationType: 'HardWiredNotification' })).toBe(false);
    expect(isMonitorAlert({ trigger: 'Periodic', eventNotificationType: 'CustomMonitor' })).toBe(false);
    expect(isMonitorAlert({ trigger: 'Delta', eventNotificationType: 'HardWiredMonitor' })).toBe(false);
  });

  it('names a monitor by its component, variable and ID', () => {
    expect(
      monitorKeyOf({
        component: { name: 'Connector', instance: 'A', evse: { id: 1, connectorId: 2 } },
        variable: { name: 'Temperature', instance: 'Max' },
        variableMonitoringId: 5,
      }),
    ).toBe('Connector/1/2#A.Temperature#Max@5');
    expect(monitorKeyOf({ component: { name: 'ChargingStation' }, variable: { name: 'Problem' } })).toBe(
      'ChargingStation.Problem@-',
    );
  });
});
