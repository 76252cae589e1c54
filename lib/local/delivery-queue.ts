/**
 * The webhook delivery queue on the local stack (docs/webhooks.md, "Local settings"): SQS's part,
 * in process. Each message is handed to the same worker module as on AWS
 * (`lambdas/webhooks/deliver.ts`) in an SQS-shaped event of one record, after its delay (a timer);
 * one the worker reports as a batch item failure comes back after a visibility timeout, up to
 * {@link MAX_RECEIVES} receives, then is dropped with a line on stderr (the dead-letter queue's
 * part).
 *
 * `WEBHOOK_RETRY_DELAY_SCALE` (a positive number, default 1) multiplies every delay, so a test sees
 * the whole retry schedule in seconds (0.001: 5 min become 0.3 s). Only this queue reads it.
 */
import { randomUUID } from 'node:crypto';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { type DeliveryQueue, queueCounter, type QueuedMessage } from '../../shared/webhooks';
import { lambdaContext, type LambdaHandler } from './lambda-events';

/** Receives of a message before it is dropped (the AWS queue's `maxReceiveCount`). */
export const MAX_RECEIVES = 5;
/** Seconds before a failed message is received again (scaled as the delays are). */
const VISIBILITY_TIMEOUT_SECONDS = 30;

/** The local queue: a {@link DeliveryQueue} with a close. */
export interface LocalDeliveryQueue extends DeliveryQueue {
  /** Cancels the waiting messages and waits for those being handled. */
  close(): Promise<void>;
}

/**
 * Starts the in-process queue.
 * @param worker the SQS handler (`lambdas/webhooks/deliver.ts`)
 * @param scale multiplies every delay @default `WEBHOOK_RETRY_DELAY_SCALE`, else 1
 */
export function startLocalDeliveryQueue(
  worker: LambdaHandler<SQSEvent, SQSBatchResponse>,
  scale = Number(process.env.WEBHOOK_RETRY_DELAY_SCALE) > 0 ? Number(process.env.WEBHOOK_RETRY_DELAY_SCALE) : 1,
): LocalDeliveryQueue {
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let closed = false;

  const receive = async (messageId: string, body: string, receives: number): Promise<void> => {
    const event = {
      Records: [
        {
          messageId,
          receiptHandle: messageId,
          body,
          attributes: { ApproximateReceiveCount: String(receives) },
          messageAttributes: {},
          md5OfBody: '',
          eventSource: 'aws:sqs',
          eventSourceARN: 'arn:aws:sqs:local:000000000000:webhook-deliveries',
          awsRegion: 'local',
        },
      ],
    } as unknown as SQSEvent;
    let failed: boolean;
    try {
      const result = await worker(event, lambdaContext('webhooks-deliver'));
      failed = (result?.batchItemFailures.length ?? 0) > 0;
    } catch (error) {
      console.error('webhook delivery worker failed', error);
      failed = true;
    }
    if (!failed) return;
    if (receives >= MAX_RECEIVES) {
      console.error(`webhook delivery message ${messageId} dropped after ${receives} receives: ${body}`);
      return;
    }
    schedule(messageId, body, VISIBILITY_TIMEOUT_SECONDS, receives + 1);
  };

  const schedule = (messageId: string, body: string, delaySeconds: number, receives: number) => {
    if (closed) return;
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        const run = receive(messageId, body, receives).finally(() => running.delete(run));
        running.add(run);
      },
      delaySeconds * 1000 * scale,
    );
    timers.add(timer);
  };

  return {
    async send(messages: readonly QueuedMessage[]) {
      // Counted as SQS would be sent them (SendMessageBatch, 10 a request), for the benchmark.
      queueCounter.requests += Math.ceil(messages.length / 10);
      queueCounter.messages += messages.length;
      for (const { message, delaySeconds } of messages)
        schedule(randomUUID(), JSON.stringify(message), delaySeconds, 1);
    },
    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...running]);
    },
  };
}
