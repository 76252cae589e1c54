import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import {
  BadRequestError,
  MethodNotAllowedError,
  TooManyRequestsError,
  validationError,
} from '../../../shared/api/errors';

describe('problem errors', () => {
  it("serialise as RFC 9457 documents with the reference product's error member", () => {
    const problem = new BadRequestError('Invalid body.name', [{ path: 'body.name', message: 'required' }]).toProblem();
    expect(problem).toEqual({
      type: '/problems/invalid-request',
      title: 'Bad Request',
      status: 400,
      detail: 'Invalid body.name',
      error: 'Invalid body.name',
      errors: [{ path: 'body.name', message: 'required' }],
    });
  });

  it('carry Retry-After on 429 and Allow on 405', () => {
    expect(new TooManyRequestsError(200, 17).headers).toEqual({ 'Retry-After': '17' });
    expect(new MethodNotAllowedError('POST', '/api/sites', ['GET']).headers).toEqual({ Allow: 'GET' });
  });

  it('name every invalid and every unknown field of a zod failure', () => {
    const schema = z.strictObject({
      accessId: z.strictObject({ name: z.string(), type: z.enum(['RFID', 'Vehicle']) }),
    });
    const result = schema.safeParse({ accessId: { name: 5, type: 'Bus', colour: 'red' }, extra: 1 });
    expect(result.success).toBe(false);
    const error = validationError('body', result.error!);
    expect(error.status).toBe(400);
    expect(error.errors?.map((e) => e.path).sort()).toEqual([
      'body.accessId.colour',
      'body.accessId.name',
      'body.accessId.type',
      'body.extra',
    ]);
    expect(error.errors?.find((e) => e.path === 'body.extra')?.message).toBe('Unknown field');
  });
});
