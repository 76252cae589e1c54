/**
 * The local Lambda Invoke API, `POST /2015-03-31/functions/{name}/invocations`, for the functions
 * that start other functions (smart charging's trigger and schedule start `allocate`): the real
 * `LambdaClient`, pointed at the gateway (`LAMBDA_ENDPOINT`), invokes the same handler module. An
 * `Event` invocation is answered 202 at once and runs in the background, as on AWS; a
 * `RequestResponse` one answers the handler's result.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from './http-api';
import { lambdaContext, type LambdaHandler } from './lambda-events';

/** Path of an Invoke call; group 1 is the function name. */
export const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/?]+)\/invocations$/;

/** Functions other functions invoke, by name. */
export type InvokableHandlers = Record<string, LambdaHandler<unknown, unknown>>;

/** Background invocations still running (awaited on close). */
const running = new Set<Promise<unknown>>();

/** Waits for the background invocations to end. */
export async function settleInvocations(): Promise<void> {
  while (running.size) await Promise.allSettled([...running]);
}

/** Serves one Invoke call. */
export async function handleInvoke(
  handlers: InvokableHandlers,
  req: IncomingMessage,
  res: ServerResponse,
  name: string,
): Promise<void> {
  const handler = handlers[decodeURIComponent(name)];
  if (!handler || req.method !== 'POST') {
    res.writeHead(404, { 'content-type': 'application/json', 'x-amzn-errortype': 'ResourceNotFoundException' });
    res.end(JSON.stringify({ Type: 'User', message: `Function not found: ${name}` }));
    return;
  }
  const body = await readBody(req, 256 * 1024);
  const payload = body === 'tooLarge' ? undefined : JSON.parse(body.toString('utf8') || '{}');
  const run = handler(payload, lambdaContext(name));
  if (req.headers['x-amz-invocation-type'] === 'Event') {
    const tracked = run
      .catch((error: unknown) => console.error(`${name} failed`, error))
      .finally(() => running.delete(tracked));
    running.add(tracked);
    res.writeHead(202).end();
    return;
  }
  const result = await run;
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(result ?? null));
}
