import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RPCClient } from 'ocpp-rpc';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { connectCharger, connectRaw, pollUntil } from '../support/ocpp';
import type { LocalStack } from '../../../lib/local/stack';
import { claim, takeTicket } from '../../../shared/ocpp/commands/lane';
import { ocppChargerCommands } from '../../../shared/ocpp/commands/charger-commands';
import { REMOTE_CONTROL_COMMANDS } from '../../../shared/ocpp/commands/remote-control';
import { ChargerTimeoutError } from '../../../shared/ocpp/commands/errors';

// Long enough that a queue of commands never reaches it, even on a busy machine: a 504 here would mean a bug.
process.env.OCPP_COMMAND_TIMEOUT_MS = '25000';

let stack: LocalStack;
let tenant: Tenant;
const identities = [uniqueOcppId('LANE-A'), uniqueOcppId('LANE-B'), uniqueOcppId('LANE-C'), uniqueOcppId('LANE-D')];

beforeAll(async () => {
  stack = await startTestStack();
  tenant = await createTenant(
    stack,
    identities.map((ocppId) => ({
      ocppId,
      name: ocppId,
      type: 'Level 2' as const,
      ports: [{ connectorType: 'J1772' as const }],
    })),
  );
});
afterAll(async () => stack?.close());

const remoteStart = (charger: number, idTag: string) =>
  api(stack, '/api/ocpp/remote-start', {
    key: tenant.apiKey,
    method: 'POST',
    body: { portId: tenant.chargers[charger]!.ports[0]!.id, idTag },
  });
const lane = async (charger: number) =>
  (await stack.db.charger.get({ chargerId: tenant.chargers[charger]!.id }).go({ consistent: true })).data!;

/**
 * A real charger (ocpp-rpc, strict) that notes each RemoteStartTransaction's idTag in arrival
 * order and how many of our CALLs it holds unanswered at once. It answers after `hold` settles
 * (by default a few milliseconds of processing, so that CALLs sent together would overlap).
 */
function recordingCharger(
  client: RPCClient,
  hold: (idTag: string) => Promise<void> = () => new Promise((r) => setTimeout(r, 10)),
) {
  const seen = { order: [] as string[], outstanding: 0, maxOutstanding: 0 };
  client.handle('RemoteStartTransaction', async ({ params }: { params?: Record<string, any> }) => {
    const idTag = String(params?.idTag);
    seen.order.push(idTag);
    seen.outstanding++;
    seen.maxOutstanding = Math.max(seen.maxOutstanding, seen.outstanding);
    await hold(idTag);
    seen.outstanding--;
    // Callers with an even number are accepted, odd ones rejected: each must get its own answer.
    return { status: Number(idTag.split('-')[1]) % 2 === 0 ? 'Accepted' : 'Rejected' };
  });
  return seen;
}

describe('one CALL in flight per charger', () => {
  it('puts 20 concurrent remote starts on the wire one at a time, each answered to its own caller', {
    timeout: 60_000,
  }, async () => {
    const client = await connectCharger(stack, identities[0]!, 'ocpp1.6');
    const seen = recordingCharger(client);
    try {
      const callers = Array.from({ length: 20 }, (_, i) => `Q-${i}`);
      const answers = await Promise.all(callers.map((idTag) => remoteStart(0, idTag)));
      expect(answers.map((a) => a.status)).toEqual(callers.map(() => 200));
      expect(answers.map((a) => a.body.data.status)).toEqual(
        callers.map((_, i) => (i % 2 === 0 ? 'Accepted' : 'Rejected')),
      );
      expect(new Set(answers.map((a) => a.body.data.remoteStartId)).size).toBe(callers.length);
      expect(seen.maxOutstanding).toBe(1);
      expect([...seen.order].sort()).toEqual([...callers].sort());
      const after = await lane(0);
      expect(after.commandsServed).toBe(after.commandsIssued);
      expect(after.commandHolder).toBeUndefined();
    } finally {
      await client.close();
    }
  });

  it('sends queued commands in the order they arrived', { timeout: 60_000 }, async () => {
    const client = await connectCharger(stack, identities[1]!, 'ocpp1.6');
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    // The first CALL is held until every other command has queued behind it.
    const seen = recordingCharger(client, (idTag) => (idTag === 'O-0' ? gate : Promise.resolve()));
    try {
      const callers = Array.from({ length: 8 }, (_, i) => `O-${i}`);
      const answers = [remoteStart(1, callers[0]!)];
      await pollUntil(
        async () => seen.order.length,
        (n) => n === 1,
        'the first CALL',
      );
      for (let i = 1; i < callers.length; i++) {
        answers.push(remoteStart(1, callers[i]!));
        await pollUntil(
          () => lane(1),
          (l) => l.commandsIssued === i + 1,
          `ticket ${i}`,
        );
      }
      open();
      expect((await Promise.all(answers)).map((a) => a.status)).toEqual(callers.map(() => 200));
      expect(seen.order).toEqual(callers);
      expect(seen.maxOutstanding).toBe(1);
    } finally {
      await client.close();
    }
  });

  it('is not blocked for good by a holder that died or a waiter that never came back', async () => {
    const client = await connectCharger(stack, identities[2]!, 'ocpp1.6');
    const seen = recordingCharger(client);
    try {
      const chargerId = tenant.chargers[2]!.id;
      const { currentConnectionId } = await lane(2);
      // A Lambda claimed the lane and died before posting (its lease ends soon),
      // and one that took the next ticket died too.
      expect(
        await claim(
          stack.db,
          chargerId,
          { messageId: 'dead-holder', connectionId: currentConnectionId!, leaseUntil: Date.now() + 300 },
          undefined,
        ),
      ).toBe(true);
      expect((await takeTicket(stack.db, chargerId, currentConnectionId!))?.ticket).toBe(1);
      const { status, body } = await remoteStart(2, 'D-0');
      expect(status).toBe(200);
      expect(body.data.status).toBe('Accepted');
      expect(seen.order).toEqual(['D-0']);
      const after = await lane(2);
      expect([after.commandsIssued, after.commandsServed, after.commandHolder]).toEqual([3, 3, undefined]);
    } finally {
      await client.close();
    }
  });

  it('notes a ticket given up at its deadline, so the lane skips it', async () => {
    const client = await connectCharger(stack, identities[2]!, 'ocpp1.6');
    const seen = recordingCharger(client);
    try {
      const chargerId = tenant.chargers[2]!.id;
      const { currentConnectionId } = await lane(2);
      expect(
        await claim(
          stack.db,
          chargerId,
          { messageId: 'slow-holder', connectionId: currentConnectionId!, leaseUntil: Date.now() + 1500 },
          undefined,
        ),
      ).toBe(true);
      const impatient = ocppChargerCommands(stack.db, REMOTE_CONTROL_COMMANDS, { deadlineMs: 200 });
      await expect(impatient.send(chargerId, 'CancelReservation', { reservationId: 1 })).rejects.toBeInstanceOf(
        ChargerTimeoutError,
      );
      expect((await lane(2)).commandsAbandoned).toEqual([1]);
      expect((await remoteStart(2, 'G-0')).body.data.status).toBe('Accepted');
      expect(seen.order).toEqual(['G-0']);
      expect((await lane(2)).commandsAbandoned).toBeUndefined();
    } finally {
      await client.close();
    }
  });
});

describe('a charger that disconnects while commands wait', () => {
  it('answers the command on the wire and the queued ones with 409 at once', { timeout: 60_000 }, async () => {
    const raw = await connectRaw(stack, identities[3]!, 'ocpp1.6');
    const firstCall = new Promise<unknown[]>((resolve) =>
      raw.ws.once('message', (data) => resolve(JSON.parse(String(data)))),
    );
    const onTheWire = remoteStart(3, 'X-0');
    await firstCall;
    const queued = remoteStart(3, 'X-1');
    await pollUntil(
      () => lane(3),
      (l) => l.commandsIssued === 2,
      'the queued ticket',
    );
    await raw.close();
    // With a 25 s deadline, any answer but 409 would be a 504 after 25 s: the disconnect ended both.
    for (const { status, body } of await Promise.all([onTheWire, queued])) {
      expect(status).toBe(409);
      expect(body.type).toBe('/problems/charger-not-connected');
    }
  });
});
