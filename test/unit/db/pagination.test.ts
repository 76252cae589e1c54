import { createHash } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { listVehicles } from '../../../shared/access/vehicles';
import { decodeCursor, encodeCursor, paginate } from '../../../shared/db/pagination';
import { InvalidError } from '../../../shared/errors';
import { mockedDb } from './mock-table';

const binding = { list: 'accessIds', organizationId: 7, query: { siteId: 3 } };
/** A data-layer cursor as ElectroDB makes it: base64url JSON of the last table key read. */
const tableKey = (sk: string) => Buffer.from(JSON.stringify({ pk: '$cn#organizationid_7', sk })).toString('base64url');
const INNER = tableKey('$accessid_1#accessidid_00000042');
const AFTER_2 = tableKey('$accessid_1#accessidid_00000002');

describe('cursor pagination', () => {
  it('round-trips the data layer cursor through an opaque base64url cursor', () => {
    const cursor = encodeCursor(binding, INNER);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cursor).not.toContain(INNER);
    expect(decodeCursor(binding, cursor)).toBe(INNER);
  });

  it('rejects a cursor whose bytes were altered, naming nextPageCursor', () => {
    const cursor = encodeCursor(binding, INNER);
    const json = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    json.c = AFTER_2;
    const tampered = Buffer.from(JSON.stringify(json)).toString('base64url');
    const error = (() => {
      try {
        decodeCursor(binding, tampered);
      } catch (e) {
        return e;
      }
    })() as InvalidError;
    expect(error).toBeInstanceOf(InvalidError);
    expect(error.field).toBe('nextPageCursor');
    expect(error.message).toMatch(/altered/);
  });

  it.each([
    ['another list', { ...binding, list: 'vehicles' }],
    ['another organization', { ...binding, organizationId: 8 }],
    ['other query parameters', { ...binding, query: { siteId: 4 } }],
  ])('rejects a cursor from %s', (_name, other) => {
    const cursor = encodeCursor(binding, INNER);
    expect(() => decodeCursor(other, cursor)).toThrow(/another list or other query parameters/);
  });

  it.each([
    '',
    'not-base64!',
    Buffer.from('[1,2]').toString('base64url'),
    Buffer.from('{"b":1}').toString('base64url'),
  ])('rejects garbage %j', (garbage) => {
    expect(() => decodeCursor(binding, garbage)).toThrow(InvalidError);
  });

  it('reports hasNextPage and a bound cursor only when the data layer has more', async () => {
    const first = await paginate(binding, undefined, 2, async (inner, limit) => {
      expect(inner).toBeNull();
      expect(limit).toBe(2);
      return { items: [1, 2], cursor: AFTER_2 };
    });
    expect(first.data).toEqual([1, 2]);
    expect(first.pagination.hasNextPage).toBe(true);
    const second = await paginate(binding, first.pagination.nextPageCursor!, 2, async (inner) => {
      expect(inner).toBe(AFTER_2);
      return { items: [3], cursor: null };
    });
    expect(second).toEqual({ data: [3], pagination: { hasNextPage: false, nextPageCursor: null } });
  });

  it('reports a start key the database refuses as an invalid cursor, not an internal error', async () => {
    const cursor = encodeCursor(binding, INNER);
    const refused = Object.assign(new Error('The provided starting key is invalid'), { name: 'ValidationException' });
    await expect(
      paginate(binding, cursor, 10, async () => {
        throw refused;
      }),
    ).rejects.toBeInstanceOf(InvalidError);
  });

  it("lets any other database failure through (it is not the caller's cursor that is wrong)", async () => {
    const cursor = encodeCursor(binding, INNER);
    const throttled = Object.assign(new Error('Rate exceeded'), { name: 'ProvisionedThroughputExceededException' });
    const electro = Object.assign(new Error('ElectroDB: attribute missing'), { name: 'ElectroError' });
    await expect(
      paginate(binding, cursor, 10, async () => {
        throw throttled;
      }),
    ).rejects.toBe(throttled);
    await expect(
      paginate(binding, cursor, 10, async () => {
        throw electro;
      }),
    ).rejects.toBe(electro);
  });
});

describe('cursor pagination through ElectroDB (a list of the data layer, DynamoDB answers scripted)', () => {
  const vehicles = { list: 'vehicles', organizationId: 7 };
  let { db, mock } = mockedDb();
  beforeEach(() => {
    ({ db, mock } = mockedDb());
  });
  const list = (cursor: string | undefined) => listVehicles(db, 7, cursor);

  /** A cursor with a valid checksum around any inner cursor (the checksum is no secret: anyone can make one). */
  function forged(inner: string): string {
    const { b } = JSON.parse(Buffer.from(encodeCursor(vehicles, 'x'), 'base64url').toString());
    const s = createHash('sha256').update(`${b}\n${inner}`).digest('base64url').slice(0, 16);
    return Buffer.from(JSON.stringify({ b, c: inner, s })).toString('base64url');
  }

  it.each([
    ['not base64url JSON', '%%%'],
    ['a JSON number', Buffer.from('5').toString('base64url')],
    ['an empty key', Buffer.from('{}').toString('base64url')],
    ['a key with a non-string attribute', Buffer.from('{"pk":{"S":"x"}}').toString('base64url')],
  ])(
    'refuses a forged cursor whose inner cursor is %s as an invalid nextPageCursor, querying nothing',
    async (_name, inner) => {
      const error = await list(forged(inner)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidError);
      expect(error).toMatchObject({ field: 'nextPageCursor' });
      expect(mock.commandCalls(QueryCommand)).toHaveLength(0);
    },
  );

  it('reports the start key DynamoDB refuses (another partition) as an invalid nextPageCursor', async () => {
    const refused = Object.assign(
      new Error('The provided starting key is invalid: Query condition missed key schema element'),
      {
        name: 'ValidationException',
      },
    );
    mock.on(QueryCommand).rejects(refused);
    const inner = Buffer.from(
      JSON.stringify({ pk: '$cn#organizationid_8', sk: '$vehicle_1#vehicleid_00000001' }),
    ).toString('base64url');
    await expect(list(forged(inner))).rejects.toMatchObject({ kind: 'invalid', field: 'nextPageCursor' });
    expect(mock.commandCalls(QueryCommand)).toHaveLength(1);
  });

  it('lets a DynamoDB failure that is not about the cursor through (a 5xx, not a 400)', async () => {
    const throttled = Object.assign(new Error('Rate of requests exceeds the allowed throughput'), {
      name: 'ProvisionedThroughputExceededException',
    });
    mock.on(QueryCommand).rejects(throttled);
    const error = await list(encodeCursor(vehicles, Buffer.from('{"pk":"a","sk":"b"}').toString('base64url'))).catch(
      (e: unknown) => e,
    );
    expect(error).not.toBeInstanceOf(InvalidError);
    expect(String((error as Error).message) + String((error as Error).cause)).toMatch(/exceeds the allowed throughput/);
  });
});
