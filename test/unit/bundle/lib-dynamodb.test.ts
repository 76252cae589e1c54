/**
 * The `@aws-sdk/lib-dynamodb` and `@aws-sdk/client-dynamodb` stand-ins of the Lambda bundles: the
 * first must export every command ElectroDB sends (a missing one would be `undefined` only at run
 * time, in the one operation that needs it), the second every command the first's commands wrap;
 * both the packages' own classes, so `instanceof` and the client's middleware agree.
 */
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { createRequire } from 'node:module';
import * as LibDynamoDbModule from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import * as ClientDynamoDbModule from '@aws-sdk/client-dynamodb';
import * as StandInModule from '../../../lambdas/lib/bundle/lib-dynamodb.mjs';
import * as ClientStandInModule from '../../../lambdas/lib/bundle/client-dynamodb.mjs';

const require = createRequire(import.meta.url);
const standIn: Record<string, { name: string } | undefined> = { ...StandInModule };
const libDynamoDb: Record<string, { name: string } | undefined> = { ...LibDynamoDbModule };
const clientStandIn: Record<string, { name: string } | undefined> = { ...ClientStandInModule };
const clientDynamoDb = ClientDynamoDbModule as unknown as Record<string, { name: string } | undefined>;

/** The DynamoDB commands the document client's commands that the lib-dynamodb stand-in exports wrap. */
function wrappedCommands(): string[] {
  const dir = dirname(require.resolve('@aws-sdk/lib-dynamodb/package.json'));
  return Object.keys(standIn)
    .filter((name) => name.endsWith('Command'))
    .map((name) => readFileSync(`${dir}/dist-es/commands/${name}.js`, 'utf8'))
    .map((source) => /import \{ (\w+) as __\1 \} from "@aws-sdk\/client-dynamodb"/.exec(source)?.[1] ?? 'none');
}

/** The `this.lib.<Command>` names ElectroDB's client wrapper uses. */
function electroDbCommands(): string[] {
  const source = readFileSync(require.resolve('electrodb/src/client.js'), 'utf8');
  return [...new Set([...source.matchAll(/this\.lib\.(\w+)/g)].map((m) => m[1]!))];
}

describe('Lambda bundle lib-dynamodb stand-in', () => {
  it('exports every command ElectroDB sends, as the package defines it', () => {
    const commands = electroDbCommands();
    expect(commands).toContain('TransactWriteCommand');
    for (const name of commands) {
      expect(standIn[name], name).toBeTypeOf('function');
      // The package's class (by name: the stand-in loads its ES module build, this file may load the CommonJS one).
      expect(standIn[name]?.name, name).toBe(libDynamoDb[name]?.name);
    }
  });

  it('exports the document client', () => {
    expect(standIn.DynamoDBDocumentClient?.name).toBe('DynamoDBDocumentClient');
  });
});

describe('Lambda bundle client-dynamodb stand-in', () => {
  it('exports the client and every command the document client wraps, as the package defines them', () => {
    const names = ['DynamoDBClient', ...wrappedCommands()];
    expect(names).toContain('TransactWriteItemsCommand');
    for (const name of names) {
      expect(clientStandIn[name], name).toBeTypeOf('function');
      expect(clientStandIn[name]?.name, name).toBe(clientDynamoDb[name]?.name);
    }
  });
});
