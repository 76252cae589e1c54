/**
 * docs/ocpp.md's "Every OCPP action" tables against the code: every action of each version is listed
 * once; `used` / `answered` are exactly the actions with a handler, `sent` exactly the actions a
 * command sends, and `NotSupported` neither.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACTIONS as OCPP16_ACTIONS } from '../../../shared/ocpp/validators/v16';
import { ACTIONS as OCPP201_ACTIONS } from '../../../shared/ocpp/validators/v201';
import { ocpp16Registry } from '../../../shared/ocpp/v16';
import { ocpp201Registry } from '../../../shared/ocpp/v201';

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
const NOT_YET_BUILT: Record<'V16' | 'V201', readonly string[]> = {
  V16: [],
  V201: [],
};

/** The actions the commands send, per version (`call: V16.X` / `call: V201.X`). */
function sentActions(version: 'V16' | 'V201'): Set<string> {
  const dir = join(root, 'shared/ocpp/commands');
  const source = readdirSync(dir)
    .map((file) => readFileSync(join(dir, file), 'utf8'))
    .join('\n');
  return new Set([...source.matchAll(new RegExp(`call: ${version}\\.(\\w+)`, 'g'))].map((m) => m[1]!));
}

describe.each([
  ['**OCPP 1.6-J**', OCPP16_ACTIONS, ocpp16Registry, 'V16'],
  ['**OCPP 2.0.1**', OCPP201_ACTIONS, ocpp201Registry, 'V201'],
] as const)('the docs/ocpp.md table %s', (heading, actions, registry, version) => {
  const rows = table(heading);
  const handled = (action: string) => registry.get(action) !== undefined;

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

  it('answers NotSupported only for the actions whose feature is not built yet', () => {
    const notSupported = [...rows].filter(([, treatment]) => treatment === 'NotSupported').map(([action]) => action);
    expect(notSupported.sort()).toEqual([...NOT_YET_BUILT[version]].sort());
  });
});
