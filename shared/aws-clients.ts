/**
 * The AWS SDK clients a process keeps besides DynamoDB's (`shared/db`): API Gateway's management
 * API and Lambda. Each is made on first use and kept for the life of the process, as an SDK client
 * should be; it is made again only when the endpoint it is configured with changes, which happens
 * when one process runs local stacks one after another (`npm run bench`: each stack's gateway
 * listens on a port of its own).
 */

/** What the process must be able to do with a client it replaces. */
export interface SdkClient {
  /** Closes the client's open connections (every AWS SDK v3 client has it). */
  destroy(): void;
}

/** The options an SDK client takes to reach an endpoint of the local stack. */
export interface LocalEndpointConfig {
  endpoint: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
}

/**
 * The options that point an SDK client at a local endpoint: the endpoint, the region of
 * `AWS_REGION` (else `local`), and static dummy credentials, so no AWS account is needed.
 * @param endpoint the local endpoint (`http://127.0.0.1:3000`)
 */
export function localEndpointConfig(endpoint: string): LocalEndpointConfig {
  return {
    endpoint,
    region: process.env.AWS_REGION ?? 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  };
}

/**
 * A getter of the process's client of one kind: `create(endpoint)` on the first call, the same
 * client while `endpointOf()` returns the same value, and a new one (the old one destroyed) when
 * it changes.
 * @param endpointOf where the client must point now, read on each call (usually from the environment)
 * @param create makes a client for an endpoint
 * @returns the getter
 * @throws whatever `endpointOf` or `create` throws (e.g. an endpoint that is required but not set)
 */
export function processClient<C extends SdkClient, E extends string | undefined>(
  endpointOf: () => E,
  create: (endpoint: E) => C,
): () => C {
  let current: { endpoint: E; client: C } | undefined;
  return () => {
    const endpoint = endpointOf();
    if (current?.endpoint !== endpoint) {
      current?.client.destroy();
      current = { endpoint, client: create(endpoint) };
    }
    return current.client;
  };
}
