/**
 * Stands in for `@aws-sdk/lib-dynamodb` in the Lambda bundles (an esbuild alias set by
 * `lib/constructs/functions.ts`). ElectroDB loads the package with `require`, which keeps every
 * export of it in a bundle: the aggregated `DynamoDBDocument` and its sixteen commands, with the
 * DynamoDB operations behind them. This module exports only the document client and the ten
 * commands ElectroDB sends (`electrodb/src/client.js`) plus those our code imports, so esbuild
 * leaves the rest out. It names the package's files by path, since the alias would also catch
 * `@aws-sdk/lib-dynamodb/...`; npm installs a direct dependency at the top of `node_modules`.
 * `test/unit/bundle/lib-dynamodb.test.ts` checks that it exports every command ElectroDB sends, and
 * `test/integration/lambda-bundles.test.ts` runs the data layer bundled this way against DynamoDB Local.
 */
export { DynamoDBDocumentClient } from '../../../node_modules/@aws-sdk/lib-dynamodb/dist-es/DynamoDBDocumentClient.js';
export { BatchGetCommand } from '../../../node_modules/@aws-sdk/lib-dynamodb/dist-es/commands/BatchGetCommand.js';
export { BatchWriteCommand } from '../../../node_modules/@aws-sdk/lib-dynamodb/dist-es/commands/BatchWriteCommand.js';
export { DeleteCommand } from '../../../node_modules/@aws-sdk/lib-dynamodb/dist-es/commands/DeleteCommand.js';
export { GetCommand } from '../../../node_modules/@aws-sdk/lib-dynamodb/dist-es/commands/GetCommand.js';
export { PutCommand } from '../../../node_modules/@aws-sdk/lib-dynamodb/dist-es/commands/PutCommand.js';
export { QueryCommand } from '../../../node_modules/@aws-sdk/lib-dynamodb/dist-es/commands/QueryCommand.js';
export { ScanCommand } from '../../../node_modules/@aws-sdk/lib-dynamodb/dist-es/commands/ScanCommand.js';
export { TransactGetCommand } from '../../../node_modules/@aws-sdk/lib-dynamodb/dist-es/commands/TransactGetCommand.js';
export { TransactWriteCommand } from '../../../node_modules/@aws-sdk/lib-dynamodb/dist-es/commands/TransactWriteCommand.js';
export { UpdateCommand } from '../../../node_modules/@aws-sdk/lib-dynamodb/dist-es/commands/UpdateCommand.js';
