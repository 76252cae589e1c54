/**
 * Starting an allocation of a site: `lambdas/power/allocate.ts` invoked asynchronously (Lambda
 * Invoke, `InvocationType: Event`) by name (`ALLOCATE_FUNCTION_NAME`). Locally the local stack serves
 * Lambda's Invoke API (`LAMBDA_ENDPOINT`), so the same client starts the same handler module.
 */
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { localEndpointConfig, processClient } from '../../../shared/aws-clients';
import type { Db } from '../../../shared/db';
import { requestAllocation } from '../../../shared/site-power';

/** The process's Lambda client: the local stack's Invoke API at `LAMBDA_ENDPOINT` when set, else AWS's. */
const lambdaClient = /* @__PURE__ */ processClient(
  () => process.env.LAMBDA_ENDPOINT,
  (endpoint) => new LambdaClient(endpoint ? localEndpointConfig(endpoint) : {}),
);

/** Starts `allocate` for a site without waiting for it. */
export async function startAllocation(siteId: number): Promise<void> {
  await lambdaClient().send(
    new InvokeCommand({
      FunctionName: process.env.ALLOCATE_FUNCTION_NAME ?? 'allocate',
      InvocationType: 'Event',
      Payload: Buffer.from(JSON.stringify({ siteId })),
    }),
  );
}

/**
 * Records a trigger for each site and starts an allocation where none runs (1 UpdateItem per site,
 * and an Invoke where needed).
 * @param sites each site, with the instant its trigger's data was stored when a run begun after it
 *   reads it anyway (`requestAllocation`'s `storedAt`: a vehicle's state), ms since epoch
 */
export async function reallocate(
  db: Db,
  sites: Iterable<readonly [siteId: number, storedAt?: number | undefined]>,
): Promise<void> {
  await Promise.all(
    [...sites].map(async ([siteId, storedAt]) => {
      if (await requestAllocation(db, siteId, Date.now(), storedAt)) await startAllocation(siteId);
    }),
  );
}
