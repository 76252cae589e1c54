/**
 * Each function that sends charger commands bundles its own domain's commands only (a bundle
 * is cold-start time: import only what each function uses): the HTTP commands function none of smart charging's, the
 * smart-charging allocation none of remote control's, so neither carries the other's OCPP
 * mappings and validators. Built with the stack's own esbuild options; the inputs are read from
 * esbuild's metafile.
 */
import { describe, expect, it } from 'vitest';
import { bundleInputs } from '../../support/bundles';

/** The project files (relative paths) a Lambda entry's bundle holds code of. */
async function bundledFiles(entry: string): Promise<string[]> {
  return [...(await bundleInputs(entry))]
    .filter(([file, bytes]) => bytes > 0 && !file.includes('node_modules'))
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
