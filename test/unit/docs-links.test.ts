/**
 * The docs point somewhere: every relative link and anchor of README.md, CHANGELOG.md and docs/*.md
 * reaches an existing file and heading, every npm script they name exists, and the README's layout
 * names every folder. The checker itself is tested first on small in-memory documents, so that a
 * broken link provably fails.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  brokenLinks,
  codeSpans,
  type DocsRepository,
  duplicateRows,
  headingAnchors,
  type MarkdownDoc,
  missingPaths,
  missingScripts,
  namedScripts,
} from '../support/markdown-links';

const root = join(import.meta.dirname, '../..');

/** The repository on disk. */
const onDisk: DocsRepository = {
  exists: (path) => existsSync(join(root, path)),
  read: (path) => (existsSync(join(root, path)) ? readFileSync(join(root, path), 'utf8') : undefined),
};

/** An in-memory repository of Markdown files. */
function inMemory(files: Record<string, string>): DocsRepository {
  return {
    exists: (path) => path in files || Object.keys(files).some((file) => file.startsWith(`${path}/`)),
    read: (path) => files[path],
  };
}

describe('the docs checker, on small examples', () => {
  const files = {
    'README.md': '# Title\n\nSee [the API](docs/api.md#errors-and-limits).\n',
    'docs/api.md': '# API\n\n## Errors and limits\n\n## `npm start` in detail\n\n## Errors and limits\n',
  };
  const repo = inMemory(files);

  it('gives headings the anchors GitHub gives them: code spans as text, punctuation dropped, repeats numbered', () => {
    expect([...headingAnchors(files['docs/api.md'])]).toEqual([
      'api',
      'errors-and-limits',
      'npm-start-in-detail',
      'errors-and-limits-1',
    ]);
    expect(headingAnchors("## Remote commands (spec §4.3, §4.4)\n\n## The station's side\n")).toEqual(
      new Set(['remote-commands-spec-43-44', 'the-stations-side']),
    );
  });

  it('passes links to files and headings that exist, and ignores external links', () => {
    const doc = { path: 'docs/x.md', text: '[a](api.md#npm-start-in-detail) [b](../README.md) [c](#x)\n\n# X\n' };
    const external = { path: 'docs/y.md', text: '[a](https://example.com/nowhere.md#none) [b](mailto:a@b.c)\n' };
    expect(brokenLinks(doc, repo)).toEqual([]);
    expect(brokenLinks(external, repo)).toEqual([]);
  });

  it('fails a link to a missing file, a missing heading, or outside the repository', () => {
    const doc: MarkdownDoc = {
      path: 'docs/x.md',
      text: '[a](cost.md) [b](api.md#errors) [c](#nowhere) [d](../../etc/passwd)\n',
    };
    expect(brokenLinks(doc, repo)).toEqual([
      { file: 'docs/x.md', reference: 'cost.md', problem: 'docs/cost.md does not exist' },
      { file: 'docs/x.md', reference: 'api.md#errors', problem: 'docs/api.md has no heading #errors' },
      { file: 'docs/x.md', reference: '#nowhere', problem: 'docs/x.md has no heading #nowhere' },
      { file: 'docs/x.md', reference: '../../etc/passwd', problem: '../etc/passwd does not exist' },
    ]);
  });

  it('finds links in tables, lists and images', () => {
    const doc = {
      path: 'README.md',
      text: '| a | b |\n|---|---|\n| [x](gone.md) | y |\n\n- [z](no.md)\n\n![s](no.png)\n',
    };
    expect(brokenLinks(doc, repo).map((p) => p.reference)).toEqual(['gone.md', 'no.md', 'no.png']);
  });

  it('names the scripts of code spans and blocks, and fails those package.json lacks', () => {
    const text =
      'Run `npm run bench -- acn`, `npm start` and\n\n```sh\nX=1 npm run simulate -- --fleet 10\nnpm test\n```\n';
    expect(namedScripts(text)).toEqual(new Set(['bench', 'start', 'simulate', 'test']));
    expect(missingScripts({ path: 'README.md', text }, ['bench', 'start', 'test'])).toEqual([
      { file: 'README.md', reference: 'npm run simulate', problem: 'package.json has no such script' },
    ]);
  });
});

describe('repeated table rows, on a small example', () => {
  it('fails a row naming what an earlier row of the same table names; passes another table and plain-text cells', () => {
    const text =
      '| Page | What |\n|---|---|\n| [a](a.md) | one |\n| [b](b.md) | two |\n| [a](a.md) | one again |\n' +
      '| `f` | x |\n| `f` | y |\n| (ours) | u |\n| (ours) | v |\n\n' +
      '| Page | What |\n|---|---|\n| [a](a.md) | elsewhere |\n';
    expect(duplicateRows({ path: 'README.md', text })).toEqual([
      { file: 'README.md', reference: '[a](a.md)', problem: 'a second row of the table' },
      { file: 'README.md', reference: '`f`', problem: 'a second row of the table' },
    ]);
  });
});

describe('the paths of code spans, on a small example', () => {
  it('fails a path that does not exist, and passes placeholders, existing and ignored paths', () => {
    const repo = inMemory({ 'shared/access/id-tags.ts': '', 'docs/api.md': '' });
    const doc = {
      path: 'docs/api.md',
      text: 'Tags: `shared/id-tags.ts`, `shared/access/id-tags.ts`, `shared/access/`, `lambdas/http/<function>.ts`, `test/artifacts/`, `npm test`.\n',
    };
    expect(missingPaths(doc, repo, (path) => path.startsWith('test/artifacts/'))).toEqual([
      { file: 'docs/api.md', reference: 'shared/id-tags.ts', problem: 'shared/id-tags.ts does not exist' },
    ]);
  });
});

/** Paths .gitignore names as folders (`dist/`, `test/artifacts/`): built or installed, not committed. */
const ignoredFolders = readFileSync(join(root, '.gitignore'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line.endsWith('/'));
const isIgnored = (path: string) => ignoredFolders.some((folder) => path.startsWith(folder));

const docs: MarkdownDoc[] = [
  'README.md',
  'CHANGELOG.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
].map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));
const scripts = Object.keys(
  (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: object }).scripts,
);

describe.each(docs.map((doc) => [doc.path, doc] as const))('%s', (_path, doc) => {
  it('links only to files and headings that exist', () => {
    expect(brokenLinks(doc, onDisk)).toEqual([]);
  });

  it('names only npm scripts that package.json defines', () => {
    expect(missingScripts(doc, scripts)).toEqual([]);
  });

  it('names only repository paths that exist', () => {
    expect(missingPaths(doc, onDisk, isIgnored)).toEqual([]);
  });

  it('has one row per thing in each table', () => {
    expect(duplicateRows(doc)).toEqual([]);
  });
});

describe("the README's layout", () => {
  /** Folders of a directory, without hidden ones and those .gitignore names (built or installed). */
  const folders = (dir: string) =>
    readdirSync(join(root, dir), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
      .map((entry) => entry.name)
      .filter((name) => !['node_modules', 'dist', 'cdk.out'].includes(name));
  const readme = codeSpans(readFileSync(join(root, 'README.md'), 'utf8'));

  it.each(['.', 'shared', 'lambdas'])('names every folder of %s', (dir) => {
    const paths = folders(dir).map((name) => (dir === '.' ? `${name}/` : `${dir}/${name}/`));
    expect(paths.filter((path) => !readme.has(path))).toEqual([]);
  });
});
