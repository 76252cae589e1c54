/**
 * Work on many chargers from one Lambda invocation, a bounded number at a time: each run holds a
 * command lane, a WebSocket management call and its reads, so a site or an organization of
 * thousands of chargers must not start them all at once (the table's throughput, the OCPP API's
 * management endpoint and the function's sockets are shared by all of them).
 */

/**
 * How many charger runs the table stream's senders keep going at once in one invocation (the
 * local-list runs, the CostUpdated repricings), as p-map's `concurrency`.
 */
export const CONCURRENT_CHARGERS = 25;
