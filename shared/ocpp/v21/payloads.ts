/**
 * OCPP 2.1 payloads mapped onto what the 2.0.1 handlers read (docs/ocpp.md, "OCPP 2.1"). OCPP 2.1's
 * messages are 2.0.1's with more optional fields and wider enums; a 2.0.1 handler reads the fields
 * it knows and ignores the others, so most payloads pass as they are. What is mapped is where 2.1
 * widens a value a handler stores or decides on, so that a 2.1 value the 2.0.1 types do not name
 * never reaches the domain as if it were one.
 */

import type * as Ocpp201 from '../types/v201';
import type * as Ocpp21 from '../types/v21';

/** Maps one action's 2.1 request payload (valid against 2.1's schema) onto the 2.0.1 handler's. */
type RequestMapping = (payload: Record<string, unknown>) => Record<string, unknown>;

const REQUESTS: Readonly<Record<string, RequestMapping>> = {};

/**
 * The 2.0.1 handler's payload of a 2.1 request of `action` (valid against 2.1's schema): the same
 * object unless the action has a mapping.
 */
export function toOcpp201Request(action: string, payload: unknown): unknown {
  const mapping = Object.hasOwn(REQUESTS, action) ? REQUESTS[action] : undefined;
  return mapping ? mapping(payload as Record<string, unknown>) : payload;
}

type Common = Ocpp201.Action & Ocpp21.Action;
/** The actions whose 2.0.1 request 2.1's type does not take: none the CSMS sends (they come from chargers). */
type Unsendable = {
  [A in Common]: Ocpp201.Actions[A]['request'] extends Ocpp21.Actions[A]['request'] ? never : A;
}[Common];
/** The actions whose 2.0.1 response 2.1's type does not take. */
type Unanswerable = {
  [A in Common]: Ocpp201.Actions[A]['response'] extends Ocpp21.Actions[A]['response'] ? never : A;
}[Common];
/**
 * Compile-time check of what serving 2.1 with 2.0.1's code relies on: every request a 2.0.1 command
 * builds is a 2.1 request of its action (only NotifyMonitoringReport's is not: 2.1 requires each
 * monitor's `eventNotificationType`, and only chargers send it), and every response a 2.0.1 handler
 * gives is a 2.1 response. A schema update that breaks either fails the build.
 */
export const OCPP201_CODE_SERVES_OCPP21: [Unsendable, Unanswerable] extends ['NotifyMonitoringReport', never]
  ? true
  : [Unsendable, Unanswerable] = true;
