/**
 * `npm run generate:ocpp-types`: writes `shared/ocpp/types/{v16,v201}.ts` from the official OCPP
 * JSON schemas that `ocpp-rpc` ships (OCPP 1.6-J incl. the security extension, OCPP 2.0.1), so
 * payload types are derived from the schemas rather than retyped. Each action gets
 * `<Action>Request` and `<Action>Response`, and one `Actions` map ties them together.
 * Shared definitions (e.g. `IdTokenType`) are emitted once; a clash between two different
 * definitions of one name fails the generation.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import { SEND_ACTIONS, schemaAction } from './generate-ocpp-validators';

const require = createRequire(import.meta.url);

/** The module's text: the declarations, the `Actions` map and, for 2.1, the `Sends` map. */
function typesModule(
  title: string,
  schemaFile: string,
  declarations: Map<string, string>,
  actions: Map<string, { request?: string; response?: string }>,
): string {
  const actionMap = [...actions]
    .filter(([action]) => !SEND_ACTIONS.has(action))
    .map(([action, { request, response }]) => `  ${action}: { request: ${request}; response: ${response} };`)
    .join('\n');
  const sends = [...actions].filter(([action]) => SEND_ACTIONS.has(action));
  return [
    `/* eslint-disable */`,
    `/**`,
    ` * ${title}: payload types generated from the official JSON schemas (ocpp-rpc/lib/schemas/${schemaFile})`,
    ` * by bin/generate-ocpp-types.ts. Do not edit; run \`npm run generate:ocpp-types\`.`,
    ` */`,
    '',
    ...declarations.values(),
    '',
    `/** Request and response payload type of every ${title} action. */`,
    `export interface Actions {`,
    actionMap,
    `}`,
    '',
    `/** An ${title} action name. */`,
    `export type Action = keyof Actions;`,
    '',
    ...(sends.length
      ? [
          `/** Request payload type of every ${title} SEND (an unconfirmed message: no response). */`,
          `export interface Sends {`,
          ...sends.map(([action, { request }]) => `  ${action}: { request: ${request} };`),
          `}`,
          '',
        ]
      : []),
  ].join('\n');
}

async function generate(schemaFile: string, outFile: string, title: string): Promise<void> {
  const schemas = JSON.parse(
    readFileSync(require.resolve(`ocpp-rpc/lib/schemas/${schemaFile}`), 'utf8'),
  ) as (JSONSchema & { $id: string })[];
  const declarations = new Map<string, string>();
  const actions = new Map<string, { request?: string; response?: string }>();
  for (const schema of schemas) {
    const { action, kind } = schemaAction(schema.$id);
    const typeName = `${action}${kind === 'request' ? 'Request' : 'Response'}`;
    const { $id: _id, ...rest } = schema;
    const ts = await compile({ ...rest, title: typeName } as JSONSchema, typeName, {
      bannerComment: '',
      additionalProperties: false,
      declareExternallyReferenced: true,
      format: true,
      strictIndexSignatures: true,
    });
    // Split into top-level declarations (each with its doc comment) and de-duplicate them by
    // name; doc comments may differ between schemas, the code may not.
    const pieces = ts.split(/\n(?=\/\*\*|export )/);
    const blocks: string[] = [];
    for (const piece of pieces) {
      const previous = blocks[blocks.length - 1];
      if (previous !== undefined && !/^export /m.test(previous)) blocks[blocks.length - 1] = `${previous}\n${piece}`;
      else blocks.push(piece);
    }
    for (const block of blocks) {
      const text = block.trim();
      const name = /^export (?:interface|type) (\w+)/m.exec(text)?.[1];
      if (!name) continue;
      const code = (t: string) => t.replace(/\/\*\*[\s\S]*?\*\//g, '').trim();
      const existing = declarations.get(name);
      if (existing !== undefined && code(existing) !== code(text))
        throw new Error(`two different definitions of ${name}:\n${existing}\n---\n${text}`);
      if (existing === undefined) declarations.set(name, text);
    }
    const entry = actions.get(action) ?? {};
    entry[kind] = typeName;
    actions.set(action, entry);
  }
  const out = typesModule(title, schemaFile, declarations, actions);
  writeFileSync(outFile, out);
  console.log(`${outFile}: ${actions.size} actions, ${declarations.size} declarations`);
}

await generate('ocpp1_6.json', 'shared/ocpp/types/v16.ts', 'OCPP 1.6-J');
await generate('ocpp2_0_1.json', 'shared/ocpp/types/v201.ts', 'OCPP 2.0.1');
await generate('ocpp2_1.json', 'shared/ocpp/types/v21.ts', 'OCPP 2.1');
