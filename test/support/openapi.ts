/**
 * Validates real responses against the served OpenAPI 3.1 document: the response schema of
 * (path, method, status, content type) is compiled with Ajv (JSON Schema 2020-12) with the
 * document's components resolvable by `$ref`.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/** Checks a response against the document; returns the Ajv errors (empty when valid). */
export function responseValidator(document: any) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormats as unknown as (a: unknown) => void)(ajv);
  ajv.addSchema({ ...document, $id: 'openapi.json' });
  return (path: string, method: string, status: number, body: unknown, contentType = 'application/json'): string[] => {
    const operation = document.paths?.[path]?.[method.toLowerCase()];
    if (!operation) return [`no operation ${method} ${path} in the document`];
    const response = operation.responses?.[String(status)];
    if (!response) return [`status ${status} is not documented for ${method} ${path}`];
    if (!response.content)
      return body === undefined || body === '' ? [] : ['a body was sent for a response documented without one'];
    if (!response.content[contentType]) return [`content type ${contentType} is not documented for ${status}`];
    const pointer = ['paths', path, method.toLowerCase(), 'responses', String(status), 'content', contentType, 'schema']
      .map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1'))
      .join('/');
    const validate = ajv.compile({ $ref: `openapi.json#/${pointer}` });
    return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
  };
}
