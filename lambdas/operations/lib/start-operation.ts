/**
 * Starting the operation worker: `lambdas/operations/perform.ts` (`OPERATION_FUNCTION_NAME`), or for
 * a log request `perform-logs.ts` (`LOG_OPERATION_FUNCTION_NAME`), invoked asynchronously (Lambda
 * Invoke, `InvocationType: Event`) by name, as smart charging starts `allocate`. Locally the local
 * stack serves Lambda's Invoke API (`LAMBDA_ENDPOINT`), so the same client starts the same handler
 * module in the stack's process.
 */
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { localEndpointConfig, processClient } from '../../../shared/aws-clients';
import { type OperationAction, OPERATION_KINDS } from '../../../shared/charger-operations';

/** The process's Lambda client: the local stack's Invoke API at `LAMBDA_ENDPOINT` when set, else AWS's. */
const lambdaClient = /* @__PURE__ */ processClient(
  () => process.env.LAMBDA_ENDPOINT,
  (endpoint) => new LambdaClient(endpoint ? localEndpointConfig(endpoint) : {}),
);

/** Name of the worker in the local stack's Invoke API (and the default of `OPERATION_FUNCTION_NAME`). */
export const OPERATION_FUNCTION = 'perform';

/** Name of the log worker in the local stack's Invoke API (and the default of `LOG_OPERATION_FUNCTION_NAME`). */
export const LOG_OPERATION_FUNCTION = 'perform-logs';

/**
 * Starts the worker of an operation's kind (its `worker`) without waiting for it.
 * @throws the Invoke API's errors (the caller fails the operation's results)
 */
export async function startOperation(operationId: string, action: OperationAction): Promise<void> {
  const functionName =
    OPERATION_KINDS[action].worker === 'logs'
      ? (process.env.LOG_OPERATION_FUNCTION_NAME ?? LOG_OPERATION_FUNCTION)
      : (process.env.OPERATION_FUNCTION_NAME ?? OPERATION_FUNCTION);
  await lambdaClient().send(
    new InvokeCommand({
      FunctionName: functionName,
      InvocationType: 'Event',
      Payload: Buffer.from(JSON.stringify({ operationId })),
    }),
  );
}
