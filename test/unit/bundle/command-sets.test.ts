/**
 * Each function that sends charger commands bundles its own domain's commands only (issue "lean":
 * import only what each function uses): the HTTP commands function none of smart charging's, the
 * smart-charging allocation none of remote control's, so neither carries the other's OCPP
 * mappings and validators. Built with the stack's own esbuild options; the inputs are read from
 * esbuild's metafile.
 */
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { LAMBDA_ESBUILD_OPTIONS, PROJECT_ROOT } from '../../../lib/constructs/functions';

/** The project files (relative paths) a Lambda entry's bundle holds code of. */
async function bundledFiles(entry: string): Promise<string[]> {
  const result = await build({
    ...LAMBDA_ESBUILD_OPTIONS,
    entryPoints: [join(PROJECT_ROOT, entry)],
    write: false,
    metafile: true,
    outfile: 'out.mjs',
    logLevel: 'silent',
  });
  const output = Object.values(result.metafile.outputs)[0]!;
  return Object.entries(output.inputs)
    .filter(([file, { bytesInOutput }]) => bytesInOutput > 0 && !file.includes('node_modules'))
    .map(([file]) => file);
}

const REMOTE_CONTROL = ['shared/ocpp/commands/reservation.ts', 'shared/ocpp/commands/remote-transactions.ts'];
const SMART_CHARGING = ['shared/ocpp/commands/smart-charging.ts'];

describe('command sets in the Lambda bundles', () => {
  it('the HTTP commands function holds remote control and not smart charging', async () => {
    const files = await bundledFiles('lambdas/http/commands.ts');
    expect(files).toEqual(expect.arrayContaining(REMOTE_CONTROL));
    for (const file of SMART_CHARGING) expect(files).not.toContain(file);
  });

  it('the allocation function holds smart charging and not remote control', async () => {
    const files = await bundledFiles('lambdas/power/allocate.ts');
    expect(files).toEqual(expect.arrayContaining(SMART_CHARGING));
    for (const file of REMOTE_CONTROL) expect(files).not.toContain(file);
  });
});
