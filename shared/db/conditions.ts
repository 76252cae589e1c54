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

/**
 * Awaits a conditional write: its result, or undefined when DynamoDB refused it on its condition
 * (ConditionalCheckFailedException, nothing written).
 * @throws any other error of the write
 */
export async function unlessConditionFails<T>(write: Promise<T>): Promise<T | undefined> {
  try {
    return await write;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return undefined;
    throw error;
  }
}

/**
 * Awaits a conditional write: true when it was written, false when DynamoDB refused it on its
 * condition.
 * @throws any other error of the write
 */
export async function conditionHeld(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}
