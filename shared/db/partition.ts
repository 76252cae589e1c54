/**
 * One partition of the table read whole: one strongly consistent Query of its partition key, for
 * reads that need several entities sharing a partition that no ElectroDB collection groups (their
 * keys predate any collection, and a collection would change them). ElectroDB then sorts the items
 * out: `entity.parse({ Items }, { ignoreOwnership: false })` keeps that entity's items only.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_KEYS, type Db } from './entities';

/**
 * Every item of the partition of one item, raw (DynamoDB attribute names), in sort-key order.
 * Requests: 1 Query (more past 1 MB of items).
 * @param item an ElectroDB get of the item whose partition to read, e.g. `db.site.get({ siteId })`
 *   (not sent: only its key is used)
 */
export async function queryPartition(
  db: Db,
  item: { params(): Record<string, unknown> },
): Promise<Record<string, unknown>[]> {
  const pk = (item.params().Key as Record<string, unknown>)[TABLE_KEYS.partitionKey];
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.table.client.send(
      new QueryCommand({
        TableName: db.table.name,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': TABLE_KEYS.partitionKey },
        ExpressionAttributeValues: { ':pk': pk },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}
