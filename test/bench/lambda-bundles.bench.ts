/**
 * The Lambda bundles as deployed: every function `cdk synth` bundles (the assets it would upload),
 * each with its size and its module init in Node, a fresh process importing the bundle `RUNS`
 * times (median and slowest; wall time, and the CPU time, which a loaded machine inflates less);
 * the composition of the largest bundle (esbuild metafile, rebuilt with the stack's own options);
 * and what the first request of an instance adds on top of init (building the data layer).
 *
 * Side by side: with `LAMBDA_BUNDLES_BASELINE=<a checkout of another commit, npm ci'd>` that
 * checkout is synthesised too and both sets of bundles are measured interleaved (each run imports
 * every function's bundle of both, which first alternating by run), so both see the same load of
 * a shared machine; the figures of both are printed per function. `LAMBDA_BUNDLES_RUNS` sets the
 * runs (default 7).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { LAMBDA_ESBUILD_OPTIONS, PROJECT_ROOT } from '../../lib/aws/functions';
import { bundleInputs } from '../support/bundles';
import { percentile, report } from './support';

const RUNS = Number(process.env.LAMBDA_BUNDLES_RUNS ?? 7);
const ENV = {
  ...process.env,
  TABLE_NAME: 'bench',
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'bench',
  AWS_SECRET_ACCESS_KEY: 'bench',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};

/** One deployed bundle. */
interface Bundle {
  /** The handler module (`lambdas/http/chargers.ts`). */
  entry: string;
  file: string;
  bytes: number;
  sourceMap: boolean;
}

/** Init times of one bundle, ms. */
interface Inits {
  wall: number[];
  cpu: number[];
}

/** Runs an ES module script in a fresh Node process and returns the JSON it prints last. */
function runFresh<T>(script: string): T {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: ENV });
  return JSON.parse(out.toString().trim().split('\n').pop()!) as T;
}

/** The wall and CPU (user + system) milliseconds of importing a bundle in a fresh process. */
function initOnce(file: string): { wall: number; cpu: number } {
  return runFresh(
    `const c=process.cpuUsage(),t=performance.now();await import(${JSON.stringify(file)});` +
      `const w=performance.now()-t,u=process.cpuUsage(c);console.log(JSON.stringify({wall:w,cpu:(u.user+u.system)/1000}))`,
  );
}

/** Synthesises the stack of the checkout at `root` into a new folder; returns it and the seconds it took. */
function synth(root: string): { out: string; seconds: number } {
  const out = mkdtempSync(join(tmpdir(), 'cn-synth-'));
  const t0 = performance.now();
  execFileSync('npx', ['cdk', 'synth', '-q', '--output', out], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  return { out, seconds: (performance.now() - t0) / 1000 };
}

/** The handler bundles of a synthesised cloud assembly, by entry. */
function bundlesOf(out: string): Map<string, Bundle> {
  const template = JSON.parse(readFileSync(join(out, 'ChargingNetwork.template.json'), 'utf8'));
  const bundles = new Map<string, Bundle>();
  for (const resource of Object.values<any>(template.Resources)) {
    if (resource.Type !== 'AWS::Lambda::Function' || !resource.Metadata?.['aws:asset:path']) continue;
    const entry = /\(?(lambdas\/[\w/.-]+)\)?$/.exec(String(resource.Properties.Description ?? ''))?.[1];
    if (!entry) continue; // CDK's own functions (the console's deployment)
    const dir = join(out, resource.Metadata['aws:asset:path']);
    const file = join(dir, readdirSync(dir).find((f) => /^index\.m?js$/.test(f))!);
    bundles.set(entry, { entry, file, bytes: statSync(file).size, sourceMap: existsSync(`${file}.map`) });
  }
  return bundles;
}

/**
 * Imports every bundle of each set `RUNS` times, interleaved: in each run every function's bundle
 * of every set, the sets in turn, the first set alternating by run.
 */
function measure(sets: Map<string, Bundle>[]): Map<string, Inits>[] {
  const inits = sets.map(() => new Map<string, Inits>());
  const entries = [...new Set(sets.flatMap((set) => [...set.keys()]))].sort();
  for (let run = 0; run < RUNS; run++) {
    for (const entry of entries) {
      const order = sets.map((_, i) => i);
      if (run % 2) order.reverse();
      for (const i of order) {
        const bundle = sets[i]!.get(entry);
        if (!bundle) continue;
        const { wall, cpu } = initOnce(bundle.file);
        const times = inits[i]!.get(entry) ?? { wall: [], cpu: [] };
        times.wall.push(wall);
        times.cpu.push(cpu);
        inits[i]!.set(entry, times);
      }
    }
  }
  return inits;
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;

/** One set's figures of one function: size, init median (slowest), CPU median. */
function figures(bundle: Bundle | undefined, times: Inits | undefined): string {
  if (!bundle || !times) return '—';
  return (
    `${kib(bundle.bytes)}${bundle.sourceMap ? ' + map' : ''}, init ${ms(percentile(times.wall, 50))} ` +
    `(slowest ${ms(Math.max(...times.wall))}), CPU ${ms(percentile(times.cpu, 50))}`
  );
}

/** Across the functions of one set: the median and the slowest of their median inits, and the largest bundle. */
function summary(set: Map<string, Bundle>, inits: Map<string, Inits>): string {
  const medians = [...inits].map(([entry, t]) => ({ entry, wall: percentile(t.wall, 50), cpu: percentile(t.cpu, 50) }));
  const slowest = medians.reduce((a, b) => (b.wall > a.wall ? b : a));
  const sizes = [...set.values()].map((b) => b.bytes);
  const largest = [...set.values()].reduce((a, b) => (b.bytes > a.bytes ? b : a));
  const wallMedian = percentile(
    medians.map((m) => m.wall),
    50,
  );
  const cpuMedian = percentile(
    medians.map((m) => m.cpu),
    50,
  );
  return (
    `${set.size} functions, ${kib(Math.min(...sizes))}–${kib(largest.bytes)} (largest ${largest.entry}); ` +
    `init median of medians ${ms(wallMedian)} (CPU ${ms(cpuMedian)}), slowest ${ms(slowest.wall)} (${slowest.entry})`
  );
}

/** Bytes of a bundle by package (or by source folder for our own code), largest first. */
async function composition(entry: string): Promise<[string, number][]> {
  const byPackage = new Map<string, number>();
  for (const [input, bytesInOutput] of await bundleInputs(entry)) {
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? input.split('/').slice(-3, -1).join('/');
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + bytesInOutput);
  }
  return [...byPackage].sort((a, b) => b[1] - a[1]);
}

/** Milliseconds to build the data layer the first time in a fresh process (median of RUNS). */
async function dataLayerMs(dir: string): Promise<number> {
  const source = join(dir, 'db-entry.ts');
  writeFileSync(
    source,
    `import { openDb } from ${JSON.stringify(join(PROJECT_ROOT, 'shared/db'))};\n` +
      `export function run() { const t = performance.now(); openDb({ tableName: 'bench', region: 'us-east-1' }); return performance.now() - t; }\n`,
  );
  const file = join(dir, 'db.mjs');
  await build({ ...LAMBDA_ESBUILD_OPTIONS, entryPoints: [source], outfile: file, logLevel: 'silent' });
  const runs = Array.from({ length: RUNS }, () =>
    runFresh<number>(`const m=await import(${JSON.stringify(file)});console.log(JSON.stringify(m.run()))`),
  );
  return percentile(runs, 50);
}

/** The machine's state, for reading the figures. */
const conditions = () =>
  `Node ${process.versions.node}, ${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;

export async function run(): Promise<void> {
  const baselineRoot = process.env.LAMBDA_BUNDLES_BASELINE;
  const before = conditions();
  const current = synth(PROJECT_ROOT);
  const baseline = baselineRoot ? synth(baselineRoot) : undefined;
  try {
    const sets = [bundlesOf(current.out), ...(baseline ? [bundlesOf(baseline.out)] : [])];
    const [inits, baselineInits] = measure(sets);
    const rows: Record<string, string> = {
      'cdk synth (with bundling)': `${current.seconds.toFixed(0)} s${baseline ? ` (baseline ${baseline.seconds.toFixed(0)} s)` : ''}`,
      'conditions at the start / the end': `${before} / ${conditions()}`,
    };
    for (const entry of [...new Set(sets.flatMap((set) => [...set.keys()]))].sort()) {
      rows[entry] = figures(sets[0]!.get(entry), inits!.get(entry));
      if (baseline) rows[`${entry} (baseline)`] = figures(sets[1]!.get(entry), baselineInits!.get(entry));
    }
    rows['all functions'] = summary(sets[0]!, inits!);
    if (baseline) rows['all functions (baseline)'] = summary(sets[1]!, baselineInits!);
    report(
      `Lambda bundles as cdk synth builds them, module init in a fresh Node process, ${RUNS} runs each` +
        (baseline ? `, interleaved with the baseline ${baselineRoot}` : ''),
      rows,
    );

    const largest = [...sets[0]!.values()].reduce((a, b) => (b.bytes > a.bytes ? b : a));
    const parts = await composition(largest.entry);
    const total = parts.reduce((sum, [, n]) => sum + n, 0);
    const shown = parts.slice(0, 14);
    const rest = parts.slice(14).reduce((sum, [, n]) => sum + n, 0);
    report(`Composition of the largest bundle, ${largest.entry} (esbuild metafile, ${kib(total)} of code)`, {
      ...Object.fromEntries(shown.map(([name, n]) => [name, `${kib(n)} (${((n / total) * 100).toFixed(0)} %)`])),
      [`${parts.length - shown.length} more`]: kib(rest),
    });

    report('First request of an instance, beyond init', {
      'building the data layer (openDb: DynamoDB client + ElectroDB entities), median': ms(
        await dataLayerMs(current.out),
      ),
    });
  } finally {
    rmSync(current.out, { recursive: true, force: true });
    if (baseline) rmSync(baseline.out, { recursive: true, force: true });
  }
}
