/**
 * Test support: API calls whose answer must have the expected status and be valid against the
 * OpenAPI document the stack serves, as the resource tests check every answer.
 */
import { expect } from 'vitest';
import type { LocalStack } from '../../../lib/local/stack';
import { responseValidator } from '../../support/openapi';
import { api } from './stack';

/** A checked call: the answer's body, once its status and its shape (for `route`) were asserted. */
export type CheckedCall = (
  method: string,
  path: string,
  route: string,
  status: number,
  options?: { body?: unknown; key?: string },
) => Promise<any>;

/**
 * Checked calls on `stack` (its OpenAPI document read once).
 * @param defaultKey the key of a call that names none, read at each call (tests take one per test)
 */
export async function checkedApi(stack: LocalStack, defaultKey: () => string): Promise<CheckedCall> {
  const validate = responseValidator((await api(stack, '/api/openapi.json')).body);
  return async (method, path, route, status, options = {}) => {
    const response = await api(stack, path, { method, body: options.body, key: options.key ?? defaultKey() });
    expect({ status: response.status, body: response.body }).toMatchObject({ status });
    const contentType = response.headers.get('content-type')?.split(';')[0];
    expect(validate(route, method, status, response.body, contentType)).toEqual([]);
    return response.body;
  };
}
