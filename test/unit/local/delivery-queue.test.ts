/**
 * The local stack's webhook delivery queue (lib/local/delivery-queue.ts) keeps its messages in a
 * file of the data directory, as SQS keeps them on AWS: a message waiting when the stack stops (a
 * retry due later, or one whose attempt failed while the stack stopped) is handed to the worker by
 * the next queue started on the same file, at its time; one handled is gone from the file.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startLocalDeliveryQueue, type LocalDeliveryQueue } from '../../../lib/local/delivery-queue';
import { queueDelivery } from '../../../shared/webhooks/queue';

/** A worker that records the bodies it is handed and fails those `fail` picks. */
function recordingWorker(fail: (body: string) => boolean = () => false) {
  const bodies: string[] = [];
  const worker = async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const record = event.Records[0]!;
    bodies.push(record.body);
    return { batchItemFailures: fail(record.body) ? [{ itemIdentifier: record.messageId }] : [] };
  };
  return { bodies, worker };
}

let dir: string;
let file: string;
const queues: LocalDeliveryQueue[] = [];
const start = (...args: Parameters<typeof startLocalDeliveryQueue>) => {
  const queue = startLocalDeliveryQueue(...args);
  queues.push(queue);
  return queue;
};
/** The messages the journal holds. */
const journal = async () => JSON.parse(await readFile(file, 'utf8')) as { body: string; receives: number }[];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'delivery-queue-'));
  file = join(dir, 'webhook-queue.json');
});
afterEach(async () => {
  await Promise.all(queues.splice(0).map((queue) => queue.close()));
  await rm(dir, { recursive: true, force: true });
});

describe('the local delivery queue', () => {
  it('hands a message still waiting when it closed to the next queue on the same file, once', async () => {
    const first = recordingWorker();
    const queue = start(first.worker, { journalFile: file, scale: 0.001 });
    // Due in 300 s × 0.001 = 0.3 s; the queue closes before.
    await queue.send([queueDelivery('msg_later', 'token-1', 300)]);
    await queue.close();
    expect(first.bodies).toEqual([]);
    expect((await journal()).map((m) => JSON.parse(m.body).deliveryId)).toEqual(['msg_later']);

    const second = recordingWorker();
    start(second.worker, { journalFile: file, scale: 0.001 });
    await vi.waitFor(() => expect(second.bodies).toHaveLength(1), { timeout: 5000, interval: 20 });
    expect(JSON.parse(second.bodies[0]!)).toEqual({ deliveryId: 'msg_later', token: 'token-1', holdSeconds: 0 });
    await vi.waitFor(async () => expect(await journal()).toEqual([]), { timeout: 5000, interval: 20 });
  });

  it('keeps a message whose attempt failed while it closed, with its receives counted', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const bodies: string[] = [];
    const queue = start(
      async (event: SQSEvent): Promise<SQSBatchResponse> => {
        bodies.push(event.Records[0]!.body);
        await gate;
        return { batchItemFailures: [{ itemIdentifier: event.Records[0]!.messageId }] };
      },
      { journalFile: file, scale: 0.001 },
    );
    await queue.send([queueDelivery('msg_now', 'token-2', 0)]);
    await vi.waitFor(() => expect(bodies).toHaveLength(1), { timeout: 5000, interval: 10 });
    const closing = queue.close();
    release();
    await closing;
    expect(await journal()).toMatchObject([{ receives: 2 }]);

    const next = recordingWorker();
    start(next.worker, { journalFile: file, scale: 0.001 });
    await vi.waitFor(() => expect(next.bodies).toHaveLength(1), { timeout: 5000, interval: 20 });
    expect(JSON.parse(next.bodies[0]!).deliveryId).toBe('msg_now');
  });

  it('keeps nothing without a file, and starts empty on a file that is not a journal', async () => {
    const queue = start(recordingWorker().worker, { scale: 0.001 });
    await queue.send([queueDelivery('msg_memory', 'token-3', 300)]);
    await queue.close();
    expect(existsSync(file)).toBe(false);

    await writeFile(file, 'not json');
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const worker = recordingWorker();
    const fresh = start(worker.worker, { journalFile: file, scale: 0.001 });
    await fresh.send([queueDelivery('msg_fresh', 'token-4', 0)]);
    await vi.waitFor(() => expect(worker.bodies).toHaveLength(1), { timeout: 5000, interval: 20 });
    expect(error).toHaveBeenCalledWith(expect.stringContaining(file));
    error.mockRestore();
  });
});
