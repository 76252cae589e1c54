/** Recognising DynamoDB's condition failures as the SDK and ElectroDB report them. */

/** True for DynamoDB's ConditionalCheckFailedException, as ElectroDB wraps it. */
export function isConditionalCheckFailure(error: unknown): boolean {
  const e = error as { name?: string; cause?: { name?: string }; message?: string };
  return (
    e?.name === 'ConditionalCheckFailedException' ||
    e?.cause?.name === 'ConditionalCheckFailedException' ||
    /conditional request failed/i.test(e?.message ?? '')
  );
}
