/**
 * Issue "Platform", speed: the bundle size of every Lambda (from `cdk synth`) and its module init
 * time in Node (a fresh process importing the bundle, median of 5).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { percentile, report } from './support';

function initTimeMs(file: string): number {
  const script = `const t=performance.now();await import(${JSON.stringify(file)});console.log(performance.now()-t)`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, TABLE_NAME: 'bench', AWS_REGION: 'us-east-1', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  });
  return Number(out.toString().trim());
}

export async function run(): Promise<void> {
  const out = mkdtempSync(join(tmpdir(), 'cn-synth-'));
  try {
    const t0 = performance.now();
    execFileSync('npx', ['cdk', 'synth', '-q', '--output', out], { stdio: ['ignore', 'ignore', 'inherit'] });
    const synthSeconds = (performance.now() - t0) / 1000;
    const template = JSON.parse(readFileSync(join(out, 'ChargingNetwork.template.json'), 'utf8'));
    const rows: Record<string, string> = { 'cdk synth (with bundling)': `${synthSeconds.toFixed(1)} s` };
    for (const resource of Object.values<any>(template.Resources)) {
      if (resource.Type !== 'AWS::Lambda::Function' || !resource.Metadata?.['aws:asset:path']) continue;
      const dir = join(out, resource.Metadata['aws:asset:path']);
      const file = readdirSync(dir).find((f) => /^index\.m?js$/.test(f));
      if (!file) continue;
      const bundle = join(dir, file);
      const size = statSync(bundle).size;
      const inits = Array.from({ length: 5 }, () => initTimeMs(bundle));
      const entry = String(resource.Properties.Description ?? '').match(/\(?(lambdas\/[\w/.-]+)\)?/)?.[1] ?? resource.Metadata['aws:cdk:path'];
      rows[entry] = `${(size / 1024).toFixed(0)} KiB, init ${percentile(inits, 50).toFixed(0)} ms (median of 5)`;
    }
    report('Lambda bundles (minified ESM, AWS SDK bundled) and module init time on this machine (Node 20)', rows);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
