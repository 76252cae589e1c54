/**
 * Monitoring operations (`POST /api/ocpp/set-variable-monitoring`, `clear-variable-monitoring`,
 * `set-monitoring-base`, `set-monitoring-level`) against ocpp-rpc strict clients: the CALLs a 2.0.1
 * station takes, each monitor's result stored and returned, a monitor the stored device model does
 * not report refused with the field named and nothing sent (and sent when no device model is
 * stored), a 1.6 charger refused, and bad bodies refused.
 */
import { describe, expect, it } from 'vitest';
import { createRPCError } from 'ocpp-rpc';
import { pollUntil } from '../support/ocpp';
import { useOperationChargers, type RefusedBody } from '../support/operation-chargers';

/** The chargers, and what they received of the monitoring CALLs and how they answer them. */
const chargers = useOperationChargers({
  idPrefix: 'MON',
  name: 'Monitoring',
  actions: ['SetVariableMonitoring', 'ClearVariableMonitoring', 'SetMonitoringBase', 'SetMonitoringLevel'],
});
const { post, received } = chargers;

/** A monitor on the EVSE's power, as the API takes it. */
const powerMonitor = {
  component: { name: 'EVSE', evse: { id: 1 } },
  variable: { name: 'Power' },
  type: 'UpperThreshold',
  value: 22_000,
  severity: 4,
};

/** A SetVariableMonitoring answer: each monitor named back with `status` (Accepted ones get `id`). */
const setAnswer = (params: any, statuses: string[]) => ({
  setMonitoringResult: params.setMonitoringData.map((m: any, i: number) => ({
    ...(statuses[i] === 'Accepted' ? { id: 100 + i } : {}),
    status: statuses[i],
    type: m.type,
    severity: m.severity,
    component: m.component,
    variable: m.variable,
  })),
});

describe('an OCPP 2.0.1 station', () => {
  const station = chargers.connected('ocpp2.0.1');
  const { chargerId } = station;

  it('with no device model stored, sends the monitors and stores each one’s result', async () => {
    chargers.answer = (_action, params) => setAnswer(params, ['Accepted', 'UnknownVariable']);
    const unknown = { ...powerMonitor, variable: { name: 'NoSuchVariable' }, type: 'Periodic', value: 60 };
    const { status, body } = await post('set-variable-monitoring', {
      chargerId: chargerId(),
      monitors: [{ ...powerMonitor, transaction: true }, unknown],
    });
    expect(status).toBe(200);
    expect(received).toEqual([
      {
        action: 'SetVariableMonitoring',
        params: {
          setMonitoringData: [
            { transaction: true, value: 22_000, type: 'UpperThreshold', severity: 4, ...pick(powerMonitor) },
            { value: 60, type: 'Periodic', severity: 4, ...pick(unknown) },
          ],
        },
      },
    ]);
    const monitors = [
      { id: 100, status: 'Accepted', type: 'UpperThreshold', severity: 4, ...pick(powerMonitor) },
      { status: 'UnknownVariable', type: 'Periodic', severity: 4, ...pick(unknown) },
    ];
    expect(body.data).toMatchObject({
      action: 'setVariableMonitoring',
      status: 'failed',
      results: [{ chargerId: chargerId(), status: 'rejected', monitors }],
    });
    const read = await chargers.operation(body.data.operationId);
    expect(read.body.data.results[0].monitors).toEqual(monitors);
  });

  it('checks monitors against the device model it reported: 400 naming the field, nothing sent', async () => {
    const characteristics = (supportsMonitoring: boolean) => ({ dataType: 'decimal', supportsMonitoring });
    await station.client.call('NotifyReport', {
      requestId: 4242,
      generatedAt: new Date().toISOString(),
      seqNo: 0,
      reportData: [
        {
          component: { name: 'EVSE', evse: { id: 1 } },
          variable: { name: 'Power' },
          variableAttribute: [{ type: 'Actual', value: '0' }],
          variableCharacteristics: characteristics(true),
        },
        {
          component: { name: 'OCPPCommCtrlr' },
          variable: { name: 'HeartbeatInterval' },
          variableAttribute: [{ type: 'Actual', value: '540' }],
          variableCharacteristics: characteristics(false),
        },
      ],
    });
    await pollUntil(
      async () => (await chargers.configuration(chargerId())).body,
      (config) => config.data?.variables?.length === 2,
    );
    const cases: [object, string][] = [
      [{ ...powerMonitor, component: { name: 'EVSE', evse: { id: 2 } } }, 'body.monitors.0.component'],
      [{ ...powerMonitor, component: { name: 'Connector' } }, 'body.monitors.0.component'],
      [{ ...powerMonitor, variable: { name: 'Current' } }, 'body.monitors.0.variable'],
      [{ ...powerMonitor, variable: { name: 'Power', instance: 'L1' } }, 'body.monitors.0.variable'],
      [
        { ...powerMonitor, component: { name: 'OCPPCommCtrlr' }, variable: { name: 'HeartbeatInterval' } },
        'body.monitors.0.variable',
      ],
    ];
    for (const [monitor, field] of cases) {
      const refused = await post('set-variable-monitoring', { chargerId: chargerId(), monitors: [monitor] });
      expect(refused.status, JSON.stringify(monitor)).toBe(400);
      expect(refused.body.errors.map((e: { path: string }) => e.path)).toEqual([field]);
    }
    expect(received).toEqual([]);
    const listed = await chargers.operationsOf(chargerId(), 'setVariableMonitoring');
    expect(listed.body.data).toHaveLength(1);

    chargers.answer = (_action, params) => setAnswer(params, ['Accepted']);
    const monitor = { ...powerMonitor, component: { name: 'evse', evse: { id: 1 } } };
    const { status, body } = await post('set-variable-monitoring', { chargerId: chargerId(), monitors: [monitor] });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      status: 'completed',
      results: [{ status: 'accepted', monitors: [{ id: 100 }] }],
    });
  });

  it('clears monitors by ID, each with the charger’s status', async () => {
    chargers.answer = (_action, params) => ({
      clearMonitoringResult: params.id.map((id: number) => ({
        id,
        status: id === 100 ? 'Accepted' : 'NotFound',
        ...(id === 100 ? {} : { statusInfo: { reasonCode: 'NoMonitor' } }),
      })),
    });
    const { status, body } = await post('clear-variable-monitoring', { chargerId: chargerId(), monitorIds: [100, 7] });
    expect(status).toBe(200);
    expect(received).toEqual([{ action: 'ClearVariableMonitoring', params: { id: [100, 7] } }]);
    expect(body.data.results[0]).toMatchObject({
      status: 'rejected',
      monitors: [
        { id: 100, status: 'Accepted' },
        { id: 7, status: 'NotFound', statusInfo: 'NoMonitor' },
      ],
    });
  });

  it('sets the monitoring base and level; Rejected is rejected, NotImplemented notSupported', async () => {
    chargers.answer = (action) => ({ status: action === 'SetMonitoringBase' ? 'Accepted' : 'Rejected' });
    const base = await post('set-monitoring-base', { chargerId: chargerId(), monitoringBase: 'FactoryDefault' });
    expect(base.body.data).toMatchObject({
      status: 'completed',
      results: [{ status: 'accepted', ocppStatus: 'Accepted' }],
    });
    const level = await post('set-monitoring-level', { chargerId: chargerId(), severity: 5 });
    expect(level.body.data).toMatchObject({
      status: 'failed',
      results: [{ status: 'rejected', ocppStatus: 'Rejected' }],
    });
    expect(received).toEqual([
      { action: 'SetMonitoringBase', params: { monitoringBase: 'FactoryDefault' } },
      { action: 'SetMonitoringLevel', params: { severity: 5 } },
    ]);
    chargers.answer = () => {
      throw createRPCError('NotImplemented', 'no monitoring here');
    };
    const unsupported = await post('set-monitoring-level', { chargerId: chargerId(), severity: 9 });
    expect(unsupported.body.data.results[0]).toMatchObject({
      status: 'notSupported',
      error: { code: 'NotImplemented' },
    });
  });

  it('refuses bad bodies with 400 naming the field, and sends nothing', async () => {
    const chargerIdField = { chargerId: chargerId() };
    const cases: RefusedBody[] = [
      ['set-variable-monitoring', { ...chargerIdField, monitors: [] }, 'body.monitors'],
      [
        'set-variable-monitoring',
        { ...chargerIdField, monitors: [{ ...powerMonitor, severity: 10 }] },
        'body.monitors.0.severity',
      ],
      [
        'set-variable-monitoring',
        { ...chargerIdField, monitors: [{ ...powerMonitor, type: 'Above' }] },
        'body.monitors.0.type',
      ],
      [
        'set-variable-monitoring',
        { ...chargerIdField, monitors: [{ ...powerMonitor, type: 'Periodic', value: 1.5 }] },
        'body.monitors.0.value',
      ],
      [
        'set-variable-monitoring',
        { ...chargerIdField, monitors: [{ ...powerMonitor, component: { name: '' } }] },
        'body.monitors.0.component.name',
      ],
      [
        'set-variable-monitoring',
        { ...chargerIdField, monitors: [{ ...powerMonitor, attributeType: 'Actual' }] },
        'body.monitors.0.attributeType',
      ],
      ['set-variable-monitoring', { portId: 1, monitors: [powerMonitor] }, 'body.portId'],
      ['clear-variable-monitoring', { ...chargerIdField, monitorIds: [3, 3] }, 'body.monitorIds'],
      ['clear-variable-monitoring', { ...chargerIdField, monitorIds: [-1] }, 'body.monitorIds.0'],
      ['set-monitoring-base', { ...chargerIdField, monitoringBase: 'None' }, 'body.monitoringBase'],
      ['set-monitoring-level', { ...chargerIdField, severity: -1 }, 'body.severity'],
      ['set-monitoring-level', { severity: 3 }, 'body'],
    ];
    await chargers.expectRefused(cases);
    expect((await post('set-monitoring-level', { chargerId: 999_999, severity: 3 })).status).toBe(404);
    expect(received).toEqual([]);
  });
});

describe('an OCPP 1.6 charger', () => {
  const { chargerId } = chargers.connected('ocpp1.6');

  it('is refused each monitoring operation with 400 naming the field, nothing sent', async () => {
    const cases: [string, object, string][] = [
      ['set-variable-monitoring', { monitors: [powerMonitor] }, 'body.monitors'],
      ['clear-variable-monitoring', { monitorIds: [1] }, 'body.monitorIds'],
      ['set-monitoring-base', { monitoringBase: 'All' }, 'body.monitoringBase'],
      ['set-monitoring-level', { severity: 5 }, 'body.severity'],
    ];
    for (const [route, body, field] of cases) {
      const refused = await post(route, { chargerId: chargerId(), ...body });
      expect(refused.status, route).toBe(400);
      expect(refused.body.errors.map((e: { path: string }) => e.path)).toEqual([field]);
    }
    expect(received).toEqual([]);
  });
});

/** A monitor's component and variable, as sent and named back. */
function pick(monitor: { component: object; variable: object }) {
  return { component: monitor.component, variable: monitor.variable };
}
