/** The pure rules of charger configuration: guarded settings, merging answers, report progress, storage encoding. */
import { describe, expect, it } from 'vitest';
import { guardOf, mergeSettings, type StoredSettings } from '../../../shared/charger-configuration/settings';
import { decodeSettings, encodeSettings, reportProgress } from '../../../shared/charger-configuration/store';
import { pendingStatus } from '../../../shared/charger-configuration/view';

describe('guardOf', () => {
  it('knows the settings the product relies on, by 1.6 key or 2.0.1 component and variable, in any case', () => {
    expect(guardOf({ name: 'heartbeatINTERVAL' })?.reliance).toMatch(/540 s/);
    expect(guardOf({ component: { name: 'ocppcommctrlr' }, name: 'HeartbeatInterval' })?.reliance).toMatch(/540 s/);
    expect(guardOf({ name: 'AuthorizationKey' })?.credential).toBe(true);
    expect(guardOf({ component: { name: 'SecurityCtrlr' }, name: 'BasicAuthPassword' })?.credential).toBe(true);
    // A 2.0.1 variable named like a 1.6 key is not that key, and the reverse.
    expect(guardOf({ component: { name: 'TxCtrlr' }, name: 'HeartbeatInterval' })).toBeUndefined();
    expect(guardOf({ name: 'TxUpdatedInterval' })).toBeUndefined();
    expect(guardOf({ name: 'ConnectionTimeOut' })).toBeUndefined();
  });
});

describe('mergeSettings', () => {
  const keys: StoredSettings = {
    keys: [
      { key: 'A', readonly: false, value: '1', rebootRequired: true },
      { key: 'B', readonly: true, value: '2' },
    ],
    unknownKeys: ['C'],
  };

  it('updates 1.6 keys by name in any case, adds new ones, drops a key known now from the unknown ones', () => {
    expect(
      mergeSettings(keys, [
        { name: 'a', value: '10' },
        { name: 'C', value: '3', readonly: true },
        { name: 'D', value: '4', rebootRequired: true },
      ]),
    ).toEqual({
      keys: [
        { key: 'A', readonly: false, value: '10' },
        { key: 'B', readonly: true, value: '2' },
        { key: 'C', readonly: true, value: '3' },
        { key: 'D', readonly: false, value: '4', rebootRequired: true },
      ],
    });
    expect(keys.keys![0]!.value).toBe('1');
  });

  it('updates one attribute of a 2.0.1 variable by type, adding the attribute or the variable when new', () => {
    const settings: StoredSettings = {
      variables: [
        {
          component: { name: 'EVSE', evse: { id: 1 } },
          variable: { name: 'Power' },
          attributes: [{ type: 'Actual', value: '1', mutability: 'ReadOnly' }],
        },
      ],
    };
    const merged = mergeSettings(settings, [
      { component: { name: 'evse', evse: { id: 1 } }, name: 'power', attributeType: 'MaxSet', value: '5' },
      { component: { name: 'EVSE', evse: { id: 1 } }, name: 'Power', value: '2', rebootRequired: true },
      { component: { name: 'EVSE', evse: { id: 2 } }, name: 'Power', value: '3' },
    ]);
    expect(merged.variables).toEqual([
      {
        component: { name: 'EVSE', evse: { id: 1 } },
        variable: { name: 'Power' },
        attributes: [
          { type: 'Actual', value: '2', mutability: 'ReadOnly', rebootRequired: true },
          { type: 'MaxSet', value: '5' },
        ],
      },
      {
        component: { name: 'EVSE', evse: { id: 2 } },
        variable: { name: 'Power' },
        attributes: [{ type: 'Actual', value: '3' }],
      },
    ]);
  });
});

describe('reportProgress', () => {
  const page = (seqNo: number, tbc: boolean, receivedAt = `2026-11-27T10:00:0${seqNo}Z`) => ({
    seqNo,
    tbc,
    receivedAt,
  });

  it('is complete only with every page from 0 to the last (tbc false), in any order', () => {
    expect(reportProgress([page(2, false), page(0, true), page(1, true)])).toEqual({
      received: [0, 1, 2],
      lastSeqNo: 2,
      missing: [],
      lastPageAt: '2026-11-27T10:00:02Z',
    });
    expect(reportProgress([page(3, false), page(0, true)]).missing).toEqual([1, 2]);
  });

  it('names the pages missing below the highest one while the last has not come', () => {
    expect(reportProgress([page(2, true)])).toEqual({
      received: [2],
      missing: [0, 1],
      lastPageAt: '2026-11-27T10:00:02Z',
    });
    expect(reportProgress([])).toEqual({ received: [], missing: [] });
  });
});

describe('pendingStatus', () => {
  it('calls a report incomplete after 5 minutes without a page, in progress before', () => {
    const at = Date.parse('2026-11-27T10:00:00Z');
    expect(pendingStatus('2026-11-27T10:00:00Z', at + 5 * 60_000)).toBe('inProgress');
    expect(pendingStatus('2026-11-27T10:00:00Z', at + 5 * 60_000 + 1)).toBe('incomplete');
  });
});

describe('encodeSettings', () => {
  const variable = (i: number) => ({
    component: { name: `Component${i}` },
    variable: { name: 'Value' },
    attributes: [{ type: 'Actual' as const, value: `${i}-${'x'.repeat(100)}`, mutability: 'ReadWrite' as const }],
  });

  it('keeps small settings as JSON and large ones gzipped, both read back the same', () => {
    const small = { keys: [{ key: 'A', readonly: false, value: '1' }] };
    expect(encodeSettings(small)).toEqual({ content: JSON.stringify(small), contentEncoding: 'json' });
    const large = { variables: Array.from({ length: 2000 }, (_, i) => variable(i)) };
    const encoded = encodeSettings(large);
    expect(encoded.contentEncoding).toBe('gzip');
    expect(encoded.content.length).toBeLessThan(JSON.stringify(large).length / 4);
    expect(decodeSettings(encoded.content, encoded.contentEncoding)).toEqual(large);
  });

  it('leaves out the variables at the end of a model too large for one item, and counts them', () => {
    // Values that do not compress: random text.
    const noise = (i: number) => `${i}-${Array.from({ length: 400 }, () => Math.random().toString(36)[2]).join('')}`;
    const huge = {
      variables: Array.from({ length: 2000 }, (_, i) => ({
        ...variable(i),
        attributes: [{ type: 'Actual' as const, value: noise(i) }],
      })),
    };
    const encoded = encodeSettings(huge);
    expect(encoded.content.length).toBeLessThanOrEqual(350_000);
    const decoded = decodeSettings(encoded.content, encoded.contentEncoding);
    expect(decoded.omittedVariables).toBeGreaterThan(0);
    expect(decoded.variables!.length + decoded.omittedVariables!).toBe(2000);
    expect(decoded.variables![0]).toEqual(huge.variables[0]);
  });
});
