/**
 * Starting the operation worker: `lambdas/operations/perform.ts` invoked asynchronously (Lambda
 * Invoke, `InvocationType: Event`) by name (`OPERATION_FUNCTION_NAME`), as smart charging starts
 * `allocate`. Locally the local stack serves Lambda's Invoke API (`LAMBDA_ENDPOINT`), so the same
 * client starts the same handler module in the stack's process.
 */
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { localEndpointConfig, processClient } from '../../../shared/aws-clients';

/** The process's Lambda client: the local stack's Invoke API at `LAMBDA_ENDPOINT` when set, else AWS's. */
const lambdaClient = /* @__PURE__ */ processClient(
  () => process.env.LAMBDA_ENDPOINT,
  (endpoint) => new LambdaClient(endpoint ? localEndpointConfig(endpoint) : {}),
);

/** Name of the worker in the local stack's Invoke API (and the default of `OPERATION_FUNCTION_NAME`). */
export const OPERATION_FUNCTION = 'perform';

/**
 * Starts the worker for an operation without waiting for it.
 * @throws the Invoke API's errors (the caller fails the operation's results)
 */
export async function startOperation(operationId: string): Promise<void> {
  await lambdaClient().send(
    new InvokeCommand({
      FunctionName: process.env.OPERATION_FUNCTION_NAME ?? OPERATION_FUNCTION,
      InvocationType: 'Event',
      Payload: Buffer.from(JSON.stringify({ operationId })),
    }),
  );
}
