/**
 * The Lambda bundles rebuilt in memory with the stack's own esbuild options
 * (`LAMBDA_ESBUILD_OPTIONS`), for what esbuild's metafile says of them: which input files each holds
 * and how many bytes of each; and the functions the stack defines, to build them all.
 */
import { join } from 'node:path';
import { build } from 'esbuild';
import {
  LAMBDA_ESBUILD_OPTIONS,
  LAZY_MODULE_ESBUILD_OPTIONS,
  LAZY_MODULES,
  PROJECT_ROOT,
} from '../../lib/aws/functions';

/**
 * The inputs of a Lambda entry's bundle: input path (relative to the project root, packages under
 * `node_modules/`) → bytes it adds to the minified output (0 when tree-shaken away).
 * @param entry the handler module relative to the project root (`lambdas/http/commands.ts`)
 */
export async function bundleInputs(entry: string): Promise<Map<string, number>> {
  return (await buildBundles([entry])).get(entry)!.inputs;
}

/** A bundle built as the stack builds it. */
export interface Bundle {
  /** Bytes of the minified ES module (what Lambda loads at init). */
  bytes: number;
  /** Input path → bytes it adds to the output, as {@link bundleInputs}. */
  inputs: Map<string, number>;
  /** The paths of the modules it imports from beside itself (`./validators/v201.code.mjs`), as written in it. */
  lazyImports: string[];
}

/**
 * Builds the bundles of `entries` with the stack's options, in one esbuild run (each module parsed
 * once; without code splitting every output is the bundle its entry gets alone), in memory.
 * @param entries handler modules relative to the project root
 * @returns each entry's bundle
 */
export async function buildBundles(entries: readonly string[]): Promise<Map<string, Bundle>> {
  const result = await build({
    ...LAMBDA_ESBUILD_OPTIONS,
    entryPoints: Object.fromEntries(entries.map((entry) => [entry.replace(/\.ts$/, ''), join(PROJECT_ROOT, entry)])),
    outdir: 'out',
    outExtension: { '.js': '.mjs' },
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const bundles = new Map<string, Bundle>();
  for (const [path, output] of Object.entries(result.metafile.outputs)) {
    if (!output.entryPoint) continue;
    const file = result.outputFiles.find((f) => f.path.endsWith(path))!;
    const inputs = new Map(Object.entries(output.inputs).map(([input, { bytesInOutput }]) => [input, bytesInOutput]));
    const lazyImports = output.imports.filter((i) => i.external && i.kind === 'dynamic-import').map((i) => i.path);
    bundles.set(output.entryPoint, { bytes: file.contents.length, inputs, lazyImports });
  }
  return bundles;
}

/**
 * The modules the bundles import from beside themselves (`LAZY_MODULES`), each built as the stack
 * builds it (`LAZY_MODULE_ESBUILD_OPTIONS`), in memory.
 * @param outdir where to write them (each at its `output` path under it); in memory when omitted
 * @returns each module's bytes, by its path beside the bundle (`validators/v201.code.mjs`)
 */
export async function buildLazyModules(outdir?: string): Promise<Map<string, number>> {
  const result = await build({
    ...LAZY_MODULE_ESBUILD_OPTIONS,
    entryPoints: Object.fromEntries(
      LAZY_MODULES.map(({ source, output }) => [output.replace(/\.mjs$/, ''), join(PROJECT_ROOT, source)]),
    ),
    outdir: outdir ?? 'out',
    outExtension: { '.js': '.mjs' },
    write: outdir !== undefined,
    metafile: true,
    logLevel: 'silent',
  });
  return new Map(
    Object.entries(result.metafile.outputs).map(([path, { bytes }]) => [
      path.slice(path.indexOf('validators/')),
      bytes,
    ]),
  );
}

/** A Lambda function of the stack that runs a handler of ours. */
export interface StackFunction {
  /** Its construct path under the stack, without the `Function` leaf (`HttpApi/chargers`). */
  name: string;
  /** Its handler module, relative to the project root (`lambdas/http/chargers.ts`). */
  entry: string;
}

/**
 * Every function of the `ChargingNetwork` stack that runs a handler of ours, as the stack defines
 * them: synthesised without bundling (`aws:cdk:bundling-stacks: []`), each `NodejsFunction`'s handler
 * read from its description, which `createFunction` ends with the entry (`… (lambdas/….ts)`).
 * CDK's own functions (the console's deployment) are left out.
 */
export async function stackFunctions(): Promise<StackFunction[]> {
  const [{ App }, { NodejsFunction }, { ChargingNetworkStack }] = await Promise.all([
    import('aws-cdk-lib'),
    import('aws-cdk-lib/aws-lambda-nodejs'),
    import('../../lib/aws/stack'),
  ]);
  const stack = new ChargingNetworkStack(new App({ context: { 'aws:cdk:bundling-stacks': [] } }), 'ChargingNetwork');
  return stack.node
    .findAll()
    .filter((c): c is InstanceType<typeof NodejsFunction> => c instanceof NodejsFunction)
    .flatMap((fn) => {
      const description = (fn.node.defaultChild as { description?: string }).description ?? '';
      const entry = /\(?(lambdas\/[\w/.-]+\.ts)\)?$/.exec(description)?.[1];
      const name = fn.node.path.replace(/^ChargingNetwork\//, '').replace(/\/Function$/, '');
      return entry ? [{ name, entry }] : [];
    });
}
