/**
 * The console build (lib/console/build.ts): what it writes, its size limit, that only the
 * console's own code and its two libraries are bundled (the API's zod schemas are types only), and
 * when the local gateway rebuilds.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  buildConsole,
  CONSOLE_JS_LIMIT_BYTES,
  CONSOLE_SOURCE_DIR,
  describeBuild,
  isConsoleBuildStale,
} from '../../../lib/console/build';

const outDir = join(mkdtempSync(join(tmpdir(), 'console-build-')), 'console');
const report = buildConsole(outDir);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('buildConsole', () => {
  it('writes the console and the API reference, Swagger UI from its package', () => {
    expect(readdirSync(outDir).sort()).toEqual(['api', 'console.css', 'console.js', 'favicon.svg', 'index.html']);
    expect(readdirSync(join(outDir, 'api', 'docs')).sort()).toEqual([
      'docs.css',
      'docs.js',
      'favicon-32x32.png',
      'index.html',
      'swagger-ui-bundle.js',
      'swagger-ui-bundle.js.LICENSE.txt',
      'swagger-ui.css',
    ]);
    expect(readFileSync(join(outDir, 'api', 'docs', 'swagger-ui-bundle.js'), 'utf8')).toBe(
      readFileSync(
        join(CONSOLE_SOURCE_DIR, '..', '..', 'node_modules', 'swagger-ui-dist', 'swagger-ui-bundle.js'),
        'utf8',
      ),
    );
  });

  it('loads nothing from another origin: every script and stylesheet of both pages is a path on this one', () => {
    for (const page of ['index.html', 'api/docs/index.html']) {
      const html = readFileSync(join(outDir, page), 'utf8');
      const urls = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
      expect(urls.length).toBeGreaterThan(1);
      for (const url of urls) expect(url, `${page}: ${url}`).toMatch(/^(\/(?!\/)|data:)/);
      expect(html).not.toMatch(/<script>(?!<)/);
    }
  });

  it(`keeps console.js under ${CONSOLE_JS_LIMIT_BYTES / 1024} kB gzipped and says so`, () => {
    expect(report.consoleJsGzipBytes).toBeLessThan(CONSOLE_JS_LIMIT_BYTES);
    expect(describeBuild(report)).toMatch(/console\.js .* kB gzipped \(limit 150\.0 kB\)/);
  });

  it("bundles preact, uplot, papaparse, oauth4webapi, @date-fns/tz and the console's sources only: no zod and no server code", () => {
    const packages = new Set(
      report.consoleInputs.map((input) => /node_modules\/([^/]+)/.exec(input)?.[1]).filter(Boolean),
    );

    expect([...packages].sort()).toEqual(['@date-fns', 'oauth4webapi', 'papaparse', 'preact', 'uplot']);
    expect(
      report.consoleInputs.filter((input) => !input.includes('node_modules') && !input.startsWith('src/')),
    ).toEqual([]);
  });

  it('is fresh after a build, and stale when the sources are newer or the output is gone', () => {
    expect(isConsoleBuildStale(outDir)).toBe(false);
    // A build from 1970: every source is newer.
    utimesSync(join(outDir, 'index.html'), new Date(0), new Date(0));
    expect(isConsoleBuildStale(outDir)).toBe(true);
    expect(isConsoleBuildStale(join(outDir, 'missing'))).toBe(true);
  });
});
