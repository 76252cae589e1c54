/**
 * The import rules' folder order (`.dependency-cruiser.cjs`, docs/architecture.md "Domain folders"):
 * every folder under shared/ has a place, and between any two domain folders exactly one direction
 * is forbidden, in one order, so a folder-level cycle fails `npm run lint:deps`.
 */
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

interface Rule {
  name: string;
  from: { path?: string; pathNot?: string | string[] };
  to: { path?: string; pathNot?: string | string[] };
}

const config = createRequire(import.meta.url)('../../.dependency-cruiser.cjs') as { forbidden: Rule[] };
const ADAPTERS_AND_DATA = ['api', 'ocpp', 'db'];
const folders = readdirSync('shared', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const domainFolders = folders.filter((folder) => !ADAPTERS_AND_DATA.includes(folder));
const matches = (pattern: string | undefined, path: string) => pattern === undefined || new RegExp(pattern).test(path);

/** Whether a rule named `domain-order-…` forbids a module of `from` importing one of `to`. */
function forbidden(from: string, to: string): boolean {
  return config.forbidden.some(
    (rule) =>
      rule.name.startsWith('domain-order-') &&
      matches(rule.from.path, `shared/${from}/a.ts`) &&
      matches(rule.to.path, `shared/${to}/b.ts`),
  );
}

describe('dependency rules: the order of the domain folders', () => {
  it('gives every folder under shared/ a place (a new one fails until it is put in the order)', () => {
    const unordered = config.forbidden.find((rule) => rule.name === 'domain-folder-ordered')!;
    const pathNot = unordered.from.pathNot as string;
    expect(domainFolders.length).toBeGreaterThan(5);
    for (const folder of folders) expect(new RegExp(pathNot).test(`shared/${folder}/a.ts`), folder).toBe(true);
    expect(new RegExp(pathNot).test('shared/new-context/a.ts')).toBe(false);
  });

  it('forbids exactly one direction between any two domain folders', () => {
    for (const a of domainFolders) {
      expect(forbidden(a, a), a).toBe(false);
      for (const b of domainFolders.filter((folder) => folder !== a)) {
        expect(forbidden(a, b) !== forbidden(b, a), `${a} ↔ ${b}`).toBe(true);
      }
    }
  });

  it('allows imports in one order: no cycle of allowed imports between folders', () => {
    const allowed = (a: string, b: string) => a !== b && !forbidden(a, b);
    for (const a of domainFolders)
      for (const b of domainFolders)
        for (const c of domainFolders) {
          if (a !== c && allowed(a, b) && allowed(b, c)) expect(allowed(a, c), `${a} → ${b} → ${c}`).toBe(true);
        }
  });

  it('puts history/ below charging/ and meter values below chargers/ and charging/', () => {
    expect(forbidden('history', 'charging')).toBe(true);
    expect(forbidden('metering', 'chargers')).toBe(true);
    expect(forbidden('metering', 'charging')).toBe(true);
    expect(forbidden('chargers', 'charging')).toBe(true);
  });
});

describe("dependency rules: the domain folders' faces", () => {
  const faces = config.forbidden.find((rule) => rule.name === 'adapters-through-faces')!;
  /** Whether the faces rule forbids `from` importing `to`. */
  const refused = (from: string, to: string) =>
    matches(faces.from.path, from) &&
    matches(faces.to.path, to) &&
    ![faces.to.pathNot ?? []].flat().some((pattern) => new RegExp(pattern).test(to));

  it('lets the adapters and entry points import a domain folder through its index.ts only', () => {
    for (const from of [
      'shared/api/routes/alerts.ts',
      'shared/ocpp/v16/core.ts',
      'lambdas/http/alerts.ts',
      'lib/local/stack.ts',
      'bin/admin.ts',
    ]) {
      for (const folder of domainFolders) {
        expect(refused(from, `shared/${folder}/index.ts`), `${from} → ${folder}/index.ts`).toBe(false);
        expect(refused(from, `shared/${folder}/module.ts`), `${from} → ${folder}/module.ts`).toBe(true);
      }
    }
    expect(refused('lambdas/power/allocate.ts', 'shared/smart-charging/solver.ts')).toBe(false);
  });

  it('leaves the domain folders and the data layer free to import modules', () => {
    expect(refused('shared/alerts/sweep.ts', 'shared/chargers/items.ts')).toBe(false);
    expect(refused('shared/db/index.ts', 'shared/db/entities/common.ts')).toBe(false);
  });
});
