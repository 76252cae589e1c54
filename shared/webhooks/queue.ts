/**
 * The delivery queue (docs/webhooks.md, "The queue"): one message per attempt to
 * make, `{ deliveryId, token, holdSeconds, manual? }`. On AWS an SQS queue (`WEBHOOK_QUEUE_URL`,
 * SendMessageBatch, 10 a request) whose worker is `lambdas/webhooks/deliver.ts`; locally the local
 * stack's in-process queue (`lib/local/delivery-queue.ts`), registered with {@link useDeliveryQueue}.
 *
 * SQS delays a message at most 15 minutes, so a longer wait is made of hops: the message is sent
 * with the longest delay it may have and carries the rest (`holdSeconds`); the worker sends it on
 * with its next share until nothing is left ({@link queueDelivery}). No clock is compared, so the
 * local queue can scale every delay (`WEBHOOK_RETRY_DELAY_SCALE`) and tests see the whole
 * schedule in seconds.
 */
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { processClient } from '../aws-clients';
import { WebhooksNotConfiguredError } from './errors';

/** The longest delay SQS gives one message: 15 min. */
export const MAX_QUEUE_DELAY_SECONDS = 900;

/** A queue message: attempt this delivery, if its token is still this one. */
export interface DeliveryMessage {
  deliveryId: string;
  /** The delivery's `token` when the message was sent; a delivery with another one ignores it. */
  token: string;
  /** Seconds still to wait after this message arrives (0: attempt now). */
  holdSeconds: number;
  /** Sent by a person (`…/retry`, `…/test`): attempted even when the endpoint is disabled. */
  manual?: boolean;
}

/** A message with the delay it is sent with. */
export interface QueuedMessage {
  message: DeliveryMessage;
  /** 0 to {@link MAX_QUEUE_DELAY_SECONDS}. */
  delaySeconds: number;
}

/** Where messages go. */
export interface DeliveryQueue {
  /**
   * Sends the messages.
   * @throws when any is not sent (the caller's batch is then retried)
   */
  send(messages: readonly QueuedMessage[]): Promise<void>;
}

/** What this process has sent (the benchmark reads it): messages, and requests to the queue. */
export const queueCounter = { messages: 0, requests: 0 };

/**
 * The first hop of a wait of `delaySeconds`: as much of it as one message may wait, the rest held.
 * @param delaySeconds ≥ 0
 */
export function queueDelivery(deliveryId: string, token: string, delaySeconds: number, manual = false): QueuedMessage {
  const delay = Math.min(Math.max(0, Math.ceil(delaySeconds)), MAX_QUEUE_DELAY_SECONDS);
  return {
    message: {
      deliveryId,
      token,
      holdSeconds: Math.max(0, Math.ceil(delaySeconds) - delay),
      ...(manual ? { manual } : {}),
    },
    delaySeconds: delay,
  };
}

/** The process's SQS client. */
const sqs = /* @__PURE__ */ processClient(
  () => undefined,
  () => new SQSClient({}),
);

/**
 * The SQS queue at `queueUrl`: SendMessageBatch, 10 messages a request.
 * @param client @default the process's SQS client
 */
export function sqsDeliveryQueue(queueUrl: string, client: () => SQSClient = sqs): DeliveryQueue {
  return {
    async send(messages) {
      for (let start = 0; start < messages.length; start += 10) {
        const batch = messages.slice(start, start + 10);
        queueCounter.requests++;
        const { Failed } = await client().send(
          new SendMessageBatchCommand({
            QueueUrl: queueUrl,
            Entries: batch.map(({ message, delaySeconds }, index) => ({
              Id: String(index),
              MessageBody: JSON.stringify(message),
              DelaySeconds: delaySeconds,
            })),
          }),
        );
        if (Failed?.length)
          throw new Error(`SQS refused ${Failed.length} delivery message(s): ${Failed[0]!.Code} ${Failed[0]!.Message}`);
        queueCounter.messages += batch.length;
      }
    },
  };
}

let registered: DeliveryQueue | undefined;

/**
 * Makes `queue` the process's delivery queue (the local stack's in-process queue), or goes back to
 * SQS with undefined.
 */
export function useDeliveryQueue(queue: DeliveryQueue | undefined): void {
  registered = queue;
}

/**
 * The process's delivery queue: the one registered, else SQS at `WEBHOOK_QUEUE_URL`.
 * @throws WebhooksNotConfiguredError when neither
 */
export function deliveryQueue(): DeliveryQueue {
  if (registered) return registered;
  const url = process.env.WEBHOOK_QUEUE_URL;
  if (!url) throw new WebhooksNotConfiguredError('WEBHOOK_QUEUE_URL');
  return sqsDeliveryQueue(url);
}

/**
 * Parses a queue message's body.
 * @returns undefined for a body that is not one of ours (dropped by the worker)
 */
export function parseDeliveryMessage(body: string): DeliveryMessage | undefined {
  try {
    const m = JSON.parse(body) as Partial<DeliveryMessage>;
    if (typeof m.deliveryId !== 'string' || typeof m.token !== 'string' || typeof m.holdSeconds !== 'number')
      return undefined;
    return { deliveryId: m.deliveryId, token: m.token, holdSeconds: m.holdSeconds, manual: m.manual === true };
  } catch {
    return undefined;
  }
}
