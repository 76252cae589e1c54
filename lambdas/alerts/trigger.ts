/**
 * The alert rules' trigger (docs/alerts.md): a batch of the table's changes (DynamoDB Streams, new
 * and old images, filtered to `ALERT_TRIGGERING_ENTITIES`) raises, updates and clears the alerts
 * `lateCharging`, `chargingSessionError`, `chargingCompleted` and `lowBattery`
 * (`shared/alerts/triggers.ts`).
 */
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { getDb } from '../../shared/db';
import { tableChangesOf } from '../../shared/db/table-changes';
import { applyAlertRules } from '../../shared/alerts';

/** DynamoDB Streams event source: the changed items' images → alerts. */
export async function handler(event: DynamoDBStreamEvent): Promise<void> {
  await applyAlertRules(getDb(), tableChangesOf(event));
}
