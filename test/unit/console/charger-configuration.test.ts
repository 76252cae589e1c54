/** The console's configuration rows: 1.6 keys and 2.0.1 variable attributes, with their notes. */
import { describe, expect, it } from 'vitest';
import { configurationRows } from '../../../lib/console/src/configuration-data';

describe('configurationRows', () => {
  it('shows 1.6 keys with read-only, after-reboot and guarded notes', () => {
    expect(
      configurationRows({
        chargerId: 1,
        ocppProtocol: 'ocpp1.6',
        readAt: '2026-11-27T10:00:00Z',
        keys: [
          { key: 'HeartbeatInterval', readonly: false, value: '540', guarded: 'the heartbeat' },
          { key: 'NumberOfConnectors', readonly: true, value: '2' },
          { key: 'WebSocketPingInterval', readonly: false, value: '30', rebootRequired: true },
          { key: 'AuthorizationKey', readonly: false },
        ],
      }),
    ).toEqual([
      { name: 'HeartbeatInterval', value: '540', notes: [], guarded: 'the heartbeat' },
      { name: 'NumberOfConnectors', value: '2', notes: ['read-only'] },
      { name: 'WebSocketPingInterval', value: '30', notes: ['after reboot'] },
      { name: 'AuthorizationKey', value: '', notes: [] },
    ]);
  });

  it('shows one row per 2.0.1 attribute, named component[/evse].variable (type)', () => {
    expect(
      configurationRows({
        chargerId: 1,
        ocppProtocol: 'ocpp2.0.1',
        readAt: null,
        variables: [
          {
            component: { name: 'EVSE', evse: { id: 1 } },
            variable: { name: 'Power' },
            attributes: [
              { type: 'Actual', value: '150000', mutability: 'ReadOnly' },
              { type: 'MaxSet', value: '50000', rebootRequired: true },
            ],
          },
          {
            component: { name: 'Connector', instance: 'A' },
            variable: { name: 'Type', instance: 'x' },
            attributes: [{ type: 'Actual', value: 'cType2' }],
          },
        ],
      }),
    ).toEqual([
      { name: 'EVSE/1.Power', value: '150000', notes: ['read-only'] },
      { name: 'EVSE/1.Power (MaxSet)', value: '50000', notes: ['after reboot'] },
      { name: 'Connector[A].Type[x]', value: 'cType2', notes: [] },
    ]);
  });
});
