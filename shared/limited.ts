/**
 * Work on many chargers from one Lambda invocation, a bounded number at a time: each run holds a
 * command lane, a WebSocket management call and its reads, so a site or an organization of
 * thousands of chargers must not start them all at once (the table's throughput, the OCPP API's
 * management endpoint and the function's sockets are shared by all of them).
 */

/**
 * How many charger runs the table stream's senders keep going at once in one invocation (the
 * local-list runs, the CostUpdated repricings).
 */
export const CONCURRENT_CHARGERS = 25;

/**
 * Runs `work` on each item, at most `limit` at a time, each next item starting as soon as one ends
 * (in the items' order).
 * @param limit runs at once (≥ 1)
 * @returns each item's result, in the items' order
 * @throws the first error a `work` throws (the runs already started go on; callers that must not
 *   stop catch inside `work`)
 */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker));
  return results;
}
