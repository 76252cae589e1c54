/**
 * The `@aws-sdk/lib-dynamodb` stand-in of the Lambda bundles: it must export every command
 * ElectroDB sends (a missing one would be `undefined` only at run time, in the one operation that
 * needs it) and be the package's own classes, so `instanceof` and the client's middleware agree.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as LibDynamoDbModule from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import * as StandInModule from '../../../lambdas/lib/bundle/lib-dynamodb.mjs';

const require = createRequire(import.meta.url);
const standIn: Record<string, { name: string } | undefined> = { ...StandInModule };
const libDynamoDb: Record<string, { name: string } | undefined> = { ...LibDynamoDbModule };

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
