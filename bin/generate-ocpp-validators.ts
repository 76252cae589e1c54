/**
 * `npm run generate:ocpp-types` (second step): the official OCPP JSON schemas (the ones `ocpp-rpc`
 * ships) compiled ahead of time with Ajv's standalone code, so no Lambda compiles a schema or
 * bundles Ajv and the schema files. Two modules per version (docs/architecture.md, "OCPP
 * validators, one module per version"):
 *
 * - `shared/ocpp/validators/<v>.js` (with its `.d.ts`): the names. Each action is one export,
 *   `<Action>` = `{ protocol, action }`, which the handler or command declaring that action
 *   imports; `ACTIONS` lists every action of the version. A few KiB, bundled into each function.
 * - `shared/ocpp/validators/<v>.code.mjs` (with its `.d.mts`): the code, `VALIDATORS[action]` =
 *   `{ request, response }`. `shared/ocpp/schemas.ts` imports it on first use by a charger of that
 *   version (`await import()`); the Lambda bundles leave it out and ship it beside themselves, so
 *   a function parses only the versions its chargers speak.
 *
 * To keep the code small, the schemas are stripped of documentation (`description`, `javaType`,
 * `$comment`), their `definitions` (repeated in each 2.0.1 schema) are compiled once per version
 * and shared, Ajv's error messages and schema paths are left out (the CALLERROR text is built from
 * the keyword and its parameters in `shared/ocpp/schemas.ts`), and `multipleOf` allows float
 * rounding (0.3 is a multiple of 0.1).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isDeepStrictEqual } from 'node:util';
import Ajv, { _, type KeywordCxt } from 'ajv';
import standaloneCodeModule from 'ajv/dist/standalone/index.js';
import addFormats from 'ajv-formats';

const require = createRequire(import.meta.url);
const standaloneCode = (standaloneCodeModule as unknown as { default: typeof standaloneCodeModule }).default;

type Schema = Record<string, unknown>;

/** The two versions: the schema file in `ocpp-rpc` and the module written. */
export const VALIDATOR_MODULES = [
  {
    protocol: 'ocpp1.6',
    schemaFile: 'ocpp1_6.json',
    module: 'shared/ocpp/validators/v16',
    title: 'OCPP 1.6-J (with the security extension)',
  },
  { protocol: 'ocpp2.0.1', schemaFile: 'ocpp2_0_1.json', module: 'shared/ocpp/validators/v201', title: 'OCPP 2.0.1' },
  { protocol: 'ocpp2.1', schemaFile: 'ocpp2_1.json', module: 'shared/ocpp/validators/v21', title: 'OCPP 2.1' },
] as const;

/**
 * The action and kind a schema is of, from its `$id`: `urn:Heartbeat.req` (1.6, 2.0.1),
 * `urn:HeartbeatRequest` (2.1), or `urn:NotifyPeriodicEventStream` (2.1's one SEND, unanswered: a
 * request without a response).
 * @throws Error for any other id
 */
export function schemaAction(id: string): { action: string; kind: 'request' | 'response' } {
  const match = /^urn:(\w+)\.(req|conf)$/.exec(id) ?? /^urn:(\w+?)(Request|Response)?$/.exec(id);
  if (!match) throw new Error(`unexpected schema id ${id}`);
  const [, action, kind] = match as unknown as [string, string, string | undefined];
  return { action, kind: kind === 'conf' || kind === 'Response' ? 'response' : 'request' };
}

/** Actions that have a request schema and no response: OCPP-J 2.1's SEND messages (unconfirmed). */
export const SEND_ACTIONS: ReadonlySet<string> = new Set(['NotifyPeriodicEventStream']);

const DOCUMENTATION = new Set(['description', 'javaType', '$comment', 'comment', '$schema', 'tsEnumNames']);
const DEFINITION_PREFIX = 'def:';

/** The schema without documentation keys, with `#/definitions/X` refs pointing at the shared `def:X`. */
function clean(value: unknown, inMap = false): unknown {
  if (Array.isArray(value)) return value.map((v) => clean(v));
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value as Schema)
    .filter(([key]) => inMap || !DOCUMENTATION.has(key))
    .map(([key, v]) => {
      if (!inMap && key === '$ref') return [key, String(v).replace('#/definitions/', DEFINITION_PREFIX)];
      return [key, clean(v, !inMap && (key === 'properties' || key === 'definitions'))];
    });
  return Object.fromEntries(entries);
}

function createAjv(): Ajv {
  const ajv = new Ajv({
    strict: false,
    allErrors: false,
    validateSchema: false,
    messages: false,
    inlineRefs: false,
    code: { source: true, esm: true, optimize: true },
  });
  (addFormats as unknown as (ajv: Ajv) => void)(ajv);
  // The schemas use multipleOf 0.1 on decimals; exact float division would reject 0.3.
  ajv.removeKeyword('multipleOf');
  ajv.addKeyword({
    keyword: 'multipleOf',
    type: 'number',
    schemaType: 'number',
    code(cxt: KeywordCxt) {
      const { data, schema } = cxt;
      cxt.fail(_`Math.abs(Math.round(${data} / ${schema}) - ${data} / ${schema}) >= 1e-9`);
    },
  });
  return ajv;
}

/** Adds the version's schemas to `ajv`: the shared definitions, then one per action and kind. */
function addSchemas(
  ajv: Ajv,
  schemas: (Schema & { $id: string })[],
): Map<string, { request?: string; response?: string }> {
  const definitions = new Map<string, unknown>();
  for (const schema of schemas) {
    for (const [name, definition] of Object.entries((schema.definitions ?? {}) as Schema)) {
      const cleaned = clean(definition);
      const existing = definitions.get(name);
      if (existing !== undefined && !isDeepStrictEqual(existing, cleaned))
        throw new Error(`two different definitions of ${name}`);
      definitions.set(name, cleaned);
    }
  }
  for (const [name, definition] of definitions) ajv.addSchema(definition as Schema, `${DEFINITION_PREFIX}${name}`);
  const actions = new Map<string, { request?: string; response?: string }>();
  for (const schema of schemas) {
    const { action, kind } = schemaAction(schema.$id);
    const { $id: _id, definitions: _definitions, ...rest } = schema;
    const id = `${action}.${kind}`;
    ajv.addSchema(clean(rest) as Schema, id);
    const entry = actions.get(action) ?? {};
    entry[kind] = id;
    actions.set(action, entry);
  }
  return actions;
}

/** Ajv's standalone code without its `require`s (the runtime helpers come from one module) and schema paths. */
function tidy(code: string): string {
  const tidied = code
    .replace(/require\("ajv\/dist\/runtime\/ucs2length"\)\.default/g, 'ucs2length')
    .replace(
      /require\("ajv-formats\/dist\/formats"\)\.fullFormats(?:\["([\w-]+)"\]|\.(\w+))/g,
      (_m, a, b) => `formats[${JSON.stringify(a ?? b)}]`,
    )
    .replace(/schemaPath:"[^"]*",/g, '');
  const leftover = /require\([^)]*\)/.exec(tidied);
  if (leftover) throw new Error(`unexpected ${leftover[0]} in the generated code`);
  return tidied.replace(/^"use strict";/, '');
}

/** A generated module and its declarations. */
interface GeneratedModule {
  js: string;
  dts: string;
}

/**
 * Generates one version's two modules (the names and the code) and their declarations.
 */
export function generateValidators({ protocol, schemaFile, title }: (typeof VALIDATOR_MODULES)[number]): {
  names: GeneratedModule;
  code: GeneratedModule;
} {
  const schemas = JSON.parse(readFileSync(require.resolve(`ocpp-rpc/lib/schemas/${schemaFile}`), 'utf8'));
  const ajv = createAjv();
  const actions = addSchemas(ajv, schemas);
  const exports: Record<string, string> = {};
  for (const [action, { request, response }] of actions) {
    if (!request || (!response && !SEND_ACTIONS.has(action)))
      throw new Error(`${action} lacks its request or response schema`);
    exports[`${action}_request`] = request;
    if (response) exports[`${action}_response`] = response;
  }
  const code = tidy(standaloneCode(ajv, exports));
  const header = (what: string) =>
    [
      `/* ${title}: ${what} compiled ahead of time from ocpp-rpc/lib/schemas/${schemaFile} by`,
      ' * bin/generate-ocpp-validators.ts (Ajv standalone code). Do not edit; run `npm run generate:ocpp-types`. */',
    ].join('\n');
  const names = [...actions.keys()];
  return {
    names: {
      js: [
        header('the action names of the validators'),
        ...names.map((a) => `export const ${a} = { protocol: '${protocol}', action: '${a}' };`),
        `export const ACTIONS = ${JSON.stringify(names)};`,
        '',
      ].join('\n'),
      dts: [
        header('the action names of the validators'),
        "import type { ActionValidators } from '../schemas';",
        ...names.map((a) => `export declare const ${a}: ActionValidators<'${protocol}', '${a}'>;`),
        '/** Every action of the version. */',
        'export declare const ACTIONS: readonly string[];',
        '',
      ].join('\n'),
    },
    code: {
      js: [
        header('validators'),
        "import { formats, ucs2length } from '../validator-runtime';",
        code,
        `export const VALIDATORS = {${names.map((a) => `${a}: { request: ${a}_request${SEND_ACTIONS.has(a) ? '' : `, response: ${a}_response`} }`).join(', ')}};`,
        '',
      ].join('\n'),
      dts: [
        header('validators'),
        "import type { VersionValidators } from '../schemas';",
        "/** Every action's CALL (`request`) and CALLRESULT (`response`) validators, by action. */",
        'export declare const VALIDATORS: VersionValidators;',
        '',
      ].join('\n'),
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const version of VALIDATOR_MODULES) {
    const { module } = version;
    const { names, code } = generateValidators(version);
    writeFileSync(`${module}.js`, names.js);
    writeFileSync(`${module}.d.ts`, names.dts);
    writeFileSync(`${module}.code.mjs`, code.js);
    writeFileSync(`${module}.code.d.mts`, code.dts);
    console.log(`${module}.code.mjs: ${(code.js.length / 1000).toFixed(0)} kB`);
  }
}
