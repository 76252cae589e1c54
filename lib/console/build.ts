/**
 * Builds the operator console into `dist/console/` (`npm run build:console`; also run by
 * `cdk synth` through the console asset's local bundling, and by `npm start` when the output is
 * missing or older than its sources): static files only, served at `/` by the local gateway and by
 * CloudFront from S3.
 *
 * - `index.html`, `console.js` (Preact + uPlot + Papa Parse + oauth4webapi + the pages, one minified ES module bundled by
 *   esbuild), `console.css`.
 * - `api/docs/`: the API reference, Swagger UI from the `swagger-ui-dist` package (its prebuilt
 *   bundle and stylesheet, copied as published) with `docs.js`, which points it at
 *   `/api/openapi.json`. Nothing is loaded from another origin.
 *
 * The console's JavaScript must stay under {@link CONSOLE_JS_LIMIT_BYTES} gzipped; the build fails
 * above it. Files keep fixed names (no content hashes): the server sends `Cache-Control: no-cache`
 * and a deployment invalidates CloudFront's cache, so browsers revalidate and never mix versions.
 *
 * @module
 */
import { buildSync, type BuildOptions } from 'esbuild';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** `lib/console/`: the console's sources. */
export const CONSOLE_SOURCE_DIR = dirname(fileURLToPath(import.meta.url));
/** Default output: `dist/console/` at the project root (git-ignored). */
export const CONSOLE_DIST_DIR = join(CONSOLE_SOURCE_DIR, '..', '..', 'dist', 'console');
/** Most gzipped JavaScript the console may ship (the API reference's Swagger UI is separate). */
export const CONSOLE_JS_LIMIT_BYTES = 150 * 1024;

const SRC = join(CONSOLE_SOURCE_DIR, 'src');
const NODE_MODULES = join(CONSOLE_SOURCE_DIR, '..', '..', 'node_modules');
const SWAGGER_DIR = join(NODE_MODULES, 'swagger-ui-dist');
/** Files taken from `swagger-ui-dist`, as published. */
const SWAGGER_FILES = [
  'swagger-ui-bundle.js',
  'swagger-ui-bundle.js.LICENSE.txt',
  'swagger-ui.css',
  'favicon-32x32.png',
];
/** Packages whose version changes the output (a newer install makes the build stale). */
const BUNDLED_PACKAGES = ['preact', 'uplot', 'oauth4webapi', 'swagger-ui-dist'];

/** Sizes of one build, in bytes. */
export interface ConsoleBuildReport {
  /** Output directory. */
  outDir: string;
  /** `console.js`, minified / gzipped. */
  consoleJsBytes: number;
  consoleJsGzipBytes: number;
  /** `console.css`, gzipped. */
  consoleCssGzipBytes: number;
  /** The API reference's Swagger UI bundle, gzipped (loaded only at `/api/docs`). */
  swaggerJsGzipBytes: number;
  /** The files bundled into `console.js`, relative to `lib/console/` (for checks: no zod, no server code). */
  consoleInputs: string[];
}

function gzipSize(path: string): number {
  return gzipSync(readFileSync(path), { level: 9 }).length;
}

/**
 * Builds the console into `outDir` (replacing what it held) and returns the sizes. Synchronous, so a CDK
 * asset's local bundling can call it.
 *
 * @throws Error when esbuild fails (type errors are not its business: `tsc -p lib/console` checks
 * them) or when `console.js` exceeds {@link CONSOLE_JS_LIMIT_BYTES} gzipped.
 */
export function buildConsole(outDir: string = CONSOLE_DIST_DIR): ConsoleBuildReport {
  // Built aside, then swapped in: a server reading outDir never sees half a build, and two
  // processes building at once each leave a whole one.
  const staging = `${outDir}.building-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  try {
    const report = buildInto(staging);
    rmSync(outDir, { recursive: true, force: true });
    try {
      renameSync(staging, outDir);
    } catch (error) {
      // Another process swapped its build in first: same sources, same files.
      if (!existsSync(join(outDir, 'index.html'))) throw error;
    }
    return { ...report, outDir };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

function buildInto(outDir: string): ConsoleBuildReport {
  const docsDir = join(outDir, 'api', 'docs');
  mkdirSync(docsDir, { recursive: true });
  const common: BuildOptions = {
    bundle: true,
    minify: true,
    format: 'esm',
    target: ['es2022', 'chrome110', 'firefox110', 'safari16'],
    legalComments: 'eof',
    logLevel: 'warning',
    absWorkingDir: CONSOLE_SOURCE_DIR,
  };
  const { metafile } = buildSync({
    ...common,
    entryPoints: { console: join(SRC, 'main.tsx') },
    outdir: outDir,
    jsx: 'automatic',
    jsxImportSource: 'preact',
    metafile: true,
  });
  buildSync({ ...common, entryPoints: { docs: join(SRC, 'docs', 'docs.ts') }, outdir: docsDir });
  for (const file of SWAGGER_FILES) copyFileSync(join(SWAGGER_DIR, file), join(docsDir, file));
  copyFileSync(join(SRC, 'docs', 'index.html'), join(docsDir, 'index.html'));
  const report: ConsoleBuildReport = {
    outDir,
    consoleJsBytes: statSync(join(outDir, 'console.js')).size,
    consoleJsGzipBytes: gzipSize(join(outDir, 'console.js')),
    consoleCssGzipBytes: gzipSize(join(outDir, 'console.css')),
    swaggerJsGzipBytes: gzipSize(join(docsDir, 'swagger-ui-bundle.js')),
    consoleInputs: Object.keys(metafile?.inputs ?? {}),
  };
  if (report.consoleJsGzipBytes > CONSOLE_JS_LIMIT_BYTES) {
    throw new Error(
      `console.js is ${kB(report.consoleJsGzipBytes)} gzipped, over the ${kB(CONSOLE_JS_LIMIT_BYTES)} limit`,
    );
  }
  // Served at /favicon.ico too (lib/local/static-files.ts, lib/aws/edge/console-index.js).
  copyFileSync(join(SRC, 'favicon.svg'), join(outDir, 'favicon.svg'));
  // Last: its modification time marks a complete build (see isConsoleBuildStale).
  copyFileSync(join(SRC, 'index.html'), join(outDir, 'index.html'));
  return report;
}

function kB(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} kB`;
}

/** One line per figure of a build, for the terminal. */
export function describeBuild(report: ConsoleBuildReport): string {
  return [
    `Operator console built in ${relative(process.cwd(), report.outDir) || '.'}/`,
    `  console.js   ${kB(report.consoleJsBytes)} minified, ${kB(report.consoleJsGzipBytes)} gzipped` +
      ` (limit ${kB(CONSOLE_JS_LIMIT_BYTES)})`,
    `  console.css  ${kB(report.consoleCssGzipBytes)} gzipped`,
    `  api/docs/    Swagger UI ${swaggerVersion()}, ${kB(report.swaggerJsGzipBytes)} gzipped,` +
      ' loaded only by the API reference',
  ].join('\n');
}

function swaggerVersion(): string {
  return (JSON.parse(readFileSync(join(SWAGGER_DIR, 'package.json'), 'utf8')) as { version: string }).version;
}

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/**
 * True when `outDir` holds no build, or one older than a console source file, this build script,
 * or an installed version of a bundled package.
 */
export function isConsoleBuildStale(outDir: string = CONSOLE_DIST_DIR): boolean {
  let builtAt: number;
  try {
    // index.html is written last, so its time is the end of a complete build.
    builtAt = statSync(join(outDir, 'index.html')).mtimeMs;
  } catch {
    return true;
  }
  const inputs = [
    SRC,
    fileURLToPath(import.meta.url),
    ...BUNDLED_PACKAGES.map((name) => join(NODE_MODULES, name, 'package.json')),
  ];
  return inputs.some((input) => newestMtime(input) > builtAt);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    console.log(describeBuild(buildConsole()));
  } catch (error) {
    console.error(`error: ${(error as Error).message}`);
    process.exit(1);
  }
}
