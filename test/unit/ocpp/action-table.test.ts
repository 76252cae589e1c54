/**
 * docs/ocpp.md's "Every OCPP action" tables against the code: every action of each version is listed
 * once; `used` / `answered` are exactly the actions with a handler, `sent` exactly the actions a
 * command sends (OCPP 2.1 is sent what 2.0.1 is), and `NotSupported` neither.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACTIONS as OCPP16_ACTIONS } from '../../../shared/ocpp/validators/v16';
import { ACTIONS as OCPP201_ACTIONS } from '../../../shared/ocpp/validators/v201';
import { ACTIONS as OCPP21_ACTIONS } from '../../../shared/ocpp/validators/v21';
import { ocpp16Registry } from '../../../shared/ocpp/v16';
import { ocpp201Registry } from '../../../shared/ocpp/v201';
import { ocpp21Registry } from '../../../shared/ocpp/v21';

const root = join(__dirname, '../../..');
const page = readFileSync(join(root, 'docs/ocpp.md'), 'utf8');

/** The rows of the table after `heading`: action → treatment. */
function table(heading: string): Map<string, string> {
  const section = page.slice(page.indexOf(heading)).split('\n\n')[1]!;
  const rows = section
    .split('\n')
    .slice(2)
    .filter((line) => line.trim() !== '')
    .map((line) => line.split('|').map((cell) => cell.trim()));
  return new Map(rows.map((cells) => [cells[1]!, cells[2]!]));
}

/**
 * The actions of each version still answered `NotSupported` because their feature is not built
 * yet; every other action must be used, answered or sent. The list only shrinks: a row that turns
 * `NotSupported` again, or one built but still listed here, fails.
 */
const NOT_YET_BUILT: Record<'V16' | 'V201' | 'V21', readonly string[]> = {
  V16: [],
  V201: [],
  V21: [],
};

/**
 * OCPP 2.1's functional blocks the product does not use, each answered `NotSupported` for good
 * (docs/ocpp.md, "OCPP 2.1"), by reason.
 */
const NOT_USED_21: Record<string, readonly string[]> = {
  'periodic event streams (monitors report through NotifyEvent)': [
    'OpenPeriodicEventStream',
    'AdjustPeriodicEventStream',
    'ClosePeriodicEventStream',
    'GetPeriodicEventStream',
    'NotifyPeriodicEventStream',
  ],
  'aFRR signals (no grid flexibility trading)': ['AFRRSignal'],
  'battery swap (not a charger type of the product)': ['BatterySwap', 'RequestBatterySwap'],
  'DER control (charging is planned, not grid support)': [
    'SetDERControl',
    'GetDERControl',
    'ClearDERControl',
    'ReportDERControl',
    'NotifyDERAlarm',
    'NotifyDERStartStop',
  ],
  'bidirectional V2X and its dynamic profiles': [
    'NotifyAllowedEnergyTransfer',
    'PullDynamicScheduleUpdate',
    'UpdateDynamicSchedule',
  ],
  "priority charging (the site's plan sets every limit)": ['UsePriorityCharging', 'NotifyPriorityCharging'],
  'payments (the product takes none)': ['NotifySettlement', 'NotifyWebPaymentStarted', 'VatNumberValidation'],
};

/**
 * The actions the commands send, per version (`call: V16.X` / `call: V201.X` / `call: V21.X`): a
 * 2.1 station is sent 2.0.1's commands and 2.1's own.
 */
function sentActions(version: 'V16' | 'V201' | 'V21'): Set<string> {
  const dir = join(root, 'shared/ocpp/commands');
  const source = readdirSync(dir)
    .map((file) => readFileSync(join(dir, file), 'utf8'))
    .join('\n');
  const pattern = version === 'V21' ? '(?:V201|V21)' : version;
  return new Set([...source.matchAll(new RegExp(`call: ${pattern}\\.(\\w+)`, 'g'))].map((m) => m[1]!));
}

describe.each([
  ['**OCPP 1.6-J**', OCPP16_ACTIONS, ocpp16Registry, 'V16'],
  ['**OCPP 2.0.1**', OCPP201_ACTIONS, ocpp201Registry, 'V201'],
  ['**OCPP 2.1**', OCPP21_ACTIONS, ocpp21Registry, 'V21'],
] as const)('the docs/ocpp.md table %s', (heading, actions, registry, version) => {
  const rows = table(heading);
  const handled = (action: string) => registry.get(action) !== undefined;
  const notSupported = [...NOT_YET_BUILT[version], ...(version === 'V21' ? Object.values(NOT_USED_21).flat() : [])];

  it('lists every action of the version, once', () => {
    expect([...rows.keys()].sort()).toEqual([...actions].sort());
  });

  it('calls used or answered exactly the actions with a handler, sent exactly the commands', () => {
    const sent = sentActions(version);
    for (const [action, treatment] of rows) {
      expect({ action, treatment: ['used', 'answered'].includes(treatment) }).toEqual({
        action,
        treatment: handled(action),
      });
      expect({ action, sent: treatment === 'sent' }).toEqual({ action, sent: sent.has(action) });
      expect(['used', 'answered', 'sent', 'NotSupported']).toContain(treatment);
    }
  });

  it('answers NotSupported only for the actions whose feature is not built yet (2.1: or not used)', () => {
    const listed = [...rows].filter(([, treatment]) => treatment === 'NotSupported').map(([action]) => action);
    expect(listed.sort()).toEqual([...notSupported].sort());
  });
});
