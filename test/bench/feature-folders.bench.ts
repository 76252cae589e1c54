/**
 * How many folders a feature touches, drawn from the imports (dependency-cruiser, with the
 * project's own `.dependency-cruiser.cjs`), so the layout's "one place per feature" is measured,
 * not guessed. For each feature:
 * - its files: the source files (`bin/`, `lib/`, `lambdas/`, `shared/`; not the generated OCPP
 *   types and validators) whose path names it (`FEATURES` below);
 * - home: the folders holding those files, where its code lives;
 * - touched: home, and the folders of the source files its files import directly (what it builds
 *   on) or that import them directly (where it is wired in: the route table, the stack, the local
 *   stack, the CLI).
 * A folder is a file's directory (`shared/api/routes`, `lib/console/src/pages`), not its top level.
 * An import of a folder's face (its `index.ts`) counts as an import of the files that export the
 * names taken (a namespace import: of every file the face exports from), so a face neither hides
 * who uses a feature's file nor makes every user of the folder a user of the feature.
 * `npm run bench -- feature-folders` prints the figures; `FEATURE_FOLDERS_LIST=1` lists the folders.
 * Reads the code only: no stack is started.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's root, where the import rules are. */
const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Each measured feature, by the words its files' paths carry. */
export const FEATURES: Record<string, RegExp> = {
  alerts: /(^|\/)alerts?([./-](?!recipient)|$)|alert-(?!recipient)/,
  'firmware campaigns': /firmware/,
  tariffs: /tariff/,
};

/** A source file of the measured tree (generated OCPP types and validators are not). */
const isSource = (path: string): boolean =>
  /^(bin|lib|lambdas|shared)\//.test(path) && !/^shared\/ocpp\/(types|validators)\//.test(path);

/** What a feature touches. */
export interface FeatureFolders {
  files: string[];
  home: string[];
  touched: string[];
}

/** Named imports and re-exports of a module (`import { a, type B as C } from './x'`): specifier → names. */
function namedImports(text: string): { specifier: string; names: string[] | 'all' }[] {
  const found: { specifier: string; names: string[] | 'all' }[] = [];
  for (const [, list, specifier] of text.matchAll(/(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
    const names = list!
      .split(',')
      .map(
        (item) =>
          item
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0]!,
      )
      .filter(Boolean);
    found.push({ specifier: specifier!, names });
  }
  for (const [, specifier] of text.matchAll(/(?:import|export)\s+(?:type\s+)?\*(?:\s+as\s+\w+)?\s+from\s*'([^']+)'/g))
    found.push({ specifier: specifier!, names: 'all' });
  for (const [, specifier, name] of text.matchAll(/import\('([^']+)'\)\.(\w+)/g))
    found.push({ specifier: specifier!, names: [name!] });
  return found;
}

/** The source file a relative specifier of `from` names, among the files `from` imports. */
function resolvedAmong(from: string, specifier: string, imports: string[]): string | undefined {
  const base = join(dirname(from), specifier);
  return imports.find((file) => [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].includes(file));
}

/** A face's exports: name → the file that exports it (`*` → the files it exports everything of). */
function faceExports(face: string, imports: string[]): Map<string, string[]> {
  const exported = new Map<string, string[]>();
  for (const { specifier, names } of namedImports(readFileSync(face, 'utf8'))) {
    const file = resolvedAmong(face, specifier, imports);
    if (!file) continue;
    for (const name of names === 'all' ? ['*'] : names) exported.set(name, [...(exported.get(name) ?? []), file]);
  }
  return exported;
}

/** The project's import graph: each source file and the source files it imports. */
export function importGraph(root = PROJECT_ROOT): Map<string, string[]> {
  const out = execFileSync(
    join(root, 'node_modules/.bin/depcruise'),
    ['shared', 'lambdas', 'lib', 'bin', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
    { cwd: root, maxBuffer: 256 * 1024 * 1024 },
  );
  const { modules } = JSON.parse(out.toString()) as {
    modules: { source: string; dependencies: { resolved: string }[] }[];
  };
  const direct = new Map(
    modules
      .filter((m) => isSource(m.source))
      .map((m) => [m.source, m.dependencies.map((d) => d.resolved).filter(isSource)]),
  );
  const faces = new Map<string, Map<string, string[]>>();
  const exportsOf = (face: string) => {
    if (!faces.has(face))
      faces.set(
        face,
        faceExports(
          join(root, face),
          (direct.get(face) ?? []).map((f) => join(root, f)),
        ),
      );
    return faces.get(face)!;
  };
  const behindFaces = (source: string, imports: string[]): string[] =>
    namedImports(readFileSync(join(root, source), 'utf8')).flatMap(({ specifier, names }) => {
      const face = resolvedAmong(source, specifier, imports);
      if (!face?.endsWith('/index.ts')) return [];
      const exported = exportsOf(face);
      const files =
        names === 'all'
          ? [...exported.values()].flat()
          : names.flatMap((name) => exported.get(name) ?? exported.get('*') ?? []);
      return files.map((file) => file.slice(root.length));
    });
  return new Map(
    [...direct].map(([source, imports]) => [source, [...new Set([...imports, ...behindFaces(source, imports)])]]),
  );
}

/** The folders a feature touches in an import graph. */
export function featureFolders(graph: Map<string, string[]>, pattern: RegExp): FeatureFolders {
  const files = [...graph.keys()].filter((path) => pattern.test(path));
  const own = new Set(files);
  const neighbours = new Set(files.flatMap((path) => graph.get(path) ?? []));
  for (const [path, imports] of graph) if (imports.some((target) => own.has(target))) neighbours.add(path);
  const foldersOf = (paths: Iterable<string>) => [...new Set([...paths].map((path) => dirname(path)))].sort();
  return { files: files.sort(), home: foldersOf(files), touched: foldersOf([...files, ...neighbours]) };
}

export async function run(): Promise<void> {
  const graph = importGraph();
  for (const [feature, pattern] of Object.entries(FEATURES)) {
    const { files, home, touched } = featureFolders(graph, pattern);
    console.log(`${feature}: ${files.length} files, home ${home.length} folders, touched ${touched.length} folders`);
    if (process.env.FEATURE_FOLDERS_LIST) {
      console.log(`  home: ${home.join(' ')}`);
      console.log(`  touched: ${touched.join(' ')}`);
    }
  }
}
