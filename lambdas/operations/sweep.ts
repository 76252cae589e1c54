/**
 * The operations' sweep (EventBridge, every minute): every pending operation is settled, its
 * `scheduled` results whose change has happened and, past its deadline, whatever is still open
 * (`shared/charger-operations/operations.ts`), so no operation stays pending for ever.
 */
import { getDb } from '../../shared/db';
import { sweepOperations } from '../../shared/charger-operations/operations';

/** EventBridge scheduled event (its content is not used); returns how many operations it ended. */
export async function handler(): Promise<number> {
  return sweepOperations(getDb());
}
