/**
 * What the local API Gateway hands to a Lambda handler besides the event body: the Lambda
 * `Context`, and the header and query-string shapes that API Gateway's HTTP API and WebSocket API
 * events share.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyResultV2,
  APIGatewayProxyWebsocketEventV2,
  Context,
} from 'aws-lambda';
import type { HttpFunctionName } from '../../shared/api/routes';

/** A Lambda handler as the gateway invokes it. */
export type LambdaHandler<E = unknown, R = unknown> = (event: E, context: Context) => Promise<R>;

/** The HTTP API's functions, one per name of the shared route table. */
export type HttpHandlers = Record<HttpFunctionName, LambdaHandler<APIGatewayProxyEventV2, APIGatewayProxyResultV2>>;

/** The WebSocket API's `$connect`, `$default` and `$disconnect` functions. */
export type OcppHandlers = Record<
  'connect' | 'message' | 'disconnect',
  LambdaHandler<APIGatewayProxyWebsocketEventV2, APIGatewayProxyResultV2 | undefined>
>;

/** A Lambda `Context` for one invocation of `functionName`, with Lambda's 29 s API Gateway deadline. */
export function lambdaContext(functionName: string): Context {
  const deadline = Date.now() + 29_000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** The request's headers with lower-case names and repeated values joined by commas, as API Gateway gives them. */
export function singleValueHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  return headers;
}

/** The query string's parameters, repeated ones joined by commas; `undefined` when there is no query string. */
export function queryParameters(url: URL): Record<string, string> | undefined {
  if (!url.search) return undefined;
  const params: Record<string, string> = {};
  for (const [key, value] of url.searchParams) params[key] = key in params ? `${params[key]},${value}` : value;
  return params;
}

/** The request's URL, or `undefined` when its request-target cannot be parsed. */
export function requestUrl(req: IncomingMessage): URL | undefined {
  try {
    return new URL(req.url ?? '/', 'http://localhost');
  } catch {
    return undefined;
  }
}
