/**
 * Stands in for `@aws-sdk/client-dynamodb` in the Lambda bundles (an esbuild alias set by
 * `lib/constructs/functions.ts`). ElectroDB loads the document client with `require`, and esbuild
 * then keeps every module that client imports whole, with all its exports: through the package's
 * index, the aggregated `DynamoDB` client with its sixty commands and their schemas (about 45 kB
 * in every function). This module exports only the client, the commands the document client's
 * commands wrap (those `lib-dynamodb.mjs` exports) and what our code imports, so the rest stays
 * out. It names the package's files by path, since the alias would also catch
 * `@aws-sdk/client-dynamodb/...`. A name missing here fails the build (esbuild checks every named
 * import); `test/unit/bundle/lib-dynamodb.test.ts` checks that each is the package's own class.
 */
export { DynamoDBClient } from '../../../node_modules/@aws-sdk/client-dynamodb/dist-es/DynamoDBClient.js';
export { BatchGetItemCommand } from '../../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/BatchGetItemCommand.js';
export { BatchWriteItemCommand } from '../../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/BatchWriteItemCommand.js';
export { DeleteItemCommand } from '../../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/DeleteItemCommand.js';
export { GetItemCommand } from '../../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/GetItemCommand.js';
export { PutItemCommand } from '../../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/PutItemCommand.js';
export { QueryCommand } from '../../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/QueryCommand.js';
export { ScanCommand } from '../../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/ScanCommand.js';
export { TransactGetItemsCommand } from '../../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/TransactGetItemsCommand.js';
export { TransactWriteItemsCommand } from '../../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/TransactWriteItemsCommand.js';
export { UpdateItemCommand } from '../../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/UpdateItemCommand.js';
// shared/db/index.ts: the table's creation on DynamoDB Local (never called in a Lambda).
export { CreateTableCommand } from '../../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/CreateTableCommand.js';
export { DescribeTableCommand } from '../../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/DescribeTableCommand.js';
export { UpdateTableCommand } from '../../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/UpdateTableCommand.js';
export { UpdateTimeToLiveCommand } from '../../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/UpdateTimeToLiveCommand.js';
export { ResourceNotFoundException } from '../../../node_modules/@aws-sdk/client-dynamodb/dist-es/models/errors.js';
