/**
 * `transact` (shared/db/transactions.ts): a cancellation caused only by concurrent transactions is
 * retried, and a failed condition is reported by the item's label, whatever items a request left out.
 * Before the toolkit, callers decoded cancellation reasons by position and some never retried a
 * TransactionConflict, answering 409 "already exists" under concurrency.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { claimUnique, MAX_TRANSACTION_ITEMS, transact } from '../../../shared/db';
import { TransactionTooLargeError } from '../../../shared/db/transactions';
import { BusyError } from '../../../shared/errors';
import { cancelled, mockedDb } from './mock-table';

let { db, mock } = mockedDb();
beforeEach(() => {
  ({ db, mock } = mockedDb());
});

/** Items sent by each TransactWriteItems call, as `constraint/value` of the uniqueness markers. */
function sentMarkers(): string[][] {
  return mock
    .commandCalls(TransactWriteCommand)
    .map((call) =>
      (call.args[0].input.TransactItems ?? []).map(
        (item) => String(item.Put?.Item?.constraint) + '/' + String(item.Put?.Item?.value),
      ),
    );
}

describe('transact', () => {
  it.each(['TransactionConflict', 'ThrottlingError'])(
    'retries a cancellation caused only by %s, then reports success',
    async (code) => {
      mock.on(TransactWriteCommand).rejectsOnce(cancelled('None', code)).resolves({});
      let builds = 0;
      const outcome = await transact(db, (e) => {
        builds++;
        return { vehicle: claimUnique(e, 'vehicleName:1', 'van', 7), vin: claimUnique(e, 'vehicleVin:1', 'VIN1', 7) };
      });
      expect(outcome.ok).toBe(true);
      expect(outcome.failedLabels).toEqual([]);
      expect(mock.commandCalls(TransactWriteCommand)).toHaveLength(2);
      expect(builds).toBe(2);
    },
  );

  it('gives up with a BusyError ("retry"), not a refusal, when conflicts outlast the retries', async () => {
    mock.on(TransactWriteCommand).rejects(cancelled('TransactionConflict', 'None'));
    const attempt = transact(db, (e) => ({
      name: claimUnique(e, 'vehicleName:1', 'van', 7),
      vin: claimUnique(e, 'vehicleVin:1', 'V', 7),
    }));
    await expect(attempt).rejects.toBeInstanceOf(BusyError);
    expect(mock.commandCalls(TransactWriteCommand)).toHaveLength(6);
  });

  it('reports a failed condition by the label of its item, counting only the items sent', async () => {
    // Sent: accessId, vin, markers[0], markers[1] (name and customer are left out of this request).
    mock.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed', 'None', 'None'));
    const outcome = await transact(db, (e) => ({
      accessId: claimUnique(e, 'accessId:1', 'TAG1', 3),
      name: undefined,
      customer: false,
      vin: claimUnique(e, 'vehicleVin:1', 'VIN1', 7),
      markers: [claimUnique(e, 'm:1', 'a', 7), claimUnique(e, 'm:1', 'b', 7)],
    }));
    expect(sentMarkers()).toEqual([['accessId:1/TAG1', 'vehicleVin:1/VIN1', 'm:1/a', 'm:1/b']]);
    expect(outcome.ok).toBe(false);
    expect(outcome.failedLabels).toEqual(['vin']);
    expect(outcome.failed('vin')).toBe(true);
    expect(outcome.failed('name')).toBe(false);
    expect(outcome.failed('customer')).toBe(false);
    expect(outcome.failed('markers')).toBe(false);
  });

  it('names the failing member of a list of items', async () => {
    mock.on(TransactWriteCommand).rejects(cancelled('None', 'None', 'ConditionalCheckFailed'));
    const outcome = await transact(db, (e) => ({
      vehicle: claimUnique(e, 'v:1', 'x', 7),
      markers: [claimUnique(e, 'm:1', 'a', 7), claimUnique(e, 'm:1', 'b', 7)],
    }));
    expect(outcome.failedLabels).toEqual(['markers[1]']);
    expect(outcome.failed('markers')).toBe(true);
    expect(outcome.failed('vehicle')).toBe(false);
  });

  it('does not retry when a condition failed, even if another item met a conflict', async () => {
    mock.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'TransactionConflict'));
    const outcome = await transact(db, (e) => ({
      name: claimUnique(e, 'n:1', 'a', 7),
      vin: claimUnique(e, 'v:1', 'b', 7),
    }));
    expect(outcome.failedLabels).toEqual(['name']);
    expect(mock.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it('refuses more items than DynamoDB accepts in one transaction, sending nothing', async () => {
    const build = (e: Parameters<Parameters<typeof transact>[1]>[0]) => ({
      markers: Array.from({ length: MAX_TRANSACTION_ITEMS + 1 }, (_, i) => claimUnique(e, 'm:1', String(i), 7)),
    });
    await expect(transact(db, build)).rejects.toBeInstanceOf(TransactionTooLargeError);
    expect(mock.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});
