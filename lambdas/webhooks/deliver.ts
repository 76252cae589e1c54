/**
 * The webhooks' delivery worker (docs/webhooks.md, "The queue"): SQS messages of the delivery
 * queue, each one signed attempt (`shared/webhooks/worker.ts`), handled concurrently. A message
 * whose handling throws (the table or the queue failed, not the receiver) is reported as a batch
 * item failure and received again; after the queue's receive limit it goes to the dead-letter queue.
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { getDb } from '../../shared/db';
import { logger } from '../../shared/logger';
import { deliveryQueue, handleDeliveryMessage, parseDeliveryMessage } from '../../shared/webhooks';

/** SQS event source (partial batch responses): the messages' attempts. */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const db = getDb();
  const queue = deliveryQueue();
  const failures = await Promise.all(
    event.Records.map(async (record) => {
      const message = parseDeliveryMessage(record.body);
      if (!message) {
        logger.warn('webhook delivery message dropped: not one of ours', { messageId: record.messageId });
        return [];
      }
      try {
        await handleDeliveryMessage({ db, queue }, message);
        return [];
      } catch (error) {
        logger.error('webhook delivery message failed', { deliveryId: message.deliveryId, error });
        return [{ itemIdentifier: record.messageId }];
      }
    }),
  );
  return { batchItemFailures: failures.flat() };
}
