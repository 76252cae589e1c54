/**
 * Lambda's Invoke API (`POST /2015-03-31/functions/{name}/invocations`, `RequestResponse`) for a
 * function whose bundle cannot take `@aws-sdk/client-lambda`: the message function, which asks the
 * certificate status function for Plug & Charge's answers. That client adds 96 KiB to a bundle
 * (its command schemas and error classes register themselves, so none is left out, and the
 * REST-JSON protocol), which would take the message function (756 KiB) past the 800 KiB ceiling.
 * The request is signed by the SDK's own SigV4 signer (`@smithy/signature-v4`, with the SDK's
 * SHA-256), with the function's credentials from its environment (as every Lambda function gets
 * them), and sent with `fetch`: about 1 KiB more. Locally (`LAMBDA_ENDPOINT`) it goes to the local
 * stack's Invoke API, signed with the local stand-in credentials.
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';
import { Sha256 } from '@smithy/core/checksum';
import { SignatureV4 } from '@smithy/signature-v4';

/** What an invocation returned: the function's result (JSON text), or its error. */
export interface InvokeOutput {
  /** The function's result, as its handler returned it (JSON text). */
  payload: string;
  /** `Unhandled` (the handler threw) or `Handled`, when the function failed. */
  functionError?: string;
}

/**
 * Invokes `functionName` and waits for its result.
 * @param options.timeoutMs how long to wait for the answer, ms
 * @throws Error for an HTTP error of the Invoke API (the function missing, throttled, no rights),
 *   a timeout or a network error
 */
export async function invokeFunction(
  functionName: string,
  payload: unknown,
  options: { timeoutMs: number },
): Promise<InvokeOutput> {
  const local = process.env.LAMBDA_ENDPOINT;
  const region = process.env.AWS_REGION ?? 'local';
  const url = new URL(
    `/2015-03-31/functions/${encodeURIComponent(functionName)}/invocations`,
    local ?? `https://lambda.${region}.amazonaws.com`,
  );
  const signer = new SignatureV4({
    service: 'lambda',
    region,
    sha256: Sha256,
    credentials: local ? { accessKeyId: 'local', secretAccessKey: 'local' } : fromEnv(),
  });
  const body = JSON.stringify(payload);
  const signed = await signer.sign({
    method: 'POST',
    protocol: url.protocol,
    hostname: url.hostname,
    ...(url.port ? { port: Number(url.port) } : {}),
    path: url.pathname,
    query: {},
    headers: {
      host: url.host,
      'content-type': 'application/json',
      'x-amz-invocation-type': 'RequestResponse',
    },
    body,
  });
  const response = await fetch(url, {
    method: 'POST',
    headers: signed.headers,
    body,
    signal: AbortSignal.timeout(options.timeoutMs),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`Invoke ${functionName}: HTTP ${response.status} ${text.slice(0, 200)}`);
  const functionError = response.headers.get('x-amz-function-error') ?? undefined;
  return { payload: text, ...(functionError ? { functionError } : {}) };
}
