/**
 * A Lambda bundle rebuilt in memory with the stack's own esbuild options
 * (`LAMBDA_ESBUILD_OPTIONS`), for what esbuild's metafile says of it: which input files it holds
 * and how many bytes of each.
 */
import { join } from 'node:path';
import { build } from 'esbuild';
import { LAMBDA_ESBUILD_OPTIONS, PROJECT_ROOT } from '../../lib/aws/functions';

/**
 * The inputs of a Lambda entry's bundle: input path (relative to the project root, packages under
 * `node_modules/`) → bytes it adds to the minified output (0 when tree-shaken away).
 * @param entry the handler module relative to the project root (`lambdas/http/commands.ts`)
 */
export async function bundleInputs(entry: string): Promise<Map<string, number>> {
  const result = await build({
    ...LAMBDA_ESBUILD_OPTIONS,
    entryPoints: [join(PROJECT_ROOT, entry)],
    write: false,
    metafile: true,
    outfile: 'out.mjs',
    logLevel: 'silent',
  });
  const output = Object.values(result.metafile.outputs)[0]!;
  return new Map(Object.entries(output.inputs).map(([input, { bytesInOutput }]) => [input, bytesInOutput]));
}
