/**
 * Speed: the bundle of every Lambda as `cdk synth` builds it
 * (minified size, whether a source map ships) and its module init time in Node (a fresh process
 * importing the bundle, median of 7; wall time and the CPU time, which a loaded machine inflates less); the composition of the largest bundle by package (esbuild
 * metafile, rebuilt with the stack's own esbuild options); and what the first request of an
 * instance adds on top of init: building the data layer (ElectroDB entities and the DynamoDB
 * client), measured in a bundle made with the same options.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { LAMBDA_ESBUILD_OPTIONS, PROJECT_ROOT } from '../../lib/aws/functions';
import { bundleInputs } from '../support/bundles';
import { percentile, report } from './support';

const RUNS = 7;
const ENV = {
  ...process.env,
  TABLE_NAME: 'bench',
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'bench',
  AWS_SECRET_ACCESS_KEY: 'bench',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};

/** Runs an ES module script in a fresh Node process and returns the number it prints. */
function timeInFreshProcess(script: string): number {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: ENV });
  return Number(out.toString().trim().split('\n').pop());
}

/**
 * Milliseconds of CPU (user + system) that importing a bundle takes in a fresh process: unlike wall
 * time, it does not grow when other processes share the machine's cores.
 */
function initCpuMs(file: string): number {
  return timeInFreshProcess(
    `const c=process.cpuUsage();await import(${JSON.stringify(file)});const u=process.cpuUsage(c);console.log((u.user+u.system)/1000)`,
  );
}

function initTimeMs(file: string): number {
  return timeInFreshProcess(
    `const t=performance.now();await import(${JSON.stringify(file)});console.log(performance.now()-t)`,
  );
}

interface Bundle {
  entry: string;
  file: string;
  bytes: number;
  sourceMap: boolean;
}

/** The handler bundles of a synthesised cloud assembly. */
function bundlesOf(out: string): Bundle[] {
  const template = JSON.parse(readFileSync(join(out, 'ChargingNetwork.template.json'), 'utf8'));
  const bundles: Bundle[] = [];
  for (const resource of Object.values<any>(template.Resources)) {
    if (resource.Type !== 'AWS::Lambda::Function' || !resource.Metadata?.['aws:asset:path']) continue;
    const entry = /\(?(lambdas\/[\w/.-]+)\)?$/.exec(String(resource.Properties.Description ?? ''))?.[1];
    if (!entry) continue; // CDK's own functions (the console's deployment)
    const dir = join(out, resource.Metadata['aws:asset:path']);
    const name = readdirSync(dir).find((f) => /^index\.m?js$/.test(f))!;
    const file = join(dir, name);
    bundles.push({ entry, file, bytes: statSync(file).size, sourceMap: existsSync(`${file}.map`) });
  }
  return bundles;
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
    timeInFreshProcess(`const m=await import(${JSON.stringify(file)});console.log(m.run())`),
  );
  return percentile(runs, 50);
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(0)} kB`;

export async function run(): Promise<void> {
  const out = mkdtempSync(join(tmpdir(), 'cn-synth-'));
  try {
    const t0 = performance.now();
    execFileSync('npx', ['cdk', 'synth', '-q', '--output', out], { stdio: ['ignore', 'ignore', 'inherit'] });
    const synthSeconds = (performance.now() - t0) / 1000;
    const bundles = bundlesOf(out);
    const rows: Record<string, string> = { 'cdk synth (with bundling)': `${synthSeconds.toFixed(1)} s` };
    const inits: number[] = [];
    const cpus: number[] = [];
    for (const bundle of bundles) {
      const times = Array.from({ length: RUNS }, () => initTimeMs(bundle.file)).sort((a, b) => a - b);
      const cpu = percentile(
        Array.from({ length: RUNS }, () => initCpuMs(bundle.file)),
        50,
      );
      inits.push(percentile(times, 50));
      cpus.push(cpu);
      rows[bundle.entry] =
        `${kb(bundle.bytes)}${bundle.sourceMap ? ' + source map' : ''}, init median ${percentile(times, 50).toFixed(0)} ms ` +
        `(min ${times[0]!.toFixed(0)}, max ${times.at(-1)!.toFixed(0)}), CPU ${cpu.toFixed(0)} ms`;
    }
    rows['largest / median of the medians'] =
      `${kb(Math.max(...bundles.map((b) => b.bytes)))} / init ${percentile(inits, 50).toFixed(0)} ms, ` +
      `CPU ${percentile(cpus, 50).toFixed(0)} ms`;
    report(
      `Lambda bundles (as cdk synth builds them) and module init (wall, CPU) in Node ${process.versions.node}, ${RUNS} runs each`,
      rows,
    );

    const largest = bundles.reduce((a, b) => (b.bytes > a.bytes ? b : a));
    const parts = await composition(largest.entry);
    const total = parts.reduce((sum, [, n]) => sum + n, 0);
    const shown = parts.slice(0, 14);
    const rest = parts.slice(14).reduce((sum, [, n]) => sum + n, 0);
    report(`Composition of the largest bundle, ${largest.entry} (esbuild metafile, ${kb(total)} of code)`, {
      ...Object.fromEntries(shown.map(([name, n]) => [name, `${kb(n)} (${((n / total) * 100).toFixed(0)} %)`])),
      [`${parts.length - shown.length} more`]: kb(rest),
    });

    report('First request of an instance, beyond init', {
      'building the data layer (openDb: DynamoDB client + ElectroDB entities), median': `${(await dataLayerMs(out)).toFixed(0)} ms`,
    });
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
