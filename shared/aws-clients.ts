/**
 * The AWS SDK clients a process keeps: the data layer's DynamoDB client (`getDb` in `shared/db`),
 * API Gateway's management API and Lambda. Each is made on first use and kept for the life of the
 * process, as an SDK client should be; it is made again only when where it points changes, which
 * happens when one process runs local stacks one after another (`npm run bench`: each stack has a
 * table and a gateway port of its own). Also the one configuration of a client for an endpoint of
 * the local stack (DynamoDB Local, the local gateway).
 */

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
 * A getter of the process's client of one kind: `create(target)` on the first call, the same
 * client while `targetOf()` returns the same value, and a new one when it changes; the one it
 * replaces is destroyed when it has `destroy()` (every AWS SDK v3 client: it closes its sockets).
 * @param targetOf where the client must point now, read on each call (usually from the
 *   environment): an endpoint, or anything else that tells two clients apart (a table and its endpoint)
 * @param create makes a client for a target
 * A module's `const client = /* @__PURE__ *\/ processClient(…)` is marked pure: esbuild then leaves
 * it, and the SDK client behind it, out of a bundle that uses nothing of the module that reads it.
 * @returns the getter
 * @throws whatever `targetOf` or `create` throws (e.g. an endpoint that is required but not set)
 */
export function processClient<C extends object, T extends string | undefined>(
  targetOf: () => T,
  create: (target: T) => C,
): () => C {
  let current: { target: T; client: C } | undefined;
  return () => {
    const target = targetOf();
    // `!current` first: an unset target (undefined, as on AWS) is a target too.
    if (!current || current.target !== target) {
      (current?.client as { destroy?: () => void } | undefined)?.destroy?.();
      current = { target, client: create(target) };
    }
    return current.client;
  };
}
