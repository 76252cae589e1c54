/** Defaults shared by `npm start` and the operator CLI so that they find each other. */

/** Table name of the local stack. */
export const LOCAL_TABLE_NAME = 'charging-network';
/** DynamoDB Local's port for `npm start` (override with `DYNAMODB_PORT`). */
export const LOCAL_DYNAMODB_PORT = 8000;
/** DynamoDB Local endpoint the CLI uses by default. */
export const LOCAL_DYNAMODB_ENDPOINT = `http://127.0.0.1:${process.env.DYNAMODB_PORT ?? LOCAL_DYNAMODB_PORT}`;
