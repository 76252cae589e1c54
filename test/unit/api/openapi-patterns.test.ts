/**
 * The OpenAPI document's `pattern`s as a client generating validators reads them: JSON Schema
 * 2020-12 patterns are ECMA-262 regex sources that validators (Ajv) compile with the `u` flag.
 * zod-to-openapi emitted flagged regexes as `^[^\p{Cc}]*$/u`, which then rejected every real name.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { jsonSchemaPattern, openApiDocument } from '../../../shared/api/openapi';

/** Every `pattern` string of a JSON value, with its JSON pointer. */
function patternsOf(node: unknown, pointer = ''): [string, string][] {
  if (Array.isArray(node)) return node.flatMap((item, i) => patternsOf(item, `${pointer}/${i}`));
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) =>
    key === 'pattern' && typeof value === 'string'
      ? [[`${pointer}/pattern`, value] as [string, string]]
      : patternsOf(value, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`),
  );
}

/** A strict Ajv 2020 instance that knows the OpenAPI document (OpenAPI's own keywords declared). */
function strictAjvWithDocument(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  (addFormats as unknown as (a: unknown) => void)(ajv);
  const document = openApiDocument();
  // OpenAPI 3.1's schema keywords beside JSON Schema's, and the document's own members (`paths`,
  // `components`, …), which Ajv sees as keywords of the root it resolves `$ref`s against.
  ajv.addVocabulary(['example', 'discriminator', 'xml', 'externalDocs', ...Object.keys(document)]);
  ajv.addSchema({ ...document, $id: 'openapi.json' });
  return ajv;
}

const document = openApiDocument();
const patterns = patternsOf(document);

describe('OpenAPI document patterns', () => {
  it('has patterns to check (names, idTags, path IDs)', () => {
    expect(patterns.length).toBeGreaterThan(10);
  });

  it.each(patterns)('%s compiles as a regex with the u flag and has no /flags suffix', (_pointer, pattern) => {
    expect(() => new RegExp(pattern, 'u')).not.toThrow();
    expect(pattern).not.toMatch(/\/[a-z]+$/);
  });

  it('lets strict Ajv 2020 accept real names and reject control characters', () => {
    const validate = strictAjvWithDocument().compile({
      $ref: 'openapi.json#/paths/~1api~1access-ids/post/requestBody/content/application~1json/schema',
    });
    const body = (name: string, customer = 'Demo Logistics') => ({
      accessId: { type: 'RFID', name, ocppIdTag: 'SIM-TAG-1', customer: { name: customer } },
    });

    for (const name of ['Demo driver card', 'Carte de Zoé', 'Fahrer 7 / Tor 2', '司机卡']) {
      expect(validate(body(name)), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    expect(validate(body('Demo\u0007card'))).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ keyword: 'pattern', instancePath: '/accessId/name' });
    expect(validate(body('Demo driver card', 'Line\nbreak'))).toBe(false);
  });

  it('lets strict Ajv 2020 check a path ID and an idTag component', () => {
    const ajv = strictAjvWithDocument();
    const id = ajv.compile({ $ref: 'openapi.json#/paths/~1api~1chargers~1{id}/get/parameters/0/schema' });
    const idTag = ajv.compile({ $ref: 'openapi.json#/components/schemas/RemoteStartRequest/properties/idTag' });

    expect([id('12'), id('012'), id('1234567890123456')]).toEqual([true, false, false]);
    expect([idTag('SIM-TAG-1'), idTag('TAG\u0000')]).toEqual([true, false]);
  });
});

describe('jsonSchemaPattern', () => {
  it('drops the /u suffix of a flagged regex and keeps unflagged sources as they are', () => {
    expect(jsonSchemaPattern('^[^\\p{Cc}]*$/u')).toBe('^[^\\p{Cc}]*$');
    expect(jsonSchemaPattern('^[1-9][0-9]{0,14}$')).toBe('^[1-9][0-9]{0,14}$');
  });

  it('keeps an escaped slash that happens to be followed by letters (the regex /a\\/u/)', () => {
    expect(jsonSchemaPattern('a\\/u')).toBe('a\\/u');
    expect(jsonSchemaPattern('a\\\\/u')).toBe('a\\\\');
  });

  it('refuses flags JSON Schema cannot express', () => {
    expect(() => jsonSchemaPattern('^abc$/i')).toThrow(/flags "i"/);
  });
});
