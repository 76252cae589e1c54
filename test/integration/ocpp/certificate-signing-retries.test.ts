/**
 * The certificate function (`lambdas/certificates/sign.ts`) under DynamoDB Streams' retries: a
 * batch retried or bisected, or a record delivered twice, hands it the same CSR again. Each CSR is
 * claimed (its item deleted, the old item returned) before it is signed, so the same event served
 * twice, one after the other or at once, issues one certificate. The stack runs without the `tls`
 * option, so no stream consumer serves the CSR first: the test hands the function its event.
 */
import { join } from 'node:path';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../../lib/local/stack';
import { handler } from '../../../lambdas/certificates/sign';
import { CA_ENV } from '../../../shared/ocpp/certificate-signing';
import { opensslCsr, temporaryDirectory } from '../../unit/certificates/openssl';
import { createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';

let stack: LocalStack;
let tenant: Tenant;
let dir: string;
let remove: () => void;

beforeAll(async () => {
  ({ dir, remove } = temporaryDirectory());
  stack = await startTestStack();
  process.env[CA_ENV.localDir] = join(dir, 'ca');
  tenant = await createTenant(stack, [
    { ocppId: uniqueOcppId('SR'), name: 'retried', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
  ]);
});

afterAll(async () => {
  delete process.env[CA_ENV.localDir];
  await stack?.close();
  remove?.();
});

/** Stores a CSR of the charger as `$default` does, and the stream event its insertion makes. */
async function storedCsr(sequenceNumber: string): Promise<DynamoDBStreamEvent> {
  const { id: chargerId, ocppId } = tenant.chargers[0]!;
  const key = { chargerId, requestId: `r-${sequenceNumber}` };
  const receivedAt = new Date().toISOString();
  await stack.db.certificateSigningRequest
    .put({
      ...key,
      ocppId: ocppId!,
      csr: opensslCsr(dir, `/CN=${ocppId}`).csr,
      certificateType: 'ChargingStationCertificate',
      receivedAt,
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
    })
    .go();
  const { data } = await stack.db.certificateSigningRequest.get(key).go({ data: 'raw' });
  const item = (data as unknown as { Item: Record<string, unknown> }).Item;
  return {
    Records: [
      {
        eventName: 'INSERT',
        dynamodb: { SequenceNumber: sequenceNumber, NewImage: marshall(item) as never },
      },
    ],
  };
}

const issued = async () =>
  (await stack.db.chargerCertificate.query.primary({ chargerId: tenant.chargers[0]!.id }).go()).data;

describe('the certificate function, handed the same CSR twice', () => {
  it('signs it once when the event comes again after it was served', async () => {
    const before = (await issued()).length;
    const event = await storedCsr('100');
    const answers = [await handler(event), await handler(event)];
    const after = await issued();
    expect(after.length - before).toBe(1);
    expect(answers).toEqual([
      { requests: 1, batchItemFailures: [] },
      { requests: 1, batchItemFailures: [] },
    ]);
    // The charger is not connected: issued, not delivered; it asks again later.
    expect(after.at(-1)).toMatchObject({
      deliveryStatus: 'NotDelivered',
      certificateType: 'ChargingStationCertificate',
    });
  });

  it('signs it once when two runs serve it at the same time', async () => {
    const before = (await issued()).length;
    const event = await storedCsr('200');
    const answers = await Promise.all([handler(event), handler(event), handler(event), handler(event)]);
    expect((await issued()).length - before).toBe(1);
    expect(answers.flatMap((a) => a.batchItemFailures)).toEqual([]);
  });
});
