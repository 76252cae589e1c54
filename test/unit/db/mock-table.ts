/**
 * A data layer ({@link Db}) whose document client is replaced by aws-sdk-client-mock, for unit
 * tests of the write toolkit against answers DynamoDB gives but DynamoDB Local cannot be made to
 * give on demand (TransactionConflict, throttled batches). Items are shaped by the real entities
 * (ElectroDB), so the toolkit's own parsing of the answers is exercised too.
 */
import { TransactionCanceledException, type CancellationReason } from '@aws-sdk/client-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { createDocumentClient, createEntities, type Db } from '../../../shared/db';

/** The table name the mocked answers use. */
export const TABLE = 'unit-test-table';

/** A {@link Db} on a mocked client; `mock` scripts its answers (`mock.on(TransactWriteCommand)…`). */
export function mockedDb() {
  const client = createDocumentClient({ endpoint: 'http://127.0.0.1:9', region: 'local' });
  const mock = mockClient(client);
  const db: Db = createEntities(client, TABLE);
  return { db, mock };
}

/** DynamoDB's TransactionCanceledException with one reason per item (`None` for an item that was fine). */
export function cancelled(...codes: string[]): TransactionCanceledException {
  const reasons: CancellationReason[] = codes.map((Code) => (Code === 'None' ? { Code } : { Code, Message: Code }));
  return new TransactionCanceledException({
    message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${codes.join(', ')}]`,
    $metadata: {},
    CancellationReasons: reasons,
  });
}

/** The table item ElectroDB would write for a counter (as a Get/BatchGet answer carries it). */
export function counterItem(db: Db, name: string, value: number): Record<string, unknown> {
  return db.counter.put({ name, value }).params().Item as Record<string, unknown>;
}

/** The table key of a counter. */
export function counterKey(db: Db, name: string): Record<string, unknown> {
  return db.counter.get({ name }).params().Key as Record<string, unknown>;
}
