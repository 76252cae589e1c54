/**
 * The webhook delivery queue on the local stack (docs/webhooks.md, "Local settings"): SQS's part,
 * in process. Each message is handed to the same worker module as on AWS
 * (`lambdas/webhooks/deliver.ts`) in an SQS-shaped event of one record, after its delay (a timer);
 * one the worker reports as a batch item failure comes back after a visibility timeout, up to
 * {@link MAX_RECEIVES} receives, then is dropped with a line on stderr (the dead-letter queue's
 * part).
 *
 * As SQS keeps its messages, the queue keeps those waiting in a journal file of the data directory
 * (`npm start`: `.data/webhook-queue.json`), so a retry due after the stack stopped is made by the
 * next start, at its time: each message names its delivery and token, which the worker reads by
 * key (a GetItem) before attempting, so nothing is scanned and a delivery handled meanwhile (a
 * manual retry, a success) ignores it. The journal is rewritten whole after each change (writes
 * coalesced); a message is sent once it is written.
 *
 * `WEBHOOK_RETRY_DELAY_SCALE` (a positive number, default 1) multiplies every delay, so a test sees
 * the whole retry schedule in seconds (0.001: 5 min become 0.3 s). Only this queue reads it.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { type DeliveryQueue, queueCounter, type QueuedMessage } from '../../shared/webhooks';
import { lambdaContext, type LambdaHandler } from './lambda-events';

/** Receives of a message before it is dropped (the AWS queue's `maxReceiveCount`). */
export const MAX_RECEIVES = 5;
/** Seconds before a failed message is received again (scaled as the delays are). */
const VISIBILITY_TIMEOUT_SECONDS = 30;

/** The local queue: a {@link DeliveryQueue} with a close. */
export interface LocalDeliveryQueue extends DeliveryQueue {
  /** Cancels the waiting messages (the journal keeps them) and waits for those being handled. */
  close(): Promise<void>;
}

/** A message in the queue, as the journal keeps it. */
interface WaitingMessage {
  messageId: string;
  /** The SQS message body: a `DeliveryMessage` as JSON. */
  body: string;
  /** Its receive count when it is next handed over (1 the first time). */
  receives: number;
  /** When it is due, epoch ms. */
  dueAt: number;
}

/** The messages of a journal file; none when there is no file, or (with a line on stderr) an unreadable one. */
function readJournal(file: string | undefined): WaitingMessage[] {
  if (!file) return [];
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  try {
    const messages = JSON.parse(text) as unknown;
    if (Array.isArray(messages)) return messages as WaitingMessage[];
  } catch {
    // Reported below.
  }
  console.error(`webhook delivery queue: ${file} is not a journal of waiting messages; starting with none`);
  return [];
}

/**
 * Keeps `messages` in `file` (rewritten whole, through a temporary file and a rename): each
 * {@link JournalWriter.save} is written by the next write, one at a time; without a file, nothing.
 */
function journalWriter(file: string | undefined, messages: () => WaitingMessage[]) {
  let writing: Promise<void> | undefined;
  let dirty = false;
  const flush = async () => {
    while (dirty) {
      dirty = false;
      try {
        await writeFile(`${file}.tmp`, JSON.stringify(messages()));
        await rename(`${file}.tmp`, file!);
      } catch (error) {
        console.error(`webhook delivery queue: could not write ${file}`, error);
      }
    }
    writing = undefined;
  };
  return {
    /** Writes the messages as they are now; resolves once they are written. */
    save(): Promise<void> {
      if (!file) return Promise.resolve();
      dirty = true;
      writing ??= flush();
      return writing;
    },
    /** Resolves when nothing is left to write. */
    async settled(): Promise<void> {
      while (writing) await writing;
    },
  };
}

/**
 * Starts the in-process queue, with the messages its journal holds (each at its time).
 * @param worker the SQS handler (`lambdas/webhooks/deliver.ts`)
 * @param options.journalFile where waiting messages are kept @default none (kept in memory only)
 * @param options.scale multiplies every delay @default `WEBHOOK_RETRY_DELAY_SCALE`, else 1
 */
export function startLocalDeliveryQueue(
  worker: LambdaHandler<SQSEvent, SQSBatchResponse>,
  options: { journalFile?: string; scale?: number } = {},
): LocalDeliveryQueue {
  const configured = Number(process.env.WEBHOOK_RETRY_DELAY_SCALE);
  const scale = options.scale ?? (configured > 0 ? configured : 1);
  const waiting = new Map<string, WaitingMessage>();
  const journal = journalWriter(options.journalFile, () => [...waiting.values()]);
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let closed = false;

  const receive = async (message: WaitingMessage): Promise<void> => {
    const failed = await handOver(worker, message);
    if (failed && message.receives < MAX_RECEIVES) {
      const dueAt = Date.now() + VISIBILITY_TIMEOUT_SECONDS * 1000 * scale;
      return void schedule({ ...message, receives: message.receives + 1, dueAt });
    }
    if (failed)
      console.error(
        `webhook delivery message ${message.messageId} dropped after ${message.receives} receives: ${message.body}`,
      );
    waiting.delete(message.messageId);
    void journal.save();
  };

  /** Keeps `message` (in the journal too) and, while the queue runs, hands it over at its time. */
  const schedule = (message: WaitingMessage): Promise<void> => {
    waiting.set(message.messageId, message);
    if (!closed) {
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          const run = receive(message).finally(() => running.delete(run));
          running.add(run);
        },
        Math.max(0, message.dueAt - Date.now()),
      );
      timers.add(timer);
    }
    return journal.save();
  };

  for (const message of readJournal(options.journalFile)) void schedule(message);

  return {
    async send(messages: readonly QueuedMessage[]) {
      // Counted as SQS would be sent them (SendMessageBatch, 10 a request), for the benchmark.
      queueCounter.requests += Math.ceil(messages.length / 10);
      queueCounter.messages += messages.length;
      const now = Date.now();
      const saved = messages.map(({ message, delaySeconds }) =>
        schedule({
          messageId: randomUUID(),
          body: JSON.stringify(message),
          receives: 1,
          dueAt: now + delaySeconds * 1000 * scale,
        }),
      );
      await Promise.all(saved);
    },
    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...running]);
      await journal.settled();
    },
  };
}

/**
 * Hands one message to the worker in an SQS event of one record.
 * @returns whether it failed (a batch item failure, or the worker threw)
 */
async function handOver(worker: LambdaHandler<SQSEvent, SQSBatchResponse>, message: WaitingMessage): Promise<boolean> {
  const event = {
    Records: [
      {
        messageId: message.messageId,
        receiptHandle: message.messageId,
        body: message.body,
        attributes: { ApproximateReceiveCount: String(message.receives) },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: 'arn:aws:sqs:local:000000000000:webhook-deliveries',
        awsRegion: 'local',
      },
    ],
  } as unknown as SQSEvent;
  try {
    const result = await worker(event, lambdaContext('webhooks-deliver'));
    return (result?.batchItemFailures.length ?? 0) > 0;
  } catch (error) {
    console.error('webhook delivery worker failed', error);
    return true;
  }
}
