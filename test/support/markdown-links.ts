/**
 * Checks of the repository's Markdown (README.md, CHANGELOG.md, docs/*.md), run by
 * `test/unit/docs-links.test.ts`: relative links that point at no file or at no heading, and
 * `npm run` scripts that package.json lacks. Markdown is read with marked's lexer and headings are
 * slugged with github-slugger, as GitHub renders them, so an anchor passes here exactly when it
 * works on GitHub.
 */
import { posix } from 'node:path';
import GithubSlugger from 'github-slugger';
import { type Token, type Tokens, lexer } from 'marked';

/** A Markdown file as the checks read it: its path from the repository root (POSIX) and its text. */
export interface MarkdownDoc {
  path: string;
  text: string;
}

/** What the checks may ask of the repository: whether a path exists, and a Markdown file's text. */
export interface DocsRepository {
  /** True when a file or folder exists at this path (from the repository root, POSIX). */
  exists(path: string): boolean;
  /** The text of the Markdown file at this path, or undefined when there is none. */
  read(path: string): string | undefined;
}

/** One broken reference: the file it is in, the link or script as written, and what is wrong. */
export interface DocsProblem {
  file: string;
  reference: string;
  problem: string;
}

/** Every token of a lexed document, block and inline, depth first. */
function* walk(tokens: Token[]): Generator<Token> {
  for (const token of tokens) {
    yield token;
    const children = (token as { tokens?: Token[] }).tokens;
    if (children) yield* walk(children);
    if (token.type === 'list') for (const item of (token as Tokens.List).items) yield* walk([item]);
    if (token.type === 'table') {
      const table = token as Tokens.Table;
      for (const cell of [...table.header, ...table.rows.flat()]) yield* walk(cell.tokens);
    }
  }
}

/** The plain text of inline tokens (a heading's text as GitHub renders it, before slugging). */
function plainText(tokens: Token[]): string {
  return tokens
    .map((token) => {
      const children = (token as { tokens?: Token[] }).tokens;
      if (children && token.type !== 'codespan') return plainText(children);
      if (token.type === 'html') return '';
      return (token as { text?: string }).text ?? '';
    })
    .join('');
}

/**
 * The anchors GitHub gives a document's headings (github-slugger: lower case, punctuation dropped,
 * spaces to hyphens, `-1`, `-2` for repeated headings).
 *
 * @param text - the Markdown text
 * @returns the set of slugs, without `#`
 */
export function headingAnchors(text: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  for (const token of walk(lexer(text))) {
    if (token.type === 'heading') anchors.add(slugger.slug(plainText((token as Tokens.Heading).tokens)));
  }
  return anchors;
}

/**
 * The targets of a document's links and images, as written (`docs/api.md#errors`, `https://…`).
 *
 * @param text - the Markdown text
 * @returns every href, in document order
 */
export function linkTargets(text: string): string[] {
  const hrefs: string[] = [];
  for (const token of walk(lexer(text))) {
    if (token.type === 'link' || token.type === 'image') hrefs.push((token as Tokens.Link).href);
  }
  return hrefs;
}

/** True for a link that leaves the repository (a URL with a scheme, or protocol-relative). */
const isExternal = (href: string) => /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');

/**
 * The broken relative links of one document: a path that does not exist, or an anchor that names
 * no heading of the Markdown file it points at (the document itself for `#anchor`). Anchors into
 * other kinds of files (`#L10` of source code) are not checked.
 *
 * @param doc - the document
 * @param repo - the repository the links point into
 * @returns one problem per broken link
 */
export function brokenLinks(doc: MarkdownDoc, repo: DocsRepository): DocsProblem[] {
  const problems: DocsProblem[] = [];
  for (const href of linkTargets(doc.text)) {
    if (isExternal(href)) continue;
    const [pathPart = '', anchor] = href.split('#', 2);
    const target =
      pathPart === '' ? doc.path : posix.normalize(posix.join(posix.dirname(doc.path), decodeURI(pathPart)));
    if (pathPart !== '' && (target.startsWith('..') || !repo.exists(target))) {
      problems.push({ file: doc.path, reference: href, problem: `${target} does not exist` });
      continue;
    }
    if (anchor === undefined || !target.endsWith('.md')) continue;
    const text = target === doc.path ? doc.text : repo.read(target);
    if (text === undefined || !headingAnchors(text).has(decodeURIComponent(anchor))) {
      problems.push({ file: doc.path, reference: href, problem: `${target} has no heading #${anchor}` });
    }
  }
  return problems;
}

/**
 * The npm scripts a document names in its code (code spans and code blocks): `npm run <script>`,
 * `npm start`, `npm test`.
 *
 * @param text - the Markdown text
 * @returns the script names, each once
 */
export function namedScripts(text: string): Set<string> {
  const scripts = new Set<string>();
  for (const token of walk(lexer(text))) {
    if (token.type !== 'codespan' && token.type !== 'code') continue;
    const code = (token as Tokens.Codespan | Tokens.Code).text;
    for (const match of code.matchAll(/\bnpm run(?:-script)? ([\w:.-]+)/g)) scripts.add(match[1] as string);
    for (const match of code.matchAll(/\bnpm (start|test)\b/g)) scripts.add(match[1] as string);
  }
  return scripts;
}

/**
 * The scripts a document names that package.json does not define.
 *
 * @param doc - the document
 * @param defined - the names of package.json's `scripts`
 * @returns one problem per missing script
 */
export function missingScripts(doc: MarkdownDoc, defined: Iterable<string>): DocsProblem[] {
  const known = new Set(defined);
  return [...namedScripts(doc.text)]
    .filter((script) => !known.has(script))
    .map((script) => ({ file: doc.path, reference: `npm run ${script}`, problem: 'package.json has no such script' }));
}

/** Folders of the repository whose paths a code span may name (`shared/db/entities.ts`). */
const REPOSITORY_FOLDERS = /^(?:\.ci|bin|docs|lambdas|lib|shared|test)\//;

/**
 * The repository paths a document names in code spans (`shared/access/id-tags.ts`, `lib/local/`)
 * that do not exist: a file moved or renamed since the docs were written. Spans with a placeholder
 * (`lambdas/http/<function>.ts`, `{v16,v201}`, `*`, `…`) or a space are not paths, and `ignored`
 * says which paths are built rather than committed (`test/artifacts/`).
 *
 * @param doc - the document
 * @param repo - the repository the paths are in
 * @param ignored - true for a path that is not committed
 * @returns one problem per missing path
 */
export function missingPaths(
  doc: MarkdownDoc,
  repo: DocsRepository,
  ignored: (path: string) => boolean,
): DocsProblem[] {
  return [...codeSpans(doc.text)]
    .filter((span) => REPOSITORY_FOLDERS.test(span) && !/[<>{}*…\s]/.test(span))
    .filter((path) => !ignored(path) && !repo.exists(path.replace(/\/$/, '')))
    .map((path) => ({ file: doc.path, reference: path, problem: `${path} does not exist` }));
}

/**
 * The paths a document names in code spans (`shared/db/`), for checks that a layout table lists
 * every folder.
 *
 * @param text - the Markdown text
 * @returns the code spans' texts
 */
export function codeSpans(text: string): Set<string> {
  const spans = new Set<string>();
  for (const token of walk(lexer(text))) if (token.type === 'codespan') spans.add((token as Tokens.Codespan).text);
  return spans;
}

/**
 * Table rows that repeat an earlier row's first cell in the same table (a page listed twice in the
 * README's docs table, a function twice in a table of functions): a first cell that is a link or
 * a code span names what the row is about, so a repeat is a second, differing description of one
 * thing. Plain-text first cells (`(ours)` in a table of fields) may repeat.
 *
 * @param doc - the document
 * @returns one problem per repeated row
 */
export function duplicateRows(doc: MarkdownDoc): DocsProblem[] {
  const problems: DocsProblem[] = [];
  for (const token of lexer(doc.text)) {
    if (token.type !== 'table') continue;
    const seen = new Set<string>();
    for (const row of (token as Tokens.Table).rows) {
      const key = row[0]?.text.trim() ?? '';
      if (!/^[[`]/.test(key)) continue;
      if (seen.has(key)) problems.push({ file: doc.path, reference: key, problem: 'a second row of the table' });
      seen.add(key);
    }
  }
  return problems;
}
