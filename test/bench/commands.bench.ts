/**
 * Speed: the overhead of a command beyond the charger's own reply time,
 * over 500 remote starts on the local stack (in this process): HTTP request in → CALL at the
 * charger, plus reply sent by the charger → HTTP response out; and the DynamoDB requests per
 * command (the HTTP handler's and the `$default` handler's together), with how many reads of the
 * reply it took (the first read is timed from the charger's usual round trip), and the requests of
 * 100 remote stops. Keys come from a `KeyPool` (100 commands each), so the rate limit is never
 * met. Then the floor the same DynamoDB Local sets: the requests a logged remote start makes, back
 * to back with no handler code between them, so the overhead can be read against what the
 * database alone takes.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { registerCharger } from '../../shared/chargers/registration';
import { createDocumentClient } from '../../shared/db';
import { connectAcceptingCharger, countRequests, KeyPool, percentile, report, startBenchStack } from './support';

const COMMANDS = 500;
const STOPS = 100;

/**
 * Milliseconds of the DynamoDB requests of a remote start with the message log on, each sent when
 * the one before it is answered, as the command's path orders them, on scratch items: the claim
 * (TransactWriteItems: lane + pending start + the CALL's log item) with the rate-limit UpdateItem
 * alongside, the answer (TransactWriteItems: the answer added to the log item + lane release), and
 * its read (GetItem).
 */
async function dynamoDbFloor(endpoint: string, tableName: string, runs: number): Promise<number[]> {
  const client = createDocumentClient({ endpoint });
  const key = (name: string) => ({ pk: `bench-floor#${name}`, sk: name });
  const bump = (name: string) => ({
    TableName: tableName,
    Key: key(name),
    UpdateExpression: 'ADD n :one',
    ExpressionAttributeValues: { ':one': 1 },
  });
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const record = { ...key(randomUUID()), messageType: 'RemoteStartTransaction', messagePayload: { connectorId: 1 } };
    const t0 = performance.now();
    await Promise.all([
      client.send(new UpdateCommand(bump('rate'))),
      client.send(
        new TransactWriteCommand({
          TransactItems: [
            { Update: bump('lane') },
            { Update: bump('port') },
            { Put: { TableName: tableName, Item: record } },
          ],
        }),
      ),
    ]);
    await client.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName,
              Key: { pk: record.pk, sk: record.sk },
              UpdateExpression: 'SET messageResponse = :r',
              ExpressionAttributeValues: { ':r': { status: 'Accepted' } },
            },
          },
          { Update: bump('lane') },
        ],
      }),
    );
    await client.send(
      new GetCommand({ TableName: tableName, Key: { pk: record.pk, sk: record.sk }, ConsistentRead: true }),
    );
    times.push(performance.now() - t0);
  }
  client.destroy();
  return times;
}

export async function run(): Promise<void> {
  const bench = await startBenchStack();
  try {
    const { stack } = bench;
    const { site } = bench;
    const charger = await registerCharger(stack.db, {
      siteId: site.id,
      ocppId: 'CMD-BENCH',
      name: 'Cmd',
      type: 'Level 2',
      ports: [{ connectorType: 'J1772' }],
    });
    const keys = new KeyPool(bench);

    // A charger that answers every CALL at once and notes when the CALL arrived and the reply left.
    let callArrived = 0;
    let replySent = 0;
    const cp = await connectAcceptingCharger(`${stack.ocppUrl}/CMD-BENCH`, 'ocpp1.6', (arrived, sent) => {
      callArrived = arrived;
      replySent = sent;
    });

    const inbound: number[] = [];
    const outbound: number[] = [];
    const total: number[] = [];
    const requests: number[] = [];
    const replyReads: number[] = [];
    const byOperation: Record<string, number> = {};
    for (let i = 0; i < COMMANDS; i++) {
      const keysBefore = keys.created;
      const key = await keys.next();
      const newKey = keys.created !== keysBefore; // its first use reads it (GetItem); later ones hit the cache
      const measured = await countRequests(async () => {
        const t0 = performance.now();
        const response = await fetch(`${stack.url}/api/ocpp/remote-start`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ portId: charger.ports[0]!.id, idTag: 'BENCH' }),
        });
        const body = (await response.json()) as { data?: { status: string } };
        const t1 = performance.now();
        if (body.data?.status !== 'Accepted') throw new Error(JSON.stringify(body));
        inbound.push(callArrived - t0);
        outbound.push(t1 - replySent);
        total.push(t1 - t0);
      });
      requests.push(measured.total);
      // Reads of the reply: GetItems and TransactGetItems, less the key's read on its first use.
      const reads = (measured.byOperation.GetItem ?? 0) + (measured.byOperation.TransactGetItems ?? 0);
      replyReads.push(reads - (newKey ? 1 : 0));
      for (const [operation, n] of Object.entries(measured.byOperation)) {
        byOperation[operation] = (byOperation[operation] ?? 0) + n;
      }
    }
    // Remote stops: a session started by the charger (not counted), stopped from the API (counted:
    // the port read that finds its transaction, then the same path as a start), ended by the charger.
    const stopRequests: number[] = [];
    for (let i = 0; i < STOPS; i++) {
      const started = await cp.call('StartTransaction', {
        connectorId: 1,
        idTag: 'BENCH',
        meterStart: 0,
        timestamp: new Date().toISOString(),
      });
      const key = await keys.next();
      const measured = await countRequests(async () => {
        const response = await fetch(`${stack.url}/api/ocpp/remote-stop`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ portId: charger.ports[0]!.id }),
        });
        const body = (await response.json()) as { data?: { status: string } };
        if (body.data?.status !== 'Accepted') throw new Error(JSON.stringify(body));
      });
      stopRequests.push(measured.total);
      await cp.call('StopTransaction', {
        transactionId: started.transactionId,
        meterStop: 1000,
        timestamp: new Date().toISOString(),
      });
    }
    cp.ws.close();
    const floor = await dynamoDbFloor(bench.dynamo.endpoint, stack.tableName, COMMANDS);
    const overhead = inbound.map((v, i) => v + outbound[i]!);
    const p = (values: number[], rank: number) => percentile(values, rank).toFixed(1);
    const spread = (values: number[]) => `${p(values, 50)} / ${p(values, 99)} / ${Math.max(...values)}`;
    const oneRead = Math.round((replyReads.filter((n) => n === 1).length / COMMANDS) * 100);
    report(`Remote start, ${COMMANDS} commands to a charger that answers at once (OCPP 1.6, local stack)`, {
      'overhead p50 (in→CALL + reply→out)': `${percentile(overhead, 50).toFixed(1)} ms`,
      'overhead p99': `${percentile(overhead, 99).toFixed(1)} ms`,
      'HTTP in → CALL at charger p50 / p99': `${p(inbound, 50)} / ${p(inbound, 99)} ms`,
      'reply at charger → HTTP out p50 / p99': `${p(outbound, 50)} / ${p(outbound, 99)} ms`,
      'end to end p50 / p99': `${percentile(total, 50).toFixed(1)} / ${percentile(total, 99).toFixed(1)} ms`,
      'DynamoDB Local floor p50 / p99 (its requests alone, back to back)': `${p(floor, 50)} / ${p(floor, 99)} ms`,
      'DynamoDB requests per command p50 / p99 / max': spread(requests),
      'mean per command, by operation': JSON.stringify(
        Object.fromEntries(Object.entries(byOperation).map(([op, n]) => [op, Math.round((n / COMMANDS) * 100) / 100])),
      ),
      'reads of the reply p50 / p99 / max': `${spread(replyReads)} (${oneRead} % of commands read it once)`,
      'read schedule':
        "first read at 1.1 x the charger's median round trip (10 ms before any), the next 0.3 x later, then x1.5",
    });
    report(`Remote stop, ${STOPS} commands to a charger that answers at once (OCPP 1.6, local stack)`, {
      'DynamoDB requests per command p50 / p99 / max': spread(stopRequests),
    });
  } finally {
    await bench.close();
  }
}
