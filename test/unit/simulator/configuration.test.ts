/**
 * The simulator's configuration (docs/simulator.md): OCPP 1.6 keys (ChangeConfiguration's
 * RebootRequired) and the OCPP 2.0.1 device model (GetVariables attribute types, SetVariables'
 * RebootRequired, GetBaseReport answered with NotifyReport pages), against the strict fake CSMS.
 */
import { describe, expect, it } from 'vitest';
import type { Simulator } from '../../../lib/simulator';
import { REPORT_ITEMS_PER_PAGE } from '../../../lib/simulator/ocpp201/device-model';
import { eventually, useFakeCsms } from './helpers';

const fake = useFakeCsms('CFG');
const command = (sim: Simulator, action: string, payload: object): Promise<any> =>
  fake.csms.client(sim.ocppId).call(action, payload);
const reportPages = (sim: Simulator, requestId: number) =>
  fake.csms.callsOf(sim.ocppId).filter((c) => c.action === 'NotifyReport' && c.payload.requestId === requestId);

describe('OCPP 1.6 configuration', () => {
  it('answers RebootRequired for WebSocketPingInterval and keeps the new value', async () => {
    const sim = await fake.simulate('ocpp1.6');
    await expect(command(sim, 'ChangeConfiguration', { key: 'WebSocketPingInterval', value: '30' })).resolves.toEqual({
      status: 'RebootRequired',
    });
    await expect(command(sim, 'GetConfiguration', { key: ['WebSocketPingInterval'] })).resolves.toEqual({
      configurationKey: [{ key: 'WebSocketPingInterval', readonly: false, value: '30' }],
    });
  });
});

describe('OCPP 2.0.1 device model', () => {
  it('reports the whole model in NotifyReport pages numbered from 0, tbc on every page but the last', async () => {
    const sim = await fake.simulate('ocpp2.0.1');
    await expect(command(sim, 'GetBaseReport', { requestId: 7, reportBase: 'FullInventory' })).resolves.toEqual({
      status: 'Accepted',
    });
    await eventually(() => expect(reportPages(sim, 7).at(-1)?.payload.tbc).toBe(false));
    const pages = reportPages(sim, 7).map((c) => c.payload);
    expect(pages.length).toBeGreaterThan(2);
    expect(pages.map((p) => p.seqNo)).toEqual(pages.map((_, i) => i));
    expect(pages.map((p) => p.tbc)).toEqual(pages.map((_, i) => i < pages.length - 1));
    expect(pages.every((p) => p.reportData.length <= REPORT_ITEMS_PER_PAGE)).toBe(true);
    const data = pages.flatMap((p) => p.reportData);
    const heartbeat = data.find((d) => d.component.name === 'OCPPCommCtrlr' && d.variable.name === 'HeartbeatInterval');
    expect(heartbeat).toEqual({
      component: { name: 'OCPPCommCtrlr' },
      variable: { name: 'HeartbeatInterval' },
      variableAttribute: [
        { type: 'Actual', value: '300', mutability: 'ReadWrite' },
        { type: 'MinSet', value: '0', mutability: 'ReadOnly' },
        { type: 'MaxSet', value: '86400', mutability: 'ReadOnly' },
      ],
      variableCharacteristics: { dataType: 'integer', supportsMonitoring: false },
    });
    expect(data.some((d) => d.variableAttribute[0].mutability === 'ReadOnly')).toBe(true);
    expect(fake.csms.schemaFailures).toEqual([]);
  });

  it('reports only writable variables for ConfigurationInventory, and availability for SummaryInventory', async () => {
    const sim = await fake.simulate('ocpp2.0.1');
    await command(sim, 'GetBaseReport', { requestId: 8, reportBase: 'ConfigurationInventory' });
    await command(sim, 'GetBaseReport', { requestId: 9, reportBase: 'SummaryInventory' });
    await eventually(() => expect(reportPages(sim, 9).at(-1)?.payload.tbc).toBe(false));
    await eventually(() => expect(reportPages(sim, 8).at(-1)?.payload.tbc).toBe(false));
    const variablesOf = (requestId: number) => reportPages(sim, requestId).flatMap((c) => c.payload.reportData);
    expect(variablesOf(8).length).toBeGreaterThan(0);
    expect(variablesOf(8).every((d) => d.variableAttribute[0].mutability === 'ReadWrite')).toBe(true);
    expect(variablesOf(9).every((d) => ['Available', 'AvailabilityState', 'Enabled'].includes(d.variable.name))).toBe(
      true,
    );
  });

  it('reads MinSet/MaxSet, refuses Target, and answers RebootRequired for WebSocketPingInterval', async () => {
    const sim = await fake.simulate('ocpp2.0.1');
    const tx = { component: { name: 'SampledDataCtrlr' }, variable: { name: 'TxUpdatedInterval' } };
    await expect(
      command(sim, 'GetVariables', {
        getVariableData: [
          { ...tx, attributeType: 'MaxSet' },
          { ...tx, attributeType: 'Target' },
        ],
      }),
    ).resolves.toEqual({
      getVariableResult: [
        { ...tx, attributeType: 'MaxSet', attributeStatus: 'Accepted', attributeValue: '86400' },
        { ...tx, attributeType: 'Target', attributeStatus: 'NotSupportedAttributeType' },
      ],
    });
    const ping = { component: { name: 'OCPPCommCtrlr' }, variable: { name: 'WebSocketPingInterval' } };
    await expect(
      command(sim, 'SetVariables', { setVariableData: [{ ...ping, attributeValue: '30' }] }),
    ).resolves.toEqual({ setVariableResult: [{ ...ping, attributeStatus: 'RebootRequired' }] });
  });
});
